import CSDL2
import PhotoZoomCore

/// One thing the renderer does to the canvas, in pixels: what a draw item comes to once its
/// photo's pixels are chosen, known before anything is drawn.
enum DrawStep {
    /// A rectangle of one colour at `alpha`.
    case fill(Rect, Color, alpha: Double)
    /// The texels `source` of a texture onto `destination`, stretched unless the sizes match.
    case copy(OpaquePointer, source: SDL_Rect, destination: Rect, alpha: Double, blended: Bool)
    /// The unit `crop` of a texture onto `frame` as a textured triangle pair: its sub-texel edges
    /// kept, so the crop animates smoothly.
    case triangles(OpaquePointer, frame: Rect, crop: Rect, alpha: Double, blended: Bool)
    case text(String, TextStyle, frame: Rect, alpha: Double)
    /// A photo that cannot be shown: a crossed box.
    case placeholder(Rect, alpha: Double)

    /// The pixels it can touch; nil for text, which may run past its frame.
    var reach: PixelRect? {
        switch self {
        case .fill(let frame, _, _), .copy(_, _, let frame, _, _), .triangles(_, let frame, _, _, _),
            .placeholder(let frame, _):
            return .reach(of: frame)
        case .text:
            return nil
        }
    }

    /// The pixels it paints over with opaque colour, whatever was under them; nil when anything
    /// under it shows through.
    var cover: PixelRect? {
        switch self {
        case .fill(let frame, let color, let alpha):
            return Double(color.a) * alpha >= 255 ? .surelyPainted(by: frame) : nil
        case .copy(_, _, let frame, _, let blended), .triangles(_, let frame, _, _, let blended):
            return blended ? nil : .surelyPainted(by: frame)
        case .placeholder(let frame, let alpha):
            return alpha >= 1 ? .surelyPainted(by: frame) : nil
        case .text:
            return nil
        }
    }
}
