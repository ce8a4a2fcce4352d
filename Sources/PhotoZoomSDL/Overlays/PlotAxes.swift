import CSDL2
import PhotoZoomCore

/// Where a curve's (time, value) points land in a rectangle of pixels: time runs left to right
/// from 0 to `duration`, values bottom to top over their range widened by 8 % of its span on
/// each side, so a curve that reaches its extremes is not drawn on the rect's edge.
///
/// One mapping for every plot in the program — `photozoom curve --png`, the reload toast's
/// spring curves and the debug overlay's traces — so the same spring reads the same everywhere.
struct PlotAxes {
    /// The share of the value span left empty above the highest value and below the lowest.
    static let padding = 0.08

    /// The plotting area, in pixels.
    let rect: Rect
    /// The time at the right edge; the left edge is 0.
    let duration: Double
    let low: Double
    let high: Double
    /// Half the span: hi − lo overflows for values near the largest double, halves do not.
    private let halfSpan: Double
    /// A span flatter than the doubles around it can show (or none): everything at mid-height.
    private let flat: Bool

    /// Axes spanning `low...high` (in either order) over `0...duration`.
    init(rect: Rect, duration: Double, low: Double, high: Double) {
        self.rect = rect
        self.duration = max(duration, 1e-9)
        self.low = min(low, high)
        self.high = max(low, high)
        halfSpan = self.high / 2 - self.low / 2
        flat = halfSpan <= 0.5e-12 * max(1, abs(self.low), abs(self.high))
    }

    /// Axes spanning every value in `values` (which must not be empty) over `0...duration`.
    init(rect: Rect, duration: Double, values: [Double]) {
        self.init(rect: rect, duration: duration, low: values.min()!, high: values.max()!)
    }

    /// Where `v` lies up the value axis, from 0 (bottom) to 1 (top).
    func height(_ v: Double) -> Double {
        flat ? 0.5 : (Self.padding + (v / 2 - low / 2) / halfSpan) / (1 + 2 * Self.padding)
    }
    func x(_ t: Double) -> Float { Float(rect.minX + t / duration * rect.width) }
    func y(_ v: Double) -> Float { Float(rect.maxY - height(v) * rect.height) }
    func point(_ t: Double, _ v: Double) -> SDL_FPoint { SDL_FPoint(x: x(t), y: y(v)) }

    /// `samples` as one polyline in the renderer's current colour, `thickness` pixels thick
    /// (the extra pixels below the line), so a curve reads at a glance.
    func drawCurve(_ samples: [(t: Double, value: Double)], thickness: Int, renderer: OpaquePointer) {
        guard !samples.isEmpty else { return }
        for dy in 0..<max(thickness, 1) {
            let points = samples.map { SDL_FPoint(x: x($0.t), y: y($0.value) + Float(dy)) }
            if points.count == 1 {
                SDL_RenderDrawPointF(renderer, points[0].x, points[0].y)
            } else {
                SDL_RenderDrawLinesF(renderer, points, Int32(points.count))
            }
        }
    }

    /// A level line at `v` across the whole time axis, in the renderer's current colour.
    func drawLevel(_ v: Double, renderer: OpaquePointer) {
        SDL_RenderDrawLineF(renderer, x(0), y(v), x(duration), y(v))
    }

    /// A vertical line at `t` from the rect's top to its bottom, in the renderer's current colour.
    func drawTime(_ t: Double, renderer: OpaquePointer) {
        SDL_RenderDrawLineF(renderer, x(t), Float(rect.minY), x(t), Float(rect.maxY))
    }
}
