import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// The projection release rule (the default) on long drags: past the finish distance, the
/// direction the finger was last moving still decides. Finish iff dy + projection(v) > 120 pt
/// and the finger is not moving up.
final class ReleaseRuleTests: XCTestCase {
    let viewport = Size(width: 390, height: 844)

    /// Opened on photo 4 (3:2, fit 390×260 centred), settled in the pager.
    func pager() -> ScriptedInput { .pager(on: 4, photos: photoInfos(count: 12), viewport: viewport) }

    /// Straight down from y = 300 at 5 pt per tick for 36 ticks, to y = 480. The first move
    /// (305) is inside the 8 pt tap slop, the second (310) is past it: the dismissal starts
    /// there, so the finger ends 170 pt below where the dismissal began.
    let downward: [Point] = (0...36).map { Point(x: 200, y: 300 + 5 * Double($0)) }

    func testALongDragDownReleasedWithAGentleUpwardFlickSpringsBackToThePage() {
        var input = pager()
        // Then up 0.5 pt per tick for 12 ticks (y 480 → 474): the last 0.08 s of samples
        // (10 ticks) are all this constant upward motion, so the release velocity is exactly
        // −0.5 · 120 = −60 pt/s. Its projection is −60/1000 · 0.998/0.002 = −29.94 pt, and the
        // finger is 164 pt down: 164 − 29.94 = 134.06 pt, still past the 120 pt finish distance.
        // Only the upward direction cancels.
        let up = (1...12).map { Point(x: 200, y: 480 - 0.5 * Double($0)) }
        input.drag(through: downward + up, release: false)
        XCTAssertEqual(input.world.viewer.phase, .dismissing(interactive: true))
        input.pointer(.up, up.last!)
        XCTAssertEqual(input.world.viewer.phase, .presenting, "moving up at release: springing back to the page")
        input.settle()
        XCTAssertEqual(input.world.viewer.phase, .pager)
        XCTAssertEqual(input.world.viewer.currentIndex, 4)
        XCTAssertNil(input.world.viewer.transition)
    }

    func testTheSameLongDragReleasedWithoutTheUpwardFlickFinishesIntoTheCell() {
        var input = pager()
        // Held still at y = 480 for 12 ticks: release velocity 0, 170 pt down > 120 pt.
        let still = Array(repeating: Point(x: 200, y: 480), count: 12)
        input.drag(through: downward + still, release: false)
        XCTAssertEqual(input.world.viewer.phase, .dismissing(interactive: true))
        input.pointer(.up, still.last!)
        XCTAssertEqual(
            input.world.viewer.phase, .dismissing(interactive: false), "held still past the finish distance: finishing")
        input.settle()
        XCTAssertEqual(input.world.viewer.phase, .grid)
        XCTAssertNil(input.world.viewer.transition)
    }
}
