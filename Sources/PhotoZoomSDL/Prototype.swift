import CSDL2
import Dispatch
import Foundation
import PhotoZoomCore

/// The interactive prototype: load the photos, open the window, and run the loop.
public enum Prototype {
    public struct Options {
        public var photosFolder: String
        public var windowSize: Size
        public var exitAfterFrames: Int?
        public var tuning = Tuning()
        public var loop = LoopSettings()
        public init(photosFolder: String, windowSize: Size, exitAfterFrames: Int?) {
            self.photosFolder = photosFolder; self.windowSize = windowSize; self.exitAfterFrames = exitAfterFrames
        }
    }

    /// Runs until the window closes or `exitAfterFrames` frames were drawn.
    public static func run(_ options: Options, log: @escaping (String) -> Void) throws {
        // Decoding needs no window: it runs on workers while the window opens.
        let files = try PhotoFolder.imageFiles(in: options.photosFolder)
        let decoded = DecodedBox()
        let decoding = DispatchGroup()
        DispatchQueue.global(qos: .userInitiated).async(group: decoding) { decoded.photos = PhotoDecoder.decode(files, log: log) }
        let window: AppWindow
        do {
            window = try AppWindow(title: "PhotoZoom", size: options.windowSize)
        } catch {
            decoding.wait()
            throw error
        }
        decoding.wait()
        let photos = try PhotoLibrary.requireReadable(decoded.photos, folder: options.photosFolder)
        let renderer = SceneRenderer(renderer: window.renderer, photos: photos, log: log)
        var sim = Simulation(world: World(photos: photos.map(\.info), viewport: window.sizeInPoints, tuning: options.tuning, loop: options.loop))
        var loop = FixedTimestepLoop(options.loop)
        var clock = MonotonicClock()
        var pacer = FramePacer(framesPerSecond: options.loop.tickRate)
        var pending: [InputEvent] = []
        var gate = RedrawGate()
        var frames = 0

        while true {
            // Poll: gather input, sleeping until some arrives while nothing moves; it is
            // stamped with the next tick to run.
            let idle = sim.isIdle && pending.isEmpty && options.exitAfterFrames == nil
            let polled = window.poll(block: idle)
            if polled.quit { break }
            pending += polled.events
            // Update: whole fixed ticks only; the first of them takes the input. Time spent
            // asleep changed nothing, so it is not replayed: waking runs one tick.
            let elapsed = clock.nextFrameDelta()
            for _ in 0..<loop.advance(by: idle ? loop.tickDuration : elapsed) {
                sim.step(pending)
                pending.removeAll()
            }
            // Draw: blend between the last two sim states, if that shows anything new.
            let items = sim.drawList(interpolation: loop.interpolationAlpha)
            let draw = gate.shouldDraw(items, windowLostContent: polled.redraw || options.exitAfterFrames != nil)
            if draw {
                renderer.draw(items, scale: window.pixelScale)
                window.present()
                frames += 1
            }
            if let limit = options.exitAfterFrames, frames >= limit { break }
            if !draw || !window.hasVSync { pacer.endFrame() }
        }
    }
}

/// Hands decoded photos from the worker to the main thread; the dispatch group's wait()
/// orders the write before the read.
private final class DecodedBox: @unchecked Sendable {
    var photos: [DecodedPhoto] = []
}
