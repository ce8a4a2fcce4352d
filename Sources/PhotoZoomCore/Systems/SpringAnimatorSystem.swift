/// Advances every active spring from the tick count and writes its value where it belongs:
/// the grid's scroll and zoom, the page snap, the zoom, the transition flight and the chrome fade.
enum SpringAnimatorSystem {
    /// Returns whether the flight came to rest this tick.
    static func run(grid: inout GridState, paging: inout PagingState, zoom: inout ZoomState, chrome: inout ChromeState,
                    transition: inout TransitionState?, _ stage: Stage) -> Bool {
        let tick = stage.tick, rate = stage.clock.rate

        if case .spring(var track, let isWheel) = grid.motion {
            let rested = track.advance(to: tick, tickRate: rate)
            grid.offset = track.value
            grid.velocity = track.velocity
            grid.motion = rested ? .idle : .spring(track, isWheel: isWheel)
        }

        if case .spring(var track) = grid.zoom.motion {
            // The layout and offset are the level's already; at rest the cells are drawn from them.
            if track.advance(to: tick, tickRate: rate) { GridZoomControl.rest(&grid) } else { grid.zoom.motion = .spring(track) }
        }

        if case .snapping(var track) = paging.motion {
            let rested = track.advance(to: tick, tickRate: rate)
            paging.offset = track.value
            paging.motion = rested ? .idle : .snapping(track)
            // Leaving a page leaves its zoom behind.
            if rested, zoom.page != Paging.nearestPage(paging.offset, stage) { zoom = ZoomState() }
        }

        if case .spring(var track) = zoom.motion {
            let rested = track.advance(to: tick, tickRate: rate)
            zoom.frame = track.value.withoutNegativeSize
            if rested {
                zoom.motion = .idle
                ZoomControl.set(&zoom, track.value, page: zoom.page, stage)
            } else {
                zoom.motion = .spring(track)
            }
        }

        var landed = false
        if var flying = transition, var flight = flying.flight {
            let frameRested = flight.frame.advance(to: tick, tickRate: rate)
            let backgroundRested = flight.background.advance(to: tick, tickRate: rate)
            // A bouncy spring may overshoot past zero size on its way into a small cell; what is
            // drawn stops at nothing there, not a mirrored photo (the monkey found one).
            flying.frame = flight.frame.value.withoutNegativeSize
            flying.backgroundAlpha = min(max(flight.background.value, 0), 1)
            landed = (frameRested || flight.frame.isAtRest) && (backgroundRested || flight.background.isAtRest)
            flying.flight = flight
            transition = flying
        }

        if var fade = chrome.fade {
            let rested = fade.advance(to: tick, tickRate: rate)
            chrome.alpha = min(max(fade.value, 0), 1)
            chrome.fade = rested ? nil : fade
        }
        return landed
    }
}
