import CSDL2
import PhotoZoomCore

/// A spring's trajectory drawn as a picture for a person tuning it: value against time, the
/// target as a line, the start as a line, and the settle time as a vertical mark.
public enum CurvePlot {
    static let background = Color(r: 255, g: 255, b: 255)
    static let grid = Color(r: 228, g: 228, b: 232)
    static let targetLine = Color(r: 46, g: 160, b: 67)
    static let startLine = Color(r: 160, g: 160, b: 168)
    static let settleLine = Color(r: 220, g: 60, b: 50)
    static let curve = Color(r: 20, g: 90, b: 220)

    /// `samples` are (t, value) pairs in time order; `settleTime` is nil if it never settles.
    public static func render(samples: [(t: Double, value: Double)], from: Double, target: Double,
                              settleTime: Double?, size: Size) throws -> HeadlessCanvas {
        let canvas = try HeadlessCanvas(size: size)
        let r = canvas.renderer
        let margin = 24.0
        let tMax = max(samples.last?.t ?? 1, 1e-9)
        let values = samples.map(\.value) + [from, target]
        let lo = values.min()!, hi = values.max()!
        // Halves, because hi − lo overflows for values near the largest double.
        let halfSpan = hi / 2 - lo / 2
        // A curve flatter than the doubles around it can show (or flat) lies at mid-height.
        let flat = halfSpan <= 0.5e-12 * max(1, abs(lo), abs(hi))
        /// Where `v` lies up the value axis, from 0 to 1: the values and 8 % of their span either side.
        func height(_ v: Double) -> Double { flat ? 0.5 : (0.08 + (v / 2 - lo / 2) / halfSpan) / 1.16 }
        func x(_ t: Double) -> Float { Float(margin + t / tMax * (size.width - 2 * margin)) }
        func y(_ v: Double) -> Float { Float(size.height - margin - height(v) * (size.height - 2 * margin)) }
        func color(_ c: Color) { SDL_SetRenderDrawColor(r, c.r, c.g, c.b, 255) }

        color(background)
        SDL_RenderClear(r)
        color(grid)
        for i in 0...10 {
            let gx = x(tMax * Double(i) / 10)
            SDL_RenderDrawLineF(r, gx, Float(margin), gx, Float(size.height - margin))
        }
        color(startLine)
        SDL_RenderDrawLineF(r, x(0), y(from), x(tMax), y(from))
        color(targetLine)
        SDL_RenderDrawLineF(r, x(0), y(target), x(tMax), y(target))
        if let settleTime, settleTime <= tMax {
            color(settleLine)
            SDL_RenderDrawLineF(r, x(settleTime), Float(margin), x(settleTime), Float(size.height - margin))
        }
        color(curve)
        // Two pixels thick, so the curve reads at a glance.
        for dy: Float in [0, 1] {
            let points = samples.map { SDL_FPoint(x: x($0.t), y: y($0.value) + dy) }
            SDL_RenderDrawLinesF(r, points, Int32(points.count))
        }
        return canvas
    }
}
