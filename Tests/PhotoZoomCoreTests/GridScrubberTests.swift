import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// The grid's scrubber: a thumb on the right edge of a tall grid that shows while it scrolls,
/// fades after, and moves through the whole folder when dragged. Driven through the real sim.
final class GridScrubberTests: XCTestCase {
    let window = Size(width: 1280, height: 800)
    // 1000 photos at 1280 pt: 12 columns, 84 rows, the scroll range's end as the grid's keys
    // test works it out. The thumb is 10 × 48 pt, 3 pt in from the right edge, and its top
    // travels from 3 pt to 3 pt above the tab bar less its height.
    let cell = (1280.0 - 22) / 12
    var end: Double { 84 * cell + 83 * 2 + 50 - 800 }
    let travel = 3.0...(750 - 3 - 48)
    let middle = Point(x: 640, y: 400)

    func scrolled(count: Int = 1000) -> ScriptedInput {
        var input = ScriptedInput(photos: photoInfos(count: count), viewport: window)
        input.tick([.wheel(dx: 0, dy: -10, position: middle, modifiers: [])])
        input.settleGrid()
        return input
    }

    func thumb(_ input: ScriptedInput) -> Sprite? { input.world.sprite(.scrubber) }

    func testItShowsWhileTheGridScrollsAtTheOffsetsPlaceAndFadesAfter() throws {
        var input = ScriptedInput(photos: photoInfos(count: 1000), viewport: window)
        XCTAssertNil(thumb(input), "no scrubber before a scroll")
        input.tick([.wheel(dx: 0, dy: -10, position: middle, modifiers: [])])
        input.settleGrid()
        let shown = try XCTUnwrap(thumb(input))
        XCTAssertFalse(shown.hidden)
        XCTAssertGreaterThan(shown.current.alpha, 0.5)
        let top = travel.lowerBound + 400 / end * (travel.upperBound - travel.lowerBound)
        XCTAssertEqual(shown.current.frame, Rect(x: 1267, y: top, width: 10, height: 48))
        XCTAssertFalse(input.sim.isIdle, "the window keeps drawing while it fades")

        var ticks = 0
        while !input.sim.isIdle, ticks < 600 {
            input.tick()
            ticks += 1
        }
        XCTAssertTrue(input.sim.isIdle)
        XCTAssertEqual(Double(ticks), 120 * (1.5 + 0.3), accuracy: 2, "held a moment, then faded")
        XCTAssertTrue(thumb(input)!.hidden, "faded out")
    }

    func testAGridAFewScreensTallHasNone() {
        var input = scrolled(count: 120)
        input.tick([.key(.end, modifiers: [])])
        input.settleGrid()
        XCTAssertNil(thumb(input))
        XCTAssertNil(input.world.grid.scrubber.scrolledTick, "the world codes as it did before the scrubber")
    }

    func testDraggingTheThumbFromTopToBottomReachesTheEndWithoutAJump() throws {
        var input = scrolled()
        let start = input.world.grid.offset
        let frame = try XCTUnwrap(thumb(input)).current.frame
        // Grabbed 10 pt below its top and a little left of it: within reach, not on it exactly.
        let grab = Point(x: frame.minX - 10, y: frame.minY + 10)
        input.pointer(.down, grab)
        input.pointer(.moved, grab + Point(x: 0, y: 1))
        XCTAssertEqual(
            input.world.grid.offset, start + end / (travel.upperBound - travel.lowerBound), accuracy: 1e-6,
            "a point of thumb is a screenful of folder, from where it was: no jump, no slop")
        for y in stride(from: grab.y, through: travel.upperBound + 10, by: 20) {
            input.pointer(.moved, Point(x: grab.x, y: y))
        }
        input.pointer(.moved, Point(x: grab.x, y: travel.upperBound + 10))
        XCTAssertEqual(input.world.grid.offset, end, accuracy: 1e-6, "the thumb at the bottom is the end")
        XCTAssertEqual(
            thumb(input)!.current.frame.minY, travel.upperBound, accuracy: 1e-9, "the thumb follows the pointer")
        input.pointer(.up, Point(x: grab.x, y: travel.upperBound + 10))
        input.settleGrid()
        XCTAssertEqual(input.world.grid.offset, end, accuracy: 1e-6)
        XCTAssertEqual(input.world.viewer.phase, .grid, "letting go of the thumb opens no photo")
        XCTAssertEqual(input.cellFrame(999).maxY, 750, accuracy: 1e-6)
    }

    func testPastTheEndTheGridRubberBandsAndSpringsBack() throws {
        var input = scrolled()
        let frame = try XCTUnwrap(thumb(input)).current.frame
        input.pointer(.down, frame.center)
        input.pointer(.moved, Point(x: frame.center.x, y: 800))
        let pulled = input.world.grid.offset
        XCTAssertGreaterThan(pulled, end, "past the end")
        XCTAssertLessThan(pulled, end + 800, "but banded, not the thumb's whole overshoot")
        XCTAssertEqual(
            thumb(input)!.current.frame.minY, travel.upperBound, accuracy: 1e-9, "the thumb stays on its track")
        input.pointer(.up, Point(x: frame.center.x, y: 800))
        input.settleGrid()
        XCTAssertEqual(input.world.grid.offset, end, accuracy: 1e-6)
    }

    func testATapOnTheThumbOpensNothingAndMovesNothing() throws {
        var input = scrolled()
        let start = input.world.grid.offset
        let frame = try XCTUnwrap(thumb(input)).current.frame
        input.click(frame.center)
        input.ticks(60)
        XCTAssertEqual(input.world.viewer.phase, .grid)
        XCTAssertEqual(input.world.grid.offset, start, accuracy: 1e-9)
    }

    func testOnceFadedTheEdgeIsTheGridsAgain() throws {
        var input = scrolled()
        let frame = try XCTUnwrap(thumb(input)).current.frame
        input.ticks(300)
        XCTAssertTrue(thumb(input)!.hidden)
        let start = input.world.grid.offset
        input.drag(from: frame.center, to: frame.center + Point(x: 0, y: 100), ticks: 10, hold: 10)
        XCTAssertLessThan(input.world.grid.offset, start, "a drag down there scrolls the grid up, as anywhere")
    }
}
