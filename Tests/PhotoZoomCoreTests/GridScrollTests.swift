import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

final class GridScrollTests: XCTestCase {
    let viewport = Size(width: 390, height: 800)
    let centre = Point(x: 195, y: 400)
    func tall() -> ScriptedInput { ScriptedInput(photos: photoInfos(count: 300), viewport: viewport) }

    func testWheelScrollsSmoothlyToItsTarget() {
        var input = tall()
        input.tick([.wheel(dx: 0, dy: -3, position: centre, modifiers: [])])
        var offsets = [input.world.grid.offset]
        for _ in 0..<60 {
            input.tick()
            offsets.append(input.world.grid.offset)
        }
        XCTAssertLessThan(offsets[1], 60, "eases in: no jump to the target")
        XCTAssertEqual(zip(offsets, offsets.dropFirst()).filter { $1 < $0 }.count, 0, "never moves backwards")
        input.settleGrid()
        XCTAssertEqual(input.world.grid.offset, 120, "3 units at 40 pt per unit")
    }

    func testWheelTurnsInARowAddUpAndStopAtTheTop() {
        var input = tall()
        for _ in 0..<4 { input.tick([.wheel(dx: 0, dy: -1.5, position: centre, modifiers: [])]) }
        input.settleGrid()
        XCTAssertEqual(input.world.grid.offset, 240, "4 × 1.5 units at 40 pt per unit")
        input.tick([.wheel(dx: 0, dy: 100, position: centre, modifiers: [])])
        input.settleGrid()
        XCTAssertEqual(input.world.grid.offset, 0)
    }

    func testDragMovesTheContentWithTheFingerExactly() {
        var input = tall()
        input.drag(from: Point(x: 100, y: 600), to: Point(x: 100, y: 400), ticks: 40, hold: 30, release: false)
        // 5 pt a tick: the second move (10 pt) crosses the 8 pt slop and the drag begins there,
        // so the content follows the remaining 190 pt exactly.
        XCTAssertEqual(input.world.grid.offset, 190, accuracy: 1e-9)
        // The frame drawn is the newest one: the cell sits exactly 190 pt higher. Cell 6 is in
        // row 2, whose top is 2 · (386/3 + 2) = 784/3 in content.
        let cell6 = input.sim.drawList(interpolation: 0).first { $0.content == .photo(6) }!
        XCTAssertEqual(cell6.frame.minY, 784.0 / 3 - 190, accuracy: 1e-9)
        input.pointer(.up, Point(x: 100, y: 400))
        input.ticks(5)
        XCTAssertEqual(input.world.grid.offset, 190, accuracy: 1e-9, "released still: no momentum")
    }

    func testFlickCoastsTheUIScrollViewDistanceForItsReleaseVelocityAndStopsOnTheFirstTickBelowEightPointsPerSecond() {
        var input = tall()
        // 10 pt per tick at 120 Hz: every sample in the 0.08 s velocity window lies on one line,
        // so the least-squares release velocity is exactly 1200 pt/s of content.
        input.drag(from: Point(x: 100, y: 700), to: Point(x: 100, y: 400), ticks: 30)
        let releasedAt = input.world.grid.offset
        XCTAssertEqual(releasedAt, 290, accuracy: 1e-9, "the first 10 pt move crosses the slop; the drag begins there")
        XCTAssertEqual(input.world.grid.velocity, 1200, accuracy: 1e-6)
        // Speed v0·r^(1000t), r = 0.998: 1200 · 0.998^(1000·n/120) is 8.045 pt/s at tick 300 and
        // 7.912 at tick 301 (ln(1200/8) / (−1000 ln 0.998) = 2.5028 s), so it stops on tick 301.
        XCTAssertEqual(input.settleGrid(), 301)
        // Distance v0·(1 − r^(1000t)) / (−1000 ln r) at t = 301/120 s: 595.44773258 pt, of the
        // 599.40 a never-stopping coast would reach (values by mpmath at 40 digits). A stop a
        // tick early or late is 0.066 pt off; ln r approximated by r − 1 is 0.6 pt off.
        let coasted = input.world.grid.offset - releasedAt
        XCTAssertEqual(coasted, 595.44773258, accuracy: 1e-6)
    }

