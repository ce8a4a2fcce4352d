import CSDL2
import Foundation
import PhotoZoomCore

/// Chrome text through SDL_ttf: rendered at the screen's pixel size (crisp on 2× screens) and
/// cached by string, size and colour, since chrome labels change rarely.
final class TextRenderer {
    private struct Key: Hashable {
        let text: String
        let pixelSize: Int
        let color: Color
    }
    private struct Entry {
        let texture: OpaquePointer
        let width: Double
        let height: Double
    }

    private let renderer: OpaquePointer
    private let fontPath: String
    private var fonts: [Int: OpaquePointer] = [:]
    private var cache: [Key: Entry] = [:]
    private var failed = false
    private let log: (String) -> Void
    /// FreeType's library, which every font shares, takes a font opened or closed on one thread
    /// at a time: a bug report's contact sheet draws its labels off the window's thread.
    private static let faces = NSLock()

    init(renderer: OpaquePointer, fontPath: String, log: @escaping (String) -> Void) {
        self.renderer = renderer
        self.fontPath = fontPath
        self.log = log
        let started = Self.faces.withLock { TTF_WasInit() != 0 || TTF_Init() == 0 }
        if !started { fail(SDLError("TTF_Init").description) }
    }

    deinit {
        cache.values.forEach { SDL_DestroyTexture($0.texture) }
        Self.faces.withLock { fonts.values.forEach { TTF_CloseFont($0) } }
    }

    /// Draws `text` in `frame` (pixels): centred, or from the left edge when `leading`.
    func draw(_ text: String, style: TextStyle, in frame: Rect, scale: Double, alpha: Double) {
        guard !text.isEmpty,
            let entry = entry(text, pixelSize: Int((style.pointSize * scale).rounded()), color: style.color)
        else { return }
        let x = style.leading ? frame.minX : frame.center.x - entry.width / 2
        var dst = SDL_FRect(
            x: Float(x.rounded()), y: Float((frame.center.y - entry.height / 2).rounded()),
            w: Float(entry.width), h: Float(entry.height))
        SDL_SetTextureAlphaMod(entry.texture, UInt8((alpha * Double(style.color.a)).rounded()))
        SDL_RenderCopyF(renderer, entry.texture, nil, &dst)
    }

    /// The width `text` takes at `pointSize`, in pixels (`scale` pixels per point), without
    /// drawing it: what the overlays wrap and right-align by. Nil when there is no font.
    func width(of text: String, pointSize: Double, scale: Double) -> Double? {
        guard !text.isEmpty else { return 0 }
        guard !failed, let font = font(Int((pointSize * scale).rounded())) else { return nil }
        var w: Int32 = 0
        var h: Int32 = 0
        guard TTF_SizeUTF8(font, text, &w, &h) == 0 else { return nil }
        return Double(w)
    }

    private func entry(_ text: String, pixelSize: Int, color: Color) -> Entry? {
        let key = Key(text: text, pixelSize: pixelSize, color: color)
        if let hit = cache[key] { return hit }
        guard !failed, let font = font(pixelSize) else { return nil }
        let c = SDL_Color(r: color.r, g: color.g, b: color.b, a: 255)
        guard let surface = TTF_RenderUTF8_Blended(font, text, c) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        let entry = Entry(texture: texture, width: Double(surface.pointee.w), height: Double(surface.pointee.h))
        if cache.count > 256 {
            cache.values.forEach { SDL_DestroyTexture($0.texture) }
            cache.removeAll()
        }
        cache[key] = entry
        return entry
    }

    private func font(_ pixelSize: Int) -> OpaquePointer? {
        if let f = fonts[pixelSize] { return f }
        guard let f = Self.faces.withLock({ TTF_OpenFont(fontPath, Int32(max(pixelSize, 1))) }) else {
            fail(
                "cannot open the chrome font \(fontPath) (\(String(cString: SDL_GetError()))); drawing chrome without text"
            )
            return nil
        }
        fonts[pixelSize] = f
        return f
    }

    private func fail(_ message: String) {
        guard !failed else { return }
        failed = true
        log("photozoom: \(message)")
    }
}
