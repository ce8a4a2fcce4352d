import PhotoZoomCore

/// Renders the scene headless exactly as the window would show it, after scripted input (the
/// sim takes input only), so snapshots and pixel tests see the real systems.
public enum GridSnapshot {
    /// Ticks allowed for the scroll to settle; far more than the wheel spring needs.
    static let settleTicks = 600

    /// The grid, opened at `start` and scrolled down by `scroll` points with wheel input.
    public static func render(photos: [DecodedPhoto], size: Size, scale: Double = 1, scroll: Double = 0, start: GridStart = .top,
                              tuning: Tuning = Tuning()) throws -> (canvas: HeadlessCanvas, world: World) {
        try render(photos: photos, size: size, scale: scale, start: start, tuning: tuning) { scrolled(&$0, by: scroll, size: size, tuning: tuning) }
    }

    /// The grid of the photos in `folder`, scrolled down by `scroll` points, drawn once every
    /// photo in view has arrived, through the window's own pipeline (sizes found late arrive as input).
    public static func render(folder: String, scan: PhotoFolder.Scan = PhotoFolder.Scan(), size: Size, scale: Double = 1, scroll: Double = 0,
                              tuning: Tuning = Tuning(), log: @escaping (String) -> Void) throws -> (canvas: HeadlessCanvas, world: World) {
        let library = try HeadlessLibrary(folder: folder, scan: scan, viewport: size, scale: scale, log: log)
        var sim = Simulation(world: World(photos: library.initialInfos, viewport: size, tuning: tuning, gridStart: scan.gridStart))
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
        sim.step([.wheel(dx: 0, dy: -points / tuning.wheelPointsPerUnit, position: Point(x: size.width / 2, y: size.height / 2), modifiers: [])])
        for _ in 0..<settleTicks where !sim.world.grid.isAtRest { sim.step() }
    }

    /// The scene after `script` has driven the sim, drawn at its current tick.
    public static func render(photos: [DecodedPhoto], size: Size, scale: Double = 1, start: GridStart = .top, tuning: Tuning = Tuning(),
                              script: (inout Simulation) -> Void) throws -> (canvas: HeadlessCanvas, world: World) {
        let canvas = try HeadlessCanvas(size: size, scale: scale)
        let renderer = SceneRenderer(renderer: canvas.renderer, photos: photos)
        var sim = Simulation(world: World(photos: photos.map(\.info), viewport: size, tuning: tuning, gridStart: start))
        script(&sim)
        renderer.draw(sim.drawList(interpolation: 1), scale: scale)
        return (canvas, sim.world)
    }
}

