import ArgumentParser
import PhotoZoomSDL

/// The project's benchmark: every speed claim we make comes from here, measured headless.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure start-up, the sim tick (also over libraries of 100 to 100,000 photos), spring evaluation, a tuning reload and a replay (headless)."
    )

    /// The library sizes the per-tick percentiles are reported for.
    static let librarySizes = [100, 10_000, 100_000]
    static let maximumRepeats = 1_000
    /// Ticks timed per repetition over each synthetic library: two whole sessions.
    static let ticksPerRepeat = 1_200

    @OptionGroup var photoOptions: PhotoOptions

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @Option(parsing: .unconditional, help: "Repetitions of each measurement; the median is reported (the library tick percentiles pool them).")
    var repeats = 5

    func validate() throws {
        guard (1...Self.maximumRepeats).contains(repeats) else { throw ValidationError("--repeats must lie in 1...\(Self.maximumRepeats), got \(repeats)") }
    }

    func run() throws {
        let bench = Benchmarks(viewport: photoOptions.size, repeats: repeats, ticks: Self.ticksPerRepeat)
        let report: BenchReport
        do {
            let startup = try bench.startup(folder: photoOptions.folder, scan: photoOptions.scan)
            let simTick = try bench.simTick()
            let libraries = try Self.librarySizes.map { try bench.libraryTicks(count: $0) }
            let reload = try ReloadBenchmark(viewport: photoOptions.size, folder: photoOptions.folder, scan: photoOptions.scan,
                                             saves: max(8, repeats * 4)).run()
            let replay = try ReplayBenchmark(viewport: photoOptions.size, sessions: 10).run()
            report = BenchReport(measurements: [startup, simTick, try bench.springs()], libraries: libraries, reload: reload, replay: replay)
        } catch let error as PhotoFolderError {
            throw fail(error.description)
        } catch let error as SDLError {
            throw fail(error.description)
        } catch let error as SessionMissedPhases {
            throw fail(error.description)
        } catch let error as NoRoomForSession {
            throw fail(error.description)
        } catch let error as ReplayDiverged {
            throw fail(error.description)
        } catch let error as ReloadNotNoticed {
            throw fail(error.description)
        } catch let error as WindowError {
            throw fail(error.description)
        } catch let error as TuningWatchError {
            throw fail(error.description)
        } catch let error as OutputFileError {
            throw fail("cannot write the benchmark's tuning file: \(error.description)")
        }
        try StandardOutput.write((json ? try report.json() : report.table) + "\n")
    }
}
