import Foundation

/// One measurement: the median of its repetitions.
struct BenchResult: Codable {
    let name: String
    let median: Double
    let unit: String
}

/// The scripted session's ticks over one synthetic library, each tick timed on its own.
struct LibraryTickResult: Codable {
    let name: String
    let photos: Int
    /// How many timed ticks the percentiles are taken over.
    let ticks: Int
    let tickMicrosecondsP50: Double
    let tickMicrosecondsP99: Double
    /// The state's digests through one session, chained, in hex: equal wherever the sim behaves the same.
    let sessionDigest: String

    enum CodingKeys: String, CodingKey {
        case name, photos, ticks
        case tickMicrosecondsP50 = "tick_us_p50"
        case tickMicrosecondsP99 = "tick_us_p99"
        case sessionDigest = "session_digest"
    }
}

/// What `photozoom bench` prints: a table for people, or JSON for scripts, where
/// `.libraries[] | select(.photos == 10000) | .tick_us_p99` is one figure.
struct BenchReport: Codable {
    let measurements: [BenchResult]
    let libraries: [LibraryTickResult]
    let reload: ReloadResult
    let replay: ReplayResult
    let library: LibraryResult
    /// `--scale-photos`' folders, smallest first.
    let folderSizes: [FolderSizeResult]?
    let heic: HEICResult?

    enum CodingKeys: String, CodingKey {
        case measurements, libraries, reload, replay, library, heic
        case folderSizes = "folder_sizes"
    }

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    var table: String {
        // A row is its name, a tab and its values; the names are padded to the longest below.
        func name(_ s: String) -> String { s + "\t" }
        var lines = [name("benchmark") + "median      unit"]
        lines += measurements.map { name($0.name) + String(format: "%-11.3f %@", $0.median, $0.unit) }
        lines += ["", name("sim tick by library size") + "   ticks    p50 µs    p99 µs  session digest"]
        lines += libraries.map {
            name($0.name)
                + String(format: "%8d%10.3f%10.3f  ", $0.ticks, $0.tickMicrosecondsP50, $0.tickMicrosecondsP99)
                + $0.sessionDigest
        }
        lines += [
            "",
            name("tuning reload, save to frame drawn")
                + String(
                    format: "%-11.3f ms (median of %d saves; slowest %.3f ms)",
                    reload.reloadMilliseconds, reload.saves, reload.reloadMillisecondsMax),
            name("reload's own work in its frame (slowest)")
                + String(format: "%-11.3f ms", reload.reloadWorkMillisecondsMax),
            name("frame with a reload / without (slowest)")
                + String(
                    format: "%.3f / %.3f ms (headless software drawing)",
                    reload.reloadFrameMillisecondsMax, reload.plainFrameMillisecondsMax),
        ]
        lines += [
            "",
            name("library (\(library.photos) photos, 1280x800)")
                + String(
                    format: "first frame %.1f ms; thumbnails in view %.0f ms cold, %.0f ms warm",
                    library.firstFrameMilliseconds, library.thumbsVisibleMillisecondsCold,
                    library.thumbsVisibleMillisecondsWarm),
            name("frames while they stream in")
                + String(
                    format: "p50 %.2f ms, p99 %.2f ms (%d frames); on the CPU p50 %.2f, p99 %.2f ms",
                    library.frameMillisecondsP50, library.frameMillisecondsP99, library.frames,
                    library.frameCPUMillisecondsP50, library.frameCPUMillisecondsP99),
        ]
        lines += library.phases.map {
            name("  \($0.phase)")
                + String(
                    format: "p50 %.2f ms, p99 %.2f ms (%d frames); on the CPU p99 %.2f ms", $0.frameMillisecondsP50,
                    $0.frameMillisecondsP99, $0.frames, $0.frameCPUMillisecondsP99)
        }
        lines += [
            name("cold first screen against the decode floor")
                + String(
                    format: "%.0f ms / %.0f ms = %.2f× (%d cells × one 1/8-scale decode ÷ %d cores)",
                    library.firstScreenMillisecondsCold, library.decodeFloorMilliseconds,
                    library.firstScreenMillisecondsCold / max(library.decodeFloorMilliseconds, 1e-9),
                    library.cellsInView, library.cores),
            name("frames comparing two tunings side by side")
                + String(
                    format: "p50 %.2f ms, p99 %.2f ms", library.compareFrameMillisecondsP50,
                    library.compareFrameMillisecondsP99),
            name("peak memory after scrolling through all")
                + String(
                    format: "%.0f MiB; the largest loader %.0f MiB", library.peakRSSMiB,
                    library.loadersPeakRSSMiB),
            name("opening's phases, cold first screen") + OpeningPhase.line(library.openingCold),
            name("opening's phases, warm") + OpeningPhase.line(library.openingWarm),
        ]
        lines += folderSizeLines(name)
        lines += heicLines(name)
        lines += [
            name("replay --verify, recorded seconds per second")
                + String(format: "%-11.0f × real time (%d ticks)", replay.replaySpeedup, replay.ticks)
        ]
        let rows = lines.map {
            $0.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        }
        let width = (rows.map { $0.count == 2 ? $0[0].count : 0 }.max() ?? 0) + 2
        return rows.map { $0.count == 2 ? $0[0].padding(toLength: width, withPad: " ", startingAt: 0) + $0[1] : $0[0] }
            .joined(separator: "\n")
    }

    /// Each folder size's first screen, cold against its floor and warm, and what it grew by
    /// from the smallest.
    private func folderSizeLines(_ name: (String) -> String) -> [String] {
        guard let folderSizes, let smallest = folderSizes.first else { return [] }
        return [""]
            + folderSizes.map {
                name("first screen, \($0.photos) photos without previews")
                    + String(
                        format: "cold %.0f ms = %.2f× its floor of %.0f ms (×%.2f the %d's); warm %.0f ms (×%.2f)",
                        $0.firstScreenMillisecondsCold, $0.coldOverFloor, $0.decodeFloorMilliseconds,
                        $0.firstScreenMillisecondsCold / max(smallest.firstScreenMillisecondsCold, 1e-9),
                        smallest.photos, $0.firstScreenMillisecondsWarm,
                        $0.firstScreenMillisecondsWarm / max(smallest.firstScreenMillisecondsWarm, 1e-9))
            }
            + folderSizes.flatMap {
                [
                    name("  \($0.photos) photos' phases, cold") + OpeningPhase.line($0.openingCold),
                    name("  \($0.photos) photos' phases, warm") + OpeningPhase.line($0.openingWarm),
                ]
            }
    }

    private func heicLines(_ name: (String) -> String) -> [String] {
        guard let heic else { return [] }
        let theirs =
            heic.heifThumbnailerCPUMilliseconds.map { String(format: "heif-thumbnailer %.1f ms", $0) }
            ?? "heif-thumbnailer not installed (Debian's libheif-examples)"
        return [
            "",
            name("HEIC thumbnail (\(heic.thumbnailSide) px), CPU time")
                + String(format: "%.1f ms; ", heic.thumbnailCPUMilliseconds) + theirs,
            name("first screen, \(heic.photos) HEICs")
                + String(
                    format: "cold %.0f ms = %.2f× its floor of %.0f ms", heic.firstScreenMillisecondsCold,
                    heic.firstScreenMillisecondsCold / max(heic.decodeFloorMilliseconds, 1e-9),
                    heic.decodeFloorMilliseconds),
        ]
    }
}
