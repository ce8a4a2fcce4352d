import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// The grid's sprites follow the window, not the library.
final class CellPoolTests: XCTestCase {
    let viewport = Size(width: 390, height: 844)

    func testTheSceneHoldsTheSameNumberOfSpritesForAHundredOrAHundredThousandPhotos() {
        let small = ScriptedInput(photos: photoInfos(count: 100), viewport: viewport)
        let huge = ScriptedInput(photos: photoInfos(count: 100_000), viewport: viewport)
        // 390 pt: 3 columns of 128.67 pt cells; 844 pt shows rows 0…6, plus two rows of margin below.
        XCTAssertEqual(huge.world.cells.photos, 0..<27)
        XCTAssertEqual(huge.world.scene.entities.count, small.world.scene.entities.count)
    }

    func testScrollingRecyclesSpritesAndEveryVisibleCellHasOne() {
        var input = ScriptedInput(photos: photoInfos(count: 10_000), viewport: viewport)
        func scroll(_ notches: Int) {
            for _ in 0..<notches {
                input.tick([.wheel(dx: 0, dy: -25, position: Point(x: 100, y: 100), modifiers: [])])
                input.ticks(7)
            }
            input.settleGrid()
        }
        scroll(3)
        // Away from the top: 7 rows in view and two of margin on each side, 3 photos a row.
        let sprites = input.world.scene.entities.count
        XCTAssertEqual(input.world.cells.photos.count, 12 * 3)
        scroll(30)
        let layout = input.world.grid.layout!
        XCTAssertGreaterThan(input.world.grid.offset, 20_000)
        XCTAssertEqual(input.world.scene.entities.count, sprites, "scrolling recycles; it spawns nothing")
        let top = Int((input.world.grid.offset / layout.rowPitch).rounded(.down)) * 3
        for photo in top..<(top + 21) {
            guard let sprite = input.world.sprite(.cell(photo: photo)) else {
                return XCTFail("photo \(photo) has no sprite")
            }
            XCTAssertEqual(sprite.content, .photo(photo))
            XCTAssertFalse(sprite.hidden)
            // Rows 392/3 pt apart: (390 − 4)/3 pt cells and a 2 pt gap.
            XCTAssertEqual(
                sprite.current.frame.minY, Double(photo / 3) * 392 / 3 - input.world.grid.offset, accuracy: 1e-9)
        }
        XCTAssertNil(input.world.sprite(.cell(photo: 0)), "rows far above the window have given their sprites back")
    }

    func testATapFarDownALargeLibraryOpensThePhotoUnderIt() {
        var input = ScriptedInput(photos: photoInfos(count: 50_000), viewport: viewport)
        input.tick([.wheel(dx: 0, dy: -3000, position: Point(x: 100, y: 100), modifiers: [])])
        input.settleGrid()
        let pitch = (390.0 - 4) / 3 + 2
        // The point 10 pt into the second column of the row at the top of the window.
        let row = Int((input.world.grid.offset / pitch).rounded(.up))
        let y = Double(row) * pitch - input.world.grid.offset + 10
        input.pointer(.down, Point(x: pitch + 10, y: y))
        input.pointer(.up, Point(x: pitch + 10, y: y))
        XCTAssertEqual(input.world.viewer.phase, .presenting)
        XCTAssertEqual(input.world.viewer.currentIndex, row * 3 + 1)
    }

    func testPointsInTheGapsBetweenCellsHitNoCell() {
        let layout = GridLayout(width: 390, count: 10, minimumCellSize: 100, gap: 2)
        let cell = (390.0 - 4) / 3
        XCTAssertEqual(layout.index(at: Point(x: 0, y: 0)), 0)
        XCTAssertEqual(layout.index(at: Point(x: cell + 1, y: 5)), nil, "the gap between columns 0 and 1")
        XCTAssertEqual(layout.index(at: Point(x: cell + 2.5, y: 5)), 1)
        XCTAssertEqual(layout.index(at: Point(x: 5, y: cell + 1)), nil, "the gap between rows")
        XCTAssertEqual(
            layout.index(at: Point(x: 389, y: 3 * (cell + 2) + 1)), nil, "row 3 has only photo 9, in column 0")
        XCTAssertEqual(layout.index(at: Point(x: 5, y: 3 * (cell + 2) + 1)), 9)
        XCTAssertEqual(layout.index(at: Point(x: 5, y: 4 * (cell + 2) + 1)), nil, "below the last row")
        XCTAssertEqual(layout.index(at: Point(x: -1, y: 5)), nil)
        // A tap means the nearer cell across a gap, and nothing past the photos.
        XCTAssertEqual(
            layout.index(tappedAt: Point(x: cell + 0.5, y: 5)), 0, "the left half of the gap between columns 0 and 1")
        XCTAssertEqual(layout.index(tappedAt: Point(x: cell + 1.5, y: 5)), 1, "its right half")
        XCTAssertEqual(layout.index(tappedAt: Point(x: 5, y: cell + 0.5)), 0, "the top half of the gap between rows")
        XCTAssertEqual(layout.index(tappedAt: Point(x: 5, y: cell + 1.5)), 3, "its bottom half: the next row")
        XCTAssertEqual(layout.index(tappedAt: Point(x: 389, y: 3 * (cell + 2) + 1)), nil, "row 3 has only photo 9")
        XCTAssertEqual(layout.index(tappedAt: Point(x: 5, y: 4 * (cell + 2) + 1)), nil, "below the last row")
        XCTAssertEqual(layout.index(tappedAt: Point(x: -1, y: 5)), nil)
    }
}
