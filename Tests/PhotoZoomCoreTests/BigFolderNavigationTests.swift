import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// Issue 33, item 4: a big folder has a way to its end. The grid's keys (Home, End, Page Up and
/// Down, Space), its scrubber, and the pager's vertical wheel, driven through the real sim.
final class BigFolderNavigationTests: XCTestCase {
    let window = Size(width: 1280, height: 800)
    // 1000 photos at 1280 pt: 12 columns of (1280 − 11·2)/12 pt, 84 rows; the last row rests
    // above the 50 pt tab bar. Worked out here, not read from the code under test.
    let cell = (1280.0 - 22) / 12
    var pitch: Double { cell + 2 }
    var end: Double { 84 * cell + 83 * 2 + 50 - 800 }
    /// A screen less a row: the 750 pt above the tab bar, less one row.
    var page: Double { 750 - pitch }
    let middle = Point(x: 640, y: 400)

    func folder(_ count: Int = 1000) -> ScriptedInput {
        ScriptedInput(photos: photoInfos(count: count), viewport: window)
    }

    func key(_ key: Key, _ modifiers: Modifiers = []) -> InputEvent { .key(key, modifiers: modifiers) }

    // MARK: Keys

    func testEndEasesToTheLastRowAboveTheTabBarAndHomeBackToTheTop() {
        var input = folder()
        input.tick([key(.end)])
        input.tick()
        XCTAssertGreaterThan(input.world.grid.offset, 0, "End moves at once")
        XCTAssertLessThan(input.world.grid.offset, end / 2, "and eases on the wheel's spring, no jump")
        let ticks = input.settleGrid()
        XCTAssertLessThanOrEqual(ticks, 240, "at the end within two seconds")
        XCTAssertEqual(input.world.grid.offset, end, accuracy: 1e-9)
        XCTAssertEqual(input.cellFrame(999).maxY, 750, accuracy: 1e-9, "the last row rests on the tab bar")

        input.tick([key(.home)])
        input.settleGrid()
        XCTAssertEqual(input.world.grid.offset, 0)
        XCTAssertEqual(input.world.viewer.phase, .grid)
    }

    func testCtrlEndAndCtrlHomeDoTheSame() {
        var input = folder()
        input.tick([key(.end, .control)])
        input.settleGrid()
        XCTAssertEqual(input.world.grid.offset, end, accuracy: 1e-9)
        input.tick([key(.home, .control)])
        input.settleGrid()
        XCTAssertEqual(input.world.grid.offset, 0)
    }

    func testPageDownMovesAScreenLessARowAndPageUpComesBack() {
        var input = folder()
        input.tick([key(.pageDown)])
        input.settleGrid()
        XCTAssertEqual(input.world.grid.offset, page, accuracy: 1e-9)
        // The row that was last above the tab bar is now the first row shown.
        XCTAssertEqual(input.world.grid.layout!.firstVisibleIndex(atOffset: input.world.grid.offset), 6 * 12)
        input.tick([key(.pageUp)])
        input.settleGrid()
        XCTAssertEqual(input.world.grid.offset, 0, accuracy: 1e-9)
    }

    func testSpaceAndShiftSpacePageToo() {
        var input = folder()
        input.tick([key(.space)])
        input.settleGrid()
        XCTAssertEqual(input.world.grid.offset, page, accuracy: 1e-9)
        input.tick([key(.space, .shift)])
        input.settleGrid()
        XCTAssertEqual(input.world.grid.offset, 0, accuracy: 1e-9)
    }

    func testPressesInARowAddUpFromWhereTheScrollIsHeaded() {
        var input = folder()
        var offsets: [Double] = []
        for _ in 0..<3 {
            input.tick([key(.pageDown)])
            offsets.append(input.world.grid.offset)
            input.tick()
            offsets.append(input.world.grid.offset)
        }
        while !input.world.grid.isAtRest {
            input.tick()
            offsets.append(input.world.grid.offset)
        }
        XCTAssertEqual(
            input.world.grid.offset, 3 * page, accuracy: 1e-9,
            "three pages, not three from wherever each press found it")
        XCTAssertEqual(
            zip(offsets, offsets.dropFirst()).filter { $1 < $0 - 1e-9 }.count, 0, "never moves backwards: no jump")
        XCTAssertLessThan(offsets.max()!, 3 * page + pitch, "no great overshoot")
        input.tick([key(.pageUp)])
        input.settleGrid()
        XCTAssertEqual(input.world.grid.offset, 2 * page, accuracy: 1e-9)
    }

