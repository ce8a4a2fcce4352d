import Foundation
import PhotoZoomCore
import PhotoZoomSDL
import PhotoZoomTestSupport
import XCTest

/// F6 in the real window (xdotool on a private X server), nobody having pressed record: a
/// folder appears whose session replays to every digest, whose screenshot is the window as it
/// stood, and whose log, tuning and system facts are the run's.
final class BugReportWindowTests: XCTestCase {
    /// `photozoom run` in a 393x700 window on a private X server, with a data folder of its
    /// own (both let go of when the test ends), focused; its X server, data folder, process and
    /// window.
    private func openWindow() throws -> (session: XvfbSession, data: URL, app: Process, frame: Rect) {
        let session = try XvfbSession(width: 800, height: 900)
        addTeardownBlock { session.stop() }
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("pz-data-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: data) }
        // No renderer named: Xvfb has no GPU, and the window chooses SDL's software renderer itself.
        let env = session.environment(["SDL_VIDEODRIVER": "x11", "SDL_RENDER_DRIVER": nil, "XDG_DATA_HOME": data.path])
        let app = try session.start(
            PackagePaths.executable.path, ["run", "--size", "393x700"], name: "photozoom", environment: env,
            directory: PackagePaths.root)
        let (id, frame) = try session.waitForWindow(named: "^PhotoZoom$", timeout: 60)
        try session.run("xdotool", ["windowfocus", "--sync", id])
        return (session, data, app, frame)
    }

    func testF6WritesAReportThatReplaysAndShowsTheWindow() throws {
        let (session, data, app, frame) = try openWindow()
        // Open a photo and let it land: the window stands still for the screenshot. A busy
        // machine animates it for longer: still is two screenshots in a row alike, after 1.5 s.
        try session.run(
            "xdotool", ["mousemove", String(Int(frame.minX + 196)), String(Int(frame.minY + 200)), "click", "1"])
        Thread.sleep(forTimeInterval: 1.5)
        var before = try session.screenshot(of: frame).image
        XCTAssertTrue(
            HangGuard.wait(poll: 0.1) {
                guard let now = try? session.screenshot(of: frame).image else { return false }
                defer { before = now }
                return now.pixels == before.pixels
            }, HangGuard.failure("the window did not stand still"))
        try session.run("xdotool", ["key", "F6"])
        let reports = data.appendingPathComponent("photozoom/bug-reports")
        var folder: String?
        _ = HangGuard.wait(poll: 0.1) {
            folder = (try? FileManager.default.contentsOfDirectory(atPath: reports.path))?.first {
                $0.hasPrefix("report-")
            }
            return folder != nil
        }
        guard let name = folder else { return XCTFail(HangGuard.failure("no report") + ": \(session.log(of: app))") }
        let report = reports.appendingPathComponent(name).path
        let screen = try session.screenshot(of: frame).image
        kill(app.processIdentifier, SIGTERM)
        app.waitUntilExit()
        XCTAssertTrue(
            session.log(of: app).contains("photozoom: bug report written to '\(report)'"), session.log(of: app))

        let files = Set(try FileManager.default.contentsOfDirectory(atPath: report))
        XCTAssertEqual(files, Set(BugReport.files))
        XCTAssertFalse(
            try String(contentsOfFile: report + "/README.txt", encoding: .utf8).contains("could not be drawn"))
        // The sheet: the first frame (the grid) and the click's press, release and landing at least, side by side.
        let sheet = try ReferenceImage(contentsOf: report + "/contact-sheet.png")
        XCTAssertGreaterThan(sheet.width, 2 * Int(frame.width) / 3, "tiles side by side")
        XCTAssertGreaterThan(sheet.height, 100)
        let replay = try ChildProcess.run(
            PackagePaths.executable, ["replay", report + "/session.jsonl", "--verify"],
            environment: ProcessInfo.processInfo.environment, timeout: 60)
        XCTAssertEqual(replay.status, 0, replay.stdout + replay.stderr)
        let recording = try SessionRecording.read(
            try String(contentsOfFile: report + "/session.jsonl", encoding: .utf8))
        XCTAssertNotNil(recording.end, "the report's session ends where F6 was pressed")
        XCTAssertTrue(recording.header.app.hasPrefix("photozoom 0."), recording.header.app)
        XCTAssertTrue(recording.ticks.contains { $0.input?.isEmpty == false }, "the click is in it")

        let shot = try ReferenceImage(contentsOf: report + "/screenshot.png")
        XCTAssertEqual(shot.width, Int(frame.width))
        XCTAssertEqual(shot.height, Int(frame.height))
        // Above the toast the window is as the screenshot shows it; over the tab bar, the toast
        // says where the report went (it was written off the window's thread, which drew it).
        func differing(rows: Range<Int>) -> Double {
            var count = 0
            var all = 0
            for y in rows {
                for x in stride(from: 0, to: shot.width, by: 7) {
                    let i = (y * shot.width + x) * 4
                    all += 1
                    if (0..<3).contains(where: { abs(Int(shot.pixels[i + $0]) - Int(screen.pixels[i + $0])) > 8 }) {
                        count += 1
                    }
                }
            }
            return Double(count) / Double(max(all, 1))
        }
        XCTAssertLessThan(differing(rows: 0..<(shot.height - 200)), 0.01, "the screenshot is the window as it stood")
        XCTAssertGreaterThan(
            differing(rows: (shot.height - 200)..<(shot.height - 50)), 0.05, "the toast over the tab bar")

        let facts = try String(contentsOfFile: report + "/system.txt", encoding: .utf8)
        for fact in [
            "app: photozoom 0.", "SDL: 2.", "video driver: x11",
            "renderer: software (software, into X shared memory (this display has no GPU))",
            "display: 800x900 pixels", "window: 393x700 points",
            "loader sandbox: system-call filter, address-space and memory-file limits, own namespaces in force",
        ] {
            XCTAssertTrue(facts.contains(fact), "\(fact) in:\n\(facts)")
        }
        // Advice on how to tune is no problem to report.
        XCTAssertFalse(try String(contentsOfFile: report + "/log.txt", encoding: .utf8).contains("--tuning FILE"))
        XCTAssertEqual(
            TuningFile.read(try String(contentsOfFile: report + "/tuning.json", encoding: .utf8)).problems, [])
    }

    /// Closing the window right after F6 (Ctrl+Q 50 ms later) finishes the report before the
    /// window goes: the report is whole and named, and no hidden half-built folder is left (the
    /// report's thread held the photos' textures and freed them after SDL_Quit).
    func testClosingRightAfterF6FinishesTheReportFirst() throws {
        let (session, data, app, _) = try openWindow()
        Thread.sleep(forTimeInterval: 0.5)
        try session.run("xdotool", ["key", "F6"])
        Thread.sleep(forTimeInterval: 0.05)
        try session.run("xdotool", ["key", "ctrl+q"])
        XCTAssertTrue(
            HangGuard.wait(poll: 0.05) { !app.isRunning }, HangGuard.failure("Ctrl+Q did not close the window"))
        if app.isRunning { kill(app.processIdentifier, SIGKILL) }
        app.waitUntilExit()
        XCTAssertEqual(app.terminationStatus, 0, session.log(of: app))
        let reports = data.appendingPathComponent("photozoom/bug-reports")
        let names = try FileManager.default.contentsOfDirectory(atPath: reports.path)
        XCTAssertEqual(names.filter { $0.hasPrefix("report-") }.count, 1, "\(names)")
        XCTAssertEqual(names.filter { $0.hasPrefix(".") }, [], "no half-built report left")
        let report = reports.appendingPathComponent(try XCTUnwrap(names.first { $0.hasPrefix("report-") })).path
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: report)), Set(BugReport.files))
        XCTAssertTrue(
            session.log(of: app).contains("photozoom: bug report written to '\(report)'"), session.log(of: app))
    }
}
