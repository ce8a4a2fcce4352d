/// A flight that came to rest this tick ends: on the page the pager takes over; in the cell (or
/// shrunk away) the grid does, and the cell shows again.
enum LandingSystem {
    static func run(transition: inout TransitionState?, machine: inout PhaseMachine, zoom: inout ZoomState, landed: Bool) {
        guard landed else { return }
        FlightControl.land(transition: &transition, machine: &machine, zoom: &zoom)
    }
}
