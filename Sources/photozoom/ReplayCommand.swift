import ArgumentParser
import Foundation
import PhotoZoomCore
import PhotoZoomLibrary
import PhotoZoomSDL
import PhotoZoomUntrusted

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract:
            "Replay a recorded session in a window with a timeline, or headless: check every digest, draw frames, a GIF or a contact sheet.",
        discussion: """
            Without --verify, --frames, --gif or --contact-sheet the session plays in a window at the \
            pace it was recorded, with a timeline to scrub (space plays and pauses, ← → step a tick, \
            shift ← → jump between presses, releases and landings, S changes the speed).

            Exit status: 0 when every digest matches; 1 at the first that does not, after the tick \
            and what differs (key.path: recorded → replayed), or when the system refuses to write \
            an output; 2 for a file that is not a session this build can read, or an output that \
            already exists. A file cut short (a recording that was killed) is replayed up to its \
            last whole line, and the line it stopped at is said on stderr.
            """
    )

    @Argument(help: "The recorded session (JSON Lines, from photozoom run --record).")
    var file: String

    @Flag(help: "Replay as fast as possible and check every digest.")
    var verify = false

    @OptionGroup(title: "Headless outputs")
    var outputs: ReplayOutputs

    @Option(
        help: ArgumentHelp(
            "Replay the recorded input under this tuning file too, drawn beside the recording (A) as B, labelled with what differs, in the window or into --frames, --gif or --contact-sheet; the moments where B goes otherwise are said, marked on the window's timeline and listed on the sheet.",
            valueName: "FILE"))
    var compare: String?

    @Option(
        help:
            "Where the recorded photos are, by name (default: the folder the recording was made from, if it is here, else the bundled assets/photos)."
    )
    var photos: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("In the window: open paused at this tick (a bug report's moment).", valueName: "TICK"))
    var at: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("In the window: draw this many frames, then exit (for scripts).", visibility: .hidden))
    var exitAfterFrames: Int?

    /// A session file is text: a few megabytes for many minutes. Reading stops here.
    static let maximumSize = 512 << 20

    /// Whether the session plays in the window: no headless output was asked for.
    var inWindow: Bool { !verify && !outputs.drawsAnything }

    func validate() throws {
        if compare != nil, verify, !outputs.drawsAnything {
            throw ValidationError(
                "--compare draws B beside the recording, in the window or into --frames, --gif or --contact-sheet; --verify alone draws nothing"
            )
        }
        if let n = exitAfterFrames, n < 1 { throw ValidationError("--exit-after-frames must be at least 1, got \(n)") }
        if let at, at < 0 { throw ValidationError("--at must be a tick, 0 or more, got \(at)") }
        if at != nil, !inWindow {
            throw ValidationError("--at is for the window; the headless outputs replay the whole session")
        }
    }

    func run() throws {
        let recording = try withUserFacingErrors(telling: SessionFormatError.self, as: { ToldError("'\(file)' \($0)") })
        {
            try SessionRecording.read(try Self.text(of: file))
        }
        if let stopped = recording.stopped { logLine("photozoom: '\(file)': \(stopped)") }
        try withUserFacingErrors {
            guard !inWindow else {
                return try showWindow(
                    recording,
                    compare: try compare.map { try comparison(with: $0, recording: recording) } ?? recorded(recording))
            }
            let started = DispatchTime.now().uptimeNanoseconds
            let replay = outputs.replay(
                compare: try compare.map { try comparison(with: $0, recording: recording) } ?? recorded(recording))
            let outcome = try replay.run(
                recording, name: file, photos: photosFolder(for: recording), verify: verify, log: logLine)
            // A recording of two sessions compared verifies both.
            if let b = recording.compared {
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                let outcomeB = SessionReplay.run(b)
                let failedA = (try? report(outcome, recording: recording, seconds: seconds, side: "A")) == nil
                try report(
                    outcomeB, recording: b,
                    seconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 - seconds, side: "B")
                if failedA { throw ExitCode(1) }
                return
            }
            try report(
                outcome, recording: recording, seconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
        }
    }

    /// Where the recorded photos are looked for: `--photos` when given, else the folder the
    /// recording was made from (a bug report's, on its own machine), else the bundled photos;
    /// a recording that names its folder is told which was used.
    private func photosFolder(for recording: SessionRecording) -> String {
        if let photos { return photos }
        guard let recorded = recording.header.photosFolder else { return PhotoFolder.bundledFolder() }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: recorded, isDirectory: &isFolder), isFolder.boolValue {
            logLine("photozoom: replaying with the photos in '\(recorded)', where it was recorded")
            return recorded
        }
        logLine(
            "photozoom: '\(recorded)', where it was recorded, is not here; replaying with the bundled photos (--photos names another folder)"
        )
        return PhotoFolder.bundledFolder()
    }

    /// The tuning in `path` as B beside `recording`'s: its differences said on stderr, and
    /// each side's label, as the window labels it. A file with errors is listed as `tuning check` lists it, exit 2.
    private func comparison(with path: String, recording: SessionRecording) throws -> HeadlessReplay.Comparison {
        let b = try TuningCheckCommand.fileWithoutErrors(path)
        var recorded = TuningFile()
        recorded.tuning = recording.header.tuning
        let differences = recorded.comparison(with: b)
        let name = (path as NSString).lastPathComponent
        if differences.isEmpty {
            logLine("photozoom: '\(name)' is the recorded tuning: B will move as A does")
        } else {
            logLine("photozoom: B ('\(name)') differs from the recorded tuning (A) in \(differences.count) values:")
            for line in differences { logLine("photozoom:   " + line) }
        }
        return HeadlessReplay.Comparison(
            tuning: b.tuning,
            labels: ComparedLabels.pieces(
                files: [recorded, b],
                names: ["\((file as NSString).lastPathComponent), as recorded", name]))
    }

    private func showWindow(_ recording: SessionRecording, compare: HeadlessReplay.Comparison?) throws {
        let options = ReplayWindow.Options(
            recording: recording, name: URL(fileURLWithPath: file).lastPathComponent,
            photosFolder: photosFolder(for: recording), pausedAt: at, exitAfterFrames: exitAfterFrames, compare: compare
        )
        do {
            try ReplayWindow.run(options, log: logLine)
        } catch let WindowError.noDisplay(reason) {
            throw fail(
                "no display available (\(reason)); replay headless with --verify, --frames, --gif or --contact-sheet")
        }
    }

    /// A recording of two sessions compared draws B beside A, each as recorded.
    private func recorded(_ recording: SessionRecording) -> HeadlessReplay.Comparison? {
        guard let b = recording.compared else { return nil }
        var a = TuningFile()
        var other = TuningFile()
        a.tuning = recording.header.tuning
        other.tuning = b.header.tuning
        return HeadlessReplay.Comparison(
            beside: .recorded(b),
            labels: ComparedLabels.pieces(files: [a, other], names: ["as recorded", "as recorded"]))
    }

    /// Says how the replay went; `side`: which of two compared sessions it was, named first.
    private func report(
        _ outcome: SessionReplay.Outcome, recording: SessionRecording, seconds: Double, side: String? = nil
    ) throws {
        let prefix = side.map { "\($0) " } ?? ""
        switch outcome {
        case .verified(let ticks, let digests):
            if verify, recording.isDamaged, let stopped = recording.stopped {
                // What came before the damage replays, but a changed recording proves nothing.
                try StandardOutput.write(
                    PathBytes.escaped(
                        prefix
                            + "not verified: the recording is damaged at \(stopped) (\(digests) digests before it match)"
                    ) + "\n")
                throw ExitCode(1)
            }
            // Without --verify only what was drawn was asked for: the replay says it ran, not
            // that it checked. Drawing sets the pace then, so the speed is a verify's alone.
            guard verify else { return try StandardOutput.write(prefix + "replayed: \(ticks) ticks\n") }
            let speed = Double(ticks) / recording.header.loop.tickRate / max(seconds, 1e-9)
            try StandardOutput.write(
                prefix + "verified: \(ticks) ticks, \(digests) digests match"
                    + (outputs.drawsAnything ? "" : String(format: " (%.0f× real time)", speed)) + "\n")
        case .diverged(let d):
            var lines = [prefix + "diverged at tick \(d.tick): recorded digest \(d.recorded), replayed \(d.replayed)"]
            if let at = d.stateTick {
                lines.append(
                    d.tick == at ? "the state there:" : "the state at tick \(at), the next the recording holds:")
                lines += d.differences.map { "  " + $0 }
            } else {
                lines += d.differences
            }
            try StandardOutput.write(lines.map { PathBytes.escaped($0) + "\n" }.joined())
            throw ExitCode(1)
        }
    }

    static func text(of path: String) throws -> String {
        switch UntrustedFile.contents(of: path, maximumBytes: maximumSize) {
        case .success(let data): return String(decoding: data, as: UTF8.self)
        case .failure(let refusal): throw fail("cannot read '\(path)': \(refusal)")
        }
    }
}
