/// A saved tuning file takes effect: the new values apply from this tick. Every running spring
/// (`WorldSprings`) and the grid's momentum continue from where they are and how fast they
/// move, under the new constants; layout follows from the new values in the layout systems,
/// which run next.
enum TuningReloadSystem {
    static func run(
        tuning: inout Tuning, grid: inout GridState, paging: inout PagingState, zoom: inout ZoomState,
        chrome: inout ChromeState,
        transition: inout TransitionState?, input: [InputEvent], _ stage: Stage
    ) {
        // Two saves stamped for one tick: the later one is the file as it stands.
        guard let reloaded = input.last(where: { if case .tuningReloaded = $0 { return true } else { return false } }),
            case .tuningReloaded(let new) = reloaded, new != tuning
        else { return }
        let old = tuning
        tuning = new
        let tick = stage.tick

        if case .decelerating = grid.motion, new.decelerationRate != old.decelerationRate {
            // The grid's offset and velocity are those of the last tick; the new coast starts there.
            grid.motion = .decelerating(startOffset: grid.offset, velocity: grid.velocity, startTick: tick - 1)
        }
        // `stage` is the tick as it began, under the old tuning; the walk sees the new one.
        let reloadedStage = Stage(clock: stage.clock, tuning: new, viewport: stage.viewport, photos: stage.photos)
        var retune = Retune(tuning: new, tick: tick)
        _ = WorldSprings.walk(
            &retune, grid: &grid, paging: &paging, zoom: &zoom, chrome: &chrome, transition: &transition, reloadedStage)
    }

    /// Each spring onto the reloaded tuning's constants, from where it is.
    private struct Retune: SpringVisitor {
        let tuning: Tuning
        let tick: Int

        func visit<Value: SpringVector>(_ track: inout SpringTrack<Value>) -> SpringVisit {
            track.retune(tuning, at: tick)
            return .untouched
        }
    }
}
