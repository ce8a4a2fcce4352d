import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore

/// Every flight can be grabbed where it is drawn: the press draws no jump, the photo then moves
/// only as the finger does, and the release hands the finger's velocity to the next spring.
final class InterruptionTests: XCTestCase {
    let viewport = Size(width: 390, height: 844)
    func input() -> ScriptedInput { ScriptedInput(photos: photoInfos(count: 30), viewport: viewport) }

    /// Grabs the flying transition sprite at its centre, drags it `steps` ticks by `delta` per
    /// tick, and checks each tick's motion against the finger's.
    func grabAndDrag(
        _ input: inout ScriptedInput, delta: Point = Point(x: 2, y: 3), steps: Int = 20, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let before = input.world.viewer.transition!.frame
        var finger = before.center
        input.pointer(.down, finger)
        XCTAssertEqual(input.world.viewer.phase, .dismissing(interactive: true), file: file, line: line)
        XCTAssertEqual(input.world.viewer.transition!.frame, before, "the press draws no jump", file: file, line: line)
        XCTAssertEqual(
            input.sprite(.transition).previous, input.sprite(.transition).current, "held: drawn at the newest state",
            file: file, line: line)
        var last = before
        for _ in 0..<steps {
            finger = finger + delta
            input.pointer(.moved, finger)
            let frame = input.world.viewer.transition!.frame
            // The held point stays under the finger; the frame's centre moves at most as far as
            // the finger plus what the shrink moves it.
            let centreStep = (frame.center - last.center).length
            XCTAssertLessThanOrEqual(centreStep, delta.length * 1.5 + 0.01, file: file, line: line)
            last = frame
        }
        // Release with the finger's velocity: the first free tick continues the motion.
        let releaseFrame = last
        input.pointer(.up, finger)
        let firstFree = input.world.viewer.transition!.frame
        XCTAssertLessThanOrEqual(
            (firstFree.center - releaseFrame.center).length, delta.length * 1.5 + 0.5, "no jump on release", file: file,
            line: line)
        input.tick()
        let second = input.world.viewer.transition!.frame
        XCTAssertGreaterThan(
            (second.center - firstFree.center).length, 0.5, "still moving with the finger's velocity", file: file,
            line: line)
    }

    func testGrabbingTheZoomInMidFlight() {
        var input = input()
        input.tapCell(4)
        input.ticks(8)
        grabAndDrag(&input)
        input.settle()
        XCTAssertNotEqual(input.world.viewer.phase, .dismissing(interactive: true))
    }

    func testGrabbingTheSpringBackMidFlight() {
        var input = input()
        input.tapCell(4)
        input.settle()
        // Released still: cancel.
        input.drag(from: Point(x: 195, y: 400), to: Point(x: 195, y: 450), ticks: 25, hold: 20)
        XCTAssertEqual(input.world.viewer.phase, .presenting)
        input.ticks(4)
        grabAndDrag(&input)
    }

    func testGrabbingTheFlightIntoTheCell() {
        var input = input()
        input.tapCell(4)
        input.settle()
        input.tick([.key(.escape, modifiers: [])])
        input.ticks(5)
        XCTAssertEqual(input.world.viewer.phase, .dismissing(interactive: false))
        grabAndDrag(&input, delta: Point(x: 0, y: -4))
        input.settle()
        XCTAssertEqual(input.world.viewer.phase, .pager, "dragged back up, it returns to the page")
    }

    func testGrabbingAPageSnapMidFlight() {
        var input = input()
        input.tapCell(4)
        input.settle()
        input.drag(from: Point(x: 300, y: 400), to: Point(x: 200, y: 400), ticks: 4)
        input.ticks(6)
        guard case .snapping = input.world.viewer.paging.motion else { return XCTFail("snapping") }
        let before = input.world.viewer.paging.offset
        input.pointer(.down, Point(x: 200, y: 400))
        XCTAssertEqual(input.world.viewer.paging.offset, before, "caught where it is drawn")
        input.ticks(5)
        XCTAssertEqual(input.world.viewer.paging.offset, before, "held")
        var x = 200.0
        for _ in 0..<10 {
            let was = input.world.viewer.paging.offset
            x += 3
            input.pointer(.moved, Point(x: x, y: 400))
            XCTAssertLessThanOrEqual(abs(input.world.viewer.paging.offset - was), 12, "moves only with the finger")
        }
        input.pointer(.up, Point(x: x, y: 400))
        input.settle()
        XCTAssertEqual(input.world.viewer.phase, .pager)
    }

    func testADragDrawsTheNewestPointerPositionWithoutAFrameOfLag() {
        var input = input()
        input.tapCell(4)
        input.settle()
        input.drag(from: Point(x: 195, y: 400), to: Point(x: 195, y: 500), ticks: 10, release: false)
        // Blended at any alpha, the held photo is drawn where the finger is now.
        let current = input.world.viewer.transition!.frame
        for alpha in [0.0, 0.5] {
            let item = input.sim.drawList(interpolation: alpha).first { $0.content == .photo(4) }!
            XCTAssertEqual(item.frame, current)
        }
        input.pointer(.up, Point(x: 195, y: 500))
    }

    func testAPressDuringAFlightsInvisibleTailLandsItAndReachesThePagerBeneath() {
        var input = input()
        input.tapCell(4)
        // 0.55 s in: the photo looks landed but the spring is still settling its last bit.
        input.ticks(66)
        XCTAssertEqual(input.world.viewer.phase, .presenting)
        XCTAssertLessThan(
            input.world.viewer.transition!.frame.distance(to: Rect(x: 0, y: 292, width: 390, height: 260)), 0.5,
            "3:2 fit: 390×260 centred")
        input.pointer(.down, Point(x: 195, y: 600))
        XCTAssertEqual(input.world.viewer.phase, .pager, "landed, not grabbed")
        input.pointer(.up, Point(x: 195, y: 600))
        input.ticks(65)
        XCTAssertFalse(input.world.viewer.chrome.visible, "the press was the pager's: a tap toggled the chrome")
        // Earlier, while it visibly moves, the same press grabs it.
        var early = self.input()
        early.tapCell(4)
        early.ticks(20)
        early.pointer(.down, early.world.viewer.transition!.frame.center)
        XCTAssertEqual(early.world.viewer.phase, .dismissing(interactive: true))
    }
}
