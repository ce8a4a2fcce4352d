import PhotoZoomCore
import XCTest

@testable import PhotoZoomSDL

/// Two sessions side by side, each under a 26-point label strip: where the window's input goes.
final class PointerRoutingTests: XCTestCase {
    let areas = [Rect(x: 0, y: 0, width: 400, height: 600), Rect(x: 400, y: 0, width: 400, height: 600)]
    let scenes = [Point(x: 0, y: 26), Point(x: 400, y: 26)]

    func pointer(_ phase: PointerPhase, _ x: Double, _ y: Double) -> InputEvent {
        .pointer(PointerEvent(id: 0, source: .mouse, phase: phase, position: Point(x: x, y: y)))
    }

    func positions(_ routed: [[InputEvent]]) -> [[Point]] {
        routed.map { $0.compactMap { if case .pointer(let p) = $0 { p.position } else { nil } } }
    }

    func testADragStaysWithTheHalfItBeganInAtTheSamePointOfEach() {
        var routing = PointerRouting()
        let routed = routing.route(
            [pointer(.down, 450, 126), pointer(.moved, 350, 126), pointer(.up, 300, 126)], areas: areas, scenes: scenes)
        // Begun in B's half at (50, 100) of its scene; dragged 150 points left, into A's.
        XCTAssertEqual(
            positions(routed),
            Array(repeating: [Point(x: 50, y: 100), Point(x: -50, y: 100), Point(x: -100, y: 100)], count: 2))
    }

    func testAPressOnALabelStripIsNobodys() {
        var routing = PointerRouting()
        let routed = routing.route(
            [pointer(.down, 100, 10), .wheel(dx: 0, dy: -1, position: Point(x: 500, y: 5), modifiers: [])],
            areas: areas, scenes: scenes)
        XCTAssertEqual(routed, [[], []])
    }

    func testTabDrivesTheFirstThenTheSecondThenBoth() {
        var routing = PointerRouting()
        var driven: [[Bool]] = []
        for _ in 0..<4 {
            routing.switchSides(1, sessions: 2)
            let routed = routing.route([.key(.escape, modifiers: [])], areas: areas, scenes: scenes)
            driven.append(routed.map { !$0.isEmpty })
        }
        XCTAssertEqual(driven, [[true, false], [false, true], [true, true], [true, false]])
    }

    func testASessionAloneHearsResizesAsTheyCame() {
        var routing = PointerRouting()
        let resize = InputEvent.resize(Size(width: 500, height: 700))
        XCTAssertEqual(
            routing.route([resize, pointer(.down, 10, 10)], areas: [areas[0]], scenes: [.zero]),
            [[resize, pointer(.down, 10, 10)]])
        XCTAssertEqual(
            routing.route([resize], areas: areas, scenes: scenes), [[], []], "two are resized by their areas")
    }
}
