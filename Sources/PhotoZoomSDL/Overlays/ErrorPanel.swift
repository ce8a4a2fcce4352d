import PhotoZoomCore

/// A tuning file that failed to load: a red-bordered panel at the top of the window saying so,
/// with the reader's messages, until the loop clears it (the next good reload). The prototype
/// keeps running on the last good values, and the title says that too, so nobody tunes blind
/// against numbers that were never applied.
///
/// A file taken with warnings (an unknown key, a key written twice) gets the same panel in a
/// quieter kind: a thin amber border, a smaller title and fewer lines. Something was ignored
/// that the person probably meant, but the rest of the file is in effect.
enum ErrorPanel {
    enum Kind {
        case error, warning

        var title: String {
            switch self {
            case .error: return "tuning file not applied — still using the last good values"
            case .warning: return "tuning file warnings — the rest of the file is in effect"
            }
        }
        /// Message lines shown at most (after wrapping); more end in a line of "…".
        var maximumLines: Int { self == .error ? 8 : 3 }
        var border: Double { self == .error ? 2 : 1 }
        var titleSize: Double { self == .error ? 13 : 12 }
        var borderColor: Color { self == .error ? OverlayPainter.Palette.error : OverlayPainter.Palette.warning }
        var titleColor: Color { self == .error ? OverlayPainter.Palette.errorTitle : OverlayPainter.Palette.warning }
        var fill: Color { self == .error ? OverlayPainter.Palette.errorPanel : OverlayPainter.Palette.panel }
    }

    static let title = Kind.error.title
    static let maximumLines = Kind.error.maximumLines
    static let margin = 8.0, padding = 10.0, maximumWidth = 600.0, messageSize = 12.0

    /// The panel's width in a window of `width` points.
    static func width(in width: Double) -> Double { min(maximumWidth, width - 2 * margin) }

    /// The message lines as drawn, each with its indent in points: each message wrapped to
    /// `width` points, after a bullet when there are several (its later lines hang under the
    /// text, not the bullet), at most `maximumLines`, then "…" if any were left out.
    static func lines(_ errors: [String], width: Double, maximumLines: Int = maximumLines, _ p: OverlayPainter) -> [(
        text: String, indent: Double
    )] {
        let bullet = errors.count > 1 ? "• " : ""
        let hang = bullet.isEmpty ? 0 : p.width(bullet, messageSize)
        var lines: [(text: String, indent: Double)] = []
        for error in errors {
            let wrapped = p.wrap(error, width: width - hang, size: messageSize).filter { !$0.isEmpty }
            lines += wrapped.enumerated().map { $0.offset == 0 ? (bullet + $0.element, 0) : ($0.element, hang) }
            if lines.count > maximumLines { break }
        }
        if lines.count > maximumLines { lines = Array(lines.prefix(maximumLines)) + [("…", hang)] }
        return lines
    }

    /// Draws the panel with its top at `top`; returns it, so what follows goes below.
    @discardableResult
    static func draw(_ errors: [String], as kind: Kind = .error, top: Double, viewport: Size, _ p: OverlayPainter)
        -> Rect
    {
        typealias Palette = OverlayPainter.Palette
        let width = width(in: viewport.width)
        let inner = width - 2 * (padding + kind.border)
        let titleLines = p.wrap(kind.title, width: inner, size: kind.titleSize)
        let messages = lines(errors, width: inner, maximumLines: kind.maximumLines, p)
        let height =
            2 * (padding + kind.border) + p.lineHeight(kind.titleSize) * Double(titleLines.count) + 4
            + p.lineHeight(messageSize) * Double(messages.count)
        let panel = Rect(x: ((viewport.width - width) / 2).rounded(), y: top, width: width, height: height)
        p.fill(panel, kind.fill, alpha: 0.92, radius: 8)
        p.stroke(panel, kind.borderColor, width: kind.border, radius: 8)
        var y = panel.minY + kind.border + padding
        let x = panel.minX + kind.border + padding
        for line in titleLines {
            p.text(line, at: Point(x: x, y: y), size: kind.titleSize, color: kind.titleColor)
            y += p.lineHeight(kind.titleSize)
        }
        y += 4
        for line in messages {
            p.text(line.text, at: Point(x: x + line.indent, y: y), size: messageSize, color: Palette.text)
            y += p.lineHeight(messageSize)
        }
        return panel
    }
}
