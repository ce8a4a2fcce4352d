/// The grid's own motion, with UIScrollView's feel: momentum that decays at the deceleration
/// rate after a flick, the spring back from beyond an end, and smooth wheel scrolling. The
/// finger's part (following a drag, handing over the release) is the pan interaction's.
enum GridScrollSystem {
    static func run(grid: inout GridState, gestures: [Gesture], phase: ViewerPhase, _ stage: Stage) {
        guard grid.layout != nil, phase == .grid else { return }
        // ctrl+wheel zooms the grid instead (GridZoomSystem).
        for case let .wheel(_, dy, _, modifiers) in gestures where grid.holdingPointer == nil && !modifiers.contains(.control) {
            wheel(&grid, by: -dy * stage.tuning.wheelPointsPerUnit, stage)
        }
        decelerate(&grid, stage)
    }

    static func range(_ grid: GridState, _ stage: Stage) -> ClosedRange<Double> {
        grid.scrollRange(viewportHeight: stage.viewport.height)
    }

    /// The offset shown for an unbanded (finger-following) offset.
    static func banded(_ raw: Double, _ grid: GridState, _ stage: Stage) -> Double {
        rubberBanded(raw, in: range(grid, stage), dimension: stage.viewport.height, coefficient: stage.tuning.rubberBandCoefficient)
    }

    /// The unbanded offset that shows as `shown`, so grabbing a rubber-banded grid does not jump.
    static func unbanded(_ shown: Double, _ grid: GridState, _ stage: Stage) -> Double {
        rubberUnbanded(shown, in: range(grid, stage), dimension: stage.viewport.height, coefficient: stage.tuning.rubberBandCoefficient)
    }

    /// A finger let go at `velocity` (points per second, toward the end of the content).
    static func release(_ grid: inout GridState, velocity: Double, _ stage: Stage) {
        if !range(grid, stage).contains(grid.offset) {
            springBack(&grid, velocity: velocity, stage)
        } else if abs(velocity) >= stage.tuning.momentumStopSpeed {
            grid.motion = .decelerating(startOffset: grid.offset, velocity: velocity, startTick: stage.tick)
            grid.velocity = velocity
        } else {
            grid.motion = .idle
            grid.velocity = 0
        }
    }

    private static func springBack(_ grid: inout GridState, velocity: Double, _ stage: Stage) {
        let r = range(grid, stage)
        let edge = Swift.min(Swift.max(grid.offset, r.lowerBound), r.upperBound)
        grid.motion = .spring(stage.track(.bounce, rest: .points, from: grid.offset, velocity: velocity, to: edge),
                              isWheel: false)
        grid.velocity = velocity
    }

    private static func wheel(_ grid: inout GridState, by delta: Double, _ stage: Stage) {
        let r = range(grid, stage)
        func clamp(_ v: Double) -> Double { Swift.min(Swift.max(v, r.lowerBound), r.upperBound) }
        if case .spring(var track, isWheel: true) = grid.motion {
            track.retarget(to: clamp(track.target + delta), at: stage.tick)
            grid.motion = .spring(track, isWheel: true)
        } else {
            let track = stage.track(.wheel, rest: .points, from: grid.offset, velocity: grid.velocity, to: clamp(clamp(grid.offset) + delta))
            grid.motion = .spring(track, isWheel: true)
        }
    }

    private static func decelerate(_ grid: inout GridState, _ stage: Stage) {
        guard case let .decelerating(startOffset, v0, startTick) = grid.motion else { return }
        let s = decelerationState(velocity: v0, rate: stage.tuning.decelerationRate, time: stage.clock.seconds(since: startTick))
        grid.offset = startOffset + s.distance
        grid.velocity = s.velocity
        if !range(grid, stage).contains(grid.offset) {
            springBack(&grid, velocity: s.velocity, stage)
        } else if abs(s.velocity) < stage.tuning.momentumStopSpeed {
            grid.motion = .idle
            grid.velocity = 0
        }
    }
}
