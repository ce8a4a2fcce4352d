import PhotoZoomCore

/// The label of a session beside another, in one place for `run --compare`'s window, the
/// replay window and a replay's frames, GIF and contact sheet: its side and name, which side
/// alone is driven, and on B's what differs, laid out in lines, white on a dark strip of its
/// own over the session.
public enum SessionLabel {
    static let style = TextStyle(pointSize: 13, color: Color(r: 255, g: 255, b: 255), leading: true)
    static let lineHeight = 20.0
    /// The text's inset from the strip's left and right edges.
    static let inset = 8.0
    /// The most lines a label takes; past them, its last line counts what it leaves out.
    static let maximumLines = 3
    static let separator = " · "

    /// Each side's label in pieces, to be laid out: `A · defaults`, `driven alone (Tab)` on the
    /// side driven alone, and on B's each value that differs (`springs.zoomIn.response 0.5 |
    /// 0.4`, as `TuningFile.comparison` words it) or `the same tuning`.
    public static func pieces(files: [TuningFile], names: [String], driven: Int? = nil) -> [[String]] {
        guard files.count == 2 else { return files.map { _ in [] } }
        let differences = files[0].comparison(with: files[1])
        return names.enumerated().map { i, name in
            var pieces = ["\(WindowSessions.sides[i])\(separator)\(name)"]
            if driven == i { pieces.append("driven alone (Tab)") }
            if i == 1 { pieces += differences.isEmpty ? ["the same tuning"] : differences }
            return pieces
        }
    }

    /// `labels`' pieces in lines across a strip `width` points wide, measured in `text`'s font
    /// at `scale` pixels a point; see `lines(_:width:measure:)`.
    static func lines(_ labels: [[String]], width: Double, text: TextRenderer, scale: Double) -> [[String]] {
        lines(labels, width: width) { line in
            text.width(of: line, pointSize: style.pointSize, scale: scale).map { $0 / scale } ?? Double(line.count) * style.pointSize * 0.6
        }
    }

    /// `labels`' pieces in lines across a strip `width` points wide, as `measure` gives a
    /// line's width in points: pieces joined by ` · ` while they fit, a piece too wide alone
    /// cut after a word with "…", and a label longer than `maximumLines` ending in `and 2
    /// more`. Every label gets as many lines as the longest, so that sessions side by side
    /// keep scenes of the same size.
    static func lines(_ labels: [[String]], width: Double, measure: (String) -> Double) -> [[String]] {
        let room = width - 2 * inset
        let laid = labels.map { lines(of: $0, room: room, measure: measure) }
        let count = laid.map(\.count).max() ?? 0
        return laid.map { $0 + Array(repeating: "", count: count - $0.count) }
    }

    private static func lines(of pieces: [String], room: Double, measure: (String) -> Double) -> [String] {
        func fits(_ line: [String]) -> Bool { measure(line.joined(separator: separator)) <= room }
        var lines: [[String]] = []
        for piece in pieces {
            let piece = fits([piece]) ? piece : elided(piece, room: room, measure: measure)
            if let last = lines.last, fits(last + [piece]) { lines[lines.count - 1].append(piece) } else { lines.append([piece]) }
        }
        if lines.count > maximumLines {
            lines.removeLast(lines.count - maximumLines)
            var shown = lines.joined().count
            while !lines[maximumLines - 1].isEmpty, !fits(lines[maximumLines - 1] + ["and \(pieces.count - shown) more"]) {
                lines[maximumLines - 1].removeLast()
                shown -= 1
            }
            lines[maximumLines - 1].append("and \(pieces.count - shown) more")
        }
        return lines.map { $0.joined(separator: separator) }
    }

    /// `piece` cut to fit `room` with "…": after its last whole word that fits, else within
    /// its first.
    static func elided(_ piece: String, room: Double, measure: (String) -> Double) -> String {
        let characters = Array(piece)
        var end = characters.count
        while end > 0, measure(String(characters[..<end]) + "…") > room { end -= 1 }
        if let space = characters[..<end].lastIndex(of: " "), space > 0 { return String(characters[..<space]) + " …" }
        return String(characters[..<end]) + "…"
    }

    /// The strip's height for `lines` lines; none for none.
    static func height(lines: Int) -> Double { lines == 0 ? 0 : Double(lines) * lineHeight + 6 }

    /// The strip and its lines, `width` points wide.
    static func items(_ lines: [String], width: Double) -> [DrawItem] {
        guard !lines.isEmpty else { return [] }
        let strip = Rect(x: 0, y: 0, width: width, height: height(lines: lines.count))
        return [DrawItem(content: .fill(Color(r: 0, g: 0, b: 0, a: 255)), frame: strip, crop: .unit, alpha: 1)]
            + lines.enumerated().map { i, line in
                DrawItem(content: .text(line, style), frame: Rect(x: inset, y: 3 + Double(i) * lineHeight, width: width - 2 * inset, height: lineHeight),
                         crop: .unit, alpha: 1)
            }
    }
}
