import Dispatch
import Foundation
import PhotoZoomCore
import PhotoZoomLibrary
import PhotoZoomSDL

/// A real folder opened the way the window opens it, at 1280×800 with the software renderer.
struct LibraryResult: Codable {
    let photos: Int
    /// From the folder named to the first frame drawn, which waits, as the window does, for
    /// every cell in view to have its picture, at most `Prototype.showDeadline` (photos not there
    /// by then in their stand-in colour).
    private(set) var firstFrameMilliseconds = 0.0
    /// From the folder named to every cell in the window drawn with a picture (its thumbnail,
    /// or the preview its camera embedded), with no thumbnail cache (`cold`) and with the one
    /// the cold run left (`warm`).
    let thumbsVisibleMillisecondsCold: Double
    let thumbsVisibleMillisecondsWarm: Double
    /// The same until every cell in the window has its decoded thumbnail, not only its preview.
    let thumbsSharpMillisecondsCold: Double
    let thumbsSharpMillisecondsWarm: Double
    /// Each frame's collect, ticks, wishes and drawing through a scripted interaction started
    /// at the first frame, while the thumbnails stream in.
    let frames: Int
    let frameMillisecondsP50: Double
    let frameMillisecondsP99: Double
    /// The same frames' time on the CPU (the drawing thread's): what they cost without the
    /// waits for a core that other processes' work adds on a shared machine.
    let frameCPUMillisecondsP50: Double
    let frameCPUMillisecondsP99: Double
    /// The same frames by the viewer phase they drew, in the order a session meets them.
    let phases: [PhaseFrames]
    /// The slowest frames, slowest first, down to the one the p99 is, with what they were doing.
    let slowestFrames: [FrameSample]
    /// The process's peak resident memory after all of the above and a scroll through the
    /// whole folder, top to bottom: the window's process, the pixels the loaders shared with it
    /// counted once (its copies of them).
    let peakRSSMiB: Double
    /// The largest loader process's peak resident memory.
    let loadersPeakRSSMiB: Double
    /// The cells the window opens on, and the least time they could be decoded in from their
    /// photos: one eighth-scale decode of a typical photo of the folder each, shared among the
    /// cores (`DecodeFloor`).
    /// For a folder without camera previews, the cold opening is measured against it.
    let cellsInView: Int
    let decodeFloorMilliseconds: Double
    let cores: Int
    /// From the folder named to every cell it opens on drawn with its decoded thumbnail, with no
    /// thumbnail cache and no input meanwhile: the cold first screen the floor is for.
    let firstScreenMillisecondsCold: Double
    /// The same interaction in a window comparing two tunings (`run --compare`): two sessions
    /// side by side, each drawing its half, with the thumbnails the runs before left cached.
    let compareFrameMillisecondsP50: Double
    let compareFrameMillisecondsP99: Double
    /// The phases of the cold first screen's opening and of the warm one (`OpeningStamps`).
    let openingCold: [OpeningPhase]
    let openingWarm: [OpeningPhase]

    enum CodingKeys: String, CodingKey {
        case photos, frames
        case firstFrameMilliseconds = "first_frame_ms"
        case thumbsVisibleMillisecondsCold = "thumbs_visible_ms_cold"
        case thumbsVisibleMillisecondsWarm = "thumbs_visible_ms_warm"
        case thumbsSharpMillisecondsCold = "thumbs_sharp_ms_cold"
        case thumbsSharpMillisecondsWarm = "thumbs_sharp_ms_warm"
        case frameMillisecondsP50 = "frame_ms_p50"
        case frameMillisecondsP99 = "frame_ms_p99"
        case frameCPUMillisecondsP50 = "frame_cpu_ms_p50"
        case frameCPUMillisecondsP99 = "frame_cpu_ms_p99"
        case phases
        case slowestFrames = "slowest_frames"
        case peakRSSMiB = "peak_rss_mib"
        case loadersPeakRSSMiB = "loaders_peak_rss_mib"
        case cellsInView = "cells_in_view"
        case decodeFloorMilliseconds = "decode_floor_ms"
        case cores
        case firstScreenMillisecondsCold = "first_screen_ms_cold"
        case compareFrameMillisecondsP50 = "compare_frame_ms_p50"
        case compareFrameMillisecondsP99 = "compare_frame_ms_p99"
        case openingCold = "opening_cold"
        case openingWarm = "opening_warm"
    }
}

/// One timed frame of the interaction and where its time went.
struct FrameSample: Codable {
    /// Its place in the interaction script.
    let frame: Int
    /// The viewer phase it drew, named as `BenchScript.phases` names it.
    let phase: String
    let milliseconds: Double
    /// Of which on the CPU.
    let cpuMilliseconds: Double
    /// The sessions' update: the finished decodes taken (the new pixels made into
    /// textures), the ticks run, the decoders told what is wanted.
    let updateMilliseconds: Double
    /// Drawing the scene into the canvas.
    let drawMilliseconds: Double

    enum CodingKeys: String, CodingKey {
        case frame, phase
        case milliseconds = "ms"
        case cpuMilliseconds = "cpu_ms"
        case updateMilliseconds = "update_ms"
        case drawMilliseconds = "draw_ms"
    }
}

