/// Advances every running spring from the tick count and writes its value where it belongs:
/// the grid's scroll and zoom, the page snap, the zoom, the transition flight and the chrome
/// fade (`WorldSprings` lists them).
enum SpringAnimatorSystem {
    /// Returns whether the flight came to rest this tick.
    static func run(
        grid: inout GridState, paging: inout PagingState, zoom: inout ZoomState, chrome: inout ChromeState,
        transition: inout TransitionState?, _ stage: Stage
    ) -> Bool {
        var advance = Advance(tick: stage.tick, rate: stage.clock.rate)
        return WorldSprings.walk(
            &advance, grid: &grid, paging: &paging, zoom: &zoom, chrome: &chrome, transition: &transition, stage)
    }

    /// Each spring to its state at this tick.
    private struct Advance: SpringVisitor {
        let tick: Int
        let rate: Double

        func visit<Value: SpringVector>(_ track: inout SpringTrack<Value>) -> SpringVisit {
            track.advance(to: tick, tickRate: rate) ? .rested : .moved
        }
    }
}
