import PhotoZoomCore
import XCTest

@testable import PhotoZoomSDL

/// While paused, input waits for the next step without growing with every mouse move.
final class PendingInputTests: XCTestCase {
    func pointer(_ phase: PointerPhase, _ x: Double, id: Int = 0) -> InputEvent {
        .pointer(PointerEvent(id: id, source: .mouse, phase: phase, position: Point(x: x, y: 0)))
    }

    func testMovesBetweenPressesKeepOnlyTheLatestPosition() {
        var pending = [pointer(.down, 0)] + (1...10_000).map { pointer(.moved, Double($0)) } + [pointer(.up, 10_000)]
        PendingInput.coalesceMoves(&pending)
        XCTAssertEqual(pending, [pointer(.down, 0), pointer(.moved, 10_000), pointer(.up, 10_000)])
    }

    func testOtherEventsAndOtherPointersKeepTheirPlaceAndOrder() {
        var pending = [
            pointer(.moved, 1), pointer(.moved, 2, id: 1), pointer(.moved, 3), .developer(.step), pointer(.moved, 4),
            pointer(.moved, 5),
        ]
        PendingInput.coalesceMoves(&pending)
        XCTAssertEqual(
            pending,
            [pointer(.moved, 1), pointer(.moved, 2, id: 1), pointer(.moved, 3), .developer(.step), pointer(.moved, 5)])
        XCTAssertTrue(pending[3].isDeveloperControl)
        XCTAssertFalse(pending[0].isDeveloperControl)
    }
}
