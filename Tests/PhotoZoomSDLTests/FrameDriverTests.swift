import PhotoZoomCore
import XCTest

@testable import PhotoZoomSDL

/// The one loop, driving a window's real sessions in a headless canvas on a scripted clock,
/// with scripted polls: asleep while idle, poll → update → draw → present in order, and paced
/// by asking the clock, which never sleeps here.
final class FrameDriverTests: XCTestCase {
    /// Polls from a script, each frame's in turn; what the loop did with it, in order.
    struct ScriptedPolls: FrameInput {
        var script: [[InputEvent]] = []
        /// `poll 0.25`, `present at tick 12`: what the loop asked, as it asked it.
        var said: [String] = []
        var tick: () -> Int

        mutating func poll<Clock: WallClock>(wait: Double, clock: inout Clock) -> AppWindow.Polled {
            said.append("poll \(wait)")
            guard !script.isEmpty else {
                // Nothing comes: the wait is slept through.
                if wait > 0 { clock.sleep(until: clock.now() + UInt64(wait * 1e9)) }
                return AppWindow.Polled()
            }
            return AppWindow.Polled(events: script.removeFirst())
        }

        mutating func show() {}
        mutating func present() { said.append("present at tick \(tick())") }
        var presentWaitsForVSync: Bool { false }
    }

    func testIdleItSleepsInItsPollAndInputRunsUpdateDrawPresentThenThePace() throws {
        let window = try HeadlessWindow()
        let sessions = window.sessions
        let start = window.now
        let tick = sessions.sessions[0].sim.world.tick
        let rate = sessions.sessions[0].sim.world.clock.rate
        var driver = FrameDriver(
            input: ScriptedPolls(tick: { sessions.sessions[0].sim.world.tick }), clock: ScriptedClock(time: start),
            framesPerSecond: rate)
        // Settled: the poll sleeps its longest, and nothing new is drawn.
        let idle = try XCTUnwrap(driver.frame(sessions))
        XCTAssertNil(idle.presented, "nothing moved")
        XCTAssertEqual(
            driver.clock.sleeps, [start + UInt64(WindowSessions.idleWait * 1e9)],
            "asleep in the poll, and the frame not slept again")
        XCTAssertEqual(sessions.sessions[0].sim.world.tick, tick, "a wake with nothing to do runs no tick")
        // A tap on a cell ends the wait: one tick takes it, the frame is drawn, then presented,
        // then the rest of the frame is slept out.
        let cell = sessions.views[0].sceneArea.origin + Point(x: 60, y: 200)
        driver.input.script = [
            [.pointer(PointerEvent(id: 0, source: .mouse, phase: .down, position: cell))],
            [.pointer(PointerEvent(id: 0, source: .mouse, phase: .up, position: cell))],
        ]
        let pressed = try XCTUnwrap(driver.frame(sessions))
        XCTAssertEqual(
            pressed.presented, pressed.polled, "drawn and presented with no time passing on the script's clock")
        let paced = pressed.polled + UInt64(1e9 / rate)
        XCTAssertEqual(driver.clock.sleeps.last, paced, "the frame is paced to the sim's rate by asking the clock")
        XCTAssertEqual(
            driver.input.said,
            ["poll \(WindowSessions.idleWait)", "poll \(WindowSessions.idleWait)", "present at tick \(tick + 1)"],
            "the poll waited for the input; the update ran its tick before the present")
        // Moving now: the poll no longer waits, and each frame is a tick, drawn and paced.
        _ = driver.frame(sessions)
        for _ in 0..<3 { _ = driver.frame(sessions) }
        XCTAssertEqual(driver.input.said.suffix(2), ["poll 0.0", "present at tick \(tick + 5)"])
        XCTAssertEqual(
            driver.frames, driver.input.said.filter { $0.hasPrefix("present") }.count, "a frame counts when presented")
        XCTAssertEqual(driver.clock.time, paced + 4 * UInt64(1e9 / rate), "four frames paced since")
    }
}
