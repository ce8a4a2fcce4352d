/// Keys: in the pager ← → Home End page and Escape or Backspace send the photo home (once a
/// slide has settled); on the way in, Escape turns the flight around from where it is drawn.
enum KeySystem {
    static func run(pager: inout PagerState, transition: inout TransitionState?, machine: inout PhaseMachine,
                    gestures: [Gesture], pointers: PointerTracker, currentIndex: Int, grid: GridState, _ stage: Stage) {
        if machine.phase == .pager, pager.escapeWhenSettled, case .idle = pager.paging.motion {
            pager.escapeWhenSettled = false
            FlightControl.escape(currentIndex, pager: &pager, transition: &transition, machine: &machine, grid: grid, stage)
        }
        for case let .key(key, _) in gestures {
            switch machine.phase {
            case .pager:
                // Keys wait while a finger or a pinch holds the pager.
                guard pager.press == nil, pointers.pointers.isEmpty else { continue }
                // Presses in quick succession count from where the snap is going, not where it is.
                var base = currentIndex
                if case let .snapping(track) = pager.paging.motion { base = Paging.nearestPage(track.target, stage) }
                switch key {
                case .left: Paging.go(&pager.paging, to: base - 1, from: base, stage)
                case .right: Paging.go(&pager.paging, to: base + 1, from: base, stage)
                case .home: Paging.go(&pager.paging, to: 0, from: base, stage)
                case .end: Paging.go(&pager.paging, to: stage.lastPhoto, from: base, stage)
                case .escape, .backspace: FlightControl.sendHome(currentIndex, pager: &pager, transition: &transition, machine: &machine, grid: grid, stage)
                case .up, .down, .enter, .space, .plus, .minus, .pageUp, .pageDown: break
                }
            case .presenting:
                guard key == .escape || key == .backspace, let flying = transition, flying.grab == nil,
                      let flight = flying.flight, flight.destination == .page else { continue }
                FlightControl.fly(to: flying.fades ? .shrink : .cell, frameVelocity: flight.frame.velocity, backgroundVelocity: flight.background.velocity,
                                  transition: &transition, machine: &machine, grid: grid, stage)
            case .grid, .dismissing:
                break
            }
        }
    }
}
