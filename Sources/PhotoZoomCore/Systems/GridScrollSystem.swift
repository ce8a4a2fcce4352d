/// Vertical scrolling of the grid with UIScrollView's feel: the content follows a dragging
/// pointer (rubber-banded past the ends), keeps the release velocity as momentum that decays
/// at the deceleration rate, springs back from beyond an end, and eases to wheel targets.
enum GridScrollSystem {
    static func run(_ world: inout World) {
        guard world.grid.layout != nil else { return }
        // Only the grid phase scrolls; a flight or the pager leaves the grid where it is, and
        // a grid drag cut short by a tap ends cleanly.
        guard world.viewer.phase == .grid else {
            if world.grid.isDragging { world.grid.motion = .idle; world.grid.velocity = 0 }
            world.grid.pressPointer = nil
            return
        }
        for gesture in world.gestures {
            switch gesture {
            case let .pressed(pointer, at):
                guard !world.grid.isDragging else { continue }
                world.grid.pressPointer = pointer
                world.grid.pressStoppedMotion = !world.grid.isAtRest && abs(world.grid.velocity) > world.tuning.momentumStopSpeed
                grab(&world, pointer: pointer, y: at.y)
            case let .dragged(pointer, position, _, pastSlop):
                guard pastSlop else { continue }
                guard case let .dragging(p, anchorOffset, anchorY) = world.grid.motion, p == pointer else { continue }
                world.grid.offset = banded(anchorOffset - (position.y - anchorY), world)
            case let .released(pointer, _, velocity):
                guard case let .dragging(p, _, _) = world.grid.motion, p == pointer else { continue }
                release(&world, velocity: -velocity.y)
            case let .tapped(pointer, _):
                guard case let .dragging(p, _, _) = world.grid.motion, p == pointer else { continue }
                release(&world, velocity: 0)
            case let .wheel(_, dy, _, _):
                if !world.grid.isDragging { wheel(&world, by: -dy * world.tuning.wheelPointsPerUnit) }
            case .key:
                break
            }
        }
        decelerate(&world)
    }

    private static func range(_ world: World) -> ClosedRange<Double> {
        world.grid.scrollRange(viewportHeight: world.viewport.height)
    }

    /// The offset shown for an unbanded (finger-following) offset.
    private static func banded(_ raw: Double, _ world: World) -> Double {
        rubberBanded(raw, in: range(world), dimension: world.viewport.height, coefficient: world.tuning.rubberBandCoefficient)
    }

    /// The unbanded offset that shows as `shown`, so grabbing a rubber-banded grid does not jump.
    private static func unbanded(_ shown: Double, _ world: World) -> Double {
        rubberUnbanded(shown, in: range(world), dimension: world.viewport.height, coefficient: world.tuning.rubberBandCoefficient)
    }

    private static func grab(_ world: inout World, pointer: Int, y: Double) {
        world.grid.motion = .dragging(pointer: pointer, anchorOffset: unbanded(world.grid.offset, world), anchorY: y)
        world.grid.velocity = 0
    }

    private static func release(_ world: inout World, velocity: Double) {
        let r = range(world)
        if !r.contains(world.grid.offset) {
            springBack(&world, velocity: velocity)
        } else if abs(velocity) >= world.tuning.momentumStopSpeed {
            world.grid.motion = .decelerating(startOffset: world.grid.offset, velocity: velocity, startTick: world.tick)
            world.grid.velocity = velocity
        } else {
            world.grid.motion = .idle
            world.grid.velocity = 0
        }
    }

    private static func springBack(_ world: inout World, velocity: Double) {
        let r = range(world)
        let edge = Swift.min(Swift.max(world.grid.offset, r.lowerBound), r.upperBound)
        let track = SpringTrack(parameters: world.tuning.bounceSpring, from: world.grid.offset, velocity: velocity,
                                to: edge, startTick: world.tick, threshold: world.tuning.pointsRest)
        world.grid.motion = .spring(track, isWheel: false)
        world.grid.velocity = velocity
    }

    private static func wheel(_ world: inout World, by delta: Double) {
        let r = range(world)
        func clamp(_ v: Double) -> Double { Swift.min(Swift.max(v, r.lowerBound), r.upperBound) }
        if case .spring(var track, isWheel: true) = world.grid.motion {
            track.retarget(to: clamp(track.target + delta), at: world.tick)
            world.grid.motion = .spring(track, isWheel: true)
        } else {
            let track = SpringTrack(parameters: world.tuning.wheelSpring, from: world.grid.offset, velocity: world.grid.velocity,
                                    to: clamp(clamp(world.grid.offset) + delta), startTick: world.tick, threshold: world.tuning.pointsRest)
            world.grid.motion = .spring(track, isWheel: true)
        }
    }

    private static func decelerate(_ world: inout World) {
        guard case let .decelerating(startOffset, v0, startTick) = world.grid.motion else { return }
        let t = Double(world.tick - startTick) / world.clock.rate
        let s = decelerationState(velocity: v0, rate: world.tuning.decelerationRate, time: t)
        world.grid.offset = startOffset + s.distance
        world.grid.velocity = s.velocity
        if !range(world).contains(world.grid.offset) {
            springBack(&world, velocity: s.velocity)
        } else if abs(s.velocity) < world.tuning.momentumStopSpeed {
            world.grid.motion = .idle
            world.grid.velocity = 0
        }
    }
}
