import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// The real window records what a person does (xdotool on a private X server), is killed with
/// SIGKILL mid-session, and the file it leaves replays, to every digest it holds, with the real
/// executable.
///
/// Debug and release builds replay each other's files: each records here and the other verifies.
final class RecordedWindowTests: XCTestCase {
    static let release = PackagePaths.root.appendingPathComponent(".build/release/photozoom")

    func testAKilledRecordingReplaysToItsLastLine() throws {
        let file = try recordAndKill(with: PackagePaths.executable.path)
        for replayer in [PackagePaths.executable, Self.release] {
            let replay = try ChildProcess.run(
                replayer, ["replay", file, "--verify"], environment: ProcessInfo.processInfo.environment, timeout: 60)
            XCTAssertEqual(replay.status, 0, "\(replayer.path): " + replay.stdout + replay.stderr)
            XCTAssertTrue(replay.stdout.hasPrefix("verified: "), replay.stdout)
        }
    }

    func testTheDebugBuildReplaysWhatTheReleaseBuildRecorded() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.release.path) else {
            return XCTFail("no release build at \(Self.release.path): scripts/test.sh builds it before the tests")
        }
        let file = try recordAndKill(with: Self.release.path)
        let header = try String(contentsOfFile: file, encoding: .utf8).prefix { $0 != "\n" }
        XCTAssertTrue(
            header.hasPrefix("{\"app\":\"photozoom 0.") && !header.contains("debug build"),
            "recorded by a release build")
        let replay = try ChildProcess.run(
            PackagePaths.executable, ["replay", file, "--verify"], environment: ProcessInfo.processInfo.environment,
            timeout: 60)
        XCTAssertEqual(replay.status, 0, replay.stdout + replay.stderr)
    }

    /// `executable` records what xdotool does in its window until SIGKILL; the file it left.
    func recordAndKill(with executable: String) throws -> String {
        let session = try XvfbSession(width: 800, height: 900)
        defer { session.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("session.jsonl").path
        let env = session.environment(["SDL_VIDEODRIVER": "x11", "SDL_RENDER_DRIVER": nil])
        let app = try session.start(
            executable, ["run", "--size", "393x700", "--record", file], name: "photozoom", environment: env,
            directory: PackagePaths.root)
        let (id, frame) = try session.waitForWindow(named: "^PhotoZoom$", timeout: 60)
        func at(_ x: Double, _ y: Double) -> [String] { [String(Int(frame.minX + x)), String(Int(frame.minY + y))] }
        try session.run("xdotool", ["windowfocus", "--sync", id])
        // Open a photo, swipe to the next, and start dragging it down.
        try session.run("xdotool", ["mousemove"] + at(196, 200) + ["click", "1"])
        Thread.sleep(forTimeInterval: 1)
        try session.run("xdotool", ["mousemove"] + at(320, 350) + ["mousedown", "1"])
        for x in stride(from: 300, through: 60, by: -30) {
            try session.run("xdotool", ["mousemove"] + at(Double(x), 352))
        }
        try session.run("xdotool", ["mouseup", "1"])
        Thread.sleep(forTimeInterval: 1)
        try session.run("xdotool", ["mousemove"] + at(196, 300) + ["mousedown", "1"])
        for y in stride(from: 320, through: 500, by: 20) {
            try session.run("xdotool", ["mousemove"] + at(196, Double(y)))
        }
        Thread.sleep(forTimeInterval: 0.2)
        kill(app.processIdentifier, SIGKILL)
        app.waitUntilExit()

        let text = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertFalse(text.contains("\"end\""), "killed: no footer")
        let recording = try SessionRecording.read(text)
        let presses = recording.ticks.flatMap { $0.input ?? [] }.filter {
            if case .pointer(let e) = $0 { return e.phase == .down } else { return false }
        }
        XCTAssertGreaterThanOrEqual(presses.count, 3, "the clicks and drags were recorded: \(session.log(of: app))")
        return file
    }
}
