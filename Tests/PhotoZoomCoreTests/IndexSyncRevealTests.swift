import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// Paging to a photo whose grid cell is outside the grid's visible band scrolls the hidden grid
/// so the cell is centred in the band (clamped to the scroll range); a cell already in the band
/// leaves the grid where it is.
///
/// The numbers, by hand: a 390 × 650 window holds 3 columns of (390 − 4)/3 = 386/3 pt cells with
/// 2 pt gaps, so row r spans r·392/3 … r·392/3 + 386/3 in content coordinates. The 50 pt tab bar
/// leaves a visible band of 0 … 600, centred at 300. 60 photos make 20 rows, 20·386/3 + 19·2 =
/// 7834/3 pt of content; with the tab bar's inset the grid scrolls 0 … 7834/3 + 50 − 650 = 6034/3.
final class IndexSyncRevealTests: XCTestCase {
    let viewport = Size(width: 390, height: 650)

    func pager(on index: Int) -> ScriptedInput {
        var input = ScriptedInput(photos: photoInfos(count: 60), viewport: viewport)
        input.tapCell(index)
        input.settle()
        XCTAssertEqual(input.world.viewer.phase, .pager)
        XCTAssertEqual(input.world.viewer.currentIndex, index)
        return input
    }

    func key(_ input: inout ScriptedInput, _ key: Key) {
        input.tick([.key(key, modifiers: [])])
        input.settle()
    }

    /// Row `r`'s centre in content coordinates.
    func rowCentre(_ r: Int) -> Double { Double(r) * 392 / 3 + 193.0 / 3 }

    func testTheArithmeticAboveIsTheLayoutsOwn() {
        let input = pager(on: 0)
        let layout = input.world.grid.layout!
        XCTAssertEqual(layout.columns, 3)
        XCTAssertEqual(layout.frame(of: 12).minY, 4.0 * 392 / 3, accuracy: 1e-9)
        XCTAssertEqual(layout.frame(of: 12).height, 386.0 / 3, accuracy: 1e-9)
    }

    func testPagingOntoACellBelowTheBandCentresItInTheBand() {
        var input = pager(on: 11)
        // Cell 11 (row 3, 392 … 520.67) is in the band at offset 0; cell 12 (row 4, 522.67 …
        // 651.33) reaches below 600.
        XCTAssertEqual(input.world.grid.offset, 0)
        input.drag(from: Point(x: 300, y: 400), to: Point(x: 140, y: 405), ticks: 8)
        input.settle()
        XCTAssertEqual(input.world.viewer.currentIndex, 12)
        // Centred: row 4's centre (587) at the band's centre (300).
        XCTAssertEqual(input.world.grid.offset, rowCentre(4) - 300, accuracy: 1e-9)
        XCTAssertEqual(input.world.grid.offset, 287, accuracy: 1e-9)
        XCTAssertEqual(input.cellFrame(12).center.y, 300, accuracy: 1e-9)
    }

    func testACellAlreadyInTheBandLeavesTheGridWhereItIs() {
        var input = pager(on: 11)
        input.drag(from: Point(x: 300, y: 400), to: Point(x: 140, y: 405), ticks: 8)
        input.settle()
        XCTAssertEqual(input.world.grid.offset, 287, accuracy: 1e-9)
        // At offset 287 rows 3, 4 and 5 are wholly in the band: cell 11 (row 3) shows at
        // 105 … 233.67, not centred, and paging back to it moves nothing.
        key(&input, .left)
        XCTAssertEqual(input.world.viewer.currentIndex, 11)
        XCTAssertEqual(input.world.grid.offset, 287, accuracy: 1e-9, "visible, though not centred: the grid stays")
        XCTAssertEqual(input.cellFrame(11).minY, 105, accuracy: 1e-9)
        // Nor does cell 17 (row 5: 366.33 … 495).
        for _ in 0..<6 { key(&input, .right) }
        XCTAssertEqual(input.world.viewer.currentIndex, 17)
        XCTAssertEqual(input.world.grid.offset, 287, accuracy: 1e-9)
    }

    func testPagingOntoACellAboveTheBandCentresItInTheBand() {
        var input = pager(on: 11)
        input.drag(from: Point(x: 300, y: 400), to: Point(x: 140, y: 405), ticks: 8)
        input.settle()
        XCTAssertEqual(input.world.grid.offset, 287, accuracy: 1e-9)
        // Back one page at a time: 11, 10, 9 (row 3) are in the band; 8 (row 2, top at
        // 261.33 − 287 < 0) is not, so row 2's centre (977/3) goes to 300: offset 77/3.
        for _ in 0..<4 { key(&input, .left) }
        XCTAssertEqual(input.world.viewer.currentIndex, 8)
        XCTAssertEqual(input.world.grid.offset, 77.0 / 3, accuracy: 1e-9)
        XCTAssertEqual(input.cellFrame(8).center.y, 300, accuracy: 1e-9)
    }

    func testCentringIsClampedToTheScrollRange() {
        // Cell 59 (row 19, centre 2547) centred would need offset 2247, past the end of the
        // range, 6034/3 ≈ 2011.33: the grid stops at its end, the cell's bottom just above the
        // tab bar.
        var input = pager(on: 1)
        key(&input, .end)
        XCTAssertEqual(input.world.viewer.currentIndex, 59)
        XCTAssertEqual(input.world.grid.offset, 6034.0 / 3, accuracy: 1e-9)
        XCTAssertEqual(input.cellFrame(59).maxY, 600, accuracy: 1e-9)
        // Cell 0 centred would need 193/3 − 300 < 0: the grid goes back to its top.
        key(&input, .home)
        XCTAssertEqual(input.world.viewer.currentIndex, 0)
        XCTAssertEqual(input.world.grid.offset, 0, accuracy: 1e-9)
    }
}
