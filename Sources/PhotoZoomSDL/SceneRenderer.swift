import CSDL2
import PhotoZoomCore

/// Draws a draw list with an SDL renderer. Knows nothing about the interaction: what it draws
/// is exactly what the scene said, each photo with the best pixels its source has. Points
/// become pixels here.
public final class SceneRenderer {
    let renderer: OpaquePointer
    /// Where each photo's pixels come from: the window's stream, or what an `OnDemandScene`
    /// decoded for the frame.
    let photos: PhotoPixelSource

    public static let background = Color.white
    static let placeholderFill = Color(r: 208, g: 208, b: 212)
    static let placeholderMark = Color(r: 150, g: 150, b: 158)
    /// A photo still decoding whose colour is not known yet: lighter than a broken photo's
    /// placeholder, and without its cross.
    static let waitingFill = Color(r: 232, g: 232, b: 236)

    private let text: TextRenderer

    init(renderer: OpaquePointer, source: PhotoPixelSource, log: @escaping (String) -> Void = { _ in }) {
        self.renderer = renderer
        photos = source
        text = TextRenderer(renderer: renderer, fontPath: PhotoFolder.assetPath("fonts/DejaVuSans.ttf"), log: log)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    /// Clears to the background and draws `items`; `scale` is pixels per point.
    public func draw(_ items: [DrawItem], scale: Double) {
        setColor(Self.background, alpha: 1)
        SDL_RenderClear(renderer)
        for item in items {
            let frame = item.frame.scaled(by: scale)
            switch item.content {
            case let .photo(index):
                switch photos.drawable(for: index, pixelWidth: frame.width / max(item.crop.width, 1e-9)) {
                case let .texture(texture, alpha, over, opaque):
                    if alpha < 1 { fill(frame, over, alpha: item.alpha) }
                    let shown = item.alpha * alpha
                    SDL_SetTextureBlendMode(texture, opaque && shown >= 1 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
                    drawTexture(texture, frame: frame, crop: item.crop, alpha: shown)
                case let .waiting(color):
                    fill(frame, color, alpha: item.alpha)
                case .broken:
                    drawPlaceholder(frame, alpha: item.alpha)
                }
            case let .fill(color):
                fill(frame, color, alpha: item.alpha)
            case let .text(string, style):
                text.draw(string, style: style, in: frame, scale: scale, alpha: item.alpha)
            }
        }
    }

    private func drawTexture(_ texture: OpaquePointer, frame: Rect, crop: Rect, alpha: Double) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_QueryTexture(texture, nil, nil, &w, &h)
        let source = Rect(x: crop.minX * Double(w), y: crop.minY * Double(h), width: crop.width * Double(w), height: crop.height * Double(h))
        // The software renderer copies a rectangle many times faster than it fills a textured
        // triangle pair, so a crop is rounded to whole texels wherever that moves no edge by half
        // a pixel on screen (a cell at rest, a page, a flight drawn from the page's pixels).
        let kx = frame.width / max(source.width, 1e-9), ky = frame.height / max(source.height, 1e-9)
        func off(_ v: Double, _ k: Double) -> Double { abs(v - v.rounded()) * k }
        if max(off(source.minX, kx), off(source.maxX, kx), off(source.minY, ky), off(source.maxY, ky)) < 0.5 {
            SDL_SetTextureAlphaMod(texture, UInt8((alpha * 255).rounded()))
            var src = SDL_Rect(x: Int32(source.minX.rounded()), y: Int32(source.minY.rounded()),
                               w: Int32(source.maxX.rounded() - source.minX.rounded()), h: Int32(source.maxY.rounded() - source.minY.rounded()))
            var dst = SDL_FRect(x: Float(frame.minX), y: Float(frame.minY), w: Float(frame.width), h: Float(frame.height))
            SDL_RenderCopyF(renderer, texture, &src, &dst)
            return
        }
        SDL_SetTextureAlphaMod(texture, 255)
        let color = SDL_Color(r: 255, g: 255, b: 255, a: UInt8((alpha * 255).rounded()))
        func vertex(_ x: Double, _ y: Double, _ u: Double, _ v: Double) -> SDL_Vertex {
            SDL_Vertex(position: SDL_FPoint(x: Float(x), y: Float(y)), color: color, tex_coord: SDL_FPoint(x: Float(u), y: Float(v)))
        }
        // Magnified, a crop keeps its sub-texel edges: unit texture coordinates, as
        // SDL_RenderGeometry takes them, so the crop animates smoothly.
        let vertices = [
            vertex(frame.minX, frame.minY, crop.minX, crop.minY), vertex(frame.maxX, frame.minY, crop.maxX, crop.minY),
            vertex(frame.minX, frame.maxY, crop.minX, crop.maxY), vertex(frame.maxX, frame.maxY, crop.maxX, crop.maxY),
        ]
        let indices: [Int32] = [0, 1, 2, 2, 1, 3]
        SDL_RenderGeometry(renderer, texture, vertices, 4, indices, 6)
    }

    private func drawPlaceholder(_ frame: Rect, alpha: Double) {
        fill(frame, Self.placeholderFill, alpha: alpha)
        // A crossed box: clearly "no picture here", not a photo that happens to be grey.
        setColor(Self.placeholderMark, alpha: alpha)
        let inset = frame.width * 0.3
        SDL_RenderDrawLineF(renderer, Float(frame.minX + inset), Float(frame.minY + inset), Float(frame.maxX - inset), Float(frame.maxY - inset))
        SDL_RenderDrawLineF(renderer, Float(frame.maxX - inset), Float(frame.minY + inset), Float(frame.minX + inset), Float(frame.maxY - inset))
    }

    private func fill(_ frame: Rect, _ color: Color, alpha: Double) {
        setColor(color, alpha: alpha)
        // An opaque fill replaces what is under it: no blending to pay for.
        let opaque = Double(color.a) * alpha >= 255
        if opaque { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE) }
        var r = SDL_FRect(x: Float(frame.x), y: Float(frame.y), w: Float(frame.width), h: Float(frame.height))
        SDL_RenderFillRectF(renderer, &r)
        if opaque { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND) }
    }

    private func setColor(_ c: Color, alpha: Double) {
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, UInt8((Double(c.a) * alpha).rounded()))
    }
}
