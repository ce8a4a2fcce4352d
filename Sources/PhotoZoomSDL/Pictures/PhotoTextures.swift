import CSDL2
import PhotoZoomCore
import PhotoZoomLibrary
import PhotoZoomLoaderInterface

/// What the renderer draws for a photo now.
enum PhotoDrawable {
    /// Its pixels; `alpha` below 1 while they fade in over the colour that stood in for them.
    /// `opaque`: no pixel is transparent, so at full alpha it is copied without blending.
    case texture(OpaquePointer, alpha: Double, over: Color, opaque: Bool)
    /// Not decoded yet, or evicted: a fill of its mean colour once known.
    case waiting(Color)
    /// It cannot be shown.
    case broken
}

/// Where the renderer gets a photo's pixels.
protocol PhotoPixelSource: AnyObject {
    /// The best pixels for `photo` drawn `pixelWidth` wide; counts as a use of them.
    func drawable(for photo: Int, pixelWidth: Double) -> PhotoDrawable
}

/// The window's photo textures, made on the render thread from decoded pixels and kept within
/// a memory budget: when a new one would pass it, the least recently drawn go first (never one
/// drawn in the current frame). Each photo has at most a grid thumbnail and a page.
final class PhotoTextures: PhotoPixelSource, PictureStore {
    struct Entry {
        let texture: OpaquePointer
        let target: PixelTarget
        let size: PixelBox
        let isOpaque: Bool
        var lastUsed: Int
        /// Wall time it arrived, for the fade-in.
        let arrived: UInt64
        var bytes: Int { size.pixels * 4 }
    }

    /// How long pixels take to fade in over their stand-in: a photo never pops in mid-flight.
    /// Only a stand-in that was drawn is faded from; pixels that came before their photo was
    /// first drawn (a window opening with its thumbnails) show whole at once.
    static let fadeNanoseconds: UInt64 = 150_000_000

    private let renderer: OpaquePointer
    /// The pixel formats the renderer makes textures in.
    private let textureFormats: Set<UInt32>
    /// A smaller budget lets go of what is over it at once (a tuning save lowers it).
    var budgetBytes: Int { didSet { evictOverBudget() } }
    private var thumbnails: [Int: Entry] = [:]
    private var pages: [Int: Entry] = [:]
    private(set) var bytes = 0
    private(set) var averages: [Int: Color] = [:]
    private(set) var broken: Set<Int> = []
    /// Photos drawn as their stand-in colour since their last pixels went.
    private var standInsDrawn: Set<Int> = []
    /// Counts frames, for least-recent use.
    private var frame = 0
    /// Whether a frame has been drawn: until then the window is opening, and busy.
    var hasDrawn: Bool { frame > 0 }
    /// Wall time of the frame being drawn.
    private var now: UInt64 = 0

    init(renderer: OpaquePointer, budgetBytes: Int) {
        self.renderer = renderer
        self.budgetBytes = budgetBytes
        var info = SDL_RendererInfo()
        textureFormats =
            SDL_GetRendererInfo(renderer, &info) == 0
            ? Set(
                withUnsafeBytes(of: info.texture_formats) {
                    $0.bindMemory(to: UInt32.self).prefix(Int(info.num_texture_formats))
                })
            : []
    }

    deinit {
        thumbnails.values.forEach { SDL_DestroyTexture($0.texture) }
        pages.values.forEach { SDL_DestroyTexture($0.texture) }
    }

    /// Starts a frame drawn at wall time `now`.
    func beginFrame(now: UInt64) {
        frame += 1
        self.now = now
    }

    /// Whether a texture is still fading in at `now`.
    func isFading(at now: UInt64) -> Bool {
        (thumbnails.values.contains { now < $0.arrived + Self.fadeNanoseconds })
            || pages.values.contains { now < $0.arrived + Self.fadeNanoseconds }
    }

