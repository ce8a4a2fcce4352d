import ArgumentParser
import Foundation
import PhotoZoomCore
import PhotoZoomSDL

struct TuningCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tuning",
        abstract: "Write or check a tuning file: every constant a person can feel, in named groups.",
        subcommands: [TuningInitCommand.self, TuningCheckCommand.self, TuningExportCommand.self]
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
        do {
            try OutputFile.check(path, overwrite: force, replaceFlag: "--force")
        } catch let error as OutputFileError {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        do {
            try OutputFile.saveText(TuningFile().text, to: path, overwrite: force, replaceFlag: "--force")
        } catch let error as OutputFileError where error.isUsage {
            // The file appeared since validate() looked.
            throw ValidationError(error.description)
        }
        try StandardOutput.write(escapingControlCharacters("wrote the default tuning to '\(path)'") + "\n")
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
        let data = try Self.contents(of: file)
        guard let text = String(data: data, encoding: .utf8) else { throw fail("'\(file)' is not UTF-8 text") }
        let problems = TuningFile.read(text).problems
        // Like a compiler's, each line starts with the file, so an editor can jump to it.
        for problem in problems { logLine("\(file): \(problem)") }
        if problems.isEmpty {
            try StandardOutput.write(escapingControlCharacters("\(file): no problems") + "\n")
        } else {
            throw ExitCode(problems.contains { $0.severity == .error } ? 2 : 1)
        }
    }

    /// A tuning file is a few kilobytes; reading stops here, so `/dev/zero` is refused rather
    /// than read until memory runs out.
    static let maximumSize = 1 << 20

    /// The file's bytes; or the system's reason they cannot be read (a folder's is "Is a
    /// directory"), as one line and exit 2.
    static func contents(of path: String) throws -> Data {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw fail("cannot read '\(path)': \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n > 0 {
                data.append(contentsOf: buffer[0..<n])
                if data.count > maximumSize { throw fail("'\(path)' is larger than 1 MB, too large for a tuning file") }
            } else if n == 0 {
                return data
            } else if errno != EINTR {
                throw fail("cannot read '\(path)': \(String(cString: strerror(errno)))")
            }
        }
    }
}
