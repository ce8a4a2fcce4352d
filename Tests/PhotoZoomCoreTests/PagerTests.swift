import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore

final class PagerTests: XCTestCase {
    let viewport = Size(width: 390, height: 844)
    /// A page is the window's width plus the 16 pt page gap.
    let pitch = 406.0

    /// 60 photos so the grid scrolls; opened on photo `index`.
    func pager(on index: Int, tuning: Tuning = Tuning()) -> ScriptedInput {
        var input = ScriptedInput(photos: photoInfos(count: 60), viewport: viewport, tuning: tuning)
        input.tapCell(index)
        input.settle()
        return input
    }

    func swipeLeft(_ input: inout ScriptedInput, ticks: Int = 8, distance: Double = 160) {
        input.drag(from: Point(x: 300, y: 400), to: Point(x: 300 - distance, y: 405), ticks: ticks)
    }

    func testPagingToSixUpdatesTheGridIndexAtOnceAndLeavesTheGridWhereCellSixIsAlreadyVisible() {
        var input = pager(on: 4)
        swipeLeft(&input)
        input.settle()
        XCTAssertEqual(input.world.viewer.currentIndex, 5)
        swipeLeft(&input)
        var sawSix = false
        for _ in 0..<120 {
            input.tick()
            let nearest = Int((input.world.viewer.paging.offset / pitch).rounded())
            if nearest == 6, !sawSix {
                sawSix = true
                XCTAssertEqual(input.world.viewer.currentIndex, 6, "the index follows the page on the tick it changes")
            }
        }
        XCTAssertTrue(sawSix)
        XCTAssertEqual(input.sprite(.pageLabel).content, .text("7 of 60", TextStyle(pointSize: 17, color: .white)))
        // Cell 6 (row 2: 784/3 … 390 pt) is inside the visible band 0 … 844 − 50: no scroll.
        XCTAssertEqual(input.world.grid.offset, 0)
        XCTAssertEqual(input.cellFrame(6).minY, 784.0 / 3, accuracy: 1e-9)
    }

    func testTheGridScrollsOutOfSightToRevealTheCurrentCellClampedToItsScrollRange() {
        var input = pager(on: 1)
        input.tick([.key(.end, modifiers: [])])
        input.settle()
        XCTAssertEqual(input.world.viewer.currentIndex, 59)
        // The grid's visible band is the window above the 50 pt tab bar: 0 … 844 − 50 = 794.
        let cell = input.cellFrame(59)
        XCTAssert(cell.minY >= -1e-9 && cell.maxY <= 794 + 1e-9, "\(cell) in 0…794")
        // Centring cell 59 (centre 7641/3 = 2547) would need offset 2547 − 397 = 2150, past the
        // range's end, 20·386/3 + 38 + 50 − 844 = 5452/3: clamped there, the cell just above the tab bar.
        XCTAssertEqual(input.world.grid.offset, 5452.0 / 3, accuracy: 1e-9)
        XCTAssertEqual(cell.maxY, 794, accuracy: 1e-9)
        input.tick([.key(.home, modifiers: [])])
        input.tick([.key(.right, modifiers: [])])
        input.settle()
        XCTAssertEqual(input.world.viewer.currentIndex, 1)
        input.tick([.key(.right, modifiers: [])])
        input.settle()
        XCTAssertEqual(input.world.viewer.currentIndex, 2)
        // From the end the grid had to scroll back up: centring cell 2 (row 0) would need a
        // negative offset, so the grid is clamped to its top.
        XCTAssertEqual(input.world.grid.offset, 0)
        XCTAssertEqual(input.cellFrame(2).minY, 0)
    }

    func testASlowPartialDragSnapsBackAndAQuickShortFlickPages() {
        var input = pager(on: 10)
        // 40 % of the width, slowly, held before release: back to page 10.
        input.drag(from: Point(x: 300, y: 400), to: Point(x: 144, y: 400), ticks: 60, hold: 20)
        input.settle()
        XCTAssertEqual(input.world.viewer.currentIndex, 10)
        XCTAssertEqual(input.world.viewer.paging.offset, 10 * pitch)
        // 60 pt but fast: the projection carries it to page 11.
        input.drag(from: Point(x: 300, y: 400), to: Point(x: 240, y: 400), ticks: 4)
        input.settle()
        XCTAssertEqual(input.world.viewer.currentIndex, 11)
        // A huge flick still moves one page only.
        input.drag(from: Point(x: 380, y: 400), to: Point(x: 0, y: 400), ticks: 3)
        input.settle()
        XCTAssertEqual(input.world.viewer.currentIndex, 12)
    }

