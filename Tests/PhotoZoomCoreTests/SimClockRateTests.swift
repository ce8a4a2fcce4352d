import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// Springs are functions of seconds: the loop's tick rate decides how finely they are sampled,
/// never how fast they move.
final class SimClockRateTests: XCTestCase {
    let viewport = Size(width: 390, height: 844)

    func testAZoomInIsWhereItIsAfterAQuarterSecondAtSixtyOrOneTwentyTicksASecond() {
        var fast = ScriptedInput(photos: photoInfos(count: 30), viewport: viewport, loop: LoopSettings(tickRate: 120))
        var slow = ScriptedInput(photos: photoInfos(count: 30), viewport: viewport, loop: LoopSettings(tickRate: 60))
        fast.tapCell(4)
        slow.tapCell(4)
        XCTAssertEqual(fast.world.viewer.phase, .presenting)
        XCTAssertEqual(slow.world.viewer.phase, .presenting)
        for (fastTicks, slowTicks) in [(12, 6), (18, 9), (30, 15)] {  // 0.1, 0.25 and 0.5 s in
            fast.ticks(fastTicks)
            slow.ticks(slowTicks)
            let a = fast.world.viewer.transition?.frame
            let b = slow.world.viewer.transition?.frame
            XCTAssertEqual(
                a?.distance(to: b ?? .zero) ?? .infinity, 0, accuracy: 1e-9,
                "\(String(describing: a)) vs \(String(describing: b))")
        }
        let fastRest = fast.settle()
        let slowRest = slow.settle()
        XCTAssertEqual(Double(fastRest), Double(slowRest) * 2, accuracy: 2, "it lands after the same time")
    }

    func testTicksCoveringASpanRoundUpToWholeTicks() {
        XCTAssertEqual(SimClock(rate: 120).ticks(covering: 0.08), 10, "9.6 ticks")
        XCTAssertEqual(SimClock(rate: 60).ticks(covering: 0.08), 5, "4.8 ticks")
        XCTAssertEqual(SimClock(rate: 120).ticks(covering: 0.01), 2, "1.2 ticks")
        XCTAssertEqual(SimClock(rate: 120).ticks(covering: 0.5), 60)
        XCTAssertEqual(SimClock(tick: 130, rate: 120).seconds(since: 10), 1)
    }
}
