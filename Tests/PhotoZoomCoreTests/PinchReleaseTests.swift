import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// Releasing a pinch-in dismissal (two touch fingers pinching a photo at fit below 1×):
/// it finishes into the cell iff the scale is below 0.75 (`pinchDismissFinishScale`) or the
/// fingers were last closing; otherwise it springs back to the page.
final class PinchReleaseTests: XCTestCase {
    let viewport = Size(width: 390, height: 844)
    let centre = Point(x: 195, y: 422)

    /// Opened on photo 4 (3:2, fit 390×260 centred), settled in the pager.
    func pager() -> ScriptedInput { .pager(on: 4, photos: photoInfos(count: 12), viewport: viewport) }

    func fingers(_ phase: PointerPhase, spread d: Double) -> [InputEvent] {
        [
            .pointer(PointerEvent(id: 1, source: .touch, phase: phase, position: centre - Point(x: d / 2, y: 0))),
            .pointer(PointerEvent(id: 2, source: .touch, phase: phase, position: centre + Point(x: d / 2, y: 0))),
        ]
    }

    /// Two fingers down 200 pt apart around the centre, then one tick per spread in `spreads`,
    /// then both lift where they are. The first spread, 190, is 5 % closer than the fingers
    /// landed (more than the 2 % a pinch needs): the pinch is recognised there, at the photo's
    /// fit, so it becomes a dismissal whose scale counts from 190 pt (scale = spread / 190).
    /// Returns the phase right after the release.
    func pinch(_ input: inout ScriptedInput, through spreads: [Double]) -> ViewerState.Phase {
        precondition(spreads.first == 190)
        input.tick(fingers(.down, spread: 200))
        for d in spreads { input.tick(fingers(.moved, spread: d)) }
        XCTAssertEqual(
            input.world.viewer.phase, .dismissing(interactive: true), "pinching the photo below fit holds it")
        input.tick(fingers(.up, spread: spreads.last!))
        return input.world.viewer.phase
    }

    func testReleasedBelowThreeQuartersWithTheFingersLastOpeningFinishes() {
        var input = pager()
        // Scale 1 → 0.9 → 0.8 → 0.7 → 0.6, then opening to 0.65 (123.5 / 190): below 0.75.
        let phase = pinch(&input, through: [190, 171, 152, 133, 114, 123.5])
        XCTAssertEqual(
            phase, .dismissing(interactive: false), "below 0.75×: finishing, though the fingers were opening")
        input.settle()
        XCTAssertEqual(input.world.viewer.phase, .grid)
    }

    func testReleasedAboveThreeQuartersWhileStillClosingFinishes() {
        var input = pager()
        // Scale 1 → 0.95 → 0.9 (171 / 190), closing all the way to the release.
        let phase = pinch(&input, through: [190, 180.5, 171])
        XCTAssertEqual(phase, .dismissing(interactive: false), "still closing: finishing, though at 0.9×")
        input.settle()
        XCTAssertEqual(input.world.viewer.phase, .grid)
    }

    func testAMildPinchReleasedAboveThreeQuartersAfterOpeningSpringsBackToThePage() {
        var input = pager()
        // Scale 1 → 0.9 → 0.85, then opening to 0.9 (171 / 190): above 0.75, last opening.
        let phase = pinch(&input, through: [190, 171, 161.5, 171])
        XCTAssertEqual(phase, .presenting, "a mild pinch let go while opening springs back")
        input.settle()
        XCTAssertEqual(input.world.viewer.phase, .pager)
        XCTAssertEqual(input.world.viewer.currentIndex, 4)
        XCTAssertNil(input.world.viewer.zoom.frame, "back at fit")
    }
}
