import Dispatch
import Foundation
import PhotoZoomCore

/// Renders the scene headless exactly as the window would show it, after scripted input (the
/// sim takes input only), so snapshots and pixel tests see the real systems.
public enum GridSnapshot {
    /// Ticks allowed for the scroll to settle; far more than the wheel spring needs.
    static let settleTicks = 600

    /// The grid, scrolled down by `scroll` points with wheel input.
    public static func render(photos: [DecodedPhoto], size: Size, scale: Double = 1, scroll: Double = 0,
                              tuning: Tuning = Tuning()) throws -> (canvas: HeadlessCanvas, world: World) {
        try render(photos: photos, size: size, scale: scale, tuning: tuning) { scrolled(&$0, by: scroll, size: size, tuning: tuning) }
    }

    /// The grid of the photos in `folder`, scrolled down by `scroll` points, drawn once every
    /// photo in view has arrived, through the window's own pipeline: headers read on every core,
    /// then the cells' thumbnails decoded by the stream, sizes found late arriving as input.
    public static func render(folder: String, size: Size, scale: Double = 1, scroll: Double = 0, tuning: Tuning = Tuning(),
                              log: @escaping (String) -> Void) throws -> (canvas: HeadlessCanvas, world: World) {
        let files = try PhotoFolder.imageFiles(in: folder)
        let probes = ProbeResults(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { probes.set($0, PhotoProbe.probe(files[$0])) }
        guard probes.results.contains(where: { if case .success = $0 { return true } else { return false } }) else {
            for (file, result) in zip(files, probes.results) { if case let .failure(error)? = result { log("photozoom: cannot decode \(file.path) (\(error)); showing a placeholder") } }
            throw PhotoFolderError.noneReadable(folder)
        }
        let canvas = try HeadlessCanvas(size: size, scale: scale)
        let stream = PhotoStream(files: files, opening: probes.results, renderer: canvas.renderer, budgetBytes: Int.max, wake: WakeSignal(type: UInt32.max), log: log)
        let renderer = SceneRenderer(renderer: canvas.renderer, source: stream.textures)
        var sim = Simulation(world: World(photos: stream.initialInfos, viewport: size, tuning: tuning))
        scrolled(&sim, by: scroll, size: size, tuning: tuning)
        while true {
            stream.want(sim.world, scale: scale)
            if stream.outstanding == 0 { break }
            let arrived = stream.collect(now: 0)
            if !arrived.sizes.isEmpty { sim.step(arrived.sizes) } else { usleep(1000) }
        }
        // Everything arrived at time 0: drawn whole, none still fading in.
        stream.textures.beginFrame(now: PhotoTextures.fadeNanoseconds)
        renderer.draw(sim.drawList(interpolation: 1), scale: scale)
        return (canvas, sim.world)
    }

    /// Wheel input scrolling `sim`'s grid by `points`, run until it settles.
    static func scrolled(_ sim: inout Simulation, by points: Double, size: Size, tuning: Tuning) {
        guard points != 0 else { return }
        sim.step([.wheel(dx: 0, dy: -points / tuning.wheelPointsPerUnit, position: Point(x: size.width / 2, y: size.height / 2), modifiers: [])])
        for _ in 0..<settleTicks where !sim.world.grid.isAtRest { sim.step() }
    }

    /// The scene after `script` has driven the sim, drawn at its current tick.
    public static func render(photos: [DecodedPhoto], size: Size, scale: Double = 1, tuning: Tuning = Tuning(),
                              script: (inout Simulation) -> Void) throws -> (canvas: HeadlessCanvas, world: World) {
        let canvas = try HeadlessCanvas(size: size, scale: scale)
        let renderer = SceneRenderer(renderer: canvas.renderer, photos: photos)
        var sim = Simulation(world: World(photos: photos.map(\.info), viewport: size, tuning: tuning))
        script(&sim)
        renderer.draw(sim.drawList(interpolation: 1), scale: scale)
        return (canvas, sim.world)
    }
}

/// Probe results written by concurrent workers, each to its own slot.
private final class ProbeResults: @unchecked Sendable {
    private(set) var results: [Result<PhotoProbe, SDLError>?]
    private let lock = NSLock()
    init(count: Int) { results = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ result: Result<PhotoProbe, SDLError>) { lock.lock(); results[i] = result; lock.unlock() }
}
