import PhotoZoomCore

/// The lines naming a session beside another (`A · defaults`, `B · b.json`, what differs):
/// white on a dark strip across its top, a line each.
enum SessionLabel {
    static let style = TextStyle(pointSize: 13, color: Color(r: 255, g: 255, b: 255), leading: true)
    static let lineHeight = 20.0

    /// The strip's height for `lines` lines; none for none.
    static func height(lines: Int) -> Double { lines == 0 ? 0 : Double(lines) * lineHeight + 6 }

    /// The strip and its lines, `width` points wide, at `alpha` over what is under it.
    static func items(_ lines: [String], width: Double, alpha: Double = 1) -> [DrawItem] {
        guard !lines.isEmpty else { return [] }
        let strip = Rect(x: 0, y: 0, width: width, height: height(lines: lines.count))
        return [DrawItem(content: .fill(Color(r: 0, g: 0, b: 0, a: 255)), frame: strip, crop: .unit, alpha: alpha)]
            + lines.enumerated().map { i, line in
                DrawItem(content: .text(line, style), frame: Rect(x: 8, y: 3 + Double(i) * lineHeight, width: width - 16, height: lineHeight),
                         crop: .unit, alpha: 1)
            }
    }
}
