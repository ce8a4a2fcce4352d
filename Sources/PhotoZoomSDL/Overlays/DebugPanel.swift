import Foundation
import PhotoZoomCore

/// The debug overlay: a narrow panel down the left side with what a frame and the ticks cost,
/// where the interaction is, and three small plots of the transition sprite over the last two
/// seconds — its centre's height, its scale and the background's alpha — so a hitch or a
/// jump in a flight shows as a kink in a line.
enum DebugPanel {
    static let margin = 8.0, width = 190.0, padding = 10.0
    static let textSize = 12.0, labelSize = 11.0, plotHeight = 34.0, plotGap = 6.0
    /// One colour per trace, in the readout's order, so each plot is told apart at a glance.
    static let traceColors = [
        Color(r: 255, g: 204, b: 64), Color(r: 90, g: 200, b: 255), Color(r: 200, g: 140, b: 255),
    ]

    struct Layout {
        var panel: Rect
        var lines: [(text: String, origin: Point)]
        /// Per trace: its label's origin and the plotting area.
        var traces: [(label: Point, area: Rect)]
    }

    /// The text lines, in the order drawn.
    static func text(_ r: DebugReadout) -> [String] {
        func timing(_ name: String, _ t: DebugReadout.Timing?, _ digits: Int) -> String {
            guard let t else { return name + " –" }
            return name + String(format: " %.\(digits)f ms · p99 %.\(digits)f", t.last, t.p99)
        }
        return [
            timing("frame", r.frame, 1),
            timing("ticks", r.tick, 2),
            r.photoCount > 0 ? "\(r.phase) · photo \(r.currentIndex + 1) of \(r.photoCount)" : r.phase,
            "tick \(r.tickNumber)",
        ] + r.sandboxGaps.map { "sandbox: " + $0 }
    }

    /// Where everything goes, with the panel's top at `top`.
    static func layout(_ r: DebugReadout, top: Double, viewport: Size) -> Layout {
        let w = min(width, viewport.width - 2 * margin)
        let x = margin + padding
        var y = top + padding
        var lines: [(String, Point)] = []
        for line in text(r) {
            lines.append((line, Point(x: x, y: y)))
            y += OverlayPainter.lineHeight(textSize)
        }
        var traces: [(Point, Rect)] = []
        for _ in r.traces {
            y += plotGap
            let label = Point(x: x, y: y)
            y += OverlayPainter.lineHeight(labelSize)
            traces.append((label, Rect(x: x, y: y, width: w - 2 * padding, height: plotHeight)))
            y += plotHeight
        }
        let panel = Rect(x: margin, y: top, width: w, height: y + padding - top)
        return Layout(panel: panel, lines: lines, traces: traces)
    }

    @discardableResult
    static func draw(_ r: DebugReadout, top: Double, viewport: Size, _ p: OverlayPainter) -> Rect {
        typealias Palette = OverlayPainter.Palette
        let layout = layout(r, top: top, viewport: viewport)
        p.fill(layout.panel, Palette.panel, alpha: Palette.panelAlpha, radius: 10)
        for line in layout.lines { p.text(line.text, at: line.origin, size: textSize, color: Palette.text) }
        for (i, (trace, place)) in zip(r.traces, layout.traces).enumerated() {
            let color = traceColors[i % traceColors.count]
            p.text(
                p.truncate(trace.label, width: place.area.width, size: labelSize), at: place.label, size: labelSize,
                color: color)
            p.fill(place.area.inset(by: -2), Palette.plotFill, radius: 3)
            // One slot per tick, oldest at the left; a run of values is one line, a nil a gap.
            let axes = p.axes(
                place.area, duration: Double(max(trace.values.count - 1, 1)),
                low: trace.range.lowerBound, high: trace.range.upperBound)
            p.level(trace.range.lowerBound, on: axes, Palette.secondary, alpha: 0.3)
            p.level(trace.range.upperBound, on: axes, Palette.secondary, alpha: 0.3)
            var run: [(t: Double, value: Double)] = []
            for (slot, value) in trace.values.enumerated() {
                if let value, value.isFinite {
                    run.append((Double(slot), value))
                } else if !run.isEmpty {
                    p.curve(run, on: axes, color)
                    run.removeAll(keepingCapacity: true)
                }
            }
            p.curve(run, on: axes, color)
        }
        return layout.panel
    }
}
