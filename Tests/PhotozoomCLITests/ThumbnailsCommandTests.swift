import Foundation
import PhotoZoomTestSupport
import XCTest

/// `photozoom thumbnails DIR` through the real binary, the cache it fills checked by GLib
/// (`gio info` finds each thumbnail and calls it valid) and by ImageMagick.
final class ThumbnailsCommandTests: PhotozoomCLITestCase {
    /// A folder of four good photos (one stored sideways, one PNG, one named with a space and an
    /// accent) and a JPEG cut in half.
    func photoFolder(in tmp: URL) throws -> URL {
        let photos = tmp.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for (bundled, name) in [
            ("coffee.jpg", "coffee.jpg"), ("chelsea-exif-rotated.jpg", "cat.jpg"), ("gravel.png", "gravel.png"),
            ("rocket.jpg", "the rocket é.jpg"),
        ] {
            try FileManager.default.copyItem(
                atPath: PackagePaths.bundledPhotos + "/" + bundled, toPath: photos.appendingPathComponent(name).path)
        }
        let whole = try Data(contentsOf: URL(fileURLWithPath: PackagePaths.bundledPhotos + "/coffee.jpg"))
        try whole.prefix(try Self.firstScanData(of: whole)).write(to: photos.appendingPathComponent("broken.jpg"))
        return photos
    }

    /// Where a JPEG's first scan's data starts: cut there, it has no row to show (cut later, it
    /// shows the rows that arrived, as djpeg does).
    static func firstScanData(of jpeg: Data) throws -> Int {
        let bytes = [UInt8](jpeg)
        var at = 2
        while at + 4 <= bytes.count, bytes[at] == 0xFF {
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            if bytes[at + 1] == 0xDA { return at + 2 + length }
            at += 2 + length
        }
        throw CocoaError(.fileReadCorruptFile)
    }

    /// Where GLib finds `file`'s thumbnail in the cache under `cacheHome`, and whether it calls it valid.
    func glibThumbnail(of file: URL, cacheHome: URL) throws -> (path: String?, valid: Bool) {
        let gio = "/usr/bin/gio"
        guard FileManager.default.isExecutableFile(atPath: gio) else {
            throw XCTSkip("no \(gio) (scripts/setup.sh --test installs it)")
        }
        let outcome = try ChildProcess.run(
            URL(fileURLWithPath: gio), ["info", "-a", "thumbnail::path,thumbnail::is-valid", file.path],
            environment: ["XDG_CACHE_HOME": cacheHome.path], timeout: 60)
        func field(_ key: String) -> String? {
            outcome.stdout.split(separator: "\n").first { $0.contains(key + ": ") }.map {
                String($0.split(separator: " ").last!)
            }
        }
        return (field("thumbnail::path"), field("thumbnail::is-valid") == "TRUE")
    }

