import PhotoZoomCore

/// Renders the grid headless exactly as the window would show it, after scrolling by scripted
/// wheel input (the sim takes input only), so snapshots and pixel tests see the real systems.
public enum GridSnapshot {
    /// Ticks allowed for the scroll to settle; far more than the wheel spring needs.
    static let settleTicks = 600

    public static func render(photos: [DecodedPhoto], size: Size, scale: Double = 1, scroll: Double = 0,
                              tuning: Tuning = Tuning()) throws -> (canvas: HeadlessCanvas, world: World) {
        let canvas = try HeadlessCanvas(size: size, scale: scale)
        let renderer = SceneRenderer(renderer: canvas.renderer, photos: photos)
        var sim = Simulation(world: World(photos: photos.map(\.info), viewport: size, tuning: tuning))
        if scroll != 0 {
            sim.step([.wheel(dx: 0, dy: -scroll / tuning.wheelPointsPerUnit, position: Point(x: size.width / 2, y: size.height / 2), modifiers: [])])
            for _ in 0..<settleTicks where !sim.world.grid.isAtRest { sim.step() }
        }
        renderer.draw(sim.drawList(interpolation: 1), scale: scale)
        return (canvas, sim.world)
    }
}
