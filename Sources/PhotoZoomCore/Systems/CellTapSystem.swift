/// A tap on a grid cell opens its photo: the transition sprite starts exactly on the cell's
/// frame and crop and springs to the photo's aspect-fit frame.
enum CellTapSystem {
    static func run(_ world: inout World) {
        guard world.viewer.phase == .grid, let layout = world.grid.layout else { return }
        for case let .tapped(pointer, at) in world.gestures {
            guard pointer == world.grid.pressPointer, !world.grid.pressStoppedMotion, at.y < world.grid.visibleBand(viewportHeight: world.viewport.height).upperBound,
                  let index = layout.index(at: Point(x: at.x, y: at.y + world.grid.offset))
            else { continue }
            present(index, world: &world)
            return
        }
    }

    static func present(_ index: Int, world: inout World) {
        guard let start = ViewerGeometry.cellFrame(index, world: world) else { return }
        world.grid.motion = .idle
        world.grid.velocity = 0
        world.viewer.currentIndex = index
        world.viewer.zoom = ZoomState()
        world.viewer.paging.pitch = ViewerGeometry.pagePitch(world)
        world.viewer.paging.offset = Double(index) * world.viewer.paging.pitch
        world.viewer.paging.motion = .idle
        world.viewer.chrome = ChromeState()
        world.viewer.pendingTap = nil
        world.viewer.press = nil
        let target = ViewerGeometry.fitFrame(world.photos[index], viewport: world.viewport)
        let flight = TransitionState.Flight(
            destination: .page,
            frame: SpringTrack(parameters: world.tuning.zoomInSpring, from: start, to: target, startTick: world.tick, threshold: world.tuning.pointsRest),
            background: SpringTrack(parameters: world.tuning.zoomInSpring, from: 0, to: 1, startTick: world.tick, threshold: world.tuning.alphaRest))
        world.viewer.transition = TransitionState(photo: index, frame: start, backgroundAlpha: 0, flight: flight)
        world.viewer.machine.move(to: .presenting)
    }
}