    /// Names starting with a dot under `folder`: temporary files left behind.
    func leftovers(in folder: URL) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).filter {
            ($0 as NSString).lastPathComponent.hasPrefix(".")
        }
    }

    func testAFolderFillsTheCacheOnceAndABrokenPhotoIsNamedAndRecorded() throws {
        let tmp = try temporaryFolder()
        let photos = try photoFolder(in: tmp)
        let cacheHome = tmp.appendingPathComponent("cache")
        let version = try photozoom(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)

        let first = try photozoom(
            ["thumbnails", photos.path, "--size", "normal"], env: ["XDG_CACHE_HOME": cacheHome.path])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(
            first.stdout.hasPrefix(
                "thumbnails (normal, 128 pixels) in \(cacheHome.path)/thumbnails/normal: 4 made, 0 already there, 1 failed, "
            ), first.stdout)
        XCTAssertEqual(
            first.stderr,
            "photozoom: cannot make a thumbnail of \(photos.path)/broken.jpg (libjpeg-turbo: Premature end of JPEG file)\n"
        )
        for name in ["coffee.jpg", "cat.jpg", "gravel.png", "the rocket é.jpg"] {
            let glib = try glibThumbnail(of: photos.appendingPathComponent(name), cacheHome: cacheHome)
            XCTAssertTrue(glib.path?.hasPrefix(cacheHome.path + "/thumbnails/normal/") == true, "\(name): \(glib)")
            XCTAssertTrue(glib.valid, "\(name): GLib finds it valid")
        }
        let cat = try glibThumbnail(of: photos.appendingPathComponent("cat.jpg"), cacheHome: cacheHome)
        let size = try XCTUnwrap(pngSize(try Data(contentsOf: URL(fileURLWithPath: try XCTUnwrap(cat.path)))))
        XCTAssertEqual([size.width, size.height], [128, 85], "upright, within 128×128")
        let failures = try FileManager.default.contentsOfDirectory(
            atPath: cacheHome.path + "/thumbnails/fail/photozoom-\(version)")
        XCTAssertEqual(failures.count, 1, "the broken photo is recorded")

        let second = try photozoom(
            ["thumbnails", photos.path, "--size", "normal"], env: ["XDG_CACHE_HOME": cacheHome.path])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stdout.contains(": 0 made, 4 already there, 1 failed, "), second.stdout)
        XCTAssertEqual(
            second.errorLines,
            [
                "photozoom: cannot make a thumbnail of \(photos.path)/broken.jpg (libjpeg-turbo: Premature end of JPEG file; "
                    + "it failed before, and is tried again once the file changes)"
            ])
        XCTAssertEqual(leftovers(in: cacheHome), [])
    }

    /// The window records a photo that fails where the thumbnail spec has it and `thumbnails`
    /// does, in `fail/` under the program's name and version (`photozoom-0.11.0`), not under
    /// its name twice with the build's kind (`photozoom-photozoom 0.11.0 (debug build)`).
    func testTheWindowRecordsAFailureUnderTheProgramsNameAndVersion() throws {
        let tmp = try temporaryFolder()
        let photos = try photoFolder(in: tmp)
        let cacheHome = tmp.appendingPathComponent("cache")
        let version = try photozoom(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let window = Process()
        window.executableURL = Self.executable
        window.arguments = ["run", "--photos", photos.path, "--size", "400x600"]
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "offscreen"
        environment["SDL_RENDER_DRIVER"] = "software"
        environment["XDG_CACHE_HOME"] = cacheHome.path
        window.environment = environment
        window.standardError = FileHandle.nullDevice
        try window.run()
        defer { ChildProcess.stop(window) }
        let fail = cacheHome.path + "/thumbnails/fail"
        // Until the broken photo is recorded: it is on the first screen, decoded at once.
        _ = HangGuard.wait(poll: 0.05) { (FileManager.default.enumerator(atPath: fail)?.allObjects.count ?? 0) >= 2 }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: fail), ["photozoom-\(version)"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: fail + "/photozoom-\(version)").count, 1)
    }

    func testAFolderThatCannotBeUsedIsOneLineAndExitTwo() throws {
        let tmp = try temporaryFolder()
        let missing = tmp.appendingPathComponent("nowhere").path
        let r = try photozoom(["thumbnails", missing], env: ["XDG_CACHE_HOME": tmp.path])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, "photozoom: photo folder '\(missing)' does not exist\n")
        for arguments in [["thumbnails"], ["thumbnails", tmp.path, "--size", "huge"]] {
            let usage = try photozoom(arguments, env: ["XDG_CACHE_HOME": tmp.path])
            XCTAssertEqual(usage.status, 2, "\(arguments): \(usage.stderr)")
            XCTAssertEqual(usage.errorLines.count, 1, usage.stderr)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp.path), [], "no cache made")
    }

    /// A cache the user may read but not write: the thumbnails there are used, the rest not
    /// written, one line says why, and the exit is 1.
    func testAReadOnlyCacheIsUsedAndTheRefusalSaidOnce() throws {
        let tmp = try temporaryFolder()
        let photos = try photoFolder(in: tmp)
        let cacheHome = tmp.appendingPathComponent("cache")
        try FileManager.default.removeItem(at: photos.appendingPathComponent("broken.jpg"))
        try FileManager.default.createDirectory(at: cacheHome, withIntermediateDirectories: true)
        // Root writes anywhere; as nobody the permission bits count, as they do for a user.
        var launcher: [String] = []
        if getuid() == 0 {
            let setpriv = "/usr/bin/setpriv"
            guard FileManager.default.isExecutableFile(atPath: setpriv), let nobody = getpwnam("nobody") else {
                throw XCTSkip("running as root without \(setpriv) or nobody, so no folder is read-only to this test")
            }
            launcher = [setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
            XCTAssertEqual(chown(cacheHome.path, nobody.pointee.pw_uid, nobody.pointee.pw_gid), 0)
        }
        let filled = try photozoom(
            ["thumbnails", photos.path], env: ["XDG_CACHE_HOME": cacheHome.path], launcher: launcher)
        XCTAssertEqual(filled.status, 0, filled.stderr)
        let large = cacheHome.appendingPathComponent("thumbnails/large")
        let gone = try XCTUnwrap(
            try glibThumbnail(of: photos.appendingPathComponent("coffee.jpg"), cacheHome: cacheHome).path)
        try FileManager.default.removeItem(atPath: gone)
        XCTAssertEqual(chmod(large.path, 0o500), 0)
        addTeardownBlock { chmod(large.path, 0o700) }

        let r = try photozoom(["thumbnails", photos.path], env: ["XDG_CACHE_HOME": cacheHome.path], launcher: launcher)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(
            r.stderr,
            "photozoom: cannot keep thumbnails in '\(large.path)': Permission denied; they are made again each time\n")
        XCTAssertTrue(r.stdout.contains(": 0 made, 3 already there, 0 failed, 1 not written, "), r.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: gone))
    }

    /// Ctrl-C stops the run before its end, says so, exits 130 and leaves no temporary file.
    /// How soon it stops is a speed, for a quiet machine; here a hang guard.
    func testCtrlCStopsTheRunAndLeavesNoTemporaryFile() throws {
        let tmp = try temporaryFolder()
        let photos = tmp.appendingPathComponent("photos")
        let cacheHome = tmp.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        // Many names for one photo: each is its own file to the cache, and the run takes a while.
        for i in 0..<2000 {
            try FileManager.default.createSymbolicLink(
                atPath: photos.appendingPathComponent("p\(i).jpg").path,
                withDestinationPath: PackagePaths.bundledPhotos + "/coffee.jpg")
        }
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["thumbnails", photos.path]
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": cacheHome.path]) { $1 }
        let errors = tmp.appendingPathComponent("stderr")
        let output = tmp.appendingPathComponent("stdout")
        XCTAssertTrue(FileManager.default.createFile(atPath: errors.path, contents: nil))
        XCTAssertTrue(FileManager.default.createFile(atPath: output.path, contents: nil))
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardOutput = try FileHandle(forWritingTo: output)
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        // Once it is writing thumbnails, interrupt it.
        let large = cacheHome.appendingPathComponent("thumbnails/large")
        let writing = HangGuard.wait {
            ((try? FileManager.default.contentsOfDirectory(atPath: large.path))?.count ?? 0) >= 20 || !process.isRunning
        }
        XCTAssertTrue(writing && process.isRunning, HangGuard.failure("it wrote no 20 thumbnails while running"))
        kill(process.processIdentifier, SIGINT)
        let stopped = exited.wait(timeout: .now() + HangGuard.seconds) == .success
        if !stopped { ChildProcess.stop(process) }
        XCTAssertTrue(stopped, HangGuard.failure("it did not stop after Ctrl-C"))
        XCTAssertEqual(process.terminationStatus, 130)
        XCTAssertEqual(try String(contentsOf: errors, encoding: .utf8), "photozoom: stopped at Ctrl-C\n")
        let summary = try String(contentsOf: output, encoding: .utf8)
        XCTAssertTrue(summary.hasPrefix("thumbnails (large, 256 pixels) in \(large.path): "), summary)
        let made = try FileManager.default.contentsOfDirectory(atPath: large.path).count
        XCTAssertLessThan(made, 2000, "it stopped before the end")
        XCTAssertTrue(
            summary.contains(": \(made) made, 0 already there, 0 failed, "),
            "the summary counts what was kept: \(summary)")
        XCTAssertEqual(leftovers(in: cacheHome), [])
    }
}
