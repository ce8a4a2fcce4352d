import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// The tab bar covers the bottom 50 pt of the grid: taps there open nothing, and a cell behind it
/// is not "visible" to index sync.
final class GridTapRevealTests: XCTestCase {
    let viewport = Size(width: 390, height: 844)
    let cell = (390.0 - 4) / 3
    var pitch: Double { cell + 2 }

    func tap(_ input: inout ScriptedInput, _ p: Point) {
        input.pointer(.down, p)
        input.pointer(.up, p)
    }

    func testATapOnTheTabBarOpensNothingEvenOverACell() {
        var input = ScriptedInput(photos: photoInfos(count: 60), viewport: viewport)
        input.ticks(2)
        // Row 6 spans 784…912.7 pt; the tab bar covers 794…844.
        tap(&input, Point(x: 195, y: 820))
        input.ticks(5)
        XCTAssertEqual(input.world.viewer.phase, .grid)
        // Just above the tab bar the same cell opens: row 6, column 1 is photo 19.
        tap(&input, Point(x: 195, y: 790))
        XCTAssertEqual(input.world.viewer.phase, .presenting)
        XCTAssertEqual(input.world.viewer.currentIndex, 19)
    }

    func testPagingOntoACellHalfBehindTheTabBarScrollsItIntoView() {
        var input = ScriptedInput(photos: photoInfos(count: 60), viewport: viewport)
        input.ticks(2)
        input.tick([.wheel(dx: 0, dy: -2.5, position: Point(x: 100, y: 100), modifiers: [])])  // 2.5 × 40 pt down
        input.settleGrid()
        XCTAssertEqual(input.world.grid.offset, 100, accuracy: 1e-6)
        // Photo 17 (row 5) shows at 553.3…682 pt, clear of the tab bar: opening it scrolls nothing.
        input.tapCell(17)
        input.settle()
        XCTAssertEqual(input.world.viewer.phase, .pager)
        XCTAssertEqual(input.world.grid.offset, 100, accuracy: 1e-6)
        // Photo 18 (row 6) would show at 684…812.7 pt: its bottom 18.7 pt are behind the tab bar,
        // inside the window but not in view, so paging to it scrolls the grid.
        input.tick([.key(.right, modifiers: [])])
        input.settle()
        XCTAssertEqual(input.world.viewer.currentIndex, 18)
        // Centred in the 794 pt band above the tab bar.
        XCTAssertEqual(input.world.grid.offset, 6 * pitch + cell / 2 - 794 / 2, accuracy: 1e-9)
    }
}
