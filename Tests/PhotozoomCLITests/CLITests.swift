import Foundation
import PhotoZoomTestSupport
import XCTest

/// `run`, `snapshot`, `bench` and `--help` through the real binary.
final class CLITests: PhotozoomCLITestCase {
    // MARK: run

    func testRunExitsZeroAfterTheRequestedFramesUnderTheOffscreenDriver() throws {
        let r = try photozoom(["run", "--exit-after-frames", "5"])
        XCTAssertEqual(r.status, 0, "stderr: \(r.stderr)")
        XCTAssertEqual(r.stderr, "", "the bundled photos all load, so nothing is logged")
        // run is the default command.
        let d = try photozoom(["--exit-after-frames", "5"])
        XCTAssertEqual(d.status, 0, "stderr: \(d.stderr)")
    }

    func testRunWithoutADisplayExitsTwoWithOneLinePointingToSnapshot() throws {
        let r = try photozoom(["run"], env: ["SDL_VIDEODRIVER": "x11", "DISPLAY": nil, "WAYLAND_DISPLAY": nil])
        XCTAssertEqual(r.status, 2, "stderr: \(r.stderr)")
        XCTAssertEqual(r.errorLines.count, 1, "one line: \(r.stderr)")
        XCTAssertTrue(r.stderr.contains("snapshot"), "suggests the headless snapshot: \(r.stderr)")
        XCTAssertEqual(r.stdout, "")
    }

    // MARK: snapshot

    func testSnapshotWritesAPNGOfTheWindowSizeAndRefusesToOverwriteUnlessAsked() throws {
        let out = try temporaryFolder().appendingPathComponent("g.png")
        let first = try photozoom(["snapshot", "--out", out.path])
        XCTAssertEqual(first.status, 0, "stderr: \(first.stderr)")
        XCTAssertEqual(first.stderr, "")
        let written = try Data(contentsOf: out)
        let size = pngSize(written)
        XCTAssertEqual(size?.width, 393)
        XCTAssertEqual(size?.height, 852)

        let again = try photozoom(["snapshot", "--out", out.path, "--scale", "2"])
        XCTAssertEqual(again.status, 2, "an existing file is kept unless --overwrite")
        XCTAssertEqual(again.errorLines.count, 1, "one line: \(again.stderr)")
        XCTAssertTrue(again.stderr.contains(out.path) && again.stderr.contains("--overwrite"), again.stderr)
        XCTAssertEqual(try Data(contentsOf: out), written, "the file is untouched")

        let overwrite = try photozoom(["snapshot", "--out", out.path, "--scale", "2", "--overwrite"])
        XCTAssertEqual(overwrite.status, 0, "stderr: \(overwrite.stderr)")
        let replaced = pngSize(try Data(contentsOf: out))
        XCTAssertEqual(replaced?.width, 786, "the file was replaced by the 2x render")
        XCTAssertEqual(replaced?.height, 1704)
    }

    // MARK: Photo folders

    func testMissingOrEmptyPhotoFolderExitsTwoWithOneLineNamingIt() throws {
        let tmp = try temporaryFolder()
        let missing = tmp.appendingPathComponent("no-such-folder").path
        let empty = tmp.appendingPathComponent("empty").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let out = tmp.appendingPathComponent("never.png").path

        for folder in [missing, empty] {
            for command in [["run"], ["snapshot", "--out", out], ["bench", "--repeats", "1"]] {
                let r = try photozoom(command + ["--photos", folder])
                let what = "\(command[0]) --photos \(folder)"
                XCTAssertEqual(r.status, 2, "\(what): \(r.stderr)")
                XCTAssertEqual(r.errorLines.count, 1, "\(what): one line: \(r.stderr)")
                XCTAssertTrue(r.stderr.contains(folder), "\(what): names the folder: \(r.stderr)")
                XCTAssertEqual(r.stdout, "", what)
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "no snapshot without photos")
    }

    // MARK: help

    func testHelpForEveryCommandExitsZeroAndListsItsOptions() throws {
        let expected: [(arguments: [String], mentions: [String])] = [
            (["--help"], ["run", "snapshot", "bench"]),
            (["run", "--help"], ["--photos", "--size", "--exit-after-frames"]),
            (["snapshot", "--help"], ["--out", "--photos", "--size", "--scroll", "--scale", "--overwrite"]),
            (["bench", "--help"], ["--photos", "--size", "--json", "--repeats"]),
        ]
        for (arguments, mentions) in expected {
            let r = try photozoom(arguments)
            XCTAssertEqual(r.status, 0, "\(arguments): \(r.stderr)")
            for word in mentions + ["USAGE"] {
                XCTAssertTrue(r.stdout.contains(word), "photozoom \(arguments.joined(separator: " ")) mentions \(word):\n\(r.stdout)")
            }
        }
    }

    // MARK: bench

    func testBenchJSONIsAnArrayOfNamedMediansIncludingStartUp() throws {
        struct Entry: Decodable { let name: String; let median: Double; let unit: String }
        let r = try photozoom(["bench", "--json", "--repeats", "1"])
        XCTAssertEqual(r.status, 0, "stderr: \(r.stderr)")
        let entries = try JSONDecoder().decode([Entry].self, from: Data(r.stdout.utf8))
        XCTAssertGreaterThanOrEqual(entries.count, 3, r.stdout)
        for e in entries {
            XCTAssertFalse(e.name.isEmpty)
            XCTAssertFalse(e.unit.isEmpty, e.name)
            XCTAssertTrue(e.median.isFinite && e.median > 0, "\(e.name): \(e.median)")
        }
        let startUp = try XCTUnwrap(entries.first { $0.name.lowercased().contains("start-up") }, "a start-up entry in \(entries.map(\.name))")
        XCTAssertEqual(startUp.unit, "ms")
        XCTAssertTrue(startUp.name.contains("18 photos"), startUp.name)
    }
}
