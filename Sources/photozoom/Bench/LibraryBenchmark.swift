import Dispatch
import Foundation
import PhotoZoomCore
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
    /// Taking the finished decodes, the new pixels made into textures.
    let collectMilliseconds: Double
    /// Drawing the scene into the canvas.
    let drawMilliseconds: Double

    enum CodingKeys: String, CodingKey {
        case frame, phase
        case milliseconds = "ms"
        case cpuMilliseconds = "cpu_ms"
        case collectMilliseconds = "collect_ms"
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
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("photozoom-bench-thumbnails-\(getpid())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let cold = try OpenedLibrary(folder: folder, viewport: Self.viewport, thumbnailCache: cache)
        let firstFrame = cold.firstFrameMilliseconds
        let frames = try cold.interact(frameSeconds: Self.frameSeconds)
        let coldVisible = try cold.thumbnailsVisible()
        let coldSharp = try cold.thumbnailsSharp()
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let eighth = DecodeFloor.eighthScaleSeconds(of: cold.files) ?? 0
        let warm = try OpenedLibrary(folder: folder, viewport: Self.viewport, thumbnailCache: cache)
        let warmVisible = try warm.thumbnailsVisible()
        let warmSharp = try warm.thumbnailsSharp()
        try warm.browseToTheEnd(frameSeconds: Self.frameSeconds)
        // Cold again, in a cache of its own, left alone until its first screen is sharp.
        let untouchedCache = cache.appendingPathExtension("untouched")
        defer { try? FileManager.default.removeItem(at: untouchedCache) }
        let firstScreen = try OpenedLibrary(folder: folder, viewport: Self.viewport, thumbnailCache: untouchedCache).thumbnailsSharp(drawingOnlyArrivals: true)
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let loadersPeak = DecodeFloor.loadersPeakMiB()
        let times = frames.map(\.milliseconds), cpu = frames.map(\.cpuMilliseconds)
        let phases = BenchScript.phases.compactMap { phase -> PhaseFrames? in
            let inPhase = frames.filter { $0.phase == phase.name }
            guard !inPhase.isEmpty else { return nil }
            let times = inPhase.map(\.milliseconds)
            return PhaseFrames(phase: phase.name, frames: times.count, frameMillisecondsP50: percentile(0.5, of: times),
                               frameMillisecondsP99: percentile(0.99, of: times), frameCPUMillisecondsP99: percentile(0.99, of: inPhase.map(\.cpuMilliseconds)))
        }
        return LibraryResult(photos: cold.photoCount, firstFrameMilliseconds: firstFrame, thumbsVisibleMillisecondsCold: coldVisible,
                             thumbsVisibleMillisecondsWarm: warmVisible, thumbsSharpMillisecondsCold: coldSharp,
                             thumbsSharpMillisecondsWarm: warmSharp, frames: frames.count, frameMillisecondsP50: percentile(0.5, of: times),
                             frameMillisecondsP99: percentile(0.99, of: times), frameCPUMillisecondsP50: percentile(0.5, of: cpu),
                             frameCPUMillisecondsP99: percentile(0.99, of: cpu), phases: phases,
                             slowestFrames: Array(frames.sorted { $0.milliseconds > $1.milliseconds }.prefix(frames.count - percentileRank(0.99, count: frames.count))),
                             peakRSSMiB: Double(usage.ru_maxrss) / 1024, loadersPeakRSSMiB: loadersPeak, cellsInView: cold.cellsInView,
                             decodeFloorMilliseconds: Double(cold.cellsInView) * eighth * 1000 / Double(cores), cores: cores,
                             firstScreenMillisecondsCold: firstScreen)
    }
}

/// Thumbnails never all arrived: a decoding thread is stuck, or the machine is.
struct ThumbnailsNeverArrived: Error, CustomStringConvertible {
    let seconds: Double
    var description: String { "bench opened the folder and the thumbnails in view had not all arrived after \(Int(seconds)) s" }
}

