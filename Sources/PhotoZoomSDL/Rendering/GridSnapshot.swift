import PhotoZoomCore
import PhotoZoomLibrary

/// Renders the scene headless exactly as the window would show it, after scripted input (the
/// sim takes input only), so snapshots and pixel tests see the real systems.
public enum GridSnapshot {
    /// Ticks allowed for the scroll to settle; far more than the wheel spring needs.
    static let settleTicks = 600

    /// The grid, opened at `start` and scrolled down by `scroll` points with wheel input.
    public static func render(
        photos: PhotoLibrary, size: Size, scale: Double = 1, scroll: Double = 0, start: GridStart = .top,
        tuning: Tuning = Tuning(), log: @escaping (String) -> Void = { _ in }
    ) throws -> (canvas: HeadlessCanvas, world: World) {
        try render(photos: photos, size: size, scale: scale, start: start, tuning: tuning, log: log) {
            scrolled(&$0, by: scroll, size: size, tuning: tuning)
        }
    }

    /// The grid of the photos in `folder`, scrolled down by `scroll` points, drawn once every
    /// photo in view has arrived, through the window's own pipeline (sizes found late arrive as input).
    public static func render(
        folder: String, scan: PhotoFolder.Scan = PhotoFolder.Scan(), size: Size, scale: Double = 1, scroll: Double = 0,
        tuning: Tuning = Tuning(), log: @escaping (String) -> Void
    ) throws -> (canvas: HeadlessCanvas, world: World) {
        let library = try HeadlessLibrary(folder: folder, scan: scan, viewport: size, scale: scale, log: log)
        var sim = Simulation(
            world: World(photos: library.initialInfos, viewport: size, tuning: tuning, gridStart: scan.gridStart))
        scrolled(&sim, by: scroll, size: size, tuning: tuning)
        while true {
            library.want(sim.world)
            if library.isIdle { break }
            let sizes = library.collect()
            if !sizes.isEmpty { sim.step(sizes) } else { library.waitForWork() }
        }
        library.drawSettled(sim)
        return (library.canvas, sim.world)
    }

    /// Wheel input scrolling `sim`'s grid by `points`, run until it settles.
    static func scrolled(_ sim: inout Simulation, by points: Double, size: Size, tuning: Tuning) {
        guard points != 0 else { return }
        sim.step([
            .wheel(
                dx: 0, dy: -points / tuning.wheelPointsPerUnit, position: Point(x: size.width / 2, y: size.height / 2),
                modifiers: [])
        ])
        for _ in 0..<settleTicks where !sim.world.grid.isAtRest { sim.step() }
    }

    /// The scene after `script` has driven the sim, drawn at its current tick with each photo it
    /// shows decoded at the size shown; `log` hears of one that does not decode.
    public static func render(
        photos: PhotoLibrary, size: Size, scale: Double = 1, start: GridStart = .top, tuning: Tuning = Tuning(),
        log: @escaping (String) -> Void = { _ in }, script: (inout Simulation) -> Void
    ) throws -> (canvas: HeadlessCanvas, world: World) {
        let canvas = try HeadlessCanvas(size: size, scale: scale)
        let scene = OnDemandScene(renderer: canvas.renderer, library: photos, log: log)
        var sim = Simulation(world: World(photos: photos.infos, viewport: size, tuning: tuning, gridStart: start))
        script(&sim)
        scene.draw(sim.drawList(interpolation: 1), window: sim.world.viewport, scale: scale)
        return (canvas, sim.world)
    }
}
