/// The pan interaction: everything a dragged pointer moves, in one place. Each press, drag and
/// release goes to the part that owns it in the current phase — the grid's scroll (`GridPan`),
/// the pager's paging and zoomed-photo pan (`PagePan`, `ZoomPan`), or the photo in flight
/// (`FlightGrab`) — so a drag that turns the pager into a dismissal is followed by the flight
/// part from its next move on.
enum PanInteraction {
    /// Returns the taps that count as taps in the pager, for PagerTapSystem.
    static func run(
        grid: inout GridState, pager: inout PagerState, flight: inout ViewerFlight,
        gestures: [Gesture], pointers: PointerTracker, currentIndex: Int, _ stage: Stage
    ) -> [PagerTap] {
        if flight.phase != .grid { GridPan.end(&grid) }
        var taps: [PagerTap] = []
        for gesture in gestures {
            switch flight.phase {
            case .grid:
                GridPan.handle(gesture, grid: &grid, pointers: pointers, stage)
            case .pager:
                if let tap = PagePan.handle(
                    gesture, pager: &pager, flight: &flight, pointers: pointers,
                    currentIndex: currentIndex, stage)
                {
                    taps.append(tap)
                }
            case .presenting, .dismissing:
                FlightGrab.handle(gesture, flight: &flight, zoom: &pager.zoom, grid: &grid, pointers: pointers, stage)
            }
        }
        return taps
    }
}
