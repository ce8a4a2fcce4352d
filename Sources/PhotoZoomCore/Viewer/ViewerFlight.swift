/// The viewer's phase and the transition sprite, as one slice: a flight starts, is grabbed,
/// turns and lands together with a phase move, so a system that changes one takes both.
public struct ViewerFlight: Equatable, Sendable {
    /// The only holder of the phase; every change goes through its legal moves.
    public internal(set) var machine = PhaseMachine()
    public internal(set) var transition: TransitionState?

    public var phase: ViewerPhase { machine.phase }
}
