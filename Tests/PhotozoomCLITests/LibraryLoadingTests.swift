import Foundation
import PhotoZoomTestSupport
import XCTest

/// Libraries as people have them: large, and with files that are not what they say. The real
/// executable is run on real folders.
final class LibraryLoadingTests: PhotozoomCLITestCase {
    static let photos = PackagePaths.root.appendingPathComponent("assets/photos")

    /// Every kind of broken file is a placeholder with one line naming it; the good photos beside
    /// them are drawn, nothing traps, and memory stays far from what the files claim.
    func testABrokenCorpusIsPlaceholdersWithALineEachInBoundedMemory() throws {
        let dir = try temporaryFolder()
        let fm = FileManager.default
        func copy(_ photo: String, as name: String) throws -> URL {
            let url = dir.appendingPathComponent(name)
            try fm.copyItem(at: Self.photos.appendingPathComponent(photo), to: url)
            return url
        }
        func write(_ name: String, _ data: Data) throws { try data.write(to: dir.appendingPathComponent(name)) }
        func patched(_ photo: String, as name: String, at offset: (Data) -> Int, bytes: Int) throws {
            var data = try Data(contentsOf: Self.photos.appendingPathComponent(photo))
            let at = offset(data)
            for field in 0..<2 {
                for i in 0..<bytes { data[at + field * bytes + i] = UInt8((30000 >> (8 * (bytes - 1 - i))) & 0xFF) }
            }
            try write(name, data)
        }
        _ = try copy("cameraman.jpg", as: "a-good.jpg")
        try write("b-empty.jpg", Data())
        let png = try Data(contentsOf: Self.photos.appendingPathComponent("gravel.png"))
        try write("c-truncated.png", png.prefix(png.count / 2))
        _ = try copy("gravel.png", as: "d-png-named.jpg")
        try fm.createDirectory(at: dir.appendingPathComponent("e-folder.jpg"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(
            atPath: dir.appendingPathComponent("f-dangling.jpg").path,
            withDestinationPath: dir.appendingPathComponent("gone.jpg").path)
        try patched(
            "astronaut.jpg", as: "g-claims-30000.jpg", at: { $0.firstRange(of: Data([0xFF, 0xC0]))!.lowerBound + 5 },
            bytes: 2)
        try patched("gravel.png", as: "h-claims-30000.png", at: { _ in 16 }, bytes: 4)
        let big = dir.appendingPathComponent("i-over-the-cap.jpg")
        fm.createFile(atPath: big.path, contents: Data([0xFF, 0xD8, 0xFF]))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 300 << 20)  // sparse: no disk used
        try handle.close()
        try write("j-text.jpg", Data("not a photo at all".utf8))
        let unreadable = try copy("coffee.jpg", as: "k-unreadable.jpg")
        XCTAssertEqual(chmod(unreadable.path, 0), 0)
        let out = dir.appendingPathComponent("grid.png")

        let result = try photozoom(
            ["snapshot", "--photos", dir.path, "--size", "393x700", "--out", out.path],
            launcher: ["/usr/bin/time", "-f", "peak-rss-kib %M"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.errorLines.filter { $0.hasPrefix("photozoom:") }
        let broken =
            [
                "b-empty.jpg", "e-folder.jpg", "f-dangling.jpg", "g-claims-30000.jpg",
                "h-claims-30000.png",
                "i-over-the-cap.jpg", "j-text.jpg",
            ] + (getuid() == 0 ? [] : ["k-unreadable.jpg"])
        for name in broken {
            XCTAssertEqual(lines.filter { $0.contains("/" + name + " ") }.count, 1, "one line names \(name): \(lines)")
        }
        XCTAssertEqual(lines.count, broken.count, "nothing else: \(lines)")
        XCTAssertTrue(lines.allSatisfy { $0.hasSuffix("showing a placeholder") })
        XCTAssertFalse(
            lines.contains { $0.contains("a-good.jpg") || $0.contains("d-png-named.jpg") },
            "a PNG named .jpg is still a photo")
        XCTAssertFalse(
            lines.contains { $0.contains("c-truncated.png") }, "a PNG cut short shows the rows that arrived")
        let rss = result.errorLines.first { $0.hasPrefix("peak-rss-kib ") }.flatMap {
            Int($0.dropFirst("peak-rss-kib ".count))
        }
        XCTAssertNotNil(rss, result.stderr)
        XCTAssertLessThan(rss ?? .max, 300 << 10, "peak RSS in KiB; the files claim gigabytes")
        XCTAssertNotNil(pngSize(try Data(contentsOf: out)))
    }

    /// A folder of nothing but unreadable files is one line, however many files: not a line each.
    func testAFolderOfThousandsOfEmptyFilesIsOneLine() throws {
        let dir = try temporaryFolder()
        for i in 0..<2000 {
            FileManager.default.createFile(atPath: dir.appendingPathComponent("e\(i).jpg").path, contents: Data())
        }
        let result = try photozoom([
            "snapshot", "--photos", dir.path, "--out", dir.appendingPathComponent("g.png").path,
        ])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(
            result.errorLines,
            [
                "photozoom: photo folder '\(dir.path)' has no readable images: all 2,000 of its files failed to decode "
                    + "(e0.jpg: it is empty)"
            ])
    }

    /// Beside a photo that reads, the first ten unreadable files are named and the rest are one line.
    func testThousandsOfEmptyFilesBesideAPhotoAreTenLinesAndACount() throws {
        let dir = try temporaryFolder()
        try FileManager.default.copyItem(
            at: Self.photos.appendingPathComponent("cameraman.jpg"), to: dir.appendingPathComponent("a.jpg"))
        for i in 0..<2000 {
            FileManager.default.createFile(atPath: dir.appendingPathComponent("e\(i).jpg").path, contents: Data())
        }
        let result = try photozoom([
            "snapshot", "--photos", dir.path, "--out", dir.appendingPathComponent("g.png").path,
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.errorLines.filter { $0.hasPrefix("photozoom:") }
        XCTAssertEqual(lines.filter { $0.hasPrefix("photozoom: cannot decode ") }.count, 10, "\(lines)")
        XCTAssertEqual(
            lines.filter { $0 == "photozoom: 1,990 more photos cannot be decoded; showing placeholders" }.count, 1,
            "\(lines)")
        XCTAssertEqual(lines.count, 11, "nothing else: \(lines)")
    }

    /// Ctrl-C while a large folder is still being read and decoded ends the program at once.
    func testInterruptWhileAFolderLoadsEndsIt() throws {
        let dir = try temporaryFolder()
        let sources = try FileManager.default.contentsOfDirectory(atPath: Self.photos.path).filter {
            $0.hasSuffix(".jpg")
        }.sorted()
        for i in 0..<3000 {
            let source = Self.photos.appendingPathComponent(sources[i % sources.count])
            XCTAssertEqual(link(source.path, dir.appendingPathComponent(String(format: "IMG_%05d.jpg", i)).path), 0)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "offscreen"
        environment["SDL_RENDER_DRIVER"] = "software"
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["run", "--photos", dir.path, "--size", "1280x800"]
        process.environment = environment
        let output = Pipe()
        process.standardError = FileHandle.nullDevice
        process.standardOutput = output
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        defer { ChildProcess.stop(process) }
        // The window is open once it says how to tune (on stdout); then let it load for a moment.
        let opened = Date().addingTimeInterval(HangGuard.seconds)
        var said = Data()
        while !String(decoding: said, as: UTF8.self).contains("--tuning"), Date() < opened {
            said += output.fileHandleForReading.availableData
        }
        XCTAssertTrue(String(decoding: said, as: UTF8.self).contains("--tuning"), HangGuard.failure("no window opened"))
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertTrue(process.isRunning)
        kill(process.processIdentifier, SIGINT)
        // A hang guard, not a speed: how soon it exits is a figure for a quiet machine.
        XCTAssertEqual(exited.wait(timeout: .now() + HangGuard.seconds), .success, HangGuard.failure("it did not exit"))
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 130, "interrupted, as the shell's own status for Ctrl-C says")
    }

    /// Ctrl-C while a very large folder is still being listed, before the window's loop runs,
    /// ends the program at once too, whenever it comes.
    func testInterruptWhileAFolderIsListedEndsIt() throws {
        let dir = try temporaryFolder()
        let source = Self.photos.appendingPathComponent(
            try XCTUnwrap(
                FileManager.default.contentsOfDirectory(atPath: Self.photos.path).filter { $0.hasSuffix(".jpg") }
                    .sorted().first))
        for i in 0..<20_000 {
            XCTAssertEqual(link(source.path, dir.appendingPathComponent(String(format: "IMG_%05d.jpg", i)).path), 0)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "offscreen"
        environment["SDL_RENDER_DRIVER"] = "software"
        // Counted from the moment its handler is in place: before, Ctrl-C's own default ends it
        // (`testCtrlCAtAnyMomentOfTheStartEndsIt`), and how long start-up takes is the machine's.
        for delay in [0, 0.1, 0.2] {
            let (process, exited) = try Self.start(
                ["run", "--photos", dir.path, "--size", "1280x800"], environment: environment)
            defer { ChildProcess.stop(process) }
            XCTAssertTrue(Self.catchesCtrlC(process.processIdentifier), HangGuard.failure("no handler for Ctrl-C"))
            Thread.sleep(forTimeInterval: delay)
            guard process.isRunning else { return XCTFail("it ended by itself within \(delay) s") }
            kill(process.processIdentifier, SIGINT)
            // A hang guard, not a speed: how soon it exits is a figure for a quiet machine.
            XCTAssertEqual(
                exited.wait(timeout: .now() + HangGuard.seconds), .success,
                HangGuard.failure("it did not exit after Ctrl-C \(delay) s in"))
            XCTAssertEqual(process.terminationReason, .exit, "\(delay) s in")
            XCTAssertEqual(process.terminationStatus, 130, "\(delay) s in")
        }
    }

    /// Whether process `pid` has a handler for SIGINT (its status's SigCgt), waiting for it up
    /// to the hang guard.
    static func catchesCtrlC(_ pid: pid_t) -> Bool {
        HangGuard.wait(poll: 0.002) {
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            let caught = status.split(separator: "\n").first { $0.hasPrefix("SigCgt:") }
                .flatMap { UInt64($0.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16) }
            return caught.map { $0 & (1 << (UInt64(SIGINT) - 1)) != 0 } ?? false
        }
    }

    /// A Ctrl-C at any moment of the start-up ends the program: none is lost while the
    /// handler is being set up (a dispatch source armed late ignored one sent in between), and
    /// none crashes it (issue 23, item 3). Before the handler is in place the signal's own
    /// default ends it; after, the window's exit 130.
    func testCtrlCAtAnyMomentOfTheStartEndsIt() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "offscreen"
        environment["SDL_RENDER_DRIVER"] = "software"
        environment["XDG_CACHE_HOME"] = try temporaryFolder().path
        for delay in [0.0, 0.005, 0.01, 0.02, 0.03, 0.05, 0.08, 0.12, 0.2, 0.3, 0.5] {
            let (process, exited) = try Self.start(
                ["run", "--photos", Self.photos.path, "--size", "400x600"], environment: environment)
            defer { ChildProcess.stop(process) }
            if delay > 0 { Thread.sleep(forTimeInterval: delay) }
            kill(process.processIdentifier, SIGINT)
            guard exited.wait(timeout: .now() + HangGuard.seconds) == .success else {
                XCTFail(HangGuard.failure("Ctrl-C \(delay) s in was lost: no exit"))
                continue
            }
            let ended =
                process.terminationReason == .exit
                ? process.terminationStatus == 130 : process.terminationStatus == SIGINT
            XCTAssertTrue(
                ended,
                "Ctrl-C \(delay) s in: \(process.terminationReason == .exit ? "exit" : "signal") \(process.terminationStatus)"
            )
        }
    }

    /// `photozoom` started with `arguments`, its output dropped, and what signals its end.
    static func start(_ arguments: [String], environment: [String: String]) throws -> (Process, DispatchSemaphore) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        return (process, exited)
    }
}
