import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// The real window records what a person does (xdotool on a private X server), is killed with
/// SIGKILL mid-session, and the file it leaves replays, to every digest it holds, with the real
/// executable.
final class RecordedWindowTests: XCTestCase {
    func testAKilledRecordingReplaysToItsLastLine() throws {
        let executable = PackagePaths.executable.path
        let session = try XvfbSession(width: 800, height: 900)
        defer { session.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("session.jsonl").path
        let env = session.environment(["SDL_VIDEODRIVER": "x11", "SDL_RENDER_DRIVER": "software"])
        let app = try session.start(executable, ["run", "--size", "393x700", "--record", file], name: "photozoom", environment: env,
                                    directory: PackagePaths.root)
        let (id, frame) = try session.waitForWindow(named: "^PhotoZoom$", timeout: 10)
        func at(_ x: Double, _ y: Double) -> [String] { [String(Int(frame.minX + x)), String(Int(frame.minY + y))] }
        try session.run("xdotool", ["windowfocus", "--sync", id])
        // Open a photo, swipe to the next, and start dragging it down.
        try session.run("xdotool", ["mousemove"] + at(196, 200) + ["click", "1"])
        Thread.sleep(forTimeInterval: 1)
        try session.run("xdotool", ["mousemove"] + at(320, 350) + ["mousedown", "1"])
        for x in stride(from: 300, through: 60, by: -30) { try session.run("xdotool", ["mousemove"] + at(Double(x), 352)) }
        try session.run("xdotool", ["mouseup", "1"])
        Thread.sleep(forTimeInterval: 1)
        try session.run("xdotool", ["mousemove"] + at(196, 300) + ["mousedown", "1"])
        for y in stride(from: 320, through: 500, by: 20) { try session.run("xdotool", ["mousemove"] + at(196, Double(y))) }
        Thread.sleep(forTimeInterval: 0.2)
        kill(app.processIdentifier, SIGKILL)
        app.waitUntilExit()

        let text = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertFalse(text.contains("\"end\""), "killed: no footer")
        let replay = try ChildProcess.run(PackagePaths.executable, ["replay", file, "--verify"], environment: ProcessInfo.processInfo.environment,
                                          timeout: 60)
        XCTAssertEqual(replay.status, 0, replay.stdout + replay.stderr)
        XCTAssertTrue(replay.stdout.hasPrefix("verified: "), replay.stdout)
        let recording = try SessionRecording.read(text)
        let presses = recording.ticks.flatMap { $0.input ?? [] }.filter { if case let .pointer(e) = $0 { return e.phase == .down } else { return false } }
        XCTAssertGreaterThanOrEqual(presses.count, 3, "the clicks and drags were recorded: \(session.log(of: app))")
    }
}
