/// What the label over each of two sessions compared says, in one place for `run --compare`'s
/// window, the replay window and a replay's frames, GIF and contact sheet: its side and name,
/// which side alone is driven, and on B's what differs from A, in lines that fit a strip. The
/// words are the core's; how wide a line is depends on a font, which the caller measures with.
public enum ComparedLabels {
    /// The sides' names, in order.
    public static let sides = ["A", "B"]
    /// The most lines a label takes; past them, its last line counts what it leaves out.
    public static let maximumLines = 3
    public static let separator = " · "

    /// Each side's label in pieces, to be laid out: `A · defaults`, `driven alone (Tab)` on the
    /// side driven alone, and on B's each value that differs (`springs.zoomIn.response 0.5 |
    /// 0.4`, as `TuningFile.comparison` words it) or `the same tuning`. A session alone has none.
    public static func pieces(files: [TuningFile], names: [String], driven: Int? = nil) -> [[String]] {
        guard files.count == 2 else { return files.map { _ in [] } }
        let differences = files[0].comparison(with: files[1])
        return names.enumerated().map { i, name in
            var pieces = ["\(sides[i])\(separator)\(name)"]
            if driven == i { pieces.append("driven alone (Tab)") }
            if i == 1 { pieces += differences.isEmpty ? ["the same tuning"] : differences }
            return pieces
        }
    }

    /// `labels`' pieces in lines of at most `room` wide, as `measure` gives a line's width:
    /// pieces joined by ` · ` while they fit, a piece too wide alone cut after a word with "…",
    /// and a label longer than `maximumLines` ending in `and 2 more`. Every label gets as many
    /// lines as the longest, so that sessions side by side keep scenes of the same size.
    public static func lines(_ labels: [[String]], room: Double, measure: (String) -> Double) -> [[String]] {
        let laid = labels.map { lines(of: $0, room: room, measure: measure) }
        let count = laid.map(\.count).max() ?? 0
        return laid.map { $0 + Array(repeating: "", count: count - $0.count) }
    }

    private static func lines(of pieces: [String], room: Double, measure: (String) -> Double) -> [String] {
        func fits(_ line: [String]) -> Bool { measure(line.joined(separator: separator)) <= room }
        var lines: [[String]] = []
        for piece in pieces {
            let piece = fits([piece]) ? piece : elided(piece, room: room, measure: measure)
            if let last = lines.last, fits(last + [piece]) {
                lines[lines.count - 1].append(piece)
            } else {
                lines.append([piece])
            }
        }
        if lines.count > maximumLines {
            lines.removeLast(lines.count - maximumLines)
            var shown = lines.joined().count
            while !lines[maximumLines - 1].isEmpty,
                !fits(lines[maximumLines - 1] + ["and \(pieces.count - shown) more"])
            {
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
}
