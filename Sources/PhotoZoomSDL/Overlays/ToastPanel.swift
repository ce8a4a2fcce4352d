import PhotoZoomCore

/// The reload toast: at the bottom of the window, above the tab bar, where it covers the least
/// of the interaction being tuned. The changed values as lines, then each changed spring's
/// curve before (grey) and after (blue) with its target, so a new response or damping can be
/// seen as well as read. It fades as one piece over the toast's last moments.
enum ToastPanel {
    static let margin = 8.0, padding = 12.0, maximumWidth = 440.0
    static let headerSize = 11.0, lineSize = 13.0, nameSize = 11.0
    static let plotHeight = 56.0, plotGap = 10.0, maximumPlotWidth = 150.0
    /// The toast sits above the tab bar (at its default height: the overlays know no tuning).
    static let bottomInset = Tuning().tabBarHeight
    /// Seconds of spring motion a plot shows: long enough for the springs the interaction
    /// uses to settle, short enough that their first half-second (the feel) has room.
    static let plotDuration = 1.0
    static let plotSamples = 80

    struct Layout {
        var panel: Rect
        var header: Point
        var lines: [(text: String, origin: Point)] = []
        /// Where each shown spring's curves go (the plotting area itself) and its name.
        var plots: [(spring: SpringChange, area: Rect, name: Point)] = []
        var more: (text: String, origin: Point)?
    }

    /// Where everything goes, from counts alone (no text measuring), so tests can find the plots.
    static func layout(_ toast: ReloadToast, viewport: Size) -> Layout {
        let width = min(maximumWidth, viewport.width - 2 * margin)
        let inner = width - 2 * padding
        let lineHeight = OverlayPainter.lineHeight(lineSize)
        var shownLines = toast.lines
        if shownLines.count > ReloadToast.maximumLines {
            shownLines =
                Array(toast.lines.prefix(ReloadToast.maximumLines - 1)) + [
                    "and \(toast.lines.count - ReloadToast.maximumLines + 1) more changes"
                ]
        }
        let shownSprings = Array(toast.springs.prefix(ReloadToast.maximumSprings))
        let hiddenSprings = toast.springs.count - shownSprings.count

        // Offsets from the panel's top-left; moved into place once the height is known.
        var y = padding
        var layout = Layout(panel: .zero, header: Point(x: padding, y: y))
        y += OverlayPainter.lineHeight(headerSize) + 4
        for line in shownLines {
            layout.lines.append((line, Point(x: padding, y: y)))
            y += lineHeight
        }
        if !shownSprings.isEmpty {
            y += 6
            let n = Double(shownSprings.count)
            let plotWidth = min(maximumPlotWidth, ((inner - plotGap * (n - 1)) / n).rounded(.down))
            for (i, spring) in shownSprings.enumerated() {
                let x = padding + Double(i) * (plotWidth + plotGap)
                layout.plots.append(
                    (
                        spring, Rect(x: x, y: y, width: plotWidth, height: plotHeight),
                        Point(x: x, y: y + plotHeight + 3)
                    ))
            }
            y += plotHeight + 3 + OverlayPainter.lineHeight(nameSize)
        }
        if hiddenSprings > 0 {
            layout.more = ("and \(hiddenSprings) more spring\(hiddenSprings == 1 ? "" : "s")", Point(x: padding, y: y))
            y += OverlayPainter.lineHeight(nameSize)
        }
        let height = y + padding
        let origin = Point(
            x: ((viewport.width - width) / 2).rounded(),
            y: max((viewport.height - bottomInset - margin - height).rounded(), margin))
        func moved(_ p: Point) -> Point { p + origin }
        layout.panel = Rect(origin: origin, size: Size(width: width, height: height))
        layout.header = moved(layout.header)
        layout.lines = layout.lines.map { ($0.text, moved($0.origin)) }
        layout.plots = layout.plots.map { ($0.spring, $0.area.offsetBy(dx: origin.x, dy: origin.y), moved($0.name)) }
        layout.more = layout.more.map { ($0.text, moved($0.origin)) }
        return layout
    }

    /// A spring's value from 0 toward 1 over `plotDuration`: the shape every flight of it has.
    static func samples(_ parameters: SpringParameters) -> [(t: Double, value: Double)] {
        let motion = SpringMotion(parameters: parameters, from: 0.0, target: 1)
        return (0...plotSamples).map { i in
            let t = plotDuration * Double(i) / Double(plotSamples)
            return (t, motion.value(at: t))
        }
    }

    static func draw(_ toast: ReloadToast, viewport: Size, _ p: OverlayPainter) {
        let layout = layout(toast, viewport: viewport)
        p.opacity = toast.opacity
        defer { p.opacity = 1 }
        typealias Palette = OverlayPainter.Palette
        p.fill(layout.panel, Palette.panel, alpha: Palette.panelAlpha, radius: 12)
        let inner = layout.panel.width - 2 * padding
        p.text(toast.title, at: layout.header, size: headerSize, color: Palette.secondary)
        if !layout.plots.isEmpty { drawLegend(rightEdge: layout.panel.maxX - padding, y: layout.header.y, p) }
        for (i, line) in layout.lines.enumerated() {
            // "and N more changes" in grey, as a note rather than a change.
            let color =
                i == ReloadToast.maximumLines - 1 && toast.lines.count > ReloadToast.maximumLines
                ? Palette.secondary : Palette.text
            p.text(p.truncate(line.text, width: inner, size: lineSize), at: line.origin, size: lineSize, color: color)
        }
        for plot in layout.plots {
            p.fill(plot.area.inset(by: -3), Palette.plotFill, radius: 4)
            let old = samples(plot.spring.old)
            let new = samples(plot.spring.new)
            let values = old.map(\.value) + new.map(\.value) + [0, 1]
            let axes = p.axes(plot.area, duration: plotDuration, low: values.min()!, high: values.max()!)
            p.level(1, on: axes, Palette.target)
            p.level(0, on: axes, Palette.secondary, alpha: 0.35)
            p.curve(old, on: axes, Palette.oldCurve)
            p.curve(new, on: axes, Palette.newCurve)
            p.text(
                p.truncate(plot.spring.path, width: plot.area.width, size: nameSize), at: plot.name, size: nameSize,
                color: Palette.secondary)
        }
        if let more = layout.more { p.text(more.text, at: more.origin, size: nameSize, color: Palette.secondary) }
    }

    /// "— before  — after" at the header's right, in the curves' colours.
    private static func drawLegend(rightEdge: Double, y: Double, _ p: OverlayPainter) {
        let entries = [("before", OverlayPainter.Palette.oldCurve), ("after", OverlayPainter.Palette.newCurve)]
        let swatch = 12.0
        let gap = 4.0
        let spacing = 10.0
        let total = entries.map { swatch + gap + p.width($0.0, headerSize) }.reduce(0, +) + spacing
        var x = rightEdge - total
        let mid = y + (p.lineHeight(headerSize) / 2).rounded()
        for (label, color) in entries {
            p.fill(Rect(x: x, y: mid - 1, width: swatch, height: 2), color)
            x += swatch + gap
            p.text(label, at: Point(x: x, y: y), size: headerSize, color: OverlayPainter.Palette.secondary)
            x += p.width(label, headerSize) + spacing
        }
    }
}
