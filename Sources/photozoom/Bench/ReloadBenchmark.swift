import Dispatch
import Foundation
import PhotoZoomCore
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
struct ReloadNotNoticed: Error, CustomStringConvertible {
    var description: String { "bench saved a tuning file and the window did not take it within 2 s" }
}

/// Times the window's own path for a save: the watcher's inotify and debounce, the wake of the
/// waiting poll, the reading and checking of the file, the reload tick and the drawn frame,
/// in an offscreen window, mid zoom-in, each save changing the zoom-in spring.
struct ReloadBenchmark {
    let viewport: Size
    let saves: Int

    func run() throws -> ReloadResult {
        // The benchmark is headless wherever it runs.
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        setenv("SDL_RENDER_DRIVER", "software", 1)
        let window = try AppWindow(title: "PhotoZoom bench", size: viewport)
        // The bundled photos: what it times is the reload's path, not a library's decoding.
        let photos = try PhotoLibrary.load(PhotoFolder.bundledFolder(), log: { _ in })
        let scene = OnDemandScene(renderer: window.renderer, library: photos, log: { _ in })
        let infos = photos.infos
        func draw(_ sim: Simulation) { scene.draw(sim.drawList(interpolation: 1), window: sim.world.viewport, scale: window.pixelScale) }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("photozoom-bench-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("tuning.json").path
        let saved = try SavedTuning(live: try LiveTuning.start(path: path).live, wake: window.wakeSignal)
        let script = try BenchScript(viewport: window.sizeInPoints, photos: infos.count)

        var latencies: [Double] = [], work: [Double] = [], frames: [Double] = [], plainFrames: [Double] = []
        func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
        for i in 0..<saves {
            // Mid zoom-in, as a person tuning that spring would be.
            var sim = Simulation(world: World(photos: infos, viewport: window.sizeInPoints))
            while sim.world.viewer.phase != .presenting, sim.world.tick < BenchScript.sessionTicks { sim.step(script.events(at: sim.world.tick + 1)) }
            // Drawn on the way, untimed: the photos the timed frames show are decoded before
            // the clock starts, as the window's are by its decoding threads.
            for _ in 0..<12 {
                sim.step()
                draw(sim)
            }
            var file = TuningFile()
            file.springs["springs.zoomIn"] = .swiftUI(response: 0.4 + Double(i % 2) * 0.1 + Double(i) * 1e-3, dampingRatio: 0.8)
            file.tuning.zoomInSpring = try file.springs["springs.zoomIn"]!.parameters()
            // Saved as vim saves: a whole new file renamed over the old.
            try OutputFile.saveText(file.text, to: path, overwrite: true, replaceFlag: "--force")
            let saved0 = now()
            var reload: InputEvent?
            var frameStart = saved0
            while reload == nil {
                _ = window.poll(wait: 0.25)
                frameStart = now()
                reload = saved.takeSave(log: { _ in })?.reload
                if reload == nil, now() - saved0 > 2_000_000_000 { throw ReloadNotNoticed() }
            }
            sim.step([reload!])
            work.append(Double(now() - frameStart) / 1e6)
            draw(sim)
            window.present()
            let drawn = now()
            guard sim.world.tuning.zoomInSpring == file.tuning.zoomInSpring else { throw ReloadNotNoticed() }
            latencies.append(Double(drawn - saved0) / 1e6)
            frames.append(Double(drawn - frameStart) / 1e6)
            // The frames after it, the same but for the reload.
            for _ in 0..<2 {
                let start = now()
                _ = window.poll()
                sim.step()
                draw(sim)
                window.present()
                plainFrames.append(Double(now() - start) / 1e6)
            }
        }
        latencies.sort()
        return ReloadResult(saves: saves, reloadMilliseconds: latencies[latencies.count / 2], reloadMillisecondsMax: latencies.last!,
                            reloadWorkMillisecondsMax: work.max()!, reloadFrameMillisecondsMax: frames.max()!,
                            plainFrameMillisecondsMax: plainFrames.max()!)
    }
}
