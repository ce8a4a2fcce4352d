import XCTest

@testable import PhotoZoomCore

final class FixedTimestepLoopTests: XCTestCase {
    func testSixtyHertzFramesRunExactlyTwoTicksEachAtOneTwentyHertz() {
        var loop = FixedTimestepLoop(tickRate: 120, maxFrameDelta: 0.25)
        let ticks = (0..<600).map { _ in loop.advance(by: 1.0 / 60) }
        XCTAssertEqual(Set(ticks), [2])
    }

    func testUnevenFramesAccumulateIntoTheRightNumberOfTicks() {
        var loop = FixedTimestepLoop(tickRate: 120, maxFrameDelta: 0.25)
        XCTAssertEqual(loop.advance(by: 0.005), 0)
        XCTAssertEqual(loop.interpolationAlpha, 0.6, accuracy: 1e-9)
        XCTAssertEqual(loop.advance(by: 0.005), 1)  // 10 ms: one 8.33 ms tick, 1.67 ms left
        XCTAssertEqual(loop.interpolationAlpha, 0.2, accuracy: 1e-9)
        XCTAssertEqual(loop.advance(by: 0.015), 2)
    }

    func testAStallIsClampedSoTheSimDoesNotSpiral() {
        var loop = FixedTimestepLoop(tickRate: 120, maxFrameDelta: 0.25)
        XCTAssertEqual(loop.advance(by: 3.0), 30)  // 0.25 s worth, not 3 s
        XCTAssertEqual(loop.advance(by: -1), 0)  // a clock going backwards runs nothing
    }

    func testInterpolationAlphaStaysWithinZeroAndOne() {
        var loop = FixedTimestepLoop(tickRate: 120, maxFrameDelta: 0.25)
        var clock = VirtualClock(frameDurations: [0.003, 0.011, 0.0071, 0.0169])
        for _ in 0..<1000 {
            _ = loop.advance(by: clock.nextFrameDelta())
            XCTAssert((0...1).contains(loop.interpolationAlpha))
        }
    }

    func testSameFramesFromAVirtualClockGiveTheSameTickCounts() {
        func run() -> [Int] {
            var loop = FixedTimestepLoop(tickRate: 120, maxFrameDelta: 0.25)
            var clock = VirtualClock(frameDurations: [1.0 / 144, 1.0 / 30, 0.0005, 1.0 / 60])
            return (0..<400).map { _ in loop.advance(by: clock.nextFrameDelta()) }
        }
        let first = run()
        XCTAssertEqual(first, run())
        let cycle: Double = 1.0 / 144 + 1.0 / 30 + 0.0005 + 1.0 / 60
        XCTAssertEqual(first.reduce(0, +), Int((cycle * 100 * 120).rounded(.down)))
    }
}