    /// Whether `photo` has pixels for `target` (a thumbnail at least that large).
    func has(_ photo: Int, _ target: PixelTarget) -> Bool {
        switch target {
        case .preview(let cell):
            guard let entry = thumbnails[photo] else { return false }
            // A thumbnail, or a preview scaled for a cell as large, or one at its own size (it is
            // never enlarged): decoding it again would make the same pixels.
            guard case .preview(let scaledFor) = entry.target else { return true }
            return scaledFor >= cell || min(entry.size.width, entry.size.height) < scaledFor
        case .thumbnail: return thumbnails[photo].map { $0.target >= target } ?? false
        case .page: return pages[photo]?.target == target
        }
    }

    /// Whether `photo` has a thumbnail of any size (its embedded preview counts), or is known
    /// broken: its cell shows a picture.
    func hasThumbnail(_ photo: Int) -> Bool { thumbnails[photo] != nil || broken.contains(photo) }

    /// Whether `photo` has pixels enough for a cell of `cell` pixels: a decoded thumbnail, or a
    /// preview that fills the cell without being enlarged; or is known broken.
    func hasSharpThumbnail(_ photo: Int, cell: Double) -> Bool {
        guard let entry = thumbnails[photo] else { return broken.contains(photo) }
        if case .thumbnail = entry.target { return true }
        return PhotoWishes.covers(entry.size, cell: cell)
    }

    func markBroken(_ photo: Int) { broken.insert(photo) }

    /// Makes a texture of `pixels` for `photo`, replacing the one it had for that kind.
    func insert(_ photo: Int, _ target: PixelTarget, _ pixels: DecodedPixels, arrived: UInt64) {
        averages[photo] = pixels.average
        broken.remove(photo)
        guard let texture = makeTexture(pixels) else { return }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        // Pixels fade in over a stand-in that was seen, never over other pixels of the photo
        // (a thumbnail replaced by a larger one).
        let fades = standInsDrawn.remove(photo) != nil && thumbnails[photo] == nil && pages[photo] == nil
        let entry = Entry(
            texture: texture, target: target, size: pixels.pixels.size, isOpaque: pixels.isOpaque, lastUsed: frame,
            arrived: fades ? arrived : 0)
        switch target {
        case .preview, .thumbnail: replace(&thumbnails, photo, with: entry)
        case .page: replace(&pages, photo, with: entry)
        }
        evictOverBudget()
    }

