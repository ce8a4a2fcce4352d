import Dispatch
import Foundation
import PhotoZoomCore
import PhotoZoomLibrary
import PhotoZoomSDL

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
        let cache = ThumbnailCache(
            root: thumbnailCache, program: "photozoom", version: "bench", limits: limits, finishing: writing,
            log: { _ in })
        let reading = OpeningRead(
            folder: folder, scan: PhotoFolder.Scan(), viewport: viewport, file: TuningFile(), cache: cache,
            log: { _ in })
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
        // As the window does: the cells' pictures become textures as they are read.
        let made = OpeningTextures(surface: canvas, limits: limits)
        while !made.make(from: reading, waiting: 0.01) {}
        sessions = try WindowSessions(
            opening: try reading.take(), made: made, surface: canvas, settings: settings,
            cache: cache, fillsCache: fillsCache, limits: limits, wake: .none, showBy: started + Prototype.showDeadline,
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
