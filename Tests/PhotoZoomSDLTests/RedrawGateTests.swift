import PhotoZoomCore
import PhotoZoomSDL
import PhotoZoomTestSupport
import XCTest

/// The window draws only what changed: a finger held still, or a scene at rest, draws nothing.
final class RedrawGateTests: XCTestCase {
    func testAHeldStillPointerDrawsOnceThenNothingUntilItMoves() {
        var input = ScriptedInput(photos: photoInfos(count: 30), viewport: Size(width: 390, height: 844))
        var gate = RedrawGate()
        XCTAssertTrue(
            gate.shouldDraw(input.sim.drawList(interpolation: 1), windowLostContent: false), "the first frame")
        input.pointer(.down, Point(x: 100, y: 400))
        XCTAssertTrue(
            gate.shouldDraw(input.sim.drawList(interpolation: 0.5), windowLostContent: false), "the press dims its cell"
        )
        var drawn = 0
        for _ in 0..<60 {
            input.tick()
            if gate.shouldDraw(input.sim.drawList(interpolation: 0.5), windowLostContent: false) { drawn += 1 }
        }
        XCTAssertEqual(drawn, 0, "half a second of a still finger draws nothing")
        input.pointer(.moved, Point(x: 100, y: 350))  // past the slop: the drag begins here
        input.pointer(.moved, Point(x: 100, y: 300))
        XCTAssertTrue(gate.shouldDraw(input.sim.drawList(interpolation: 0.5), windowLostContent: false), "a drag draws")
    }

    func testAWindowThatLostItsContentIsDrawnAgain() {
        let input = ScriptedInput(photos: photoInfos(count: 30), viewport: Size(width: 390, height: 844))
        var gate = RedrawGate()
        let items = input.sim.drawList(interpolation: 1)
        XCTAssertTrue(gate.shouldDraw(items, windowLostContent: false))
        XCTAssertFalse(gate.shouldDraw(items, windowLostContent: false))
        XCTAssertTrue(gate.shouldDraw(items, windowLostContent: true))
    }
}
