import CSDL2
import Foundation
import PhotoZoomCore

/// The interactive prototype: load the photos, open the window, and run the loop.
public enum Prototype {
    public struct Options {
        public var photosFolder: String
        public var windowSize: Size
        public var exitAfterFrames: Int?
        public var tuning = Tuning()
        public init(photosFolder: String, windowSize: Size, exitAfterFrames: Int?) {
            self.photosFolder = photosFolder; self.windowSize = windowSize; self.exitAfterFrames = exitAfterFrames
        }
    }

    /// Runs until the window closes or `exitAfterFrames` frames were drawn.
    public static func run(_ options: Options, log: @escaping (String) -> Void) throws {
        let window = try AppWindow(title: "PhotoZoom", size: options.windowSize)
        let photos = try PhotoLibrary.load(options.photosFolder, log: log)
        let renderer = SceneRenderer(renderer: window.renderer, photos: photos, log: log)
        var sim = Simulation(world: World(photos: photos.map(\.info), viewport: window.sizeInPoints, tuning: options.tuning))
        var loop = FixedTimestepLoop(tuning: options.tuning)
        var clock = MonotonicClock()
        var pending: [InputEvent] = []
        var frames = 0

        while true {
            // Poll: gather input; it is stamped with the next tick to run.
            let polled = window.poll()
            if polled.quit { break }
            pending += polled.events
            // Update: whole fixed ticks only; the first of them takes the input.
            for _ in 0..<loop.advance(by: clock.nextFrameDelta()) {
                sim.step(pending)
                pending.removeAll()
            }
            // Draw: blend between the last two sim states.
            renderer.draw(sim.drawList(interpolation: loop.interpolationAlpha), scale: window.pixelScale)
            window.present()
            frames += 1
            if let limit = options.exitAfterFrames, frames >= limit { break }
            if !window.hasVSync { SDL_Delay(4) }
        }
    }
}

/// Loading a folder of photos, with the folder-level failures turned into one clear error.
public enum PhotoLibrary {
    public static func load(_ folder: String, log: (String) -> Void) throws -> [DecodedPhoto] {
        let photos = PhotoDecoder.decode(try PhotoFolder.imageFiles(in: folder), log: log)
        guard photos.contains(where: { !$0.info.isPlaceholder }) else { throw PhotoFolderError.noneReadable(folder) }
        return photos
    }
}