/// One opening of a folder through the window's pipeline, drawn into a headless canvas.
final class OpenedLibrary {
    private let stream: HeadlessLibrary
    private var sim: Simulation
    /// The window's flight recorder, kept as the window keeps it: its cost is the frames' too.
    private let reporter: BugReporter
    private let started: UInt64
    private(set) var firstFrameMilliseconds = 0.0
    private var visibleAt: Double?
    private var sharpAt: Double?
    var photoCount: Int { sim.world.photos.count }
    var cellsInView: Int { stream.cellsInView(of: sim.world) }
    var files: [URL] { stream.files }
    static let patience = 600.0

    init(folder: String, viewport: Size, thumbnailCache: URL) throws {
        started = DispatchTime.now().uptimeNanoseconds
        stream = try HeadlessLibrary(folder: folder, viewport: viewport, thumbnailCache: thumbnailCache, log: { _ in })
        sim = Simulation(world: World(photos: stream.initialInfos, viewport: viewport))
        reporter = BugReporter(sim: sim, contentHashes: { [] }, logTail: LogTail(), app: "bench", photosFolder: folder)
        // As the window opens: nothing drawn until the cells in view have their pictures or the
        // deadline passes; the loaders decode them.
        let showBy = DispatchTime.now().uptimeNanoseconds + Prototype.showDeadline
        frame([], drawing: false)
        // Its loop ticks as its clock passes, not once for each picture it waits for; what
        // arrives meanwhile is taken at once and told to the next tick.
        var loop = FixedTimestepLoop(LoopSettings())
        var arrived: [InputEvent] = []
        var last = DispatchTime.now().uptimeNanoseconds
        while !stream.showsEveryCellSharp(of: sim.world), DispatchTime.now().uptimeNanoseconds < showBy {
            stream.waitForWork()
            arrived += stream.collect()
            let now = DispatchTime.now().uptimeNanoseconds
            let ticks = loop.advance(by: Double(now - last) / 1e9)
            last = now
            if ticks > 0 {
                frame(arrived, ticks: ticks, drawing: false)
                arrived = []
            } else {
                stream.want(sim.world, moving: !sim.isIdle)
            }
        }
        frame(arrived)
    }

    private static func milliseconds(since start: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 }

