/// Zooming the grid, as Photos on the Mac and iPad: two fingers (or alt+drag) pinch the cells
/// larger or smaller and let go on the nearest level; ctrl+wheel steps a level per
/// `wheelUnitsPerStep` around the pointer (turned away from you: larger cells, as in the pager);
/// `+` (or `=`) and `-` step around the middle of the grid.
enum GridZoomSystem {
    static func run(
        grid: inout GridState, gestures: [Gesture], pointers: PointerTracker, phase: ViewerPhase, _ stage: Stage
    ) {
        guard phase == .grid, grid.layout != nil else { return }
        pinch(&grid, pointers, stage)
        let band = grid.visibleBand(viewportHeight: stage.viewport.height)
        let middle = Point(x: stage.viewport.width / 2, y: (band.lowerBound + band.upperBound) / 2)
        for gesture in gestures {
            switch gesture {
            case .wheel(_, let dy, let position, let modifiers) where modifiers.contains(.control):
                wheel(&grid, units: dy, at: position, stage)
            case .key(.plus, _):
                GridZoomControl.step(&grid, by: -1, around: middle, stage)
            case .key(.minus, _):
                GridZoomControl.step(&grid, by: 1, around: middle, stage)
            case .pressed, .dragged, .released, .tapped, .wheel, .key:
                break
            }
        }
    }

    /// Two pointers down become a pinch once their spread has changed (as in the pager), and the
    /// pinch starts from where they are then, so recognising it moves nothing. A finger already
    /// scrolling the grid keeps it: a second finger then does nothing.
    private static func pinch(_ grid: inout GridState, _ pointers: PointerTracker, _ stage: Stage) {
        if case .pinching(let pinch) = grid.zoom.motion {
            guard let p = pointers.pointer(pinch.pointers.first), let q = pointers.pointer(pinch.pointers.second) else {
                GridZoomControl.endPinch(&grid, stage)
                return
            }
            GridZoomControl.followPinch(
                &grid, centroid: (p.position + q.position) * 0.5, distance: (p.position - q.position).length, stage)
            return
        }
        let down = pointers.pointers
        guard down.count >= 2, !grid.isDragging else {
            grid.zoom.pinchBaseline = nil
            return
        }
        let (p, q) = (down[0], down[1])
        let distance = (p.position - q.position).length
        let pair = PointerPair(first: p.id, second: q.id)
        guard let baseline = grid.zoom.pinchBaseline, baseline.pointers == pair else {
            grid.zoom.pinchBaseline = ZoomState.PinchBaseline(pointers: pair, distance: distance)
            return
        }
        guard baseline.distance >= stage.tuning.tapSlop,
            abs(distance / baseline.distance - 1) > stage.tuning.pinchRecognitionSpread
        else { return }
        grid.zoom.pinchBaseline = nil
        GridZoomControl.startPinch(
            &grid, pointers: pair, centroid: (p.position + q.position) * 0.5, distance: distance, stage)
    }

    /// Wheel units add up toward a step, in the direction last turned; each whole
    /// `wheelUnitsPerStep` is a step (a trackpad's small units add up to one).
    private static func wheel(_ grid: inout GridState, units dy: Double, at position: Point, _ stage: Stage) {
        var units = grid.zoom.wheelUnits
        if units * dy < 0 { units = 0 }
        units += dy
        let perStep = stage.tuning.gridZoom.wheelUnitsPerStep
        // No more steps than there are levels: a turn past the end goes no further.
        let most = Double(GridZoomTuning.maximumLevels + 1)
        let whole = (units / perStep).rounded(.towardZero)
        let steps = Swift.min(Swift.max(whole, -most), most)
        grid.zoom.wheelUnits = steps == whole ? units - steps * perStep : 0
        // Turned away from the person (dy > 0): larger cells, fewer columns.
        GridZoomControl.step(&grid, by: -Int(steps), around: position, stage)
    }
}
