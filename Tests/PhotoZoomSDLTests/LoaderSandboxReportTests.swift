import XCTest

@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface
@testable import PhotoZoomSDL

/// What the window makes of the sandbox steps its loaders say did not hold: each line once,
/// in the order first heard, a summary for the bug report's facts, and a line each in the
/// debug overlay.
final class LoaderSandboxReportTests: XCTestCase {
    func testEachMissingStepIsNewOnceAndSummarised() {
        let sandbox = LoaderSandbox()
        XCTAssertEqual(sandbox.summary, "not known yet: no loader has answered")
        XCTAssertEqual(sandbox.note([]), [])
        XCTAssertEqual(
            sandbox.summary, "system-call filter, address-space and memory-file limits, own namespaces in force")
        let filter = "the system-call filter is not installed: invalid argument"
        let limit = "the address-space limit is not set: x"
        XCTAssertEqual(sandbox.note([filter]), [filter])
        XCTAssertEqual(sandbox.note([filter]), [], "a second loader saying it again is not new")
        XCTAssertEqual(sandbox.note([filter, limit]), [limit])
        XCTAssertEqual(sandbox.missing, [filter, limit])
        XCTAssertEqual(sandbox.summary, filter + "; " + limit)
    }

    func testTheDebugOverlayShowsEachMissingStep() {
        let readout = DebugReadout(
            phase: "grid", currentIndex: 0, photoCount: 3, tickNumber: 9, traces: [],
            sandboxGaps: ["the system-call filter is not installed: invalid argument"])
        XCTAssertEqual(
            DebugPanel.text(readout).last, "sandbox: the system-call filter is not installed: invalid argument")
        XCTAssertFalse(
            DebugPanel.text(DebugReadout(phase: "grid", currentIndex: 0, photoCount: 3, tickNumber: 9, traces: []))
                .contains {
                    $0.hasPrefix("sandbox")
                })
    }
}
