/// Keys: in the pager ← → Home End page and Escape or Backspace send the photo home (once a
/// slide has settled); on the way in, Escape turns the flight around from where it is drawn.
enum KeySystem {
    static func run(
        pager: inout PagerState, flight: inout ViewerFlight,
        gestures: [Gesture], pointers: PointerTracker, currentIndex: Int, grid: GridState, _ stage: Stage
    ) {
        if flight.phase == .pager, pager.escapeWhenSettled, case .idle = pager.paging.motion {
            pager.escapeWhenSettled = false
            FlightControl.escape(currentIndex, pager: &pager, flight: &flight, grid: grid, stage)
        }
        for case .key(let key, _) in gestures {
            switch flight.phase {
            case .pager:
                // Keys wait while a finger or a pinch holds the pager.
                guard pager.press == nil, pointers.pointers.isEmpty else { continue }
                // Presses in quick succession count from where the snap is going, not where it is.
                var base = currentIndex
                if case .snapping(let track) = pager.paging.motion { base = Paging.nearestPage(track.target, stage) }
                switch key {
                case .left: Paging.go(&pager.paging, to: base - 1, from: base, stage)
                case .right: Paging.go(&pager.paging, to: base + 1, from: base, stage)
                case .home: Paging.go(&pager.paging, to: 0, from: base, stage)
                case .end: Paging.go(&pager.paging, to: stage.lastPhoto, from: base, stage)
                case .escape, .backspace:
                    FlightControl.sendHome(currentIndex, pager: &pager, flight: &flight, grid: grid, stage)
                case .up, .down, .enter, .space, .plus, .minus, .pageUp, .pageDown: break
                }
            case .presenting:
                guard key == .escape || key == .backspace, let flying = flight.transition, flying.grab == nil,
                    let course = flying.flight, course.destination == .page
                else { continue }
                FlightControl.fly(
                    to: flying.fades ? .shrink : .cell, frameVelocity: course.frame.velocity,
                    backgroundVelocity: course.background.velocity,
                    flight: &flight, grid: grid, stage)
            case .grid, .dismissing:
                break
            }
        }
    }
}
