import PhotoZoomCore
import XCTest

@testable import PhotoZoomSDL

/// The debug overlay (D) open over a window at rest costs nothing: its figures move only with
/// the sim's ticks, so the window sleeps as it does without it (issue 33, item 5: it ticked and
/// drew every frame, a quarter of a core).
final class DebugOverlayIdleTests: XCTestCase {
    func testAnIdleWindowWithTheDebugOverlayOpenMaySleep() throws {
        let window = try HeadlessWindow()
        XCTAssertTrue(window.sessions.isIdle(at: window.now), "settled, without the overlay")
        var press = AppWindow.Polled()
        press.toggles = [.debug]
        XCTAssertTrue(window.frame(press), "D draws the overlay")
        for _ in 0..<3 { window.frame() }
        XCTAssertTrue(
            window.sessions.isIdle(at: window.now), "with the overlay open and nothing moving, the window may sleep")
        let tick = window.sessions.sessions[0].sim.world.tick
        for _ in 0..<8 { XCTAssertFalse(window.frame(), "a wake with nothing new draws nothing") }
        XCTAssertEqual(window.sessions.sessions[0].sim.world.tick, tick, "and runs no tick")

        // Something moving: the overlay follows it, and once it settles the window sleeps again.
        let cell = Point(x: 60, y: 60)
        XCTAssertTrue(
            window.frame(
                AppWindow.Polled(events: [.pointer(PointerEvent(id: 0, source: .mouse, phase: .down, position: cell))]))
        )
        window.frame(
            AppWindow.Polled(events: [.pointer(PointerEvent(id: 0, source: .mouse, phase: .up, position: cell))]))
        XCTAssertFalse(window.sessions.isIdle(at: window.now), "the photo opening")
        XCTAssertTrue(
            window.frames(until: {
                window.sessions.isIdle(at: window.now) && window.sessions.sessions[0].sim.world.viewer.phase == .pager
            }),
            "the pager at rest, the overlay still open")
        XCTAssertFalse(window.frame())
        // The wake's frame was as long as the sleep before it: not a frame's cost to show.
        let frame = try XCTUnwrap(window.sessions.views[0].shownOverlay.debug?.frame)
        XCTAssertEqual(
            frame.p99, 16.67, accuracy: 0.01, "the slowest frame shown is a sixtieth of a second, not a 250 ms sleep")
    }
}
