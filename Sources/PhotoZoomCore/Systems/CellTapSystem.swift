/// A tap on a grid cell opens its photo: the pager opens on it and the transition sprite starts
/// exactly on the cell's frame and crop and springs to the photo's aspect-fit frame.
enum CellTapSystem {
    static func run(transition: inout TransitionState?, machine: inout PhaseMachine, currentIndex: inout Int, pager: inout PagerState,
                    grid: inout GridState, gestures: [Gesture], _ stage: Stage) {
        guard machine.phase == .grid, let layout = grid.layout else { return }
        for case let .tapped(pointer, at, _) in gestures {
            guard pointer == grid.pressPointer, !grid.pressStoppedMotion, at.y < grid.visibleBand(viewportHeight: stage.viewport.height).upperBound,
                  let index = layout.index(at: Point(x: at.x, y: at.y + grid.offset)),
                  let start = ViewerGeometry.cellFrame(index, grid: grid)
            else { continue }
            grid.motion = .idle
            grid.velocity = 0
            currentIndex = index
            pager = PagerState.opening(on: index, pitch: stage.pagePitch)
            FlightControl.present(index, from: start, transition: &transition, machine: &machine, stage)
            return
        }
    }
}