    func testTheSnapCarriesTheReleaseVelocity() {
        var input = pager(on: 10)
        input.drag(from: Point(x: 300, y: 400), to: Point(x: 240, y: 400), ticks: 4)
        guard case .snapping(let track) = input.world.viewer.paging.motion else { return XCTFail() }
        XCTAssertEqual(track.motion.initialVelocity, 15 * 120, accuracy: 1e-6)
    }

    func testDraggingPastTheFirstPageRubberBandsAndSpringsBackToIt() {
        var input = pager(on: 0)
        input.drag(from: Point(x: 50, y: 400), to: Point(x: 250, y: 400), ticks: 20, hold: 2, release: false)
        // Paging is decided at the first move past the 8 pt slop, x = 60, so the finger has pulled
        // 190 pt past page 0; shown with the band (1 − 1/(x·c/d + 1))·d, c = 0.55, d = 390:
        // 190·0.55/390 + 1 = 1.26795, so −(1 − 1/1.26795)·390 = −82.42 pt.
        XCTAssertEqual(input.world.viewer.paging.offset, -(1 - 1 / (190 * 0.55 / 390 + 1)) * 390, accuracy: 1e-9)
        XCTAssertEqual(input.world.viewer.paging.offset, -82.42, accuracy: 0.01, "resisted, not one to one")
        input.pointer(.up, Point(x: 250, y: 400))
        input.settle()
        XCTAssertEqual(input.world.viewer.paging.offset, 0)
    }

    func testASingleTapTogglesTheChromeOnlyAfterTheDoubleTapIntervalAndTheBackButtonDismisses() {
        // A finger's single tap counts once 0.3 s have passed without a second.
        var touch = pager(on: 3)
        touch.pointer(.down, Point(x: 200, y: 500), id: 1, source: .touch)
        touch.pointer(.up, Point(x: 200, y: 500), id: 1, source: .touch)
        touch.ticks(Int(0.25 * 120))
        XCTAssertTrue(touch.world.viewer.chrome.visible, "still waiting for a possible second tap")
        touch.ticks(10)
        XCTAssertFalse(touch.world.viewer.chrome.visible)
        // A mouse click waits out the desktop's double-click time, 0.5 s.
        var input = pager(on: 3)
        input.pointer(.down, Point(x: 200, y: 500))
        input.pointer(.up, Point(x: 200, y: 500))
        input.ticks(Int(0.45 * 120))
        XCTAssertTrue(input.world.viewer.chrome.visible, "still waiting for a possible second click")
        input.ticks(10)
        XCTAssertFalse(input.world.viewer.chrome.visible)
        input.settle()
        XCTAssertEqual(input.sprite(.topBar).hidden, true)
        input.pointer(.down, Point(x: 200, y: 500))
        input.pointer(.up, Point(x: 200, y: 500))
        input.settle()
        XCTAssertTrue(input.world.viewer.chrome.visible)
        input.pointer(.down, Point(x: 30, y: 20))
        input.pointer(.up, Point(x: 30, y: 20))
        XCTAssertEqual(input.world.viewer.phase, .dismissing(interactive: false))

        var tuning = Tuning()
        tuning.pagerTapAction = .dismiss
        var seed004 = pager(on: 3, tuning: tuning)
        seed004.pointer(.down, Point(x: 200, y: 500))
        seed004.pointer(.up, Point(x: 200, y: 500))
        seed004.ticks(65)
        XCTAssertEqual(seed004.world.viewer.phase, .dismissing(interactive: false))
    }

    func testATapDuringTheSnapsInvisibleTailCountsAsATap() {
        var input = pager(on: 10)
        swipeLeft(&input)
        // Visibly moving: a press catches the page (it then settles on the nearest page, as
        // UIScrollView does) and its tap does not toggle the chrome.
        input.ticks(3)
        input.pointer(.down, Point(x: 200, y: 500))
        input.pointer(.up, Point(x: 200, y: 500))
        input.settle()
        XCTAssertTrue(input.world.viewer.chrome.visible)
        // 0.6 s after a swipe the spring is still (invisibly) settling: the tap toggles the chrome.
        swipeLeft(&input)
        let target = Double(input.world.viewer.currentIndex + 1) * pitch
        input.ticks(70)
        guard case .snapping = input.world.viewer.paging.motion else { return XCTFail("the tail is still running") }
        input.pointer(.down, Point(x: 200, y: 500))
        input.pointer(.up, Point(x: 200, y: 500))
        XCTAssertEqual(input.world.viewer.paging.offset, target, "the snap finished where it was going")
        input.ticks(65)
        XCTAssertFalse(input.world.viewer.chrome.visible)
    }
}
