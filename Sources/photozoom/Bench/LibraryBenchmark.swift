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

/// Thumbnails never all arrived: a decoding thread is stuck, or the machine is.
struct ThumbnailsNeverArrived: UserFacingError {
    let seconds: Double
    var description: String {
        "bench opened the folder and the thumbnails in view had not all arrived after \(Int(seconds)) s"
    }
}

/// One opening of a folder as the window opens it, by the window's own sessions drawing into a
/// headless canvas: the same poll → update → draw, with the poll's waits (asleep until a
/// picture arrives while nothing moves) kept and its input scripted.
final class OpenedLibrary {
    // Let go of in this order: the sessions' textures before the canvas whose renderer made them.
    private let sessions: WindowSessions
    private let canvas: HeadlessCanvas
    private let started: UInt64
    private(set) var firstFrameMilliseconds = 0.0
    /// The opening's moments, up to its first sharp frame.
    var stamps: OpeningStamps { sessions.stamps }
    private var visibleAt: Double?
    private var sharpAt: Double?
    var photoCount: Int { world.photos.count }
    var cellsInView: Int { sessions.cellsInView }
    var files: [URL] { sessions.files }
    private var world: World { sessions.sessions[0].sim.world }
    static let patience = 600.0

    /// The compared side's tuning file, watched while the sessions run.
    private let comparedTuning: URL?
    /// The window's loop, paced as the window's is, at the interaction's rate.
    private var driver = FrameDriver(
        input: CanvasInput(), clock: MonotonicClock(), framesPerSecond: 1 / LibraryBenchmark.frameSeconds)

    /// `comparing`: two sessions side by side, the second under a bouncier zoom-in. `fillsCache`:
    /// the whole folder's thumbnails made in the background, as the window makes them;
    /// `writing`: how long `close` spends writing the thumbnails left to write.
    init(
        folder: String, viewport: Size, thumbnailCache: URL, comparing: Bool = false, fillsCache: Bool = false,
        writing: Double = ThumbnailCache.finishingSeconds
    ) throws {
        started = Self.now()
        var stamps = OpeningStamps()
        stamps.stamp(.openingStarted, at: started, cpu: OpeningStamps.processCPUNanoseconds())
        let limits = LibraryLimits()
        // As the window opens: the folder is read while the canvas is made.
        let reading = OpeningRead(
            folder: folder, scan: PhotoFolder.Scan(), viewport: viewport, file: TuningFile(), log: { _ in })
        do {
            canvas = try HeadlessCanvas(size: viewport, format: HeadlessCanvas.windowFormat)
        } catch {
            _ = try reading.take()
            throw error
        }
        stamps.stamp(.windowMade)
        var settings = [LiveSession.Settings(tuning: nil, photosFolder: folder)]
        comparedTuning = comparing ? try Self.bouncierZoomIn() : nil
        if let comparedTuning {
            settings.append(
                LiveSession.Settings(
                    tuning: try LiveTuning.start(path: comparedTuning.appendingPathComponent("b.json").path).live,
                    photosFolder: folder))
        }
        sessions = try WindowSessions(
            opening: try reading.take(), surface: canvas, settings: settings,
            cache: ThumbnailCache(
                root: thumbnailCache, program: "photozoom", version: "bench", limits: limits, finishing: writing,
                log: { _ in }),
            fillsCache: fillsCache, limits: limits, wake: .none, showBy: started + Prototype.showDeadline,
            stamps: stamps, log: { _ in })
        driver.input.arrived = { [sessions] in sessions.hasArrivals }
        // Hidden until the cells in view have their pictures or the deadline passes.
        while firstFrameMilliseconds == 0 { frame([]) }
    }

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Ends the opening as the window ends: no more decoding, and the thumbnails left to write
    /// written (for as long as `writing` allows).
    func close() { sessions.close(stoppingLoaders: false) }

    deinit { if let comparedTuning { try? FileManager.default.removeItem(at: comparedTuning) } }

