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
        case let .fill(frame, _, _), let .copy(_, _, frame, _, _), let .triangles(_, frame, _, _, _), let .placeholder(frame, _):
            return .reach(of: frame)
        case .text:
            return nil
        }
    }

    /// The pixels it paints over with opaque colour, whatever was under them; nil when anything
    /// under it shows through.
    var cover: PixelRect? {
        switch self {
        case let .fill(frame, color, alpha):
            return Double(color.a) * alpha >= 255 ? .surelyPainted(by: frame) : nil
        case let .copy(_, _, frame, _, blended), let .triangles(_, frame, _, _, blended):
            return blended ? nil : .surelyPainted(by: frame)
        case let .placeholder(frame, alpha):
            return alpha >= 1 ? .surelyPainted(by: frame) : nil
        case .text:
            return nil
        }
    }
}
