import Foundation
import PhotoZoomTestSupport
import XCTest

/// Ctrl-C to the real window on a private X server, once it has opened: the window sleeps in
/// X's event wait, and the Ctrl-C reaches it from another thread through SDL's queue and X's
/// wake-up, which the offscreen driver's tests never use (it polls). One Ctrl-C, at any moment
/// of the first second after every cell in view is sharp, ends the run with 130.
final class WindowInterruptTests: XCTestCase {
    func testOneCtrlCAtAnyMomentAfterTheOpeningEndsTheWindow() throws {
        let program = PackagePaths.releaseExecutable.path
        guard FileManager.default.isExecutableFile(atPath: program) else {
            return XCTFail("no release build at \(program): scripts/test.sh builds it before the tests")
        }
        let session = try XvfbSession(width: 800, height: 900)
        defer { session.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("pz-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let env = session.environment([
            "SDL_VIDEODRIVER": "x11", "SDL_RENDER_DRIVER": nil, "XDG_CACHE_HOME": cache.path,
            "PHOTOZOOM_OPENING_STAMPS": "1",
        ])
        // From the moment it is sharp (the window drawing, its loaders at the rest) to long
        // after (asleep in the idle wait).
        for (run, delay) in [0, 0.005, 0.01, 0.02, 0.04, 0.07, 0.1, 0.15, 0.2, 0.3, 0.5, 0.8].enumerated() {
            let process = try session.start(
                program, ["run", "--size", "393x700"], name: "run-\(run)", environment: env,
                directory: PackagePaths.root)
            defer { ChildProcess.stop(process) }
            let sharp = HangGuard.wait(poll: 0.002) {
                !process.isRunning || session.log(of: process).contains("cells_in_view_sharp")
            }
            guard sharp, process.isRunning else {
                return XCTFail(HangGuard.failure("no sharp opening") + ": \(session.log(of: process))")
            }
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGINT)
            guard HangGuard.wait(until: { !process.isRunning }) else {
                return XCTFail(HangGuard.failure("Ctrl-C \(delay) s after the opening was lost: no exit"))
            }
            XCTAssertEqual(process.terminationReason, .exit, "Ctrl-C \(delay) s after the opening")
            XCTAssertEqual(
                process.terminationStatus, 130, "Ctrl-C \(delay) s after the opening: \(session.log(of: process))")
        }
    }
}
