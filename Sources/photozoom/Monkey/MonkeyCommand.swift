import ArgumentParser
import Dispatch
import Foundation
import PhotoZoomCore
import PhotoZoomLibrary
import PhotoZoomSDL
import PhotoZoomUntrusted

/// Drives the real systems with seeded random input and checks the invariants every tick.
struct MonkeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monkey",
        abstract: "Drive the sim with seeded random input and check its invariants every tick (headless).",
        discussion: """
            Runs episodes of up to 3,000 ticks, each over a random library and window, until the time \
            is up. A broken invariant stops it: the tick, the invariant, and the episode's recording \
            written to --out, which `photozoom replay FILE --verify` replays to the same state. Exit \
            0 when nothing broke, 1 when something did.
            """
    )

    @Option(parsing: .unconditional, help: "How long to run, in minutes.") var minutes: Double = 1
    @Option(help: "The seed: the same seed runs the same episodes.") var seed: UInt64 = 1
    @Option(help: "Folder for the recording of a failing episode (default: the current folder).") var out: String?

    static let episodeTicks = 3_000

    func validate() throws {
        guard minutes.isFinite, minutes > 0, minutes <= 24 * 60 else {
            throw ValidationError("--minutes must lie in (0, 1440], got \(minutes)")
        }
    }

    func run() throws {
        let out = self.out ?? "."
        try Self.requireWritableFolder(out)
        let started = DispatchTime.now().uptimeNanoseconds
        let budget = UInt64(minutes * 60 * 1e9)
        var episode = 0
        var ticks = 0
        repeat {
            if let failure = try Self.episode(seed: seed, number: episode, ticks: &ticks) {
                let path = "\(out)/monkey-seed\(seed)-episode\(episode).jsonl"
                try withUserFacingErrors(
                    telling: OutputFileError.self,
                    as: {
                        ToldError(
                            "tick \(failure.tick) of episode \(episode) broke: \(failure.violation); and the recording could not be written: \($0)"
                        )
                    }
                ) {
                    try OutputFile.saveText(failure.recording, to: path, overwrite: false, replaceFlag: "a new --out")
                }
                try StandardOutput.write(
                    PathBytes.escaped(
                        "monkey: tick \(failure.tick) of episode \(episode) (seed \(seed)) broke an invariant: \(failure.violation)"
                    ) + "\n"
                        + PathBytes.escaped(
                            "the session up to that tick: \(path) (photozoom replay \(path) --verify)") + "\n")
                throw ExitCode(1)
            }
            episode += 1
        } while DispatchTime.now().uptimeNanoseconds - started < budget
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        try StandardOutput.write(
            String(
                format: "monkey: %d episodes, %d ticks in %.0f s (seed %llu): no invariant broken\n", episode, ticks,
                seconds, seed))
    }

    /// The folder a failing episode is written to is checked before the first episode: a
    /// failure found in minute 50 must not be lost to a folder that was never there.
    static func requireWritableFolder(_ folder: String) throws {
        var info = stat()
        guard stat(folder, &info) == 0 else {
            throw refused("--out: cannot write in '\(folder)': \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw ValidationError("--out: '\(folder)' is not a folder") }
        guard access(folder, W_OK | X_OK) == 0 else {
            throw refused("--out: cannot write in '\(folder)': \(String(cString: strerror(errno)))")
        }
    }

    struct Failure {
        let tick: Int
        let violation: String
        let recording: String
    }

    /// One episode: a random library and window, random input, the invariants checked after
    /// every tick and the session recorded as it goes.
    static func episode(seed: UInt64, number: Int, ticks: inout Int) throws -> Failure? {
        var random = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(number))
        let count = [1, 2, 5, 18, 100, 1_000, 20_000].randomElement(using: &random)!
        let photos = (0..<count).map { i in
            PhotoInfo(
                name: "p\(i)",
                pixelSize: Size(
                    width: Double.random(in: 1...6000, using: &random).rounded(),
                    height: Double.random(in: 1...6000, using: &random).rounded()),
                isPlaceholder: Int.random(in: 0..<20, using: &random) == 0)
        }
        let viewport = Size(
            width: Double.random(in: 320...1400, using: &random).rounded(),
            height: Double.random(in: 400...1200, using: &random).rounded())
        var sim = Simulation(world: World(photos: photos, viewport: viewport))
        var input = MonkeyInput(seed: random.next(), viewport: viewport)
        var recorder = SessionRecorder()
        var text = try recorder.headerLine(
            SessionHeader(
                app: "photozoom monkey", platform: "headless", world: sim.world, pixelDensity: 1, contentHashes: []))
        for _ in 0..<episodeTicks {
            let previous = sim.world
            let events = input.next()
            sim.step(events)
            ticks += 1
            if let line = try recorder.line(after: sim, input: events) { text += line }
            if let violation = StateInvariants.violations(previous: previous, world: sim.world).first {
                return Failure(
                    tick: sim.world.tick, violation: violation, recording: text + (try recorder.endLine(sim)))
            }
        }
        return nil
    }
}
