import ArgumentParser
import Foundation
import PhotoZoomCore
import PhotoZoomLibrary
import PhotoZoomSDL
import PhotoZoomUntrusted

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Open the window on a folder of photos (the default command)."
    )

    @OptionGroup var photoOptions: PhotoOptions

    @Option(parsing: .unconditional, help: "Draw this many frames, then exit 0 (for smoke tests and scripts).")
    var exitAfterFrames: Int?

    @Option(
        help: ArgumentHelp(
            "Tune live: watch this JSON file and apply each save at once (written with the defaults if it does not exist).",
            valueName: "FILE"))
    var tuning: String?

    @Option(
        help: ArgumentHelp(
            "Record the session to this new file (JSON Lines), to replay exactly with photozoom replay.",
            valueName: "FILE"))
    var record: String?

    @Option(
        help: ArgumentHelp(
            "Compare: run a second session beside the first under this tuning file, both under one pointer (Tab drives one alone); both files reload live.",
            valueName: "FILE"))
    var compare: String?

    func validate() throws {
        if let compare {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: compare, isDirectory: &isFolder) else {
                throw ValidationError(
                    "--compare: '\(compare)' does not exist (photozoom tuning init writes one to start from)")
            }
            guard !isFolder.boolValue else {
                throw ValidationError("--compare: '\(compare)' is a folder, not a tuning file")
            }
        }
        if let n = exitAfterFrames, n < 1 { throw ValidationError("--exit-after-frames must be at least 1, got \(n)") }
        if let record, FileManager.default.fileExists(atPath: record) {
            throw ValidationError("--record: '\(record)' already exists, and a recording never replaces a file")
        }
    }

    /// Set to 1, a run says on standard error where its opening's time went (`OpeningStamps`).
    static let openingStampsVariable = "PHOTOZOOM_OPENING_STAMPS"

    func run() throws {
        var options = Prototype.Options(
            photosFolder: photoOptions.folder, windowSize: photoOptions.size, exitAfterFrames: exitAfterFrames,
            tuningPath: tuning, recordPath: record)
        if let started = OpeningStamps.processStart() { options.stamps.stamp(.processStarted, at: started, cpu: 0) }
        options.stamps.stamp(.commandStarted)
        if ProcessInfo.processInfo.environment[Self.openingStampsVariable] == "1" {
            options.opened = { stamps in stamps.lines.forEach(logLine) }
        }
        options.appVersion = AppVersion.described
        options.versionNumber = AppVersion.number
        options.scan = photoOptions.scan
        options.comparePath = compare
        let interrupt = Interrupt.catchCtrlC()
        // The one file a run writes and may be refused is the default tuning, at a --tuning path that had none.
        try withUserFacingErrors(
            telling: OutputFileError.self,
            as: { ToldError("cannot write the default tuning: \($0)", isRefusal: $0.isRefusal) }
        ) {
            try Prototype.run(options, log: logLine) { line in
                // Advice only: a standard output that cannot be written costs the run nothing.
                try? StandardOutput.write(PathBytes.escaped(line) + "\n")
            }
            // Ended by Ctrl-C: the window closed as a close closes it (a recording finished,
            // nothing lost), and the status says so, as the shell's own 130 would.
            if interrupt.happened { throw ExitCode(130) }
        }
    }
}
