import ArgumentParser
import Foundation
import PhotoZoomCore
import PhotoZoomLibrary
import PhotoZoomSDL

/// The project's benchmark: every speed claim we make comes from here, measured headless.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract:
            "Measure a photo folder's opening, frames and memory, the sim tick (also over libraries of 100 to 100,000 photos), spring evaluation, a tuning reload and a replay (headless)."
    )

    /// The library sizes the per-tick percentiles are reported for.
    static let librarySizes = [100, 10_000, 100_000]
    static let maximumRepeats = 1_000
    /// Ticks timed per repetition over each synthetic library: two whole sessions.
    static let ticksPerRepeat = 1_200

    @OptionGroup var photoOptions: PhotoOptions

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Run the sim-tick sessions on a grid of N columns, as zoomed out or in (default: as many as fit at the tuning's minimum cell size).",
            valueName: "N"))
    var columns: Int?

    @Option(
        parsing: .unconditional,
        help: "Repetitions of each measurement; the median is reported (the library tick percentiles pool them).")
    var repeats = 5

    @Option(
        help: ArgumentHelp(
            "Photos without camera previews (scripts/make-library.sh --no-previews 40 DIR) to open folders of 200, 1,000 and 10,000 of, cold and warm.",
            valueName: "DIR"))
    var scalePhotos: String?

    @Option(
        help: ArgumentHelp(
            "A 12 MP HEIC (scripts/make-library.sh --heic 1 DIR): its thumbnail's CPU time against heif-thumbnailer's, and a first screen of 96 of it.",
            valueName: "FILE"))
    var heic: String?

    func validate() throws {
        var folder: ObjCBool = false
        if let scalePhotos,
            !FileManager.default.fileExists(atPath: scalePhotos, isDirectory: &folder) || !folder.boolValue
        {
            throw ValidationError("--scale-photos must name a folder of photos, got '\(scalePhotos)'")
        }
        if let heic, !FileManager.default.fileExists(atPath: heic, isDirectory: &folder) || folder.boolValue {
            throw ValidationError("--heic must name a HEIC file, got '\(heic)'")
        }
        guard (1...Self.maximumRepeats).contains(repeats) else {
            throw ValidationError("--repeats must lie in 1...\(Self.maximumRepeats), got \(repeats)")
        }
        if let columns { _ = try Self.tuning(columns: columns, width: photoOptions.size.width) }
        // Before any benchmark runs: a window too small for the session was refused only after
        // the library's, some ten seconds in.
        try withUserFacingErrors(telling: NoRoomForSession.self, as: { ToldError("--size: \($0)") }) {
            _ = try BenchScript(viewport: photoOptions.size, photos: 2)
        }
    }

    /// The tuning whose grid opens with `columns` columns in a window `width` wide: the minimum
    /// cell size that fits exactly that many (halfway between the sizes of one more and one fewer).
    static func tuning(columns: Int, width: Double) throws -> Tuning {
        var tuning = Tuning()
        let fitting = GridLayout(width: width, count: 1, columns: columns, gap: tuning.cellGap).cellSize
        let least = Tuning.minimumCellSizes.lowerBound
        guard columns >= 1, fitting >= least else {
            throw ValidationError(
                "--columns must leave cells of at least \(Int(least)) points in a window \(String(format: "%g", width)) points wide, got \(columns)"
            )
        }
        tuning.minimumCellSize = Swift.max((width + tuning.cellGap) / (Double(columns) + 0.5) - tuning.cellGap, least)
        return tuning
    }

    func run() throws {
        let tuning = try columns.map { try Self.tuning(columns: $0, width: photoOptions.size.width) } ?? Tuning()
        let bench = Benchmarks(
            viewport: photoOptions.size, tuning: tuning, repeats: repeats, ticks: Self.ticksPerRepeat)
        let report = try withUserFacingErrors(
            telling: OutputFileError.self, as: { ToldError("cannot write the benchmark's tuning file: \($0)") }
        ) {
            // First, so that its peak memory is its own.
            let library = try LibraryBenchmark(folder: photoOptions.folder).run()
            let simTick = try bench.simTick()
            let libraries = try Self.librarySizes.map { try bench.libraryTicks(count: $0) }
            let reload = try ReloadBenchmark(viewport: photoOptions.size, saves: max(8, repeats * 4)).run()
            let replay = try ReplayBenchmark(viewport: photoOptions.size, sessions: 10).run()
            let folderSizes = try scalePhotos.map { try FolderSizesBenchmark(source: $0).run() }
            let heicResult = try heic.map { try HEICBenchmark(file: $0).run() }
            return BenchReport(
                measurements: [
                    simTick, try bench.springs(), try bench.sizeArrivalTicks(count: 100),
                    try bench.sizeArrivalTicks(count: 10_000),
                    try bench.sizeArrivalTicks(count: 100_000), bench.hugeKeyTuningRead(),
                    try bench.interrupt(folder: photoOptions.folder),
                ], libraries: libraries,
                reload: reload, replay: replay,
                library: library, folderSizes: folderSizes, heic: heicResult)
        }
        try StandardOutput.write((json ? try report.json() : report.table) + "\n")
    }
}
