/// The pan interaction's flight part: a press on the transition sprite during any flight grabs
/// it where it is drawn; while held it follows the finger; let go, it decides between page and
/// cell and flies on with the finger's velocity.
enum FlightGrab {
    static func handle(_ gesture: Gesture, transition: inout TransitionState?, machine: inout PhaseMachine, grid: GridState, _ stage: Stage) {
        guard let flying = transition else { return }
        switch gesture {
        case let .pressed(pointer, at):
            guard flying.grab == nil, flying.flight != nil, flying.frame.contains(at) else { return }
            FlightControl.grab(flying.photo, pointer: pointer, finger: at, frame: flying.frame, background: flying.backgroundAlpha,
                               transition: &transition, machine: &machine)
        case let .dragged(pointer, position, _, _):
            guard case .drag(pointer)? = flying.grab?.kind else { return }
            FlightControl.drag(&transition!, to: position, stage)
        case let .released(pointer, position, velocity):
            guard case .drag(pointer)? = flying.grab?.kind else { return }
            FlightControl.release(finger: position, velocity: velocity, transition: &transition, machine: &machine, grid: grid, stage)
        case let .tapped(pointer, at):
            guard case .drag(pointer)? = flying.grab?.kind else { return }
            FlightControl.release(finger: at, velocity: .zero, transition: &transition, machine: &machine, grid: grid, stage)
        case .wheel, .key:
            break
        }
    }
}
