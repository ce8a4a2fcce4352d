import Foundation
import PhotoZoomCore
import PhotoZoomLibrary

/// The tuning file of a running window: the last good values, and what each save did to them.
/// A save with errors never replaces the last good values; its problems stay on show until a
/// good save clears them. A file deleted or replaced by a folder keeps the last good values
/// too, and is taken up again when it returns.
public final class LiveTuning {
    public let path: String
    public private(set) var good: TuningFile
    /// What the window shows until a good save: the problems of the last save, or why the
    /// file cannot be read. Empty when the file in effect is the file on disk.
    public private(set) var problems: [String] = []
    /// The warnings of the file in effect (an unknown key, a key written twice), as the window
    /// shows them: "my.json: unknown key grid.celGap — did you mean cellGap? (line 3, column 5)".
    /// Until a save without them; a save with errors shows its problems instead.
    public private(set) var warnings: [String] = []

    /// What one save did.
    public enum Outcome: Equatable {
        /// New values, to stamp as a reload. `warnings` were ignored keys and the like.
        case applied(TuningFile, changes: [TuningChange], springs: [SpringChange], warnings: [String])
        /// Saved with the same values.
        case unchanged(warnings: [String])
        /// Errors in the file: the last good values stay.
        case rejected([String])
        /// Deleted, a folder, or unreadable: the last good values stay.
        case unavailable(String)
        /// Empty: a save still in progress, or a file being started over.
        case empty
    }

    /// The file at `path` as it is now, over the defaults.
    init(path: String, good: TuningFile, problems: [String], warnings: [String] = []) {
        self.path = path
        self.good = good
        self.problems = problems
        self.warnings = warnings
    }

    /// The warnings among `problems`, named by the file's name rather than its whole path: the
    /// window has less room than stderr.
    static func warnings(_ problems: [TuningProblem], path: String) -> [String] {
        let name = (path as NSString).lastPathComponent
        return problems.filter { $0.severity == .warning }.map { "\(name): \($0.message)" }
    }

    /// Opens the file for a run: reads it if it is there, or writes the defaults there first.
    /// Returns the start-up lines to print. A path that cannot be a file (a folder, a missing
    /// folder) throws: the person asked for something we cannot watch.
    public static func start(path: String) throws -> (live: LiveTuning, lines: [String]) {
        var info = stat()
        if stat(path, &info) != 0, errno == ENOENT {
            try OutputFile.saveText(TuningFile().text, to: path, overwrite: false, replaceFlag: "--force")
            return (
                LiveTuning(path: path, good: TuningFile(), problems: []),
                ["tuning: wrote the defaults to '\(path)' — edit and save it to tune live"]
                    + [TuningSchemaFile.place(beside: path)].compactMap { $0 }
            )
        }
        let text = try TuningText.read(path)
        let reading = TuningFile.read(text)
        let errors = reading.problems.filter { $0.severity == .error }
        let lines = reading.problems.map { "\(path): \($0)" }
        guard errors.isEmpty else {
            return (
                LiveTuning(path: path, good: TuningFile(), problems: lines),
                ["tuning: '\(path)' has errors, so the run starts on the defaults; fix and save it to tune live"]
                    + lines
            )
        }
        return (
            LiveTuning(path: path, good: reading.file, problems: [], warnings: warnings(reading.problems, path: path)),
            ["tuning: watching '\(path)' — edit and save it to tune live"] + lines
        )
    }

    /// Reads the file after a save and takes it if it is good.
    public func reload() -> Outcome {
        let (outcome, read) = evaluate()
        switch outcome {
        case .applied(let file, _, _, _):
            good = file
            problems = []
            warnings = read
        case .unchanged:
            problems = []
            warnings = read
        case .rejected(let lines):
            problems = lines
            warnings = []
        case .unavailable(let reason):
            problems = [reason]
            warnings = []
        case .empty:
            break
        }
        return outcome
    }

    /// What the save did, and its warnings as the window shows them.
    private func evaluate() -> (Outcome, warnings: [String]) {
        let text: String
        do {
            text = try TuningText.read(path)
        } catch let error as TuningTextError {
            return (.unavailable(error.whileRunning), [])
        } catch {
            return (.unavailable("tuning: cannot read '\(path)': \(error)"), [])
        }
        if text.allSatisfy(\.isWhitespace) { return (.empty, []) }
        let reading = TuningFile.read(text)
        let lines = reading.problems.map { "\(path): \($0)" }
        if reading.problems.contains(where: { $0.severity == .error }) { return (.rejected(lines), []) }
        let warnings = Self.warnings(reading.problems, path: path)
        // The loop's settings cannot change under a running loop, nor the limits photos were
        // read under; they stay as the run began.
        let changes = good.changes(to: reading.file)
        let file = reading.file.keepingStartSettings(of: good)
        guard file != good || changes.contains(where: TuningFile.appliesAtNextStart) else {
            return (.unchanged(warnings: lines), warnings)
        }
        return (.applied(file, changes: changes, springs: good.springChanges(to: file), warnings: lines), warnings)
    }

    /// The most problems a save lists; the rest are counted. A file of thousands of repeated
    /// keys is told in a screenful, not in 85,000 lines on every save (`tuning check` lists all).
    public static let listedProblems = 20

    /// The lines a save writes to stderr: one naming what changed, then the first problems.
    public static func lines(_ outcome: Outcome, path: String) -> [String] {
        func listed(_ problems: [String]) -> [String] {
            guard problems.count > listedProblems else { return problems }
            return problems.prefix(listedProblems) + [
                "\(path): and \(problems.count - listedProblems) more problems (photozoom tuning check '\(path)' lists them all)"
            ]
        }
        switch outcome {
        case .applied(_, let changes, _, let warnings):
            let named = changes.map {
                TuningFile.appliesAtNextStart($0) ? "\($0) (applies at the next start)" : $0.description
            }
            return ["tuning reloaded: " + named.joined(separator: ", ")] + listed(warnings)
        case .unchanged(let warnings):
            return ["tuning: '\(path)' saved with no changes"] + listed(warnings)
        case .rejected(let lines):
            return ["tuning: '\(path)' not applied, still running on the last good values:"] + listed(lines)
        case .unavailable(let reason):
            return [reason]
        case .empty:
            return ["tuning: '\(path)' is empty; still running on the last good values until it is saved with some"]
        }
    }
}
