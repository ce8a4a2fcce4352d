import Dispatch
import Foundation
import PhotoZoomCore
import PhotoZoomLibrary
import PhotoZoomSDL

/// How fast a saved tuning file reaches the screen.
struct ReloadResult: Codable {
    let saves: Int
    /// From the save's rename to the first frame presented with the new values: the median,
    /// and the slowest.
    let reloadMilliseconds: Double
    let reloadMillisecondsMax: Double
    /// What a reload adds to its frame, the slowest: reading and checking the file and the
    /// reload's tick. Against a 120 Hz frame's 8.3 ms.
    let reloadWorkMillisecondsMax: Double
    /// The slowest frame that took a reload (read, tick, draw, present), and the slowest of the
    /// frames right after, which took none: drawing headless costs the same in both.
    let reloadFrameMillisecondsMax: Double
    let plainFrameMillisecondsMax: Double

    enum CodingKeys: String, CodingKey {
        case saves
        case reloadMilliseconds = "reload_ms"
        case reloadMillisecondsMax = "reload_ms_max"
        case reloadWorkMillisecondsMax = "reload_work_ms_max"
        case reloadFrameMillisecondsMax = "reload_frame_ms_max"
        case plainFrameMillisecondsMax = "plain_frame_ms_max"
    }
}

/// The save was never noticed: the watcher is broken, or the machine is stalled.
struct ReloadNotNoticed: UserFacingError {
    var description: String { "bench saved a tuning file and the window did not take it within 2 s" }
}

/// Times the window's own path for a save: the watcher's inotify and debounce, the wake of the
/// waiting poll, the reading and checking of the file, the reload tick and the drawn frame, in
/// an offscreen window driven by the window's own sessions and loop, mid zoom-in, each save
/// changing the zoom-in spring.
struct ReloadBenchmark {
    let viewport: Size
    let saves: Int

    func run() throws -> ReloadResult {
        // The benchmark is headless wherever it runs.
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        setenv("SDL_RENDER_DRIVER", "software", 1)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("photozoom-bench-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("tuning.json").path
        let live = try LiveTuning.start(path: path).live
        // The bundled photos: what it times is the reload's path, not a library's decoding.
        let folder = PhotoFolder.bundledFolder()
        let reading = OpeningRead(
            folder: folder, scan: PhotoFolder.Scan(), viewport: viewport, file: live.good, log: { _ in })
        let window = try AppWindow(title: "PhotoZoom bench", size: viewport)
        let sessions = try WindowSessions(
            opening: try reading.take(), surface: window,
            settings: [LiveSession.Settings(tuning: live, photosFolder: folder)],
            cache: nil, fillsCache: false, limits: live.good.library, wake: window.wakeSignal, log: { _ in })
        defer { sessions.close(stoppingLoaders: false) }
        let session = sessions.sessions[0]
        var driver = FrameDriver(
            input: ScriptedWindow(window: window), clock: MonotonicClock(),
            framesPerSecond: session.sim.world.clock.rate)
        func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
        /// The window's frame, with `input` added to its poll's; the update's milliseconds, and
        /// when the frame was presented (nil: nothing new to draw).
        func frame(_ input: [InputEvent] = []) -> (update: Double, presented: UInt64?) {
            driver.input.script = input
            guard let frame = driver.frame(sessions) else { return (0, nil) }
            return (Double(frame.updated - frame.polled) / 1e6, frame.presented)
        }
        let script = try BenchScript(viewport: window.sizeInPoints, photos: session.sim.world.photos.count)
        func pointer(_ phase: PointerPhase) -> InputEvent {
            .pointer(PointerEvent(id: 0, source: .mouse, phase: phase, position: script.cell))
        }

        var latencies: [Double] = []
        var work: [Double] = []
        var frames: [Double] = []
        var plainFrames: [Double] = []
        // One round untimed first: the photo it opens is decoded then, as the window's are
        // before a person tunes what they have been looking at.
        for i in -1..<saves {
            // Back to the grid at rest, then the photo opened: mid zoom-in, as a person tuning
            // that spring would be.
            _ = frame([.key(.escape, modifiers: [])])
            while !session.sim.isIdle || session.sim.world.viewer.phase != .grid { _ = frame() }
            _ = frame([pointer(.down)])
            _ = frame([pointer(.up)])
            for _ in 0..<12 { _ = frame() }
            var file = live.good
            file.springs["springs.zoomIn"] = .swiftUI(
                response: 0.4 + Double((i + 2) % 2) * 0.1 + Double(i + 1) * 1e-3, dampingRatio: 0.8)
            file.tuning.zoomInSpring = try file.springs["springs.zoomIn"]!.parameters()
            // Saved as vim saves: a whole new file renamed over the old.
            try OutputFile.saveText(file.text, to: path, overwrite: true, replaceFlag: "--force")
            let saved = now()
            var reloaded: (update: Double, presented: UInt64?) = (0, nil)
            var frameStart = saved
            while session.sim.world.tuning.zoomInSpring != file.tuning.zoomInSpring || reloaded.presented == nil {
                if now() - saved > 2_000_000_000 { throw ReloadNotNoticed() }
                let taken = session.sim.world.tuning.zoomInSpring == file.tuning.zoomInSpring
                frameStart = now()
                let drawn = frame()
                if !taken {
                    reloaded = drawn
                } else if reloaded.presented == nil {
                    reloaded.presented = drawn.presented
                }
            }
            guard i >= 0, let presented = reloaded.presented else { continue }
            work.append(reloaded.update)
            latencies.append(Double(presented - saved) / 1e6)
            frames.append(Double(presented - frameStart) / 1e6)
            // The frames after it, the same but for the reload.
            for _ in 0..<2 {
                let start = now()
                if let shown = frame().presented { plainFrames.append(Double(shown - start) / 1e6) }
            }
        }
        latencies.sort()
        return ReloadResult(
            saves: saves, reloadMilliseconds: latencies[latencies.count / 2], reloadMillisecondsMax: latencies.last!,
            reloadWorkMillisecondsMax: work.max()!, reloadFrameMillisecondsMax: frames.max()!,
            plainFrameMillisecondsMax: plainFrames.max() ?? 0)
    }
}

/// A window's events with a script's input added: a frame with script input waits for none.
struct ScriptedWindow: FrameInput {
    let window: AppWindow
    var script: [InputEvent] = []

    mutating func poll<Clock: WallClock>(wait: Double, clock: inout Clock) -> AppWindow.Polled {
        var polled = window.poll(wait: script.isEmpty ? wait : 0)
        polled.events += script
        script = []
        return polled
    }

    func show() { window.show() }
    func present() { window.present() }
    var presentWaitsForVSync: Bool { window.hasVSync }
}
