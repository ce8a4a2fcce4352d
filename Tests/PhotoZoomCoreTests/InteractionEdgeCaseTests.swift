import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore

/// Sequences a person stumbles into: overlapping gestures, keys mid-flight, stale state.
final class InteractionEdgeCaseTests: XCTestCase {
    /// Mixed aspect ratios so fit frames differ from page to page in a wide window.
    static let sizes: [Size] = (0..<12).map { i in
        [Size(width: 640, height: 427), Size(width: 267, height: 400), Size(width: 512, height: 512)][i % 3]
    }
    /// Their fit frames in 820×1180, by hand: 640×427 at 820/640 is 820×547.09375; 267×400 at
    /// 1180/400 is 787.65×1180; 512×512 is 820×820; each centred.
    static let fits = [
        Rect(x: 0, y: 316.453125, width: 820, height: 547.09375), Rect(x: 16.175, y: 0, width: 787.65, height: 1180),
        Rect(x: 0, y: 180, width: 820, height: 820),
    ]

    func pager(on index: Int, viewport: Size = Size(width: 820, height: 1180), tuning: Tuning = Tuning())
        -> ScriptedInput
    {
        var input = ScriptedInput(photos: photoInfos(Self.sizes), viewport: viewport, tuning: tuning)
        input.tapCell(index)
        input.settle()
        return input
    }

    func doubleTap(_ input: inout ScriptedInput, at p: Point) {
        input.pointer(.down, p)
        input.pointer(.up, p)
        input.ticks(3)
        input.pointer(.down, p)
        input.pointer(.up, p)
    }

    func testAZoomStillSettlingWhenThePageChangesNeverLandsOnTheNextPhoto() {
        var input = pager(on: 3)
        doubleTap(&input, at: Point(x: 410, y: 590))
        input.settle()
        doubleTap(&input, at: Point(x: 410, y: 590))
        input.ticks(30)
        // Springing back to photo 3's fit (640×427), still running.
        guard case .spring(let track) = input.world.viewer.zoom.motion else {
            return XCTFail("\(input.world.viewer.zoom.motion)")
        }
        XCTAssertLessThan(track.target.distance(to: Self.fits[0]), 1e-9, "\(track.target)")
        XCTAssertEqual(input.world.viewer.zoom.page, 3)
        input.drag(from: Point(x: 700, y: 590), to: Point(x: 500, y: 590), ticks: 5)
        input.settle()
        XCTAssertEqual(input.world.viewer.currentIndex, 4)
        XCTAssertLessThan(
            input.sprite(.page(slot: 1)).current.frame.distance(to: Self.fits[4 % 3]), 1e-9,
            "photo 4 drawn at its own fit, not photo 3's")
        XCTAssertNil(input.world.viewer.zoom.frame)
    }

    func testAPinchStartedBetweenPagesLeavesThePagerOnAPage() {
        var input = pager(on: 3)
        // Page, and while it slides put a second finger down and spread.
        input.drag(from: Point(x: 700, y: 590), to: Point(x: 560, y: 590), ticks: 5)
        input.ticks(2)
        input.pointer(.down, Point(x: 300, y: 590), id: 1, source: .touch)
        input.pointer(.down, Point(x: 500, y: 590), id: 2, source: .touch)
        for i in 1...20 {
            let d = Double(i) * 5
            input.tick([
                .pointer(PointerEvent(id: 1, source: .touch, phase: .moved, position: Point(x: 300 - d, y: 590))),
                .pointer(PointerEvent(id: 2, source: .touch, phase: .moved, position: Point(x: 500 + d, y: 590))),
            ])
        }
        input.pointer(.up, Point(x: 200, y: 590), id: 1, source: .touch)
        input.pointer(.up, Point(x: 600, y: 590), id: 2, source: .touch)
        input.settle()
        let pitch = 820.0 + 16  // the window's width and the page gap
        XCTAssertEqual(
            input.world.viewer.paging.offset, Double(input.world.viewer.currentIndex) * pitch,
            "on a page, not between two")
        XCTAssertEqual(input.world.viewer.phase, .pager)
    }

    func testASingleTapWaitingWhenThePagerIsLeftDoesNotFireLater() {
        var input = pager(on: 2)
        input.pointer(.down, Point(x: 400, y: 600))
        input.pointer(.up, Point(x: 400, y: 600))
        input.tick([.key(.escape, modifiers: [])])
        input.settle()
        XCTAssertEqual(input.world.viewer.phase, .grid)
        XCTAssertNil(input.world.viewer.pendingTap)
        input.tapCell(5)
        input.settle()
        XCTAssertTrue(input.world.viewer.chrome.visible, "no stale tap hid the chrome of the next photo")
    }

