import CSDL2
import PhotoZoomSDL
import XCTest

/// The window's loop is paced whatever its renderer says of vsync: a present that returns at
/// once (a driver that says it waits and does not) leaves the pacer to sleep out the frame.
final class FramePacerTests: XCTestCase {
    /// The milliseconds `frames` quick frames take, each ended as `presentWaitsForVSync` says.
    func milliseconds(_ frames: Int, presentWaitsForVSync: Bool) -> Double {
        var pacer = FramePacer(framesPerSecond: 50)
        let start = SDL_GetPerformanceCounter()
        for _ in 0..<frames { pacer.endFrame(presentWaitsForVSync: presentWaitsForVSync) }
        return Double(SDL_GetPerformanceCounter() - start) * 1000 / Double(SDL_GetPerformanceFrequency())
    }

    /// Ten frames at 50 a second take at least 180 ms (SDL_Delay sleeps whole milliseconds,
    /// never less than asked), with vsync said or not: a sleep is never shorter than asked for,
    /// so this holds on any machine.
    func testAFrameThatReturnedAtOnceIsSleptOutEvenWhereVSyncIsSaid() {
        XCTAssertGreaterThanOrEqual(milliseconds(10, presentWaitsForVSync: false), 180)
        XCTAssertGreaterThanOrEqual(milliseconds(10, presentWaitsForVSync: true), 180, "a present that did not wait is paced")
    }

    /// A frame that took its time (a present that waited for the display) is not slept again.
    func testAFrameTheDisplayPacedIsNotSleptAgain() {
        var pacer = FramePacer(framesPerSecond: 10)
        SDL_Delay(60)
        let start = SDL_GetPerformanceCounter()
        pacer.endFrame(presentWaitsForVSync: true)
        let slept = Double(SDL_GetPerformanceCounter() - start) * 1000 / Double(SDL_GetPerformanceFrequency())
        XCTAssertLessThan(slept, 20, "60 of the frame's 100 ms were the display's; the pacer would sleep the other 40")
    }
}
