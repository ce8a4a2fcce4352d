import PhotoZoomSDL
import XCTest

/// The window's loop is paced whatever its renderer says of vsync: a present that returns at
/// once (a driver that says it waits and does not) leaves the pacer to sleep out the frame. The
/// pacer asks the clock to sleep: these run on a scripted one.
final class FramePacerTests: XCTestCase {
    func testAFrameThatReturnedAtOnceIsSleptOutEvenWhereVSyncIsSaid() {
        for vsync in [false, true] {
            var clock = ScriptedClock(time: 1_000)
            var pacer = FramePacer(framesPerSecond: 50, at: clock.now())
            for _ in 0..<10 { pacer.endFrame(presentWaitsForVSync: vsync, clock: &clock) }
            XCTAssertEqual(
                clock.sleeps, (1...10).map { 1_000 + UInt64($0) * 20_000_000 },
                "vsync said: \(vsync); each frame slept to its 20 ms")
        }
    }

    /// A frame that took its time (a present that waited for the display) is not slept again;
    /// one that did not say so is slept out.
    func testAFrameTheDisplayPacedIsNotSleptAgain() {
        for vsync in [true, false] {
            var clock = ScriptedClock(time: 0)
            var pacer = FramePacer(framesPerSecond: 10, at: 0)
            clock.time = 60_000_000
            pacer.endFrame(presentWaitsForVSync: vsync, clock: &clock)
            XCTAssertEqual(clock.sleeps, vsync ? [] : [100_000_000], "60 of the frame's 100 ms; vsync said: \(vsync)")
        }
    }
}