    func testHomeOrEndMidScrollGoesAllTheWay() {
        var input = folder()
        input.tick([key(.pageDown)])
        input.ticks(3)
        input.tick([key(.home)])
        input.settleGrid()
        XCTAssertEqual(input.world.grid.offset, 0, accuracy: 1e-9, "to the top, not by the distance still to go")
        input.tick([key(.end)])
        input.ticks(3)
        input.tick([key(.end)])
        input.tick([.wheel(dx: 0, dy: 1, position: middle, modifiers: [])])
        input.tick([key(.end)])
        input.settleGrid()
        XCTAssertEqual(input.world.grid.offset, end, accuracy: 1e-9)
    }

    func testPageKeysStopAtTheEnds() {
        var input = folder()
        input.tick([key(.pageUp)])
        input.settleGrid()
        XCTAssertEqual(input.world.grid.offset, 0, "no rubber band above the top")
        XCTAssertNil(input.world.grid.scrubber.scrolledTick, "a key with nowhere to go moved nothing")
        input.tick([key(.end)])
        input.settleGrid()
        input.tick([key(.pageDown)])
        input.settleGrid()
        XCTAssertEqual(input.world.grid.offset, end, accuracy: 1e-9)
    }

    func testAPressDuringAKeyScrollStopsItWhereItIsDrawnAndOpensNothing() {
        var input = folder()
        input.tick([key(.end)])
        input.ticks(6)
        let drawn = input.world.grid.offset
        XCTAssertGreaterThan(drawn, 0)
        input.pointer(.down, middle)
        XCTAssertEqual(input.world.grid.offset, drawn, accuracy: 1e-9, "stopped where it was drawn")
        input.ticks(30)
        input.pointer(.up, middle)
        input.ticks(60)
        XCTAssertEqual(input.world.grid.offset, drawn, accuracy: 1e-9)
        XCTAssertEqual(input.world.viewer.phase, .grid, "the press stopped a scroll: its click opens nothing")
    }

    func testKeysWaitWhileAFingerHoldsTheGrid() {
        var input = folder()
        input.pointer(.down, middle)
        input.tick([key(.end)])
        input.ticks(30)
        XCTAssertEqual(input.world.grid.offset, 0)
    }

    // MARK: The pager's vertical wheel

    func testAVerticalWheelInThePagerPagesForwardAndBack() {
        var input = ScriptedInput.pager(on: 5, photos: photoInfos(count: 30), viewport: window)
        // Turned toward you (SDL's negative dy) scrolls down: the next photo.
        input.tick([.wheel(dx: 0, dy: -1, position: middle, modifiers: [])])
        input.settle()
        XCTAssertEqual(input.world.viewer.currentIndex, 6)
        input.tick([.wheel(dx: 0, dy: 1, position: middle, modifiers: [])])
        input.settle()
        XCTAssertEqual(input.world.viewer.currentIndex, 5)
        // A trackpad's stream of small vertical units is one swipe: one page.
        for _ in 0..<30 { input.tick([.wheel(dx: 0.02, dy: -0.3, position: middle, modifiers: [])]) }
        input.settle()
        XCTAssertEqual(input.world.viewer.currentIndex, 6)
    }

    func testAZoomedPhotoIgnoresTheVerticalWheelAndCtrlWheelStillZooms() {
        var input = ScriptedInput.pager(on: 5, photos: photoInfos(count: 30), viewport: window)
        input.tick([.wheel(dx: 0, dy: 3, position: middle, modifiers: .control)])
        input.settle()
        let zoomed = input.world.viewer.zoom.frame
        XCTAssertNotNil(zoomed, "ctrl+wheel zoomed in")
        input.tick([.wheel(dx: 0, dy: -1, position: middle, modifiers: [])])
        input.settle()
        XCTAssertEqual(input.world.viewer.currentIndex, 5, "a zoomed photo does not page")
        XCTAssertEqual(input.world.viewer.zoom.frame, zoomed, "nor move")
    }
}
