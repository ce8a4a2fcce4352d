/// A tap on a grid cell opens its photo: the pager opens on it and the transition sprite starts
/// exactly on the cell's frame and crop and springs to the photo's aspect-fit frame. A tap
/// while the grid zooms opens the photo drawn under it, from where it is drawn; the zoom
/// settles behind the opening photo, so the way back finds the cell at its new level. The pager
/// it opens is a new one, which has had none of the taps handed on for the pager before it.
enum CellTapSystem {
    static func run(
        flight: inout ViewerFlight, currentIndex: inout Int, pager: inout PagerState,
        grid: inout GridState, pagerTaps: inout [PagerTap], gestures: [Gesture], _ stage: Stage
    ) {
        guard flight.phase == .grid, grid.layout != nil else { return }
        for case .tapped(let pointer, let at, _) in gestures {
            guard pointer == grid.pressPointer, !grid.pressStoppedMotion,
                let index = ViewerGeometry.photo(at: at, grid: grid, stage),
                let start = ViewerGeometry.cellFrame(index, grid: grid, stage)
            else { continue }
            grid.motion = .idle
            grid.velocity = 0
            currentIndex = index
            pager = PagerState.opening(on: index, pitch: stage.pagePitch)
            pagerTaps = []
            FlightControl.present(index, from: start, flight: &flight, stage)
            return
        }
    }
}
