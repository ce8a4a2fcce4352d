import ArgumentParser
import Foundation
import PhotoZoomCore
import PhotoZoomLibrary
import PhotoZoomSDL
import PhotoZoomUntrusted

struct TuningCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tuning",
        abstract: "Write or check a tuning file: every constant a person can feel, in named groups.",
        subcommands: [
            TuningInitCommand.self, TuningCheckCommand.self, TuningExportCommand.self, TuningDiffCommand.self,
        ]
    )
}

struct TuningInitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write the default tuning to a file, to edit."
    )

    @Argument(help: "The tuning file to write (JSON).")
    var path: String

    @Flag(help: "Replace PATH if it already exists.")
    var force = false

    func validate() throws {
        try withUserFacingErrors { try OutputFile.check(path, overwrite: force, replaceFlag: "--force") }
    }

    func run() throws {
        // A file refused here appeared since validate() looked.
        try withUserFacingErrors {
            try OutputFile.saveText(TuningFile().text, to: path, overwrite: force, replaceFlag: "--force")
        }
        if let note = TuningSchemaFile.place(beside: path) { logLine("photozoom: " + note) }
        try StandardOutput.write(PathBytes.escaped("wrote the default tuning to '\(path)'") + "\n")
    }
}

struct TuningCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a tuning file and list its problems.",
        discussion: """
            Each problem is one line on stderr, FILE: error: … or FILE: warning: …. Exit status: 0 \
            when the file is good, 1 when it has warnings only (unknown or repeated keys), 2 when it \
            has errors (a value that cannot be used, or a file that is not JSON or cannot be read).
            """
    )

    @Argument(help: "The tuning file to check.")
    var file: String

    func run() throws {
        let text = try Self.text(of: file)
        let problems = TuningFile.read(text).problems
        // Like a compiler's, each line starts with the file, so an editor can jump to it.
        for problem in problems { logLine("\(file): \(problem)") }
        if problems.isEmpty {
            try StandardOutput.write(PathBytes.escaped("\(file): no problems") + "\n")
        } else {
            throw ExitCode(problems.contains { $0.severity == .error } ? 2 : 1)
        }
    }

    /// The tuning in `path`, with any warnings; a file with errors is listed as `check` lists
    /// it, and exit 2.
    static func fileWithoutErrors(_ path: String) throws -> TuningFile {
        let read = TuningFile.read(try text(of: path))
        let errors = read.problems.filter { $0.severity == .error }
        for problem in errors { logLine("\(path): \(problem)") }
        guard errors.isEmpty else { throw ExitCode(2) }
        return read.file
    }

    /// The file's text; or why it cannot be had (a folder, too large, not UTF-8, the system's
    /// reason), as one line and exit 2.
    static func text(of path: String) throws -> String {
        try withUserFacingErrors { try TuningText.read(path) }
    }
}
