/// A saved tuning file takes effect: the new values apply from this tick. Every running spring
/// and the grid's momentum continue from where they are and how fast they move, under the new
/// constants; layout follows from the new values in the layout systems, which run next.
enum TuningReloadSystem {
    static func run(tuning: inout Tuning, grid: inout GridState, paging: inout PagingState, zoom: inout ZoomState, chrome: inout ChromeState,
                    transition: inout TransitionState?, input: [InputEvent], clock: SimClock) {
        // Two saves stamped for one tick: the later one is the file as it stands.
        guard let reloaded = input.last(where: { if case .tuningReloaded = $0 { return true } else { return false } }),
              case let .tuningReloaded(new) = reloaded, new != tuning else { return }
        let old = tuning
        tuning = new
        let tick = clock.tick

        switch grid.motion {
        case .spring(var track, let isWheel):
            track.retune(new, at: tick)
            grid.motion = .spring(track, isWheel: isWheel)
        case .decelerating where new.decelerationRate != old.decelerationRate:
            // The grid's offset and velocity are those of the last tick; the new coast starts there.
            grid.motion = .decelerating(startOffset: grid.offset, velocity: grid.velocity, startTick: tick - 1)
        case .idle, .held, .dragging, .scrubbing, .decelerating:
            break
        }
        if case .spring(var track) = grid.zoom.motion {
            track.retune(new, at: tick)
            grid.zoom.motion = .spring(track)
        }
        if case .snapping(var track) = paging.motion {
            track.retune(new, at: tick)
            paging.motion = .snapping(track)
        }
        if case .spring(var track) = zoom.motion {
            track.retune(new, at: tick)
            zoom.motion = .spring(track)
        }
        chrome.fade?.retune(new, at: tick)
        if var flight = transition?.flight {
            flight.frame.retune(new, at: tick)
            flight.background.retune(new, at: tick)
            transition!.flight = flight
        }
    }
}