/// The interaction's frames in one viewer phase.
struct PhaseFrames: Codable {
    let phase: String
    let frames: Int
    let frameMillisecondsP50: Double
    let frameMillisecondsP99: Double
    let frameCPUMillisecondsP99: Double

    enum CodingKeys: String, CodingKey {
        case phase, frames
        case frameMillisecondsP50 = "frame_ms_p50"
        case frameMillisecondsP99 = "frame_ms_p99"
        case frameCPUMillisecondsP99 = "frame_cpu_ms_p99"
    }
}

/// The nearest-rank percentile's place in `count` values sorted ascending: the smallest value
/// with at least `p` of all values at or below it.
func percentileRank(_ p: Double, count: Int) -> Int { max(Int((p * Double(count)).rounded(.up)) - 1, 0) }

/// The nearest-rank percentile `p` of `values` (not empty).
func percentile(_ p: Double, of values: [Double]) -> Double { values.sorted()[percentileRank(p, count: values.count)] }

/// Opens `folder` as the window does, headless: first frame, thumbnails in view, frame times
/// through a scripted interaction, and memory after a scroll through everything.
struct LibraryBenchmark {
    static let viewport = Size(width: 1280, height: 800)
    /// The window's frame rate: the interaction and the scroll are paced at it, as a person sees them.
    static let frameSeconds = 1.0 / 120
    let folder: String

    func run() throws -> LibraryResult {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent(
            "photozoom-bench-thumbnails-\(getpid())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let cold = try OpenedLibrary(folder: folder, viewport: Self.viewport, thumbnailCache: cache)
        let firstFrame = cold.firstFrameMilliseconds
        let frames = try cold.interact()
        let coldVisible = try cold.thumbnailsVisible()
        let coldSharp = try cold.thumbnailsSharp()
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let eighth = DecodeFloor.eighthScaleSeconds(of: cold.files) ?? 0
        let warm = try OpenedLibrary(folder: folder, viewport: Self.viewport, thumbnailCache: cache)
        let warmVisible = try warm.thumbnailsVisible()
        let warmSharp = try warm.thumbnailsSharp()
        let warmStamps = warm.stamps
        try warm.browseToTheEnd()
        // Cold again, in a cache of its own, left alone until its first screen is sharp.
        let untouchedCache = cache.appendingPathExtension("untouched")
        defer { try? FileManager.default.removeItem(at: untouchedCache) }
        let (firstScreen, coldStamps) = try {
            let opened = try OpenedLibrary(folder: folder, viewport: Self.viewport, thumbnailCache: untouchedCache)
            return (try opened.thumbnailsSharp(), opened.stamps)
        }()
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let loadersPeak = DecodeFloor.loadersPeakMiB()
        let compared = try OpenedLibrary(
            folder: folder, viewport: Self.viewport, thumbnailCache: cache, comparing: true)
        _ = try compared.thumbnailsSharp()
        let compareTimes = try compared.interact(steps: InteractionScript.openSwipeAndDismiss).map(\.milliseconds)
        let times = frames.map(\.milliseconds)
        let cpu = frames.map(\.cpuMilliseconds)
        let phases = BenchScript.phases.compactMap { phase -> PhaseFrames? in
            let inPhase = frames.filter { $0.phase == phase.name }
            guard !inPhase.isEmpty else { return nil }
            let times = inPhase.map(\.milliseconds)
            return PhaseFrames(
                phase: phase.name, frames: times.count, frameMillisecondsP50: percentile(0.5, of: times),
                frameMillisecondsP99: percentile(0.99, of: times),
                frameCPUMillisecondsP99: percentile(0.99, of: inPhase.map(\.cpuMilliseconds)))
        }
        return LibraryResult(
            photos: cold.photoCount, firstFrameMilliseconds: firstFrame, thumbsVisibleMillisecondsCold: coldVisible,
            thumbsVisibleMillisecondsWarm: warmVisible, thumbsSharpMillisecondsCold: coldSharp,
            thumbsSharpMillisecondsWarm: warmSharp, frames: frames.count,
            frameMillisecondsP50: percentile(0.5, of: times),
            frameMillisecondsP99: percentile(0.99, of: times), frameCPUMillisecondsP50: percentile(0.5, of: cpu),
            frameCPUMillisecondsP99: percentile(0.99, of: cpu), phases: phases,
            slowestFrames: Array(
                frames.sorted { $0.milliseconds > $1.milliseconds }.prefix(
                    frames.count - percentileRank(0.99, count: frames.count))),
            peakRSSMiB: Double(usage.ru_maxrss) / 1024, loadersPeakRSSMiB: loadersPeak, cellsInView: cold.cellsInView,
            decodeFloorMilliseconds: Double(cold.cellsInView) * eighth * 1000 / Double(cores), cores: cores,
            firstScreenMillisecondsCold: firstScreen, compareFrameMillisecondsP50: percentile(0.5, of: compareTimes),
            compareFrameMillisecondsP99: percentile(0.99, of: compareTimes),
            openingCold: OpeningPhase.list(coldStamps), openingWarm: OpeningPhase.list(warmStamps))
    }
}