    func testMomentumIsTheSameWhetherMeasuredAtOneTwentyOrSixtyHertz() {
        func coast(rate: Double) -> Double {
            var input = ScriptedInput(
                photos: photoInfos(count: 300), viewport: viewport, loop: LoopSettings(tickRate: rate))
            let ticks = Int(rate / 4)
            input.drag(from: Point(x: 100, y: 700), to: Point(x: 100, y: 400), ticks: ticks)
            let start = input.world.grid.offset
            input.ticks(Int(rate / 2))  // half a second of momentum
            return input.world.grid.offset - start
        }
        XCTAssertEqual(coast(rate: 120), coast(rate: 60), accuracy: 1e-6)
    }

    func testDragPastTheTopRubberBandsAndSpringsBackWithoutOvershoot() {
        var input = tall()
        input.drag(from: Point(x: 100, y: 100), to: Point(x: 100, y: 400), ticks: 30, hold: 20, release: false)
        // The drag begins at the first 10 pt move, past the slop: the pull is 290 pt.
        let expected = -(1 - 1 / (290 * 0.55 / 800 + 1)) * 800
        XCTAssertEqual(input.world.grid.offset, expected, accuracy: 1e-9)
        input.pointer(.up, Point(x: 100, y: 400))
        var offsets: [Double] = []
        for _ in 0..<120 {
            input.tick()
            offsets.append(input.world.grid.offset)
        }
        XCTAssert(offsets.allSatisfy { $0 <= 0 }, "a critically damped return never overshoots into the content")
        XCTAssertEqual(zip(offsets, offsets.dropFirst()).filter { $1 < $0 - 1e-9 }.count, 0)
        input.settleGrid()
        XCTAssertEqual(input.world.grid.offset, 0, "at rest it snaps exactly to the edge")
    }

    func testAFlickIntoTheEndBouncesBackToTheLastRow() {
        var input = ScriptedInput(photos: photoInfos(count: 30), viewport: viewport)
        // 30 photos make 10 rows: 10 · 386/3 + 9 · 2 = 3914/3 pt of content, with the 50 pt tab
        // bar's inset below it; the scroll range ends at 3914/3 + 50 − 800 = 1664/3 ≈ 554.67.
        let end = 1664.0 / 3
        input.drag(from: Point(x: 100, y: 700), to: Point(x: 100, y: 400), ticks: 10)  // 3600 pt/s
        var peak = 0.0
        for _ in 0..<240 {
            input.tick()
            peak = max(peak, input.world.grid.offset)
        }
        XCTAssertGreaterThan(peak, end + 5, "momentum carries past the end")
        input.settleGrid()
        XCTAssertEqual(input.world.grid.offset, end, accuracy: 1e-9)
    }

    func testPressingDuringMomentumStopsTheGridWhereItIs() {
        var input = tall()
        input.drag(from: Point(x: 100, y: 700), to: Point(x: 100, y: 400), ticks: 30)
        input.ticks(20)
        let moving = input.world.grid.offset
        input.pointer(.down, Point(x: 100, y: 300))
        XCTAssertEqual(input.world.grid.offset, moving, accuracy: 1e-9)
        input.ticks(30)
        XCTAssertEqual(input.world.grid.offset, moving, accuracy: 1e-9)
    }

    func testGrabbingARubberBandedGridDoesNotJump() {
        var input = tall()
        input.drag(from: Point(x: 100, y: 100), to: Point(x: 100, y: 400), ticks: 30)
        input.ticks(6)
        let shown = input.world.grid.offset
        XCTAssertLessThan(shown, -20)
        input.pointer(.down, Point(x: 100, y: 500))
        XCTAssertEqual(input.world.grid.offset, shown, "the press draws no jump")
        input.pointer(.moved, Point(x: 100, y: 500.5))
        XCTAssertEqual(input.world.grid.offset, shown, "inside the tap slop nothing moves")
        input.pointer(.moved, Point(x: 100, y: 520))
        XCTAssertEqual(input.world.grid.offset, shown, "the drag begins where the slop is crossed")
        input.pointer(.moved, Point(x: 100, y: 540))
        // By hand, with the band (1 − 1/(x·c/d + 1))·d, c = 0.55, d = 800: the pull that shows as
        // `shown` is x0 = (d/(1 − |shown|/d) − d)/c; 20 pt more finger pulls x0 + 20.
        let x0 = (800 / (1 + shown / 800) - 800) / 0.55
        let expected = -(1 - 1 / ((x0 + 20) * 0.55 / 800 + 1)) * 800
        XCTAssertEqual(
            input.world.grid.offset, expected, accuracy: 1e-9, "follows the finger from where it was drawn, banded")
        XCTAssertLessThan(input.world.grid.offset, shown - 5, "moved with the finger")
        XCTAssertGreaterThan(input.world.grid.offset, shown - 20, "resisted by the band")
    }
}
