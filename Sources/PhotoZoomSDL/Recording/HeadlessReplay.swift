import Foundation
import PhotoZoomCore

/// A replay drawn headless: PNG frames, an animated GIF and a contact sheet, any of them
/// together, all fed by the one replay pass that also checks the digests; beside it, when
/// asked, the same input under another tuning. `photozoom replay` draws what its flags ask
/// for, and F6 draws a bug report's contact sheet, both through this.
public struct HeadlessReplay: Equatable, Sendable {
    /// A new (or empty) folder for PNG frames.
    public var frames: String?
    /// Frames per second of session time, with `frames`.
    public var fps: Int
    /// A new file for the animated GIF.
    public var gif: String?
    public var gifFPS: Int
    /// The widest the GIF may be, in pixels; a wider window is scaled down to fit.
    public var gifWidth: Int
    /// A new PNG for the contact sheet.
    public var contactSheet: String?
    /// Another tuning to replay the recorded input under, drawn beside the recording.
    public var compare: Comparison?

    /// Another tuning to replay the recorded input under, drawn beside the recording, and each
    /// side's label (`ComparedLabels.pieces`), laid out where it is drawn.
    public struct Comparison: Equatable, Sendable {
        public var beside: SessionReplay.Beside
        public var labels: [[String]]
        public init(tuning: Tuning, labels: [[String]]) { self.init(beside: .tuning(tuning), labels: labels) }
        public init(beside: SessionReplay.Beside, labels: [[String]]) {
            self.beside = beside
            self.labels = labels
        }
    }

    // A GIF at 20 fps and at most 480 wide by default: an attachment of a few MB for a busy
    // session (docs/performance.md has the sizes measured).
    public init(
        frames: String? = nil, fps: Int = 30, gif: String? = nil, gifFPS: Int = 20, gifWidth: Int = 480,
        contactSheet: String? = nil,
        compare: Comparison? = nil
    ) {
        self.frames = frames
        self.fps = fps
        self.gif = gif
        self.gifFPS = gifFPS
        self.gifWidth = gifWidth
        self.contactSheet = contactSheet
        self.compare = compare
    }

    public var drawsAnything: Bool { frames != nil || gif != nil || contactSheet != nil }

    /// Replays `recording` (named `name` in the sheet's title), drawing what was asked with the
    /// photos in `photos`, and says what was written to `log`; `verify` puts the verdict in
    /// the sheet's title. A comparison first replays both sessions without drawing, so that
    /// where B goes otherwise is said before anything is drawn and the sheet has a tile at
    /// each such tick.
    public func run(
        _ recording: SessionRecording, name: String, photos: String, verify: Bool,
        log: @escaping (String) -> Void
    ) throws -> SessionReplay.Outcome {
        guard drawsAnything else { return SessionReplay.run(recording) }
        let differences = compare.map { MomentComparison.differences(recording, beside: $0.beside) } ?? []
        if compare != nil { Self.say(differences, log: log) }
        if let frames { try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true) }
        let drawing = try ReplayDrawing(
            recording, outputs: self, photos: try ReplayPhotos.load(recording.header.photos, folder: photos, log: log),
            differences: differences, log: log)
        let outcome =
            try compare.map { compare in
                try SessionReplay.run(recording, beside: compare.beside) { try drawing.after($0, beside: $1) }
            } ?? SessionReplay.run(recording) { try drawing.after($0) }
        if let frames { log("photozoom: wrote \(drawing.framesWritten) frames to '\(frames)'") }
        guard drawing.ticks > 0 else {
            // The first frame's layout already differed: there is nothing to draw.
            for path in [gif, contactSheet].compactMap({ $0 }) {
                log("photozoom: '\(path)' not written: no tick was replayed")
            }
            return outcome
        }
        if let movie = try drawing.finishGif() {
            log(
                "photozoom: wrote '\(movie.path)': \(movie.width)x\(movie.height), \(movie.framesDrawn) frames at \(gifFPS) fps "
                    + "(\(movie.framesWritten) once still ones are merged), \(Self.megabytes(movie.path))")
        }
        if let path = contactSheet, let sheet = try drawing.endSheet() {
            let ticks = "ticks \((recording.header.state?.tick ?? 0) + 1)–\(drawing.lastTick)"
            try sheet.write(
                to: path, title: title(name: name, ticks: ticks, outcome: verify ? outcome : nil, sheet: sheet),
                notes: compare == nil ? [] : Self.notes(differences), log: log)
            let differing = compare == nil ? "" : ", \(differences.count) where B differs"
            log(
                "photozoom: wrote '\(path)': \(sheet.momentCount) moments\(differing)"
                    + (sheet.momentsLeftOut > 0 ? ", \(sheet.momentsLeftOut) left out" : ""))
        }
        return outcome
    }

    /// `drag-dismiss.jsonl · ticks 1–322 · verified · 6 moments`: the sheet's first line.
    private func title(name: String, ticks: String, outcome: SessionReplay.Outcome?, sheet: ContactSheet) -> String {
        var parts = [(name as NSString).lastPathComponent, ticks]
        switch outcome {
        case .verified?: parts.append("verified")
        case .diverged(let d)?: parts.append("diverged at tick \(d.tick)")
        case nil: break
        }
        let left = sheet.momentsLeftOut
        parts.append("\(sheet.momentCount) moments" + (left > 0 ? ", \(left) left out" : ""))
        return parts.joined(separator: " · ")
    }

    /// Every moment where B goes otherwise than A, one line each.
    private static func say(_ differences: [MomentDifference], log: (String) -> Void) {
        guard !differences.isEmpty else { return log("photozoom: B reaches every phase on the tick A does") }
        log(
            "photozoom: B's moments differ from A's at \(differences.count) \(differences.count == 1 ? "tick" : "ticks"):"
        )
        for difference in differences { log("photozoom:   " + difference.label) }
    }

    /// The most moments where B differs that the sheet's title lists; stderr has them all.
    static let notedDifferences = 3

    /// The lines under the sheet's title: the first few moments where B differs, and how many more.
    private static func notes(_ differences: [MomentDifference]) -> [String] {
        guard !differences.isEmpty else { return ["B · reaches every phase on the tick A does"] }
        let shown = differences.prefix(notedDifferences).map { "B · " + $0.label }
        let more = differences.count - shown.count
        return shown + (more > 0 ? ["B · and \(more) more where it differs"] : [])
    }

    private static func megabytes(_ path: String) -> String {
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        return String(format: "%.2f MB", Double(bytes) / 1e6)
    }
}
