import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// The felt constants in `Tuning` are the ones the interaction uses: the defaults show in what a
/// person sees and can do, and a changed tuning changes it.
final class TuningConstantsTests: XCTestCase {
    let viewport = Size(width: 390, height: 844)
    let cell = (390.0 - 4) / 3
    var pitch: Double { cell + 2 }
    /// 3:2 photos fit the 390×844 window at 390×260, centred.
    let fit = Rect(x: 0, y: 292, width: 390, height: 260)
    let pagePitch = 390.0 + 16

    func pager(on index: Int = 4, tuning: Tuning = Tuning()) -> ScriptedInput {
        .pager(on: index, photos: photoInfos(count: 30), viewport: viewport, tuning: tuning)
    }

    func tap(_ input: inout ScriptedInput, _ p: Point) { input.click(p) }

    func largest(_ r: Rect) -> Double { max(abs(r.x), abs(r.y), abs(r.width), abs(r.height)) }

    // MARK: Chrome

    func testTheBackButtonTakesTapsAcrossItsNinetySixPoints() {
        var inside = pager()
        tap(&inside, Point(x: 90, y: 22))
        XCTAssertEqual(inside.world.viewer.phase, .dismissing(interactive: false), "a tap 90 pt in is on the button")
        var beside = pager()
        tap(&beside, Point(x: 102, y: 22))
        XCTAssertEqual(beside.world.viewer.phase, .pager, "a tap 102 pt in is beside it")
        XCTAssertNotNil(beside.world.viewer.pendingTap, "…and counts as a tap on the photo")
    }

    func testTheBackButtonsWidthComesFromTheTuning() {
        var tuning = Tuning()
        tuning.backButtonWidth = 200
        var input = pager(tuning: tuning)
        tap(&input, Point(x: 180, y: 22))
        XCTAssertEqual(input.world.viewer.phase, .dismissing(interactive: false))
        tuning.backButtonWidth = 40
        var narrow = pager(tuning: tuning)
        tap(&narrow, Point(x: 60, y: 22))
        XCTAssertEqual(narrow.world.viewer.phase, .pager)
    }

    func testChromeTextAndTheBackButtonAreSizedAndPlacedByTheDefaults() {
        var input = ScriptedInput(photos: photoInfos(count: 30), viewport: viewport)
        input.ticks(1)
        let tabText = Color(r: 60, g: 60, b: 67)
        XCTAssertEqual(input.sprite(.tabBarLabel).content, .text("30 Photos", TextStyle(pointSize: 15, color: tabText)))
        input.tapCell(4)
        input.settle()
        let back = input.sprite(.backButton)
        XCTAssertEqual(back.current.frame, Rect(x: 12, y: 0, width: 96, height: 44), "the label 12 pt in from the left")
        XCTAssertEqual(back.content, .text("‹ Back", TextStyle(pointSize: 17, color: .white, leading: true)))
        XCTAssertEqual(input.sprite(.pageLabel).content, .text("5 of 30", TextStyle(pointSize: 17, color: .white)))
    }

    func testChromeTextAndTheBackButtonFollowTheTuning() {
        var tuning = Tuning()
        tuning.tabBarTextSize = 13
        tuning.topBarTextSize = 20
        tuning.backButtonInset = 6
        tuning.backButtonWidth = 120
        var input = ScriptedInput(photos: photoInfos(count: 30), viewport: viewport, tuning: tuning)
        input.ticks(1)
        XCTAssertEqual(
            input.sprite(.tabBarLabel).content,
            .text("30 Photos", TextStyle(pointSize: 13, color: Color(r: 60, g: 60, b: 67))))
        input.tapCell(4)
        input.settle()
        XCTAssertEqual(input.sprite(.backButton).current.frame, Rect(x: 6, y: 0, width: 120, height: 44))
        XCTAssertEqual(
            input.sprite(.backButton).content, .text("‹ Back", TextStyle(pointSize: 20, color: .white, leading: true)))
        XCTAssertEqual(input.sprite(.pageLabel).content, .text("5 of 30", TextStyle(pointSize: 20, color: .white)))
    }