    /// A folder holding `b.json`, a tuning file for the compared side.
    private static func bouncierZoomIn() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "photozoom-bench-compare-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var file = TuningFile()
        file.springs["springs.zoomIn"] = .swiftUI(response: 0.35, dampingRatio: 0.6)
        file.tuning.zoomInSpring = try file.springs["springs.zoomIn"]!.parameters()
        let path = folder.appendingPathComponent("b.json").path
        try OutputFile.saveText(file.text, to: path, overwrite: true, replaceFlag: "--force")
        return folder
    }
    private static func milliseconds(since start: UInt64) -> Double { Double(now() - start) / 1e6 }

    /// The calling thread's time on a CPU so far.
    private static func threadCPUNanoseconds() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }

    /// One frame of the window's loop through its driver, with `input` as its poll's: first
    /// asleep while nothing moves, until a picture arrives or the poll's wait ends, as the
    /// window's poll is woken (`scripted`: the script's input comes at the next frame instead,
    /// which ends the wait), and paced as the window's frames are; returns the milliseconds its
    /// update and its drawing took, nil for the drawing when nothing new was drawn, and when
    /// the frame's work ended, before its pacing.
    @discardableResult
    private func frame(_ input: [InputEvent], scripted: Bool = false) -> (update: Double, draw: Double?, ended: UInt64)
    {
        driver.input.script = scripted ? input : nil
        // A headless canvas's poll never quits.
        guard let frame = driver.frame(sessions) else { return (0, nil, Self.now()) }
        let update = Double(frame.updated - frame.polled) / 1e6
        guard let presented = frame.presented else { return (update, nil, frame.updated) }
        let draw = Double(presented - frame.updated) / 1e6
        // One moment for all three, so a first frame that already shows every picture is not
        // counted as coming after them.
        let drawn = Double(presented - started) / 1e6
        if firstFrameMilliseconds == 0 { firstFrameMilliseconds = drawn }
        if visibleAt == nil, sessions.showsEveryCell { visibleAt = drawn }
        if sharpAt == nil, sessions.showsEveryCellSharp { sharpAt = drawn }
        return (update, draw, presented)
    }

    /// Milliseconds from the opening to every cell in view drawn with a picture.
    func thumbnailsVisible() throws -> Double { try drawUntil(\.visibleAt) }

    /// Milliseconds from the opening to every cell in view drawn with its decoded thumbnail.
    func thumbnailsSharp() throws -> Double { try drawUntil(\.sharpAt) }

    private func drawUntil(_ moment: KeyPath<OpenedLibrary, Double?>) throws -> Double {
        let deadline = Self.now() + UInt64(Self.patience * 1e9)
        while self[keyPath: moment] == nil {
            guard Self.now() < deadline else { throw ThumbnailsNeverArrived(seconds: Self.patience) }
            frame([])
        }
        return self[keyPath: moment]!
    }

    /// The scripted interaction — scroll down and back, open a photo, page five times, drag it
    /// home — paced at the window's rate; returns each frame's time and phase.
    func interact(steps: [Range<Int>] = [0..<InteractionScript.frames]) throws -> [FrameSample] {
        let script = try BenchScript(viewport: world.viewport, photos: photoCount)
        var samples: [FrameSample] = []
        for step in steps.joined() {
            let begin = Self.now()
            let cpuBegin = Self.threadCPUNanoseconds()
            let origin = sessions.views[0].sceneArea.origin
            let events = InteractionScript.events(at: step, script: script, viewport: world.viewport).map {
                $0.moved(by: origin)
            }
            let parts = frame(events, scripted: true)
            let spent = parts.ended - begin
            // A frame with nothing new to show draws nothing, as the window's: not a frame's time.
            guard let draw = parts.draw else { continue }
            let phase = BenchScript.phases.first { $0.phase == world.viewer.phase }?.name ?? "\(world.viewer.phase)"
            samples.append(
                FrameSample(
                    frame: step, phase: phase, milliseconds: Double(spent) / 1e6,
                    cpuMilliseconds: Double(Self.threadCPUNanoseconds() - cpuBegin) / 1e6,
                    updateMilliseconds: parts.update,
                    drawMilliseconds: draw))
        }
        return samples
    }

    /// Scrolls the grid from top to bottom a screen at a time, a frame per screen, as a person
    /// flicking through the whole library.
    func browseToTheEnd() throws {
        let viewport = world.viewport
        let centre = Point(x: viewport.width / 2, y: viewport.height / 2)
        let screen = -viewport.height / world.tuning.wheelPointsPerUnit
        var last = -1.0
        while world.grid.offset > last + 0.5 || !world.grid.isAtRest {
            last = world.grid.offset
            frame([.wheel(dx: 0, dy: screen, position: centre, modifiers: [])], scripted: true)
        }
    }
}

