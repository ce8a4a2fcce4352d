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
    public static func render(
        samples: [(t: Double, value: Double)], from: Double, target: Double,
        settleTime: Double?, size: Size
    ) throws -> HeadlessCanvas {
        let canvas = try HeadlessCanvas(size: size)
        let r = canvas.renderer
        let margin = 24.0
        let tMax = max(samples.last?.t ?? 1, 1e-9)
        let axes = PlotAxes(
            rect: Rect(x: margin, y: margin, width: size.width - 2 * margin, height: size.height - 2 * margin),
            duration: tMax, values: samples.map(\.value) + [from, target])
        func color(_ c: Color) { SDL_SetRenderDrawColor(r, c.r, c.g, c.b, 255) }

        color(background)
        SDL_RenderClear(r)
        color(grid)
        for i in 0...10 { axes.drawTime(tMax * Double(i) / 10, renderer: r) }
        color(startLine)
        axes.drawLevel(from, renderer: r)
        color(targetLine)
        axes.drawLevel(target, renderer: r)
        if let settleTime, settleTime <= tMax {
            color(settleLine)
            axes.drawTime(settleTime, renderer: r)
        }
        color(curve)
        axes.drawCurve(samples, thickness: 2, renderer: r)
        return canvas
    }
}
