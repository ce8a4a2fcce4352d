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
        for _ in 0..<60 { input.tick(); offsets.append(input.world.grid.offset) }
        XCTAssertLessThan(offsets[1], 60, "eases in: no jump to the target")
        XCTAssertEqual(zip(offsets, offsets.dropFirst()).filter { $1 < $0 }.count, 0, "never moves backwards")
        input.settleGrid()
        XCTAssertEqual(input.world.grid.offset, 3 * Tuning().wheelPointsPerUnit)
    }

    func testWheelTurnsInARowAddUpAndStopAtTheTop() {
        var input = tall()
        for _ in 0..<4 { input.tick([.wheel(dx: 0, dy: -1.5, position: centre, modifiers: [])]) }
        input.settleGrid()
        XCTAssertEqual(input.world.grid.offset, 6 * Tuning().wheelPointsPerUnit)
        input.tick([.wheel(dx: 0, dy: 100, position: centre, modifiers: [])])
        input.settleGrid()
        XCTAssertEqual(input.world.grid.offset, 0)
    }

    func testDragMovesTheContentWithTheFingerExactly() {
        var input = tall()
        input.drag(from: Point(x: 100, y: 600), to: Point(x: 100, y: 400), ticks: 40, hold: 30, release: false)
        XCTAssertEqual(input.world.grid.offset, 200, accuracy: 1e-9)
        // The frame drawn is the newest one: the cell sits exactly 200 pt higher.
        let cell6 = input.sim.drawList(interpolation: 0).first { $0.content == .photo(6) }!
        XCTAssertEqual(cell6.frame.minY, input.world.grid.layout!.frame(of: 6).minY - 200, accuracy: 1e-9)
        input.pointer(.up, Point(x: 100, y: 400))
        input.ticks(5)
        XCTAssertEqual(input.world.grid.offset, 200, accuracy: 1e-9, "released still: no momentum")
    }

    func testFlickCoastsTheUIScrollViewDistanceForItsReleaseVelocity() {
        var input = tall()
        // 10 pt per tick at 120 Hz: content velocity 1200 pt/s when let go.
        input.drag(from: Point(x: 100, y: 700), to: Point(x: 100, y: 400), ticks: 30)
        let releasedAt = input.world.grid.offset
        XCTAssertEqual(input.world.grid.velocity, 1200, accuracy: 1e-6)
        input.settleGrid()
        // ∫ v0·r^(1000t) dt = v0 / (−1000 ln r); it stops once slower than the stop speed.
        let k = -1000 * log(0.998)
        let coasted = input.world.grid.offset - releasedAt
        XCTAssertLessThanOrEqual(coasted, 1200 / k)
        XCTAssertGreaterThanOrEqual(coasted, (1200 - Tuning().momentumStopSpeed) / k)
    }

    func testMomentumIsTheSameWhetherMeasuredAtOneTwentyOrSixtyHertz() {
        func coast(rate: Double) -> Double {
            var input = ScriptedInput(photos: photoInfos(count: 300), viewport: viewport, loop: LoopSettings(tickRate: rate))
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
        let expected = -(1 - 1 / (300 * 0.55 / 800 + 1)) * 800
        XCTAssertEqual(input.world.grid.offset, expected, accuracy: 1e-9)
        input.pointer(.up, Point(x: 100, y: 400))
        var offsets: [Double] = []
        for _ in 0..<120 { input.tick(); offsets.append(input.world.grid.offset) }
        XCTAssert(offsets.allSatisfy { $0 <= 0 }, "a critically damped return never overshoots into the content")
        XCTAssertEqual(zip(offsets, offsets.dropFirst()).filter { $1 < $0 - 1e-9 }.count, 0)
        input.settleGrid()
        XCTAssertEqual(input.world.grid.offset, 0, "at rest it snaps exactly to the edge")
    }

    func testAFlickIntoTheEndBouncesBackToTheLastRow() {
        var input = ScriptedInput(photos: photoInfos(count: 30), viewport: viewport)
        let end = input.world.grid.scrollRange(viewportHeight: viewport.height).upperBound
        input.drag(from: Point(x: 100, y: 700), to: Point(x: 100, y: 400), ticks: 10)  // 3600 pt/s
        var peak = 0.0
        for _ in 0..<240 { input.tick(); peak = max(peak, input.world.grid.offset) }
        XCTAssertGreaterThan(peak, end + 5, "momentum carries past the end")
        input.settleGrid()
        XCTAssertEqual(input.world.grid.offset, end)
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
        input.pointer(.moved, Point(x: 100, y: 500.5))
        input.pointer(.moved, Point(x: 100, y: 520))
        XCTAssertEqual(input.world.grid.offset, shown - 20, accuracy: 20, "follows the finger from where it was drawn")
        XCTAssertLessThan(input.world.grid.offset, shown, "moved with the finger, resisted by the band")
    }
}
