/// The grid's own motion, with UIScrollView's feel: momentum that decays at the deceleration
/// rate after a flick, the spring back from beyond an end, and smooth wheel scrolling; the keys
/// scroll on the wheel's spring. The finger's part (following a drag, handing over the release)
/// is the pan interaction's. A grid tall enough for the scrubber shows it while it scrolls.
enum GridScrollSystem {
    static func run(grid: inout GridState, gestures: [Gesture], phase: ViewerPhase, _ stage: Stage) {
        guard grid.layout != nil, phase == .grid else { return }
        for gesture in gestures where grid.holdingPointer == nil {
            switch gesture {
            // ctrl+wheel zooms the grid instead (GridZoomSystem).
            case .wheel(_, let dy, _, let modifiers) where !modifiers.contains(.control):
                wheel(&grid, by: -dy * stage.tuning.wheelPointsPerUnit, stage)
            case .key(let key, let modifiers):
                // A key with nowhere to go (Home at the top) moves nothing, and shows no scrubber.
                let from = heading(grid, stage)
                if let target = keyTarget(key, modifiers, from, grid, stage), target != from {
                    wheel(&grid, by: target - from, stage)
                }
            default:
                break
            }
        }
        decelerate(&grid, stage)
        if grid.isScrolling, GridScrubber.fits(grid, stage) { grid.scrubber.scrolledTick = stage.tick }
    }

    /// Where a key sends the content: Home and End to the top and the end, Page Up and Down (and
    /// Space, Shift+Space) a screen less a row from where it is headed, so the row at the edge
    /// stays in view; inside the scroll range.
    private static func keyTarget(_ key: Key, _ modifiers: Modifiers, _ base: Double, _ grid: GridState, _ stage: Stage)
        -> Double?
    {
        let r = range(grid, stage)
        func clamp(_ v: Double) -> Double { Swift.min(Swift.max(v, r.lowerBound), r.upperBound) }
        let shown = grid.visibleBand(viewportHeight: stage.viewport.height).upperBound
        // A row taller than half the screen would leave too little to page by.
        let page = Swift.max(shown - (grid.layout?.rowPitch ?? 0), shown / 2)
        switch key {
        case .home: return r.lowerBound
        case .end: return r.upperBound
        case .pageDown: return clamp(base + page)
        case .pageUp: return clamp(base - page)
        case .space: return clamp(modifiers.contains(.shift) ? base - page : base + page)
        case .left, .right, .up, .down, .escape, .backspace, .enter, .plus, .minus: return nil
        }
    }

    /// Where the content is headed: a wheel or key scroll's target, so presses in a row add up
    /// from there; otherwise where it is, inside the range.
    private static func heading(_ grid: GridState, _ stage: Stage) -> Double {
        if case .spring(let track, isWheel: true) = grid.motion { return track.target }
        let r = range(grid, stage)
        return Swift.min(Swift.max(grid.offset, r.lowerBound), r.upperBound)
    }

    static func range(_ grid: GridState, _ stage: Stage) -> ClosedRange<Double> {
        grid.scrollRange(viewportHeight: stage.viewport.height)
    }

    /// The offset shown for an unbanded (finger-following) offset.
    static func banded(_ raw: Double, _ grid: GridState, _ stage: Stage) -> Double {
        rubberBanded(
            raw, in: range(grid, stage), dimension: stage.viewport.height,
            coefficient: stage.tuning.rubberBandCoefficient)
    }

    /// The unbanded offset that shows as `shown`, so grabbing a rubber-banded grid does not jump.
    static func unbanded(_ shown: Double, _ grid: GridState, _ stage: Stage) -> Double {
        rubberUnbanded(
            shown, in: range(grid, stage), dimension: stage.viewport.height,
            coefficient: stage.tuning.rubberBandCoefficient)
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
        grid.motion = .spring(
            stage.track(.bounce, rest: .points, from: grid.offset, velocity: velocity, to: edge),
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
            let track = stage.track(
                .wheel, rest: .points, from: grid.offset, velocity: grid.velocity, to: clamp(clamp(grid.offset) + delta)
            )
            grid.motion = .spring(track, isWheel: true)
        }
    }

    private static func decelerate(_ grid: inout GridState, _ stage: Stage) {
        guard case .decelerating(let startOffset, let v0, let startTick) = grid.motion else { return }
        let s = decelerationState(
            velocity: v0, rate: stage.tuning.decelerationRate, time: stage.clock.seconds(since: startTick))
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
