/// A flight that came to rest this tick ends: on the page the pager takes over; in the cell (or
/// shrunk away) the grid does, and the cell shows again.
enum LandingSystem {
    static func run(flight: inout ViewerFlight, zoom: inout ZoomState, landed: Bool) {
        guard landed else { return }
        FlightControl.land(flight: &flight, zoom: &zoom)
    }
}
