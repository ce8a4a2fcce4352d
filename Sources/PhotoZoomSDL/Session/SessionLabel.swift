import PhotoZoomCore

/// The label of a session beside another, as drawn: `ComparedLabels`' lines measured in the
/// label's font, white on a dark strip of its own over the session.
public enum SessionLabel {
    static let style = TextStyle(pointSize: 13, color: Color(r: 255, g: 255, b: 255), leading: true)
    static let lineHeight = 20.0
    /// The text's inset from the strip's left and right edges.
    static let inset = 8.0

    /// `labels`' pieces (`ComparedLabels.pieces`) in lines across a strip `width` points wide,
    /// measured in `text`'s font at `scale` pixels a point.
    static func lines(_ labels: [[String]], width: Double, text: TextRenderer, scale: Double) -> [[String]] {
        ComparedLabels.lines(labels, room: width - 2 * inset) { line in
            text.width(of: line, pointSize: style.pointSize, scale: scale).map { $0 / scale } ?? Double(line.count)
                * style.pointSize * 0.6
        }
    }

    /// The strip's height for `lines` lines; none for none.
    static func height(lines: Int) -> Double { lines == 0 ? 0 : Double(lines) * lineHeight + 6 }

    /// The strip and its lines, `width` points wide.
    static func items(_ lines: [String], width: Double) -> [DrawItem] {
        guard !lines.isEmpty else { return [] }
        let strip = Rect(x: 0, y: 0, width: width, height: height(lines: lines.count))
        return [DrawItem(content: .fill(Color(r: 0, g: 0, b: 0, a: 255)), frame: strip, crop: .unit, alpha: 1)]
            + lines.enumerated().map { i, line in
                DrawItem(
                    content: .text(line, style),
                    frame: Rect(x: inset, y: 3 + Double(i) * lineHeight, width: width - 2 * inset, height: lineHeight),
                    crop: .unit, alpha: 1)
            }
    }
}
