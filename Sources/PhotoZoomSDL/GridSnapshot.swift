import PhotoZoomCore

/// Renders the scene headless exactly as the window would show it, after scripted input (the
/// sim takes input only), so snapshots and pixel tests see the real systems.
public enum GridSnapshot {
    /// Ticks allowed for the scroll to settle; far more than the wheel spring needs.
    static let settleTicks = 600

    /// The grid, opened at `start` and scrolled down by `scroll` points with wheel input.
    public static func render(photos: [DecodedPhoto], size: Size, scale: Double = 1, scroll: Double = 0, start: GridStart = .top,
                              tuning: Tuning = Tuning()) throws -> (canvas: HeadlessCanvas, world: World) {
        try render(photos: photos, size: size, scale: scale, start: start, tuning: tuning) { sim in
            guard scroll != 0 else { return }
            sim.step([.wheel(dx: 0, dy: -scroll / tuning.wheelPointsPerUnit, position: Point(x: size.width / 2, y: size.height / 2), modifiers: [])])
            for _ in 0..<settleTicks where !sim.world.grid.isAtRest { sim.step() }
        }
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