    // MARK: Still motion: half a point and 20 pt/s

    func testAPressAFewPointsBeforeTheSnapsPageCatchesItAndItsTapCountsForNothing() {
        var input = pager(on: 4)
        input.tick([.key(.right, modifiers: [])])
        let target = 5 * pagePitch
        var n = 0
        while abs(input.world.viewer.paging.offset - target) > 3, n < 240 {
            input.tick()
            n += 1
        }
        let gap = abs(input.world.viewer.paging.offset - target)
        XCTAssertGreaterThan(gap, 0.5, "more than half a point from its page: visibly sliding")
        guard case .snapping = input.world.viewer.paging.motion else { return XCTFail("the snap is under way") }
        tap(&input, Point(x: 200, y: 500))
        XCTAssertNil(input.world.viewer.pendingTap, "the press caught the page; its tap only lets the snap finish")
        input.settle()
        input.ticks(45)
        XCTAssertTrue(input.world.viewer.chrome.visible)
        XCTAssertEqual(input.world.viewer.currentIndex, 5)
        XCTAssertEqual(input.world.viewer.paging.offset, target, accuracy: 1e-9)
    }

    /// Escape flies photo 4 home to its cell (row 1, column 1); runs until the flight is first
    /// within `distance` points of the cell (every edge and size), slower than 20 pt/s, and
    /// returns how far off it is then.
    func flyHome(_ input: inout ScriptedInput, within distance: Double) -> Double {
        input.tick([.key(.escape, modifiers: [])])
        let home = Rect(x: pitch, y: pitch, width: cell, height: cell)
        for _ in 0..<240 {
            input.tick()
            guard let t = input.world.viewer.transition, let flight = t.flight else { break }
            let off = largest(
                Rect(
                    x: t.frame.x - home.x, y: t.frame.y - home.y, width: t.frame.width - home.width,
                    height: t.frame.height - home.height))
            if off <= distance, largest(flight.frame.velocity) <= 20 { return off }
        }
        XCTFail("the flight never came within \(distance) pt")
        return .nan
    }

    func testAPressOnAPhotoStillAlmostAPointFromItsCellGrabsIt() {
        var input = pager(on: 4)
        let off = flyHome(&input, within: 0.8)
        XCTAssertGreaterThan(off, 0.5, "\(off) pt from the cell")
        input.pointer(.down, input.world.viewer.transition!.frame.center)
        XCTAssertEqual(input.world.viewer.phase, .dismissing(interactive: true), "grabbed, not landed")
    }

    func testAPressOnceThePhotoIsWithinHalfAPointOfItsCellLandsItAndReachesTheGrid() {
        var input = pager(on: 4)
        let off = flyHome(&input, within: 0.5)
        XCTAssertLessThanOrEqual(off, 0.5)
        // The backdrop is still a little short of gone (its spring is the frame's, over 1 not ~260),
        // but far under a hundredth: the flight looks landed.
        input.pointer(.down, input.world.viewer.transition!.frame.center)
        XCTAssertEqual(input.world.viewer.phase, .grid, "landed; the press is the grid's")
        XCTAssertNil(input.world.viewer.transition)
    }

    // MARK: Pinch recognition

    func testFingersLandingWithinTheTapSlopOfEachOtherNeverPinch() {
        var input = pager(on: 4)
        input.pointer(.down, Point(x: 195, y: 420), id: 1, source: .touch)
        input.pointer(.down, Point(x: 199, y: 420), id: 2, source: .touch)
        for i in 1...30 { input.pointer(.moved, Point(x: 199 + Double(i) * 5, y: 420), id: 2, source: .touch) }
        XCTAssertNil(input.world.viewer.zoom.frame, "4 pt apart is one spot: spreading from it is no pinch")
        XCTAssertEqual(input.sprite(.page(slot: 1)).current.frame, fit)
    }
}
