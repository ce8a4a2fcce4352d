/// Flight targets come from the layout every tick, never captured once: a resize or relayout
/// mid-flight retargets the spring from where it is, and it lands on the new frame.
enum TransitionTargetSystem {
    static func run(transition: inout TransitionState?, grid: GridState, _ stage: Stage) {
        guard let flying = transition, var flight = flying.flight,
            let target = FlightControl.targetFrame(flight.destination, photo: flying.photo, grid: grid, stage),
            target != flight.frame.target
        else { return }
        flight.frame.retarget(to: target, at: stage.tick)
        transition!.flight = flight
    }
}
