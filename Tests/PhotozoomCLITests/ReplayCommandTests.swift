import Foundation
import PhotoZoomTestSupport
import XCTest

/// `photozoom replay FILE --verify`, the real executable, on the committed sessions and on
/// damaged copies of them.
final class ReplayCommandTests: PhotozoomCLITestCase {
    var sessions: URL { PackagePaths.fixtures.appendingPathComponent("sessions") }

    func testEveryCommittedSessionVerifies() throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: sessions.path).sorted()
        where name.hasSuffix(".jsonl") {
            let r = try photozoom(["replay", sessions.appendingPathComponent(name).path, "--verify"])
            XCTAssertEqual(r.status, 0, "\(name): \(r.stdout)\(r.stderr)")
            XCTAssertTrue(r.stdout.hasPrefix("verified: "), "\(name): \(r.stdout)")
            XCTAssertEqual(r.stderr, "", name)
        }
    }

    /// The sessions were recorded by the debug build's tests; the release build (which
    /// `scripts/test.sh` builds first) replays them to the same digests.
    func testTheReleaseBuildReplaysTheDebugBuildsRecordings() throws {
        let release = PackagePaths.releaseExecutable
        guard FileManager.default.isExecutableFile(atPath: release.path) else {
            return XCTFail("no release build at \(release.path): scripts/test.sh builds it before the tests")
        }
        for name in ["tap", "reload", "catch-mid-flight"] {
            let r = try ChildProcess.run(
                release, ["replay", sessions.appendingPathComponent(name + ".jsonl").path, "--verify"],
                environment: ProcessInfo.processInfo.environment, timeout: 60)
            XCTAssertEqual(r.status, 0, "\(name): \(r.stdout)\(r.stderr)")
        }
    }

    func testADivergenceExitsOneWithTheTickAndWhatDiffers() throws {
        var lines = try String(contentsOf: sessions.appendingPathComponent("page.jsonl"), encoding: .utf8).split(
            separator: "\n"
        ).map(String.init)
        let index = try XCTUnwrap(lines.firstIndex { $0.contains("\"phase\":\"moved\"") })
        lines[index] = lines[index].replacingOccurrences(of: "\"x\":", with: "\"x\":1")
        let file = try temporaryFolder().appendingPathComponent("changed.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let r = try photozoom(["replay", file.path, "--verify"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("diverged at tick "), r.stdout)
        XCTAssertTrue(r.stdout.contains("  viewer.pager.paging.offset: "), r.stdout)
    }

    func testACutShortFileVerifiesWhatItHoldsAndSaysWhereItStopped() throws {
        let text = try String(contentsOf: sessions.appendingPathComponent("drag-dismiss.jsonl"), encoding: .utf8)
        let file = try temporaryFolder().appendingPathComponent("cut.jsonl")
        try String(text.prefix(text.count / 2)).write(to: file, atomically: true, encoding: .utf8)
        let r = try photozoom(["replay", file.path, "--verify"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.errorLines.count, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("cut short (the recording was not finished); replayed up to tick "), r.stderr)
    }

    /// A line changed in the middle is not what a killed recorder leaves: the recording does not
    /// verify (exit 1, the line named), though the ticks before it replay.
    func testADamagedLineFailsToVerifyNamingTheLine() throws {
        var lines = try String(contentsOf: sessions.appendingPathComponent("drag-dismiss.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        lines[5] = "{\"tick\": garbage"
        let file = try temporaryFolder().appendingPathComponent("damaged.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let r = try photozoom(["replay", file.path, "--verify"])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(
            r.stdout.hasPrefix(
                "not verified: the recording is damaged at line 6: not a session line; replayed up to tick "), r.stdout)
        XCTAssertTrue(r.stderr.contains("line 6: not a session line"), r.stderr)
    }

    func testWhatIsNotASessionIsOneLineAndExit2() throws {
        let folder = try temporaryFolder()
        let json = folder.appendingPathComponent("tuning.json")
        try "{\"grid\": {}}\n".write(to: json, atomically: true, encoding: .utf8)
        // A FIFO is refused by its type, at once, never waited on.
        let fifo = folder.appendingPathComponent("session.jsonl")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        for (arguments, message) in [
            (
                ["replay", json.path, "--verify"],
                "photozoom: '\(json.path)' is not a recorded session: its first line is not a photozoom-session header"
            ),
            (["replay", folder.path, "--verify"], "photozoom: cannot read '\(folder.path)': it is a folder"),
            (["replay", fifo.path, "--verify"], "photozoom: cannot read '\(fifo.path)': it is a FIFO, not a file"),
            // Issue 33, item 19: said once, not "cannot read '…': it cannot be read: No such file or directory".
            (
                ["replay", folder.appendingPathComponent("nonexistent.jsonl").path],
                "photozoom: cannot read '\(folder.appendingPathComponent("nonexistent.jsonl").path)': no such file"
            ),
            (
                ["replay", json.path],
                "photozoom: '\(json.path)' is not a recorded session: its first line is not a photozoom-session header"
            ),
        ] {
            let r = try photozoom(arguments)
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertEqual(r.errorLines.first, message)
        }
    }

    /// Without a headless output the session opens in the window: here SDL's offscreen driver,
    /// drawing a few frames; the window's options are refused with the headless ones.
    func testWithoutVerifyOrFramesTheSessionPlaysInAWindow() throws {
        let session = sessions.appendingPathComponent("drag-dismiss.jsonl").path
        let r = try photozoom(["replay", session, "--at", "120", "--exit-after-frames", "2"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("photozoom: replay: 322 ticks, all 34 digests match"), r.stderr)
        XCTAssertTrue(r.stderr.contains("photozoom: replay keys: space play/pause"), r.stderr)
        for (arguments, message) in [
            (["--at", "-1"], "--at must be a tick, 0 or more, got -1"),
            (["--at", "5", "--verify"], "--at is for the window; the headless outputs replay the whole session"),
        ] {
            let refused = try photozoom(["replay", session] + arguments)
            XCTAssertEqual(refused.status, 2, refused.stderr)
            XCTAssertTrue(refused.stderr.contains(message), refused.stderr)
        }
        let headless = try photozoom(
            ["replay", session], env: ["SDL_VIDEODRIVER": nil, "DISPLAY": nil, "WAYLAND_DISPLAY": nil])
        XCTAssertEqual(headless.status, 2, headless.stderr)
        XCTAssertTrue(
            headless.stderr.contains("replay headless with --verify, --frames, --gif or --contact-sheet"),
            headless.stderr)
    }

    /// Issue 23, item 11: a recording names the folder its photos were shown from, and a replay
    /// looks there first (a bug report replayed as its README says drew crossed placeholders),
    /// saying which folder it used; `--photos` names another.
    func testAReplayLooksForThePhotosWhereTheyWereShown() throws {
        let root = try temporaryFolder()
        let shown = root.appendingPathComponent("my photos")
        try FileManager.default.copyItem(at: PackagePaths.root.appendingPathComponent("assets/photos"), to: shown)
        let session = root.appendingPathComponent("session.jsonl")
        let recorded = try photozoom([
            "run", "--photos", shown.path, "--record", session.path, "--exit-after-frames", "3",
        ])
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        let header = try XCTUnwrap(try String(contentsOf: session, encoding: .utf8).split(separator: "\n").first)
        XCTAssertTrue(header.contains("\"photosFolder\":\"\(shown.path)\""), String(header.suffix(300)))

        let sheet = root.appendingPathComponent("sheet.png")
        let found = try photozoom(["replay", session.path, "--verify", "--contact-sheet", sheet.path])
        XCTAssertEqual(found.status, 0, found.stderr)
        XCTAssertTrue(
            found.errorLines.contains("photozoom: replaying with the photos in '\(shown.path)', where it was recorded"),
            found.stderr)
        XCTAssertFalse(found.stderr.contains(" is not in "), "every photo found: \(found.stderr)")

        try FileManager.default.removeItem(at: shown)
        let moved = try photozoom(["replay", session.path, "--verify"])
        XCTAssertEqual(moved.status, 0, moved.stderr)
        XCTAssertTrue(
            moved.stderr.contains(
                "'\(shown.path)', where it was recorded, is not here; replaying with the bundled photos"), moved.stderr)
        let named = try photozoom([
            "replay", session.path, "--verify", "--photos",
            PackagePaths.root.appendingPathComponent("assets/photos").path,
        ])
        XCTAssertEqual(named.status, 0, named.stderr)
        XCTAssertFalse(named.stderr.contains("where it was recorded"), "--photos is taken as given: \(named.stderr)")
    }

    func testARecordingNeverReplacesAFile() throws {
        let file = try temporaryFolder().appendingPathComponent("mine.jsonl")
        try "precious".write(to: file, atomically: true, encoding: .utf8)
        let r = try photozoom(["run", "--record", file.path, "--exit-after-frames", "2"])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(
            r.errorLines, ["photozoom: --record: '\(file.path)' already exists, and a recording never replaces a file"])
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "precious")
    }

    /// Frames of the tap session: one every four ticks at 30 fps, the last one the pager on
    /// photo 4, which is a placeholder here (the fixtures' photos are named, not shipped).
    func testFramesAreWrittenAsTheWindowDrewThem() throws {
        let folder = try temporaryFolder().appendingPathComponent("frames")
        let r = try photozoom([
            "replay", sessions.appendingPathComponent("tap.jsonl").path, "--verify", "--frames", folder.path,
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let recording = try String(contentsOf: sessions.appendingPathComponent("tap.jsonl"), encoding: .utf8)
        let lastTick = try XCTUnwrap(
            recording.split(separator: "\n").last.flatMap { line in
                line.range(of: "\"end\":").map { Int(line[$0.upperBound...].prefix { $0.isNumber })! }
            })
        XCTAssertEqual(names.count, lastTick / 4)
        XCTAssertEqual(names.first, "frame-000001.png")
        XCTAssertTrue(r.stderr.contains("photozoom: p0 is not in "), r.stderr)
        XCTAssertTrue(r.stderr.contains("photozoom: and 25 more photos, likewise"), r.stderr)
        let last = try Data(contentsOf: folder.appendingPathComponent(names.last!))
        XCTAssertEqual(pngSize(last)?.width, 390)
        // Into a folder that already holds something: refused, nothing written.
        let again = try photozoom([
            "replay", sessions.appendingPathComponent("tap.jsonl").path, "--frames", folder.path,
        ])
        XCTAssertEqual(again.status, 2)
        XCTAssertEqual(
            again.errorLines, ["photozoom: --frames: '\(folder.path)' is not empty, and frames never replace files"])
    }

    /// The resize session: the window goes to 620x480 at tick 23 and to 360x720 at tick 183;
    /// each frame has the size the window had at its tick.
    func testFramesFollowRecordedResizes() throws {
        let frames = try temporaryFolder().appendingPathComponent("frames")
        let r = try photozoom(["replay", sessions.appendingPathComponent("resize.jsonl").path, "--frames", frames.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        func frame(_ n: Int) throws -> RGBImage {
            try RGBImage(png: frames.appendingPathComponent(String(format: "frame-%06d.png", n)).path)
        }
        // One frame every 4 ticks: frame n is tick 4n.
        for (n, size) in [(5, [390, 700]), (6, [620, 480]), (45, [620, 480]), (46, [360, 720]), (83, [360, 720])] {
            let image = try frame(n)
            XCTAssertEqual([image.width, image.height], size, "frame \(n), tick \(4 * n)")
        }
        // At rest in the grid at the end, its 50-point tab bar is along the bottom of the new size.
        let last = try frame(83)
        XCTAssertEqual(last.pixel(20, 715), last.pixel(20, 675), "the tab bar")
        XCTAssertNotEqual(last.pixel(20, 715), last.pixel(20, 600), "the grid")
    }
}
