import CSDL2
import Dispatch
import Foundation
import PhotoZoomCore

/// The interactive prototype: load the photos, open the window, and run the loop.
public enum Prototype {
    /// Longest sleep while idle. Not forever: SDL under X11 can leave a resize in Xlib's queue
    /// while it waits (seen under Xvfb: the size change arrived only with the next event), and
    /// each wake pumps it. A wake with nothing to do runs no tick and draws nothing.
    static let idleWait = 0.25

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
        // Frames still to draw whatever the scene: the software renderer rebuilds its surface
        // after a resize, and the first frame after one can land on the old surface.
        var windowChanged = 0

        while true {
            // Poll: gather input, sleeping until some arrives while nothing moves; it is
            // stamped with the next tick to run.
            let idle = sim.isIdle && pending.isEmpty && windowChanged == 0 && options.exitAfterFrames == nil
            let polled = window.poll(wait: idle ? Self.idleWait : 0)
            if polled.quit { break }
            pending += polled.events
            if polled.redraw || polled.events.contains(where: { if case .resize = $0 { return true } else { return false } }) { windowChanged = 3 }
            // Update: whole fixed ticks only; the first of them takes the input. Time spent
            // asleep changed nothing, so it is not replayed: waking to input runs one tick.
            let elapsed = clock.nextFrameDelta()
            let ticks = idle ? (pending.isEmpty ? 0 : loop.advance(by: loop.tickDuration)) : loop.advance(by: elapsed)
            for _ in 0..<ticks {
                sim.step(pending)
                pending.removeAll()
            }
            // Draw: blend between the last two sim states, if that shows anything new.
            let items = sim.drawList(interpolation: loop.interpolationAlpha)
            let draw = gate.shouldDraw(items, windowLostContent: windowChanged > 0 || options.exitAfterFrames != nil)
            windowChanged = max(windowChanged - 1, 0)
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