/// The interaction `frame_ms` is measured through, by frame at 120 Hz: the wheel down for a
/// second and back up, a tap into the pager, five swipes, and a drag down that dismisses.
enum InteractionScript {
    static let frames = 1_100
    /// The photo opened, the first swipe and the drag home, each with its flight: the
    /// interaction without its scrolling and its other swipes.
    static let openSwipeAndDismiss = [300..<510, 900..<1_000]

    static func events(at frame: Int, script: BenchScript, viewport: Size) -> [InputEvent] {
        func pointer(_ p: PointerPhase, _ at: Point) -> [InputEvent] {
            [.pointer(PointerEvent(id: 0, source: .mouse, phase: p, position: at))]
        }
        func along(_ path: (from: Point, to: Point), _ i: Int, of n: Int) -> Point {
            path.from + (path.to - path.from) * (Double(i) / Double(n))
        }
        let centre = Point(x: viewport.width / 2, y: viewport.height / 2)
        switch frame {
        case 0..<120 where frame % 10 == 0: return [.wheel(dx: 0, dy: -3, position: centre, modifiers: [])]
        case 120..<240 where frame % 10 == 0: return [.wheel(dx: 0, dy: 3, position: centre, modifiers: [])]
        case 300: return pointer(.down, script.cell)
        case 301: return pointer(.up, script.cell)
        case 420..<870:
            // A swipe every 90 frames: ten frames dragging, then the snap.
            let i = (frame - 420) % 90
            switch i {
            case 0: return pointer(.down, script.swipe.from)
            case 1..<10: return pointer(.moved, along(script.swipe, i, of: 10))
            case 10: return pointer(.up, script.swipe.to)
            default: return []
            }
        case 900: return pointer(.down, script.dismiss.from)
        case 901..<930: return pointer(.moved, along(script.dismiss, frame - 900, of: 30))
        case 930: return pointer(.up, script.dismiss.to)
        default: return []
        }
    }
}

extension InputEvent {
    /// The event at a point `offset` further along: a session's points made the window's.
    func moved(by offset: Point) -> InputEvent {
        switch self {
        case .pointer(var pointer):
            pointer.position = pointer.position + offset
            return .pointer(pointer)
        case .wheel(let dx, let dy, let position, let modifiers):
            return .wheel(dx: dx, dy: dy, position: position + offset, modifiers: modifiers)
        default:
            return self
        }
    }
}

/// A headless canvas's poll: a script's input at once, else asleep until a picture arrives or
/// the wait ends, as a window's poll is woken.
struct CanvasInput: FrameInput {
    /// Decodes finished since the last update.
    var arrived: () -> Bool = { false }
    /// This frame's input from a script, which ends the wait; nil for none.
    var script: [InputEvent]?

    mutating func poll<Clock: WallClock>(wait: Double, clock: inout Clock) -> AppWindow.Polled {
        if let script {
            self.script = nil
            return AppWindow.Polled(events: script)
        }
        let wakeBy = clock.now() + UInt64(wait * 1e9)
        while !arrived(), clock.now() < wakeBy { clock.sleep(until: min(clock.now() + 500_000, wakeBy)) }
        return AppWindow.Polled()
    }

    func show() {}
    func present() {}
    var presentWaitsForVSync: Bool { false }
}
