import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// A grid flick coasts exactly as UIScrollView's momentum: speed v0·r^(1000·t) with r = 0.998
/// per millisecond, so the distance after t seconds is v0·(1 − r^(1000·t)) / (−1000·ln r), and it
/// stops on the first tick slower than 8 pt/s.
final class GridMomentumTests: XCTestCase {
    let viewport = Size(width: 390, height: 800)
    let r = 0.998, tickRate = 120.0, v0 = 3000.0

    /// 300 photos (100 rows, far more than the coast), flicked up at a constant 25 pt per tick
    /// for 30 ticks, from y = 780 to y = 30. Every sample in the 0.08 s velocity window lies on
    /// one straight line, so the least-squares release velocity is exactly 25 · 120 = 3000 pt/s
    /// of content. The grid has followed the finger 750 pt when it is let go.
    func flicked() -> ScriptedInput {
        var input = ScriptedInput(photos: photoInfos(count: 300), viewport: viewport)
        input.drag(from: Point(x: 100, y: 780), to: Point(x: 100, y: 30), ticks: 30)
        // 25 pt steps: the drag begins at the first, past the slop, so the content moves 725 pt.
        XCTAssertEqual(input.world.grid.offset, 725, accuracy: 1e-9)
        return input
    }

    /// Distance coasted `t` seconds after the release, by the formula above.
    func coasted(after t: Double) -> Double { v0 * (1 - pow(r, 1000 * t)) / (-1000 * log(r)) }

    func testHalfASecondAfterTheFlickTheGridHasCoastedTheExponentialDistance() {
        var input = flicked()
        input.ticks(60)
        // 3000 · (1 − 0.998^500) / 2.002 = 947.78 pt. (With the decay rate approximated as
        // 1000·(r − 1) = −2 per second it would be 948.18.)
        XCTAssertEqual(input.world.grid.offset - 725, coasted(after: 0.5), accuracy: 0.01)
        XCTAssertEqual(coasted(after: 0.5), 947.78, accuracy: 0.01, "the formula, evaluated by hand")
    }

    func testTheFlickCoastsItsWholeDistanceAndStopsBelowEightPointsPerSecond() {
        var input = flicked()
        // The first tick n after the release at which 3000 · 0.998^(1000·n/120) < 8 pt/s.
        var n = 1
        while v0 * pow(r, 1000 * Double(n) / tickRate) >= 8 { n += 1 }
        XCTAssertEqual(n, 356, "ln(3000/8) / (−1000·ln 0.998) = 2.961 s, i.e. tick 356")
        let expected = coasted(after: Double(n) / tickRate)
        // Just short of the full 3000 / 2.002 = 1498.50: the last 7.9 pt/s are not coasted.
        XCTAssertEqual(expected, 1494.55, accuracy: 0.01)
        input.ticks(n + 120)
        // Within a fifth of a point, which also allows the stop to come a tick or two either
        // side; approximating ln r by r − 1 coasts 1.5 pt further.
        XCTAssertEqual(input.world.grid.offset - 725, expected, accuracy: 0.2)
        let stopped = input.world.grid.offset
        input.ticks(60)
        XCTAssertEqual(input.world.grid.offset, stopped, "at rest")
    }
}
