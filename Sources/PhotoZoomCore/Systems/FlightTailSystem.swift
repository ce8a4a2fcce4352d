/// A press or key during a flight's invisible tail (the photo looks landed; the spring is only
/// settling its last hundredths of a point) lands it at once, so the input goes to the pager or
/// grid beneath it instead of grabbing, or being lost on, a photo that looks still.
enum FlightTailSystem {
    static func run(flight: inout ViewerFlight, zoom: inout ZoomState, gestures: [Gesture], _ stage: Stage) {
        guard let flying = flight.transition, let course = flying.flight, flying.grab == nil,
            gestures.contains(where: {
                if case .pressed = $0 { return true }
                if case .key = $0 { return true }
                return false
            })
        else { return }
        let frame = course.frame
        let background = course.background
        let still = stage.tuning.stillMotion
        guard (frame.value - frame.target).largestMagnitude <= still.value,
            frame.velocity.largestMagnitude <= still.velocity,
            abs(background.value - background.target) <= stage.tuning.stillBackdrop
        else { return }
        FlightControl.land(flight: &flight, zoom: &zoom)
    }
}
