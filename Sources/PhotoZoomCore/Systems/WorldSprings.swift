/// What a walk over the world's springs does to each one it passes.
protocol SpringVisitor {
    /// `track` is a spring the world runs now; whatever the visitor makes of it is kept.
    mutating func visit<Value: SpringVector>(_ track: inout SpringTrack<Value>) -> SpringVisit
}

/// What a visit did to a spring's value.
enum SpringVisit {
    /// The value is as it was: retuned, or only looked at.
    case untouched
    /// The value moved, and the spring runs on.
    case moved
    /// The value moved and came to rest on its target.
    case rested
}

/// Every spring the world runs, listed once: the grid's scroll and zoom, the page snap, the
/// page's zoom, the flight's frame and backdrop, and the top bar's fade. The spring animator
/// (advance each), the tuning reload (retune each) and `Simulation.isIdle` (is any running?)
/// all walk this list, so a spring added here is advanced, retuned and kept awake at once,
/// and a spring the state holds outside it fails `WorldSpringsTests`.
enum WorldSprings {
    /// Visits each running spring in this order; a value the visit moved is written where it
    /// shows, and a spring that came to rest ends. Returns whether the flight came to rest.
    static func walk<Visitor: SpringVisitor>(
        _ visitor: inout Visitor, grid: inout GridState, paging: inout PagingState, zoom: inout ZoomState,
        chrome: inout ChromeState, transition: inout TransitionState?, _ stage: Stage
    ) -> Bool {
        if case .spring(var track, let isWheel) = grid.motion {
            let visit = visitor.visit(&track)
            grid.motion = .spring(track, isWheel: isWheel)
            if visit != .untouched {
                grid.offset = track.value
                grid.velocity = track.velocity
                if visit == .rested { grid.motion = .idle }
            }
        }

        if case .spring(var track) = grid.zoom.motion {
            let visit = visitor.visit(&track)
            grid.zoom.motion = .spring(track)
            // The layout and offset are the level's already; at rest the cells are drawn from them.
            if visit == .rested { GridZoomControl.rest(&grid) }
        }

        if case .snapping(var track) = paging.motion {
            let visit = visitor.visit(&track)
            paging.motion = .snapping(track)
            if visit != .untouched { paging.offset = track.value }
            if visit == .rested {
                paging.motion = .idle
                // Leaving a page leaves its zoom behind.
                if zoom.page != Paging.nearestPage(paging.offset, stage) { zoom = ZoomState() }
            }
        }

        if case .spring(var track) = zoom.motion {
            let visit = visitor.visit(&track)
            zoom.motion = .spring(track)
            if visit != .untouched { zoom.frame = track.value.withoutNegativeSize }
            if visit == .rested {
                zoom.motion = .idle
                ZoomControl.set(&zoom, track.value, page: zoom.page, stage)
            }
        }

        var landed = false
        if var flying = transition, var flight = flying.flight {
            let frameVisit = visitor.visit(&flight.frame)
            let backgroundVisit = visitor.visit(&flight.background)
            flying.flight = flight
            if frameVisit != .untouched || backgroundVisit != .untouched {
                // A bouncy spring may overshoot past zero size on its way into a small cell; what is
                // drawn stops at nothing there, not a mirrored photo (the monkey found one).
                flying.frame = flight.frame.value.withoutNegativeSize
                flying.backgroundAlpha = min(max(flight.background.value, 0), 1)
                landed = flight.frame.isAtRest && flight.background.isAtRest
            }
            transition = flying
        }

        if var fade = chrome.fade {
            let visit = visitor.visit(&fade)
            chrome.fade = fade
            if visit != .untouched { chrome.alpha = min(max(fade.value, 0), 1) }
            if visit == .rested { chrome.fade = nil }
        }
        return landed
    }
}
