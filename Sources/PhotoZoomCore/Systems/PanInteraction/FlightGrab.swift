/// The pan interaction's flight part: a press on the transition sprite during any flight grabs
/// it where it is drawn; while held it follows the finger; let go, it decides between page and
/// cell and flies on with the finger's velocity (or, not dragged, goes on where it was going).
/// On the way home a press beside the photo lands it, and the press goes to the grid beneath.
enum FlightGrab {
    static func handle(
        _ gesture: Gesture, flight: inout ViewerFlight, zoom: inout ZoomState,
        grid: inout GridState, pointers: PointerTracker, _ stage: Stage
    ) {
        guard let flying = flight.transition else { return }
        switch gesture {
        case .pressed(let pointer, let at):
            guard flying.grab == nil, let course = flying.flight else { return }
            guard flying.frame.contains(at) else {
                if course.destination != .page {
                    FlightControl.land(flight: &flight, zoom: &zoom)
                    GridPan.handle(gesture, grid: &grid, pointers: pointers, stage)
                }
                return
            }
            let caught = TransitionState.CaughtFlight(
                destination: course.destination, spring: course.spring,
                frameVelocity: course.frame.velocity, backgroundVelocity: course.background.velocity)
            FlightControl.grab(
                flying.photo, pointer: pointer, finger: at, frame: flying.frame, background: flying.backgroundAlpha,
                caught: caught,
                flight: &flight)
        case .dragged(let pointer, let position, _, _):
            guard case .drag(pointer)? = flying.grab?.kind else { return }
            FlightControl.drag(&flight.transition!, to: position, stage)
        case .released(let pointer, let position, let velocity):
            guard case .drag(pointer)? = flying.grab?.kind else { return }
            FlightControl.release(finger: position, velocity: velocity, flight: &flight, grid: grid, stage)
        case .tapped(let pointer, let at, _):
            // A tap reports where it went down; it never left the slop around it.
            guard case .drag(pointer)? = flying.grab?.kind else { return }
            FlightControl.release(finger: at, velocity: .zero, flight: &flight, grid: grid, stage)
        case .wheel, .key:
            break
        }
    }
}