    /// An opaque photo's texture has no alpha channel, its bytes copied as they are (each format
    /// with alpha has a twin without it of the same layout): SDL's software renderer blits such
    /// a texture into a window's surface (itself without alpha) by its fast paths — a straight
    /// copy, a stretch, or a fade at one alpha for the whole texture — where a texture with
    /// alpha goes pixel by pixel through a generic blitter, several times slower.
    /// A layout the renderer does not take is converted by SDL, on this thread.
    private func makeTexture(_ pixels: DecodedPixels) -> OpaquePointer? {
        let picture = pixels.pixels
        let format = picture.layout.sdlFormat
        let width = Int32(picture.width)
        let height = Int32(picture.height)
        let solid = pixels.isOpaque ? Self.withoutAlpha[format] : nil
        for candidate in [solid, format].compactMap({ $0 }) where supports(candidate) {
            guard
                let texture = SDL_CreateTexture(
                    renderer, candidate, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), width, height)
            else { continue }
            if SDL_UpdateTexture(texture, nil, picture.bytes, Int32(picture.pitch)) == 0 { return texture }
            SDL_DestroyTexture(texture)
        }
        guard
            let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                picture.bytes, width, height, 32, Int32(picture.pitch), format)
        else { return nil }
        defer { SDL_FreeSurface(surface) }
        return SDL_CreateTextureFromSurface(renderer, surface)
    }

    /// 32-bit formats with alpha and their twins whose fourth byte is unused.
    private static let withoutAlpha: [UInt32: UInt32] = [
        SDL_PIXELFORMAT_ARGB8888.rawValue: SDL_PIXELFORMAT_RGB888.rawValue,
        SDL_PIXELFORMAT_ABGR8888.rawValue: SDL_PIXELFORMAT_BGR888.rawValue,
        SDL_PIXELFORMAT_RGBA8888.rawValue: SDL_PIXELFORMAT_RGBX8888.rawValue,
        SDL_PIXELFORMAT_BGRA8888.rawValue: SDL_PIXELFORMAT_BGRX8888.rawValue,
    ]

    private func supports(_ format: UInt32) -> Bool { textureFormats.contains(format) }

    private func replace(_ table: inout [Int: Entry], _ photo: Int, with entry: Entry) {
        if let old = table[photo] {
            SDL_DestroyTexture(old.texture)
            bytes -= old.bytes
        }
        table[photo] = entry
        bytes += entry.bytes
    }

    /// Drops least recently drawn textures until within budget, sparing this frame's.
    private func evictOverBudget() {
        guard bytes > budgetBytes else { return }
        let candidates =
            (thumbnails.map { (photo: $0.key, isPage: false, entry: $0.value) }
            + pages.map { (photo: $0.key, isPage: true, entry: $0.value) })
            .filter { $0.entry.lastUsed < frame }
            .sorted { $0.entry.lastUsed < $1.entry.lastUsed }
        for candidate in candidates where bytes > budgetBytes {
            SDL_DestroyTexture(candidate.entry.texture)
            bytes -= candidate.entry.bytes
            if candidate.isPage { pages[candidate.photo] = nil } else { thumbnails[candidate.photo] = nil }
        }
    }

    func drawable(for photo: Int, pixelWidth: Double) -> PhotoDrawable {
        if broken.contains(photo) { return .broken }
        let stand = averages[photo] ?? SceneRenderer.waitingFill
        // The page when the thumbnail would be magnified and the page is larger; else the thumbnail.
        var choice: Entry?
        if let page = pages[photo],
            thumbnails[photo].map({ Double($0.size.width) < pixelWidth && $0.size.width < page.size.width }) ?? true
        {
            pages[photo]!.lastUsed = frame
            choice = page
        } else if let thumb = thumbnails[photo] {
            thumbnails[photo]!.lastUsed = frame
            choice = thumb
        }
        guard let choice else {
            standInsDrawn.insert(photo)
            return .waiting(stand)
        }
        let age = now > choice.arrived ? Double(now - choice.arrived) : 0
        return .texture(
            choice.texture, alpha: min(1, age / Double(Self.fadeNanoseconds)), over: stand, opaque: choice.isOpaque)
    }

    /// The photos with a texture of either kind.
    var count: Int { Set(thumbnails.keys).union(pages.keys).count }
}

extension PixelLayout {
    /// The SDL pixel format it is.
    var sdlFormat: UInt32 { self == .rgba ? SDL_PIXELFORMAT_RGBA32.rawValue : SDL_PIXELFORMAT_ARGB8888.rawValue }

    /// The layout of SDL's `format`, if it is one of the two.
    init?(sdlFormat: UInt32) {
        switch sdlFormat {
        case SDL_PIXELFORMAT_RGBA32.rawValue: self = .rgba
        case SDL_PIXELFORMAT_ARGB8888.rawValue: self = .argb
        default: return nil
        }
    }
}

/// What a renderer takes for pictures: its largest texture side (0 when it does not say), and
/// the layout it draws from without converting (its first texture format; RGBA for one it
/// cannot take, which SDL then converts as each texture is made).
struct RendererTextures {
    let limit: Int
    let layout: PixelLayout

    init(_ renderer: OpaquePointer) {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0 else {
            limit = 0
            layout = .rgba
            return
        }
        limit = Int(min(info.max_texture_width, info.max_texture_height))
        layout = info.num_texture_formats > 0 ? PixelLayout(sdlFormat: info.texture_formats.0) ?? .rgba : .rgba
    }
}
