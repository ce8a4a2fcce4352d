import CSDL2
import PhotoZoomCore
import PhotoZoomLibrary
import PhotoZoomLoaderInterface

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
    /// SDL's software renderer, whose textured triangles are cut to whole texels.
    private let software: Bool
    /// Translucent fills as copies, where that is faster (see `TranslucentFills`).
    private let translucentFills: TranslucentFills?
    /// Cells' stretches kept while drawn every frame, on the software renderer.
    private let stretchedCopies: StretchedCopies?
    /// The output's pixels, for the frame being drawn.
    private var canvas = PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0)

    /// `targetFormat`: the pixel format of what `renderer` draws into, when it is not a window's.
    init(
        renderer: OpaquePointer, source: PhotoPixelSource, targetFormat: UInt32? = nil,
        log: @escaping (String) -> Void = { _ in }
    ) {
        self.renderer = renderer
        photos = source
        text = TextRenderer(renderer: renderer, fontPath: PhotoFolder.assetPath("fonts/DejaVuSans.ttf"), log: log)
        var info = SDL_RendererInfo()
        software = SDL_GetRendererInfo(renderer, &info) == 0 && info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
        let format = targetFormat ?? SDL_RenderGetWindow(renderer).map { SDL_GetWindowPixelFormat($0) }
        translucentFills = software ? format.flatMap { TranslucentFills(renderer: renderer, targetFormat: $0) } : nil
        stretchedCopies = software ? StretchedCopies(renderer: renderer) : nil
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    /// Draws `items` over the whole output, as `draw(_:scale:area:)` does.
    public func draw(_ items: [DrawItem], scale: Double) { draw(items, scale: scale, area: nil) }

    /// Clears to the background (unless nothing of it would show) and draws `items`, except
    /// what later opaque items hide; `scale` is pixels per point. `area`: the part of the
    /// output a session beside another draws into, its viewport already set (SDL's clear
    /// ignores the viewport, so the background is a fill there); nil for the whole output.
    func draw(_ items: [DrawItem], scale: Double, area: PixelRect?) {
        var w: Int32 = 0
        var h: Int32 = 0
        if let area {
            (w, h) = (Int32(area.maxX - area.minX), Int32(area.maxY - area.minY))
        } else {
            SDL_GetRendererOutputSize(renderer, &w, &h)
        }
        canvas = PixelRect(minX: 0, minY: 0, maxX: Int(w), maxY: Int(h))
        stretchedCopies?.beginFrame()
        let plan = DrawPlan(
            items: items, scale: scale, canvas: PixelBox(width: Int(w), height: Int(h)), exactCrops: !software,
            photos: photos)
        if plan.showsBackground {
            setColor(Self.background, alpha: 1)
            if area == nil {
                SDL_RenderClear(renderer)
            } else {
                var all = SDL_Rect(x: 0, y: 0, w: w, h: h)
                SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
                SDL_RenderFillRect(renderer, &all)
                SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
            }
        }
        for step in plan.steps { perform(step, scale: scale) }
    }

    private func perform(_ step: DrawStep, scale: Double) {
        switch step {
        case .fill(let frame, let color, let alpha):
            fill(frame, color, alpha: alpha)
        case .copy(let texture, let source, let destination, let alpha, let blended):
            var drawn = texture
            var src = source
            var dst = SDL_FRect(
                x: Float(destination.minX), y: Float(destination.minY), w: Float(destination.width),
                h: Float(destination.height))
            if let kept = keptStretch(of: texture, source: source, onto: dst) {
                drawn = kept.copy
                src = SDL_Rect(x: 0, y: 0, w: kept.width, h: kept.height)
                dst.w = Float(kept.width)
                dst.h = Float(kept.height)
            }
            SDL_SetTextureBlendMode(drawn, blended ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
            SDL_SetTextureAlphaMod(drawn, UInt8((alpha * 255).rounded()))
            SDL_RenderCopyF(renderer, drawn, &src, &dst)
        case .triangles(let texture, let frame, let crop, let alpha, let blended):
            SDL_SetTextureBlendMode(texture, blended ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
            drawTriangles(texture, frame: frame, crop: crop, alpha: alpha)
        case .text(let string, let style, let frame, let alpha):
            text.draw(string, style: style, in: frame, scale: scale, alpha: alpha)
        case .placeholder(let frame, let alpha):
            drawPlaceholder(frame, alpha: alpha)
        }
    }

    /// The kept stretch of a small stretched copy (see `StretchedCopies`), and its size.
    private func keptStretch(of texture: OpaquePointer, source: SDL_Rect, onto destination: SDL_FRect) -> (
        copy: OpaquePointer, width: Int32, height: Int32
    )? {
        guard let stretchedCopies, destination.w >= 1, destination.h >= 1,
            Double(destination.w) * Double(destination.h) <= Double(canvas.area) * StretchedCopies.largestShare
        else { return nil }
        // The pixels SDL would stretch to: the size cut to whole pixels.
        let width = Int32(destination.w)
        let height = Int32(destination.h)
        guard width != source.w || height != source.h,
            let copy = stretchedCopies.copy(of: texture, source: source, width: width, height: height)
        else {
            return nil
        }
        return (copy, width, height)
    }

    private func drawTriangles(_ texture: OpaquePointer, frame: Rect, crop: Rect, alpha: Double) {
        SDL_SetTextureAlphaMod(texture, 255)
        let color = SDL_Color(r: 255, g: 255, b: 255, a: UInt8((alpha * 255).rounded()))
        func vertex(_ x: Double, _ y: Double, _ u: Double, _ v: Double) -> SDL_Vertex {
            SDL_Vertex(
                position: SDL_FPoint(x: Float(x), y: Float(y)), color: color,
                tex_coord: SDL_FPoint(x: Float(u), y: Float(v)))
        }
        // Unit texture coordinates, as SDL_RenderGeometry takes them.
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
        SDL_RenderDrawLineF(
            renderer, Float(frame.minX + inset), Float(frame.minY + inset), Float(frame.maxX - inset),
            Float(frame.maxY - inset))
        SDL_RenderDrawLineF(
            renderer, Float(frame.maxX - inset), Float(frame.minY + inset), Float(frame.minX + inset),
            Float(frame.maxY - inset))
    }

    private func fill(_ frame: Rect, _ color: Color, alpha: Double) {
        let level = UInt8((Double(color.a) * alpha).rounded())
        // An opaque fill replaces what is under it: no blending to pay for.
        let opaque = level == 255
        if !opaque, let translucentFills,
            level == 0 || translucentFills.fill(PixelRect.cut(frame).clamped(to: canvas), color, alpha: level)
        {
            return
        }
        setColor(color, alpha: alpha)
        if opaque { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE) }
        var r = SDL_FRect(x: Float(frame.x), y: Float(frame.y), w: Float(frame.width), h: Float(frame.height))
        SDL_RenderFillRectF(renderer, &r)
        if opaque { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND) }
    }

    private func setColor(_ c: Color, alpha: Double) {
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, UInt8((Double(c.a) * alpha).rounded()))
    }
}
