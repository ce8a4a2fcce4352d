import CSDL2
import PhotoZoomCore

/// Translucent fills for SDL's software renderer drawing into a surface without alpha (a
/// window's): it blends a fill pixel by pixel in plain C, several times the cost of copying an
/// opaque texture of the same colour at the same alpha, which it blits two pixels at a time.
/// So each colour gets a strip of it as wide as the canvas, copied band by band — the pager's
/// black fading in over the whole window is most of a flight's drawing.
final class TranslucentFills {
    /// Rows per strip: a full window is a dozen copies, and a strip of a 2560-pixel-wide
    /// canvas 640 KiB.
    static let stripHeight: Int32 = 64
    /// Colours kept at once; more are not expected (the backdrop and the two bars), and beyond
    /// it all are dropped and made again as needed.
    static let keptColours = 8

    private struct Strip {
        let texture: OpaquePointer
        let width: Int32
    }
    private struct Key: Hashable { let r, g, b: UInt8 }

    private let renderer: OpaquePointer
    /// The target's format: the strips' own, so they are copied without conversion.
    private let format: UInt32
    private var strips: [Key: Strip] = [:]

    /// Nil unless `format` (the target's) has no alpha channel: only then is SDL's copy at an
    /// alpha the faster way.
    init?(renderer: OpaquePointer, targetFormat format: UInt32) {
        var bits: Int32 = 0
        var r: UInt32 = 0
        var g: UInt32 = 0
        var b: UInt32 = 0
        var a: UInt32 = 0
        guard SDL_PixelFormatEnumToMasks(format, &bits, &r, &g, &b, &a) == SDL_TRUE, bits == 32, a == 0 else {
            return nil
        }
        self.renderer = renderer
        self.format = format
    }

    deinit { strips.values.forEach { SDL_DestroyTexture($0.texture) } }

    /// Blends `color` at `alpha` (0…255) over `area`, which lies within the canvas; false when no
    /// strip could be made, and nothing was drawn.
    func fill(_ area: PixelRect, _ color: Color, alpha: UInt8) -> Bool {
        guard !area.isEmpty, let strip = strip(color, width: Int32(area.maxX - area.minX)) else { return area.isEmpty }
        SDL_SetTextureAlphaMod(strip.texture, alpha)
        var top = Int32(area.minY)
        while top < Int32(area.maxY) {
            let rows = min(Self.stripHeight, Int32(area.maxY) - top)
            var source = SDL_Rect(x: 0, y: 0, w: Int32(area.maxX - area.minX), h: rows)
            var destination = SDL_Rect(x: Int32(area.minX), y: top, w: source.w, h: rows)
            SDL_RenderCopy(renderer, strip.texture, &source, &destination)
            top += rows
        }
        return true
    }

    private func strip(_ color: Color, width: Int32) -> Strip? {
        let key = Key(r: color.r, g: color.g, b: color.b)
        if let strip = strips[key], strip.width >= width { return strip }
        if let old = strips.removeValue(forKey: key) { SDL_DestroyTexture(old.texture) }
        if strips.count >= Self.keptColours {
            strips.values.forEach { SDL_DestroyTexture($0.texture) }
            strips.removeAll()
        }
        guard
            let texture = SDL_CreateTexture(
                renderer, format, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), width, Self.stripHeight)
        else { return nil }
        guard let layout = SDL_AllocFormat(format) else {
            SDL_DestroyTexture(texture)
            return nil
        }
        let pixel = SDL_MapRGB(layout, color.r, color.g, color.b)
        SDL_FreeFormat(layout)
        let pixels = [UInt32](repeating: pixel, count: Int(width * Self.stripHeight))
        guard SDL_UpdateTexture(texture, nil, pixels, width * 4) == 0 else {
            SDL_DestroyTexture(texture)
            return nil
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        let strip = Strip(texture: texture, width: width)
        strips[key] = strip
        return strip
    }
}