    /// The calling thread's time on a CPU so far.
    private static func threadCPUNanoseconds() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }

    /// A frame as the window makes one: finished work taken, the ticks run, wishes told, drawn
    /// (unless the window is not on screen yet); returns the milliseconds the taking and the
    /// drawing took.
    @discardableResult
    private func frame(_ input: [InputEvent], ticks: Int = 1, drawing: Bool = true) -> (collect: Double, draw: Double) {
        let begin = DispatchTime.now().uptimeNanoseconds
        let sizes = stream.collect()
        let collect = Self.milliseconds(since: begin)
        sim.step(sizes + input)
        reporter.record(sim, input: sizes + input)
        for _ in 1..<max(ticks, 1) {
            sim.step()
            reporter.record(sim, input: [])
        }
        stream.want(sim.world, moving: !sim.isIdle)
        guard drawing else { return (collect, 0) }
        let drawStart = DispatchTime.now().uptimeNanoseconds
        stream.draw(sim)
        let draw = Self.milliseconds(since: drawStart)
        // One moment for all three, so a first frame that already shows every picture is not
        // counted as coming after them.
        let drawn = Self.milliseconds(since: started)
        if firstFrameMilliseconds == 0 { firstFrameMilliseconds = drawn }
        if visibleAt == nil, stream.showsEveryCell(of: sim.world) { visibleAt = drawn }
        if sharpAt == nil, stream.showsEveryCellSharp(of: sim.world) { sharpAt = drawn }
        return (collect, draw)
    }

    /// Milliseconds from the opening to every cell in view drawn with a picture.
    func thumbnailsVisible() throws -> Double { try drawUntil(\.visibleAt) }

    /// Milliseconds from the opening to every cell in view drawn with its decoded thumbnail.
    /// `drawingOnlyArrivals`: a frame is drawn only when a decode finished, as the window,
    /// asleep until woken, draws; else one every half millisecond, which takes a core the
    /// loaders would decode on.
    func thumbnailsSharp(drawingOnlyArrivals: Bool = false) throws -> Double { try drawUntil(\.sharpAt, drawingOnlyArrivals: drawingOnlyArrivals) }

    private func drawUntil(_ moment: KeyPath<OpenedLibrary, Double?>, drawingOnlyArrivals: Bool = false) throws -> Double {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(Self.patience * 1e9)
        while self[keyPath: moment] == nil {
            guard DispatchTime.now().uptimeNanoseconds < deadline else { throw ThumbnailsNeverArrived(seconds: Self.patience) }
            stream.waitForWork()
            if !drawingOnlyArrivals || stream.hasArrivals { frame([]) }
        }
        return self[keyPath: moment]!
    }

    /// The scripted interaction — scroll down and back, open a photo, page five times, drag it
    /// home — paced at the window's rate; returns each frame's time and phase.
    func interact(frameSeconds: Double) throws -> [FrameSample] {
        let script = try BenchScript(viewport: sim.world.viewport, photos: photoCount)
        var samples: [FrameSample] = []
        let ticksPerFrame = max(Int((frameSeconds * sim.world.clock.rate).rounded()), 1)
        for step in 0..<InteractionScript.frames {
            let begin = DispatchTime.now().uptimeNanoseconds, cpuBegin = Self.threadCPUNanoseconds()
            let parts = frame(InteractionScript.events(at: step, script: script, viewport: sim.world.viewport), ticks: ticksPerFrame)
            let spent = DispatchTime.now().uptimeNanoseconds - begin
            let phase = BenchScript.phases.first { $0.phase == sim.world.viewer.phase }?.name ?? "\(sim.world.viewer.phase)"
            samples.append(FrameSample(frame: step, phase: phase, milliseconds: Double(spent) / 1e6,
                                       cpuMilliseconds: Double(Self.threadCPUNanoseconds() - cpuBegin) / 1e6, collectMilliseconds: parts.collect,
                                       drawMilliseconds: parts.draw))
            let budget = UInt64(frameSeconds * 1e9)
            if spent < budget { usleep(UInt32((budget - spent) / 1000)) }
        }
        return samples
    }

    /// Scrolls the grid from top to bottom a screen at a time, a frame per screen, as a person
    /// flicking through the whole library.
    func browseToTheEnd(frameSeconds: Double) throws {
        let viewport = sim.world.viewport
        let centre = Point(x: viewport.width / 2, y: viewport.height / 2)
        let screen = -viewport.height / sim.world.tuning.wheelPointsPerUnit
        var last = -1.0
        while sim.world.grid.offset > last + 0.5 || !sim.world.grid.isAtRest {
            last = sim.world.grid.offset
            frame([.wheel(dx: 0, dy: screen, position: centre, modifiers: [])], ticks: 4)
            usleep(UInt32(frameSeconds * 1e6))
        }
    }
}

/// The interaction `frame_ms` is measured through, by frame at 120 Hz: the wheel down for a
/// second and back up, a tap into the pager, five swipes, and a drag down that dismisses.
enum InteractionScript {
    static let frames = 1_100

    static func events(at frame: Int, script: BenchScript, viewport: Size) -> [InputEvent] {
        func pointer(_ p: PointerPhase, _ at: Point) -> [InputEvent] { [.pointer(PointerEvent(id: 0, source: .mouse, phase: p, position: at))] }
        func along(_ path: (from: Point, to: Point), _ i: Int, of n: Int) -> Point { path.from + (path.to - path.from) * (Double(i) / Double(n)) }
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
