import PhotoZoomCore
import PhotoZoomSDL
import XCTest

/// The help card takes the input meant for it (issue 23, item 5): Escape closes it, a click
/// closes it and does not reach the photo behind, and other keys go on to the sim.
final class HelpCardInputTests: XCTestCase {
    func pointer(_ phase: PointerPhase) -> InputEvent {
        .pointer(PointerEvent(id: 0, source: .mouse, phase: phase, position: Point(x: 200, y: 300), modifiers: []))
    }

    func testEscapeAndAClickCloseTheHelpAndReachNothingBehindIt() {
        var overlays = WindowOverlays(tickRate: 120)
        let right = InputEvent.key(.right, modifiers: [])
        XCTAssertEqual(
            overlays.passing([pointer(.down), .key(.escape, modifiers: [])]),
            [pointer(.down), .key(.escape, modifiers: [])],
            "without the help, everything is the sim's")
        overlays.toggle(.help)
        XCTAssertEqual(overlays.passing([.key(.escape, modifiers: []), right]), [right], "Escape is the help's")
        XCTAssertFalse(overlays.help)
        overlays.toggle(.help)
        XCTAssertEqual(
            overlays.passing([.wheel(dx: 0, dy: 1, position: Point(x: 1, y: 1), modifiers: []), pointer(.down)]), [])
        XCTAssertFalse(overlays.help, "a click closes it")
        XCTAssertEqual(
            overlays.passing([pointer(.up)]), [pointer(.up)], "its release goes on, to a sim that saw no press")
    }
}
