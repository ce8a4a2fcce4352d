import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

final class InputTests: XCTestCase {
    let viewport = Size(width: 390, height: 800)

    func testTouchAndMouseDragsScrollTheGridIdentically() {
        func offsets(_ source: PointerSource, id: Int) -> [Double] {
            var input = ScriptedInput(photos: photoInfos(count: 200), viewport: viewport)
            var out: [Double] = []
            input.drag(from: Point(x: 50, y: 700), to: Point(x: 60, y: 300), ticks: 25, id: id, source: source)
            for _ in 0..<200 {
                input.tick()
                out.append(input.world.grid.offset)
            }
            return out
        }
        let mouse = offsets(.mouse, id: 0)
        XCTAssertEqual(mouse, offsets(.touch, id: 1))
        XCTAssertGreaterThan(mouse.last!, 400)
    }

    func testAShortStillPressIsATapAndAMovedOneIsNot() {
        var input = ScriptedInput(photos: photoInfos(count: 10), viewport: viewport)
        input.pointer(.down, Point(x: 10, y: 10))
        input.pointer(.moved, Point(x: 14, y: 12))
        input.pointer(.up, Point(x: 14, y: 12))
        XCTAssertEqual(input.sim.messages.gestures, [.tapped(pointer: 0, at: Point(x: 10, y: 10), clicks: 1)])

        input.pointer(.down, Point(x: 10, y: 10))
        input.pointer(.moved, Point(x: 10, y: 30))
        input.pointer(.up, Point(x: 10, y: 30))
        guard case .released = input.sim.messages.gestures.first else {
            return XCTFail("\(input.sim.messages.gestures)")
        }

        input.pointer(.down, Point(x: 10, y: 10), id: 1, source: .touch)
        input.ticks(Int(Tuning().tapMaximumDuration * 120) + 2)
        input.pointer(.up, Point(x: 10, y: 10), id: 1, source: .touch)
        guard case .released = input.sim.messages.gestures.first else { return XCTFail("a long touch is not a tap") }

        // On the desktop a slow click is still a click.
        input.pointer(.down, Point(x: 10, y: 10))
        input.ticks(Int(Tuning().tapMaximumDuration * 120) + 2)
        input.pointer(.up, Point(x: 10, y: 10))
        guard case .tapped(0, Point(x: 10, y: 10), _)? = input.sim.messages.gestures.first else {
            return XCTFail("a slow click: \(input.sim.messages.gestures)")
        }
    }

    func testReleaseVelocityIsMeasuredOverTheRecentWindowOnly() {
        var input = ScriptedInput(photos: photoInfos(count: 200), viewport: viewport)
        input.drag(from: Point(x: 50, y: 700), to: Point(x: 50, y: 400), ticks: 30, hold: 20, release: false)
        input.pointer(.up, Point(x: 50, y: 400))
        XCTAssertEqual(
            input.sim.messages.gestures, [.released(pointer: 0, position: Point(x: 50, y: 400), velocity: .zero)],
            "stopped for longer than the window before lifting: no fling")
    }

    func testLosingFocusCancelsTheDragWithoutAFling() {
        var input = ScriptedInput(photos: photoInfos(count: 200), viewport: viewport)
        input.drag(from: Point(x: 50, y: 700), to: Point(x: 50, y: 400), ticks: 10, release: false)
        let offset = input.world.grid.offset
        input.tick([.focusLost])
        XCTAssertEqual(
            input.sim.messages.gestures, [.released(pointer: 0, position: Point(x: 50, y: 400), velocity: .zero)])
        XCTAssertTrue(input.world.pointers.pointers.isEmpty)
        input.pointer(.moved, Point(x: 50, y: 100))  // a straggler from the lost pointer
        input.ticks(60)
        XCTAssertEqual(input.world.grid.offset, offset)
    }

    func testASecondFingerDoesNotHijackTheGridDrag() {
        var input = ScriptedInput(photos: photoInfos(count: 200), viewport: viewport)
        input.drag(
            from: Point(x: 50, y: 700), to: Point(x: 50, y: 500), ticks: 10, release: false, id: 1, source: .touch)
        input.drag(
            from: Point(x: 300, y: 700), to: Point(x: 300, y: 100), ticks: 10, release: false, id: 2, source: .touch)
        // The first finger's 20 pt steps: the drag begins at the first, past the slop.
        XCTAssertEqual(input.world.grid.offset, 180, accuracy: 1e-9)
    }

    func testTheSameInputReplaysToTheSameSceneBitForBit() {
        func run() -> [DrawItem] {
            var input = ScriptedInput(photos: photoInfos(count: 200), viewport: viewport)
            input.drag(from: Point(x: 50, y: 700), to: Point(x: 57, y: 300), ticks: 17)
            input.ticks(33)
            input.tick([.wheel(dx: 0, dy: 0.37, position: .zero, modifiers: [])])
            input.ticks(41)
            return input.sim.drawList(interpolation: 0.3)
        }
        XCTAssertEqual(run(), run())
    }
}
