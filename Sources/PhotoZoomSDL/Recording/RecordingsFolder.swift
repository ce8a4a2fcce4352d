import Foundation

/// Where F5 puts recordings: `$XDG_DATA_HOME/photozoom/recordings` (by default
/// `~/.local/share/photozoom/recordings`), each named for when it started.
enum RecordingsFolder {
    static var path: String { dataPath("recordings") }

    /// `$XDG_DATA_HOME/photozoom/<name>`; a relative XDG_DATA_HOME is ignored, as the spec says.
    static func dataPath(_ name: String) -> String {
        let env = ProcessInfo.processInfo.environment
        let data =
            env["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (env["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return data + "/photozoom/" + name
    }

    /// Creates the folder if needed and a new file in it, `session-2026-11-23T09-41-05.jsonl`
    /// (then `-2`, `-3`… if that name is taken: nothing is replaced).
    static func newSession(_ create: (String) throws -> SessionFile) throws -> SessionFile {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd'T'HH-mm-ss"
        let stem = path + "/session-" + formatter.string(from: Date())
        for n in 1...100 {
            let candidate = stem + (n == 1 ? "" : "-\(n)") + ".jsonl"
            if FileManager.default.fileExists(atPath: candidate) { continue }
            return try create(candidate)
        }
        throw SessionFileError(description: "a hundred recordings already started at \(stem)")
    }
}
