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

    /// With nothing to show a window on and no driver asked for, SDL 2.26 falls back to its
    /// offscreen driver; run must say there is no display, not wait on an invisible window
    /// until the run's hang guard kills it. XDG_RUNTIME_DIR is an empty folder so that
    /// libwayland, finding no compositor there, stays quiet; unset, it prints its own line
    /// about the variable.
    func testRunWithNoDisplayAndNoDriverAskedForSaysSoAndExitsTwo() throws {
        let runtime = try temporaryFolder()
        let r = try photozoom(
            ["run"],
            env: ["SDL_VIDEODRIVER": nil, "DISPLAY": nil, "WAYLAND_DISPLAY": nil, "XDG_RUNTIME_DIR": runtime.path])
        XCTAssertEqual(r.status, 2, "stderr: \(r.stderr)")
        XCTAssertEqual(r.errorLines.count, 1, "one line: \(r.stderr)")
        XCTAssertTrue(r.stderr.hasPrefix("photozoom: no display available"), r.stderr)
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

    /// SDL's software renderer crashes on a surface of 4 GiB; a canvas is capped in pixels
    /// (the largest window at 1x), not only in points per side, and says so before rendering.
    func testASnapshotOfTooManyPixelsIsRefusedInOneLine() throws {
        let out = try temporaryFolder().appendingPathComponent("huge.png")
        let r = try photozoom(["snapshot", "--out", out.path, "--size", "16384x16384", "--scale", "2"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertEqual(
            r.stderr, "photozoom: a 32768x32768-pixel image is too large: the most is 268435456 pixels (16384x16384)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
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

    /// A folder the user may not list is not an empty one: the line says what failed.
    func testAnUnreadablePhotoFolderSaysWhyItCannotBeRead() throws {
        let tmp = try temporaryFolder()
        let locked = tmp.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: PackagePaths.bundledPhotos + "/astronaut.jpg", toPath: locked.appendingPathComponent("a.jpg").path)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked.path)
        addTeardownBlock {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path)
        }
        // Root may list any folder; as nobody the permission bits count, as they do for a user.
        var launcher: [String] = []
        if getuid() == 0 {
            let setpriv = "/usr/bin/setpriv"
            guard FileManager.default.isExecutableFile(atPath: setpriv) else {
                throw XCTSkip("running as root without \(setpriv), so no folder is unreadable to this test")
            }
            launcher = [setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
        }
        let r = try photozoom(
            ["snapshot", "--photos", locked.path, "--out", tmp.appendingPathComponent("never.png").path],
            launcher: launcher)
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertEqual(r.stderr, "photozoom: cannot read photo folder '\(locked.path)': Permission denied\n")
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
                XCTAssertTrue(
                    r.stdout.contains(word),
                    "photozoom \(arguments.joined(separator: " ")) mentions \(word):\n\(r.stdout)")
            }
        }
    }

    // MARK: bench

    /// The JSON a script reads: named medians, the folder's opening, frames and memory, and per
    /// library size the tick percentiles and the digest of the state the session ended in.
    func testBenchJSONHasNamedMediansAndTickPercentilesAndDigestsForEachLibrarySize() throws {
        struct Report: Decodable {
            struct Median: Decodable {
                let name: String
                let median: Double
                let unit: String
            }
            // The JSON's own key names, so a renamed key fails to decode.
            struct Library: Decodable {
                let name: String
                let photos: Int
                let ticks: Int
                let tick_us_p50: Double
                let tick_us_p99: Double
                let session_digest: String
            }
            struct Reload: Decodable {
                let saves: Int
                let reload_ms: Double
                let reload_ms_max: Double
                let reload_work_ms_max: Double
                let reload_frame_ms_max: Double
                let plain_frame_ms_max: Double
            }
            let measurements: [Median]
            let libraries: [Library]
            let reload: Reload
            struct Replay: Decodable {
                let ticks: Int
                let replay_speedup: Double
            }
            let replay: Replay
            struct Folder: Decodable {
                let photos: Int
                let frames: Int
                let first_frame_ms: Double
                let thumbs_visible_ms_cold: Double
                let thumbs_visible_ms_warm: Double
                let thumbs_sharp_ms_cold: Double
                let thumbs_sharp_ms_warm: Double
                let frame_ms_p50: Double
                let frame_ms_p99: Double
                let frame_cpu_ms_p50: Double
                let frame_cpu_ms_p99: Double
                let peak_rss_mib: Double
                let loaders_peak_rss_mib: Double
                let cells_in_view: Int
                let decode_floor_ms: Double
                let cores: Int
                let first_screen_ms_cold: Double
                let compare_frame_ms_p50: Double
                let compare_frame_ms_p99: Double
                struct Phase: Decodable {
                    let phase: String
                    let frames: Int
                    let frame_ms_p50: Double
                    let frame_ms_p99: Double
                    let frame_cpu_ms_p99: Double
                }
                let phases: [Phase]
                struct Frame: Decodable {
                    let frame: Int
                    let phase: String
                    let ms: Double
                    let cpu_ms: Double
                    let update_ms: Double
                    let draw_ms: Double
                }
                let slowest_frames: [Frame]
            }
            let library: Folder
        }
        let r = try photozoom(["bench", "--json", "--repeats", "1"])
        XCTAssertEqual(r.status, 0, "stderr: \(r.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(r.stdout.utf8))
        XCTAssertEqual(report.measurements.count, 7, r.stdout)
        for m in report.measurements {
            XCTAssertFalse(m.name.isEmpty)
            XCTAssertFalse(m.unit.isEmpty, m.name)
            XCTAssertTrue(m.median.isFinite && m.median > 0, "\(m.name): \(m.median)")
        }
        // The bundled folder opened as the window opens it: the first frame comes before its
        // thumbnails, and frames were timed through the whole interaction.
        let folder = report.library
        XCTAssertEqual(folder.photos, 18)
        XCTAssertTrue(folder.first_frame_ms > 0 && folder.first_frame_ms <= folder.thumbs_visible_ms_cold, r.stdout)
        XCTAssertGreaterThan(folder.thumbs_visible_ms_warm, 0)
        // The bundled photos embed no previews: a cell shows a picture when its thumbnail arrives.
        XCTAssertTrue(
            folder.thumbs_visible_ms_cold <= folder.thumbs_sharp_ms_cold
                && folder.thumbs_visible_ms_warm <= folder.thumbs_sharp_ms_warm, r.stdout)
        // Frames drawn: one with nothing new to show draws nothing, as in the window. How many
        // is the machine's pace: a busy one runs more ticks a frame, and its animations end in
        // fewer frames (277 under `stress-ng --cpu 2`); every phase had some, below.
        XCTAssertTrue((1...1100).contains(folder.frames), r.stdout)
        XCTAssertTrue(folder.frame_ms_p50 > 0 && folder.frame_ms_p50 <= folder.frame_ms_p99, r.stdout)
        XCTAssertTrue(folder.frame_cpu_ms_p50 > 0 && folder.frame_cpu_ms_p50 <= folder.frame_cpu_ms_p99, r.stdout)
        // Every frame in one viewer phase, the phases in the session's order; the slowest 1 %,
        // slowest first, down to the p99.
        XCTAssertEqual(
            folder.phases.map(\.phase), ["grid", "presenting", "pager", "dismissing (dragged)", "dismissing (flying)"],
            r.stdout)
        XCTAssertEqual(folder.phases.map(\.frames).reduce(0, +), folder.frames)
        XCTAssertEqual(
            folder.slowest_frames.count, folder.frames - (Int((0.99 * Double(folder.frames)).rounded(.up)) - 1))
        XCTAssertEqual(folder.slowest_frames.map(\.ms), folder.slowest_frames.map(\.ms).sorted(by: >))
        XCTAssertEqual(folder.slowest_frames.last?.ms, folder.frame_ms_p99)
        for frame in folder.slowest_frames {
            XCTAssertTrue(frame.update_ms + frame.draw_ms <= frame.ms && frame.cpu_ms > 0, "\(frame)")
            XCTAssertTrue(folder.phases.contains { $0.phase == frame.phase }, frame.phase)
        }
        XCTAssertTrue(folder.peak_rss_mib > 10 && folder.peak_rss_mib < 4096, r.stdout)
        // The same interaction in a window comparing two tunings.
        XCTAssertTrue(
            folder.compare_frame_ms_p50 > 0 && folder.compare_frame_ms_p50 <= folder.compare_frame_ms_p99, r.stdout)
        // Decoding ran in loaders, which ended before their peak was read.
        XCTAssertTrue(folder.loaders_peak_rss_mib > 5 && folder.loaders_peak_rss_mib < 1024, r.stdout)
        // All 18 fit at 1280×800; the floor is one small decode each, shared among the cores.
        XCTAssertEqual(folder.cells_in_view, 18, r.stdout)
        XCTAssertEqual(folder.cores, ProcessInfo.processInfo.activeProcessorCount)
        XCTAssertTrue(folder.decode_floor_ms > 0 && folder.decode_floor_ms < folder.first_screen_ms_cold, r.stdout)

        XCTAssertEqual(report.libraries.map(\.photos), [100, 10_000, 100_000], r.stdout)
        for library in report.libraries {
            XCTAssertEqual(library.ticks % 600, 0, "whole sessions: \(library.name)")
            XCTAssertTrue(
                library.session_digest.count == 16 && library.session_digest.allSatisfy(\.isHexDigit),
                library.session_digest)
            XCTAssertTrue(
                library.tick_us_p50.isFinite && library.tick_us_p50 > 0, "\(library.name): p50 \(library.tick_us_p50)")
            XCTAssertTrue(
                library.tick_us_p99.isFinite && library.tick_us_p99 >= library.tick_us_p50,
                "\(library.name): p99 \(library.tick_us_p99)")
        }
        // A reload waits out the watcher's 30 ms debounce, so anything quicker was not a save.
        let reload = report.reload
        XCTAssertGreaterThanOrEqual(reload.saves, 8)
        XCTAssertTrue(
            reload.reload_ms >= 30 && reload.reload_ms <= reload.reload_ms_max && reload.reload_ms_max < 2000, r.stdout)
        XCTAssertTrue(reload.reload_work_ms_max > 0 && reload.reload_work_ms_max < reload.reload_frame_ms_max, r.stdout)
        XCTAssertGreaterThan(reload.plain_frame_ms_max, 0)
        XCTAssertEqual(report.replay.ticks, 6000, "ten sessions")
        XCTAssertTrue(report.replay.replay_speedup.isFinite && report.replay.replay_speedup > 0, r.stdout)
    }

    /// Photos small enough to be decoded before the window would show: its first frame
    /// already holds every picture, and is that moment, not a moment after it.
    func testAFirstFrameThatShowsEveryPictureIsTheMomentThePicturesAreVisible() throws {
        struct Report: Decodable {
            struct Folder: Decodable {
                let photos: Int
                let first_frame_ms: Double
                let thumbs_visible_ms_cold: Double
                let thumbs_sharp_ms_cold: Double
            }
            let library: Folder
        }
        let folder = try temporaryFolder()
        let first = folder.appendingPathComponent("IMG_0001.jpg")
        try BigLibraryReplayTests.writeJPEG(first, width: 64, height: 48)
        for i in 2...18 {
            try FileManager.default.linkItem(
                at: first, to: folder.appendingPathComponent(String(format: "IMG_%04d.jpg", i)))
        }
        let r = try photozoom(["bench", "--json", "--repeats", "1", "--size", "1280x800", "--photos", folder.path])
        XCTAssertEqual(r.status, 0, "stderr: \(r.stderr)")
        let opening = try JSONDecoder().decode(Report.self, from: Data(r.stdout.utf8)).library
        XCTAssertEqual(opening.photos, 18)
        XCTAssertTrue(
            opening.first_frame_ms > 0 && opening.first_frame_ms <= opening.thumbs_visible_ms_cold
                && opening.thumbs_visible_ms_cold <= opening.thumbs_sharp_ms_cold, r.stdout)
    }

    /// The table a person reads: every row's name is padded to the longest, so that two spaces
    /// at least part it from its values (a long name once ran into them: "…photos'3097.110 µs").
    func testBenchTableKeepsEveryNameApartFromItsValues() throws {
        let folder = try temporaryFolder()
        let photo = folder.appendingPathComponent("IMG_0001.jpg")
        try BigLibraryReplayTests.writeJPEG(photo, width: 64, height: 48)
        try FileManager.default.linkItem(at: photo, to: folder.appendingPathComponent("IMG_0002.jpg"))
        let r = try photozoom(["bench", "--repeats", "1", "--size", "200x300", "--photos", folder.path])
        XCTAssertEqual(r.status, 0, "stderr: \(r.stderr)")
        let rows = r.stdout.split(separator: "\n").map(String.init)
        let header = try XCTUnwrap(rows.first, r.stdout)
        let width = try XCTUnwrap(
            header.range(of: "median").map { header.distance(from: header.startIndex, to: $0.lowerBound) }, header)
        XCTAssertGreaterThan(rows.count, 20, r.stdout)
        for row in rows {
            XCTAssertTrue(
                row.count > width && row.prefix(width).hasSuffix("  "), "the name runs into the values:\n\(row)")
        }
    }

    /// A folder of one photo has nothing to swipe to: one line and exit 2, not a trap.
    func testBenchOnAFolderOfOnePhotoSaysSoInOneLine() throws {
        let folder = try temporaryFolder()
        try BigLibraryReplayTests.writeJPEG(folder.appendingPathComponent("IMG_0001.jpg"), width: 64, height: 48)
        let r = try photozoom(["bench", "--repeats", "1", "--photos", folder.path])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertEqual(
            r.stderr,
            "photozoom: bench needs a folder of at least two photos, one to open and one to swipe to; --photos has 1\n")
    }

    /// The session is scripted from the layout, so it plays out, every phase of it, in a
    /// desktop window, a phone's and a tiny one alike.
    func testBenchRunsItsSessionInWindowsOfEveryShape() throws {
        for size in ["1920x1080", "1280x720", "100x100"] {
            let r = try photozoom(["bench", "--repeats", "1", "--json", "--size", size])
            XCTAssertEqual(r.status, 0, "--size \(size): \(r.stderr)")
            XCTAssertEqual(r.stderr, "", "--size \(size)")
            XCTAssertTrue(r.stdout.contains("\"session_digest\""), "--size \(size): \(r.stdout)")
        }
    }

    /// `--columns N` runs the sessions on a grid of N columns, as the grid zoom shows them: a
    /// 10,000-photo library at 21 columns in a desktop window. A count whose cells would be
    /// narrower than a tuning file allows is refused in one line.
    func testBenchRunsItsSessionOnAZoomedGrid() throws {
        struct Report: Decodable {
            struct Library: Decodable {
                let photos: Int
                let ticks: Int
                let session_digest: String
            }
            let libraries: [Library]
        }
        let r = try photozoom(["bench", "--repeats", "1", "--json", "--size", "1280x800", "--columns", "21"])
        XCTAssertEqual(r.status, 0, "stderr: \(r.stderr)")
        let plain = try photozoom(["bench", "--repeats", "1", "--json", "--size", "1280x800"])
        let zoomed = try JSONDecoder().decode(Report.self, from: Data(r.stdout.utf8)).libraries
        let opened = try JSONDecoder().decode(Report.self, from: Data(plain.stdout.utf8)).libraries
        XCTAssertEqual(zoomed.map(\.photos), [100, 10_000, 100_000])
        XCTAssertTrue(zoomed.allSatisfy { $0.ticks % 600 == 0 })
        XCTAssertTrue(
            zip(zoomed, opened).allSatisfy { $0.session_digest != $1.session_digest },
            "21 columns are not the 12 the window opens with")

        let bad = try photozoom(["bench", "--repeats", "1", "--size", "1280x800", "--columns", "59"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(
            bad.stderr.split(separator: "\n").first.map(String.init),
            "photozoom: --columns must leave cells of at least 20 points in a window 1280 points wide, got 59")
    }

    /// A window no taller than the tab bar shows no grid, so no photo can be tapped open: the
    /// bench says so, as a usage error naming --size, before any benchmark runs (it said so
    /// after the library's, some ten seconds in), rather than time an idle grid.
    func testBenchInAWindowWithNoGridToTapSaysSoInOneLine() throws {
        for size in ["200x50", "1x1"] {
            let r = try photozoom(["bench", "--size", size, "--repeats", "1"])
            XCTAssertEqual(r.status, 2, "stderr: \(r.stderr)")
            XCTAssertEqual(
                r.stderr,
                "photozoom: --size: bench needs a window taller than the 50-point tab bar, so that a photo can be tapped open: "
                    + "a \(size) window shows no grid\n")
            XCTAssertEqual(r.stdout, "")
        }

        for repeats in ["0", "1001"] {
            let bad = try photozoom(["bench", "--repeats", repeats])
            XCTAssertEqual(bad.status, 2, "--repeats \(repeats): \(bad.stderr)")
            XCTAssertTrue(bad.stderr.contains("--repeats must lie in 1...1000"), bad.stderr)
        }
    }

    /// Two separate processes run the same scripted session over the same libraries and must
    /// end in the same state to the last bit: nothing of a process — its hash seed, its
    /// addresses, its clock — may reach the sim. Different libraries end differently.
    func testTwoProcessesRunningTheSameSessionReachTheSameDigests() throws {
        struct Report: Decodable {
            struct Library: Decodable {
                let photos: Int
                let session_digest: String
            }
            let libraries: [Library]
        }
        func digests() throws -> [String] {
            // Each process must get its own random hash seed, as a user's would.
            let r = try photozoom(["bench", "--json", "--repeats", "1"], env: ["SWIFT_DETERMINISTIC_HASHING": nil])
            XCTAssertEqual(r.status, 0, "stderr: \(r.stderr)")
            return try JSONDecoder().decode(Report.self, from: Data(r.stdout.utf8)).libraries.map(\.session_digest)
        }
        let first = try digests()
        let second = try digests()
        XCTAssertEqual(first.count, 3)
        XCTAssertEqual(first, second)
        XCTAssertEqual(Set(first).count, 3, "each library ends in its own state: \(first)")
    }
}
