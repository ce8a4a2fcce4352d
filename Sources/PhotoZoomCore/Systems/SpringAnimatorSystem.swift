/// Advances every active spring from the tick count and writes its value where it belongs:
/// the grid's scroll, the page snap, the zoom, the transition flight and the chrome fade.
enum SpringAnimatorSystem {
    static func run(_ world: inout World) {
        let tick = world.tick, rate = world.clock.rate

        if case .spring(var track, let isWheel) = world.grid.motion {
            let rested = track.advance(to: tick, tickRate: rate)
            world.grid.offset = track.value
            world.grid.velocity = track.velocity
            world.grid.motion = rested ? .idle : .spring(track, isWheel: isWheel)
        }

        if case .snapping(var track) = world.viewer.paging.motion {
            let rested = track.advance(to: tick, tickRate: rate)
            world.viewer.paging.offset = track.value
            world.viewer.paging.motion = rested ? .idle : .snapping(track)
            // Leaving a page leaves its zoom behind.
            if rested, world.viewer.zoom.page != Paging.nearestPage(world) { world.viewer.zoom = ZoomState() }
        }

        if case .spring(var track) = world.viewer.zoom.motion {
            let rested = track.advance(to: tick, tickRate: rate)
            world.viewer.zoom.frame = track.value
            if rested {
                world.viewer.zoom.motion = .idle
                ZoomControl.set(track.value, page: world.viewer.zoom.page, &world)
            } else {
                world.viewer.zoom.motion = .spring(track)
            }
        }

        if var transition = world.viewer.transition, var flight = transition.flight {
            let frameRested = flight.frame.advance(to: tick, tickRate: rate)
            let backgroundRested = flight.background.advance(to: tick, tickRate: rate)
            transition.frame = flight.frame.value
            transition.backgroundAlpha = min(max(flight.background.value, 0), 1)
            transition.landed = (frameRested || flight.frame.isAtRest) && (backgroundRested || flight.background.isAtRest)
            transition.flight = flight
            world.viewer.transition = transition
        }

        if var fade = world.viewer.chrome.fade {
            let rested = fade.advance(to: tick, tickRate: rate)
            world.viewer.chrome.alpha = min(max(fade.value, 0), 1)
            world.viewer.chrome.fade = rested ? nil : fade
        }
    }
}
