/// A press on the transition sprite during any flight grabs it where it is drawn; while held
/// it follows the finger (or the pinch); let go, it decides between page and cell.
enum TransitionGrabSystem {
    static func run(_ world: inout World) {
        guard world.viewer.transition != nil, world.viewer.phase != .grid, world.viewer.phase != .pager else { return }
        for gesture in world.gestures {
            guard let transition = world.viewer.transition else { return }
            switch gesture {
            case let .pressed(pointer, at):
                guard transition.grab == nil, transition.flight != nil, transition.frame.contains(at) else { continue }
                Dismissal.grab(pointer: pointer, finger: at, frame: transition.frame, background: transition.backgroundAlpha, world: &world)
            case let .dragged(pointer, position, _, _):
                if case .drag(pointer)? = transition.grab?.kind { Dismissal.drag(to: position, world: &world) }
            case let .released(pointer, position, velocity):
                if case .drag(pointer)? = transition.grab?.kind { Dismissal.release(finger: position, velocity: velocity, world: &world) }
            case let .tapped(pointer, at):
                if case .drag(pointer)? = transition.grab?.kind { Dismissal.release(finger: at, velocity: .zero, world: &world) }
            case let .key(key, _) where key == .escape || key == .backspace:
                // Escape on the way in turns the flight around, from where it is drawn.
                if transition.grab == nil, transition.flight?.destination == .page {
                    Dismissal.fly(to: transition.fades ? .shrink : .cell, frameVelocity: transition.flight!.frame.velocity,
                                  backgroundVelocity: transition.flight!.background.velocity, world: &world)
                }
            case .wheel, .key:
                break
            }
        }
        if case .pinch? = world.viewer.transition?.grab?.kind { Dismissal.followPinch(world: &world) }
    }
}

/// Flight targets come from the layout every tick, never captured once: a resize or relayout
/// mid-flight retargets the spring from where it is, and it lands on the new frame.
enum TransitionTargetSystem {
    static func run(_ world: inout World) {
        guard var transition = world.viewer.transition, var flight = transition.flight,
              let target = TransitionTargets.frame(for: flight.destination, photo: transition.photo, world: world),
              target != flight.frame.target else { return }
        flight.frame.retarget(to: target, at: world.tick)
        transition.flight = flight
        world.viewer.transition = transition
    }
}

/// A press or key during a flight's invisible tail (the photo looks landed; the spring is only
/// settling its last hundredths of a point) lands it at once, so the input goes to the pager or
/// grid beneath it instead of grabbing, or being lost on, a photo that looks still.
enum FlightTailSystem {
    static func run(_ world: inout World) {
        guard let transition = world.viewer.transition, let flight = transition.flight, transition.grab == nil,
              world.gestures.contains(where: { if case .pressed = $0 { return true }; if case .key = $0 { return true }; return false })
        else { return }
        let frame = flight.frame, background = flight.background, still = world.tuning.stillMotion
        guard (frame.value - frame.target).largestMagnitude <= still.value, frame.velocity.largestMagnitude <= still.velocity,
              abs(background.value - background.target) <= 0.01 else { return }
        LandingSystem.land(&world)
    }
}

/// A flight that came to rest changes the phase: on the page the pager takes over; in the
/// cell (or shrunk away) the grid does, and the cell shows again.
enum LandingSystem {
    static func run(_ world: inout World) {
        guard let transition = world.viewer.transition, transition.landed else { return }
        land(&world)
    }

    static func land(_ world: inout World) {
        guard let flight = world.viewer.transition?.flight else { return }
        world.viewer.transition = nil
        switch flight.destination {
        case .page:
            world.viewer.machine.move(to: .pager)
        case .cell, .shrink:
            world.viewer.machine.move(to: .grid)
            world.viewer.zoom = ZoomState()
        }
    }
}

/// The pager follows the window: on a resize the same page stays in place at the new pitch
/// and a zoom returns to fit.
enum PagerLayoutSystem {
    static func run(_ world: inout World) {
        let pitch = ViewerGeometry.pagePitch(world)
        let old = world.viewer.paging.pitch
        guard pitch != old else { return }
        world.viewer.paging.pitch = pitch
        guard old > 0 else { return }
        world.viewer.paging.offset *= pitch / old
        world.viewer.zoom.frame = nil
        world.viewer.zoom.motion = .idle
        if case let .snapping(track) = world.viewer.paging.motion {
            world.viewer.paging.motion = .snapping(SpringTrack(parameters: track.motion.parameters, from: world.viewer.paging.offset,
                                                               velocity: track.velocity * pitch / old, to: track.target * pitch / old,
                                                               startTick: world.tick, threshold: world.tuning.pointsRest))
        } else if case let .dragging(pointer, anchorOffset, anchorX, startPage) = world.viewer.paging.motion {
            world.viewer.paging.motion = .dragging(pointer: pointer, anchorOffset: anchorOffset * pitch / old, anchorX: anchorX, startPage: startPage)
        }
    }
}

/// Every change of the current page updates the grid's current index at once and scrolls the
/// grid, out of sight, so that cell is fully visible (centred, as the seed's
/// `scrollToItem(at:at: .centeredVertically)`, when it was not).
enum IndexSyncSystem {
    static func run(_ world: inout World) {
        guard world.viewer.phase == .pager else { return }
        let page = Paging.nearestPage(world)
        if page != world.viewer.currentIndex {
            world.viewer.currentIndex = page
            world.viewer.pendingTap = nil
        }
        reveal(world.viewer.currentIndex, &world)
    }

    static func reveal(_ index: Int, _ world: inout World) {
        guard let layout = world.grid.layout else { return }
        let band = world.grid.visibleBand(viewportHeight: world.viewport.height)
        let frame = layout.frame(of: index)
        let top = frame.minY - world.grid.offset, bottom = frame.maxY - world.grid.offset
        guard top < band.lowerBound - 1e-9 || bottom > band.upperBound + 1e-9 else { return }
        let range = world.grid.scrollRange(viewportHeight: world.viewport.height)
        let centred = frame.center.y - (band.upperBound - band.lowerBound) / 2
        world.grid.offset = min(max(centred, range.lowerBound), range.upperBound)
        world.grid.motion = .idle
        world.grid.velocity = 0
        world.grid.didRelayout = true
    }
}