    func testEscapeMidSnapThenPullingTheFlightBackLandsOnAPage() {
        var input = pager(on: 3)
        input.tick([.key(.right, modifiers: [])])
        input.ticks(3)
        input.tick([.key(.escape, modifiers: [])])
        // The slide settles first; then the photo leaves.
        for _ in 0..<240 where input.world.viewer.transition == nil { input.tick() }
        input.ticks(2)
        guard let frame = input.world.viewer.transition?.frame else { return XCTFail("the photo never left") }
        input.drag(from: frame.center, to: frame.center - Point(x: 0, y: 60), ticks: 6)  // caught and pulled back up
        input.settle()
        XCTAssertEqual(input.world.viewer.phase, .pager)
        let pitch = 820.0 + 16  // the window's width and the page gap
        XCTAssertEqual(input.world.viewer.paging.offset, Double(input.world.viewer.currentIndex) * pitch)
        XCTAssertLessThan(
            input.sprite(.page(slot: 1)).current.frame.distance(to: Self.fits[input.world.viewer.currentIndex % 3]),
            1e-9)
    }

    func testAFastAltDragIsAPinchNotADismissal() {
        var input = pager(on: 3)
        let centre = Point(x: 410, y: 590)
        input.pointer(.down, centre + Point(x: 0, y: 100), modifiers: .alt)
        input.pointer(.moved, centre + Point(x: 0, y: 160), modifiers: .alt)  // 60 pt in one tick
        input.pointer(.moved, centre + Point(x: 0, y: 220), modifiers: .alt)
        XCTAssertEqual(input.world.viewer.phase, .pager)
        guard case .pinching = input.world.viewer.zoom.motion else {
            return XCTFail("\(input.world.viewer.zoom.motion)")
        }
        input.pointer(.up, centre + Point(x: 0, y: 220), modifiers: .alt)
    }

    func testAnAltClickOnTheWindowCentreIsNeitherPinchNorDismissal() {
        var input = pager(on: 3)
        let centre = Point(x: 410, y: 590)
        input.pointer(.down, centre, modifiers: .alt)
        input.pointer(.moved, centre + Point(x: 0.2, y: 0), modifiers: .alt)
        // Mouse and mirrored finger both at the centre: no spread to pinch by, at any tick.
        XCTAssertEqual(input.world.viewer.phase, .pager, "no pinch-in dismissal")
        if case .pinching = input.world.viewer.zoom.motion { XCTFail("no pinch") }
        input.pointer(.up, centre + Point(x: 0.2, y: 0), modifiers: .alt)
        input.settle()
        XCTAssertEqual(input.world.viewer.phase, .pager, "no dismissal")
        XCTAssertNil(input.world.viewer.zoom.frame, "no pinch: still at fit")
    }

    func testArrowKeysKeepTheZoomAsThePageSlidesAway() {
        var input = pager(on: 3)
        doubleTap(&input, at: Point(x: 410, y: 590))
        input.settle()
        let zoomed = input.world.viewer.zoom.frame!
        input.tick([.key(.right, modifiers: [])])
        XCTAssertEqual(input.world.viewer.zoom.frame, zoomed, "no snap to fit before it slides")
        input.settle()
        XCTAssertEqual(input.world.viewer.currentIndex, 4)
        XCTAssertNil(input.world.viewer.zoom.frame, "the next page opens at fit")
    }

    func testEscapeDuringTheZoomInTurnsTheFlightAroundWithoutAJump() {
        var input = ScriptedInput(photos: photoInfos(Self.sizes), viewport: Size(width: 390, height: 844))
        input.tapCell(4)
        input.ticks(10)
        let before = input.world.viewer.transition!.frame
        input.tick([.key(.escape, modifiers: [])])
        XCTAssertEqual(input.world.viewer.phase, .dismissing(interactive: false))
        XCTAssertLessThan(
            input.world.viewer.transition!.frame.distance(to: before), 30, "continues from where it was, with its speed"
        )
        input.settle()
        XCTAssertEqual(input.world.viewer.phase, .grid)
    }

    func testASecondFingerTappingACellWhileTheFirstScrollsOpensNothing() {
        var input = ScriptedInput(photos: photoInfos(count: 200), viewport: Size(width: 390, height: 844))
        input.drag(
            from: Point(x: 60, y: 700), to: Point(x: 60, y: 500), ticks: 10, release: false, id: 1, source: .touch)
        input.pointer(.down, Point(x: 300, y: 300), id: 2, source: .touch)
        input.pointer(.up, Point(x: 300, y: 300), id: 2, source: .touch)
        XCTAssertEqual(input.world.viewer.phase, .grid)
        input.pointer(.up, Point(x: 60, y: 500), id: 1, source: .touch)
    }

    func testGrabbingAShrinkingPhotoKeepsItsFadeAndFinishesShrinking() {
        var tuning = Tuning()
        tuning.escapeStyle = .shrink
        var input = pager(on: 2, viewport: Size(width: 390, height: 844), tuning: tuning)
        input.tick([.key(.escape, modifiers: [])])
        input.ticks(4)
        let alpha = input.sprite(.transition).current.alpha
        XCTAssertLessThan(alpha, 1)
        input.pointer(.down, input.world.viewer.transition!.frame.center)
        XCTAssertEqual(input.sprite(.transition).current.alpha, alpha, accuracy: 1e-12, "no pop back to opaque")
        input.drag(through: (1...30).map { Point(x: 195, y: 422 + Double($0) * 8) })
        guard case .shrink? = input.world.viewer.transition?.flight?.destination else {
            return XCTFail("finishes as it started: shrinking")
        }
    }
}
