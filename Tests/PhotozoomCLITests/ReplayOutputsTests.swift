import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// `photozoom replay FILE --frames DIR --gif FILE`, the real executable on the committed
/// sessions: the GIF opened again and checked by its pixels against the PNG frames of the
/// same run.
final class ReplayOutputsTests: PhotozoomCLITestCase {
    var sessions: URL { PackagePaths.fixtures.appendingPathComponent("sessions") }
    /// The mat around a smaller window in the GIF.
    let mat: [UInt8] = [32, 32, 36]

    /// One replay writes both and verifies. At 20 fps (the GIF's default) the GIF's frame
    /// k and `frame-k.png` show the same tick, 6k.
    func testOneReplayWritesFramesAndGif() throws {
        let folder = try temporaryFolder()
        let frames = folder.appendingPathComponent("frames"), gif = folder.appendingPathComponent("s.gif")
        let r = try photozoom(["replay", sessions.appendingPathComponent("drag-dismiss.jsonl").path, "--verify",
                               "--frames", frames.path, "--fps", "20", "--gif", gif.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("verified: 322 ticks"), r.stdout)
        XCTAssertTrue(r.stderr.contains("photozoom: wrote 53 frames to '\(frames.path)'"), r.stderr)
        XCTAssertTrue(r.stderr.contains("photozoom: wrote '\(gif.path)': 390x700, 55 frames at 20 fps ("), r.stderr)
        let pngs = try (1...53).map { try RGBImage(png: frames.appendingPathComponent(String(format: "frame-%06d.png", $0)).path) }
        try checkGif(gif.path, against: pngs)
    }

    private func checkGif(_ path: String, against pngs: [RGBImage]) throws {
        let gif = try DecodedGif(path)
        XCTAssertEqual([gif.width, gif.height], [390, 700])
        XCTAssertEqual(gif.loops, 0, "loops forever")
        // 54 frames of 5 hundredths (ticks 1, 6, …, 318), then the last tick (the 55th) held a second.
        XCTAssertEqual(gif.delays.reduce(0, +), 54 * 5 + 100)
        XCTAssertLessThan(gif.frames.count, 40, "still frames are merged into the one before")
        let timeline = gif.timeline(slot: 5)
        for (k, png) in pngs.enumerated() {
            let error = timeline[k + 1].meanAbsoluteDifference(to: png)
            // Placeholders are a few flat colours: all but lossless (measured at most 0.3).
            XCTAssertLessThan(error, 0.5, "the GIF at tick \(6 * (k + 1)) against its PNG frame")
        }
        // Mid-flight home after the drag (released at tick 172, landed at 235): moving, and matching.
        XCTAssertNotEqual(timeline[33], timeline[34], "the flight moves")
        XCTAssertLessThan(timeline[34].meanAbsoluteDifference(to: pngs[33]), 0.5)
    }

    /// The resize session: the window goes to 620x480 at tick 23 and to 360x720 at tick 183.
    /// The GIF has the largest of each side (scaled to 480 wide), a smaller window in the
    /// middle of a dark mat.
    func testTheGifHoldsEveryWindowSizeOnAMat() throws {
        let gif = try temporaryFolder().appendingPathComponent("r.gif")
        let r = try photozoom(["replay", sessions.appendingPathComponent("resize.jsonl").path, "--gif", gif.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let decoded = try DecodedGif(gif.path)
        XCTAssertEqual([decoded.width, decoded.height], [480, 557], "620x720 at 480 wide")
        let timeline = decoded.timeline(slot: 5)
        let wide = timeline[20], tall = timeline.last!
        XCTAssertEqual(wide.pixel(240, 5), mat, "above the 620x480 window at tick 120")
        XCTAssertNotEqual(wide.pixel(5, 278), mat)
        XCTAssertEqual(tall.pixel(5, 278), mat, "beside the 360x720 window at the end")
        XCTAssertNotEqual(tall.pixel(240, 5), mat)
    }

    /// Photos rather than placeholders: a session recorded here over the bundled photos, so its
    /// frames have gradients and a few thousand colours. The GIF stays close to the frames.
    func testAGifOfPhotosStaysCloseToItsFrames() throws {
        let folder = try temporaryFolder()
        let session = folder.appendingPathComponent("photos.jsonl")
        try Self.recordPhotoSession().write(to: session, atomically: true, encoding: .utf8)
        let frames = folder.appendingPathComponent("frames"), gif = folder.appendingPathComponent("p.gif")
        let r = try photozoom(["replay", session.path, "--verify", "--frames", frames.path, "--fps", "20", "--gif", gif.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let timeline = try DecodedGif(gif.path).timeline(slot: 5)
        var errors: [Double] = []
        for k in [2, 5, 10, 20, 30, 40] {
            let png = try RGBImage(png: frames.appendingPathComponent(String(format: "frame-%06d.png", k)).path)
            errors.append(timeline[k].meanAbsoluteDifference(to: png))
        }
        // Measured: 1.9 to 4.2 levels a channel, 2.8 on average.
        XCTAssertLessThan(errors.max()!, 6, "\(errors)")
        XCTAssertLessThan(errors.reduce(0, +) / Double(errors.count), 4, "\(errors)")
    }

    /// A tap on photo 4 of the first twelve bundled photos, then a drag down that dismisses it.
    static func recordPhotoSession() throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: PackagePaths.bundledPhotos).filter { $0.hasSuffix(".jpg") }.sorted()
        return try record(photos: names.prefix(12).map { PhotoInfo(name: $0, pixelSize: Size(width: 600, height: 400)) }) { tick, world in
            let cell = world.grid.layout!.frame(of: 4).center
            try tick(pointer(.down, cell)); try tick(pointer(.up, cell))
            for _ in 0..<150 { try tick([]) }
            try tick(pointer(.down, Point(x: 195, y: 300)))
            for i in 1...18 { try tick(pointer(.moved, Point(x: 195, y: 300 + 260 * Double(i) / 18))) }
            try tick(pointer(.up, Point(x: 195, y: 560)))
            for _ in 0..<150 { try tick([]) }
        }
    }

    /// A session in a 390x700 window over `photos`, recorded as the window records one, of
    /// the input `script` gives each tick.
    static func record(photos: [PhotoInfo], _ script: (_ tick: ([InputEvent]) throws -> Void, _ world: World) throws -> Void) throws -> String {
        var sim = Simulation(world: World(photos: photos, viewport: Size(width: 390, height: 700)))
        var recorder = SessionRecorder()
        var text = try recorder.headerLine(SessionHeader(app: "test", platform: "test", world: sim.world, pixelDensity: 1, contentHashes: []))
        try script({ input in
            sim.step(input)
            text += try recorder.line(after: sim, input: input) ?? ""
        }, sim.world)
        return text + (try recorder.endLine(sim))
    }

    static func pointer(_ phase: PointerPhase, _ p: Point) -> [InputEvent] {
        [.pointer(PointerEvent(id: 0, source: .mouse, phase: phase, position: p))]
    }

    func testOutputsNeverReplaceAFileAndBadNamesAreRefused() throws {
        let folder = try temporaryFolder()
        let session = sessions.appendingPathComponent("tap.jsonl").path
        let gif = folder.appendingPathComponent("mine.gif")
        try "precious".write(to: gif, atomically: true, encoding: .utf8)
        for (arguments, message) in [
            (["--gif", gif.path], "--gif: '\(gif.path)' already exists, and is never replaced"),
            (["--gif", folder.path + "/x.png"], "--gif: '\(folder.path)/x.png' does not end in .gif"),
            (["--gif", folder.path + "/x.gif", "--gif-fps", "30"], "--gif-fps must be one of 1, 2, 4, 5, 10, 20, 25, 50, got 30"),
            (["--gif", folder.path + "/x.gif", "--gif-width", "8"], "--gif-width must lie in 16...4096 pixels, got 8"),
        ] {
            let r = try photozoom(["replay", session] + arguments)
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertEqual(r.errorLines, ["photozoom: " + message])
        }
        XCTAssertEqual(try String(contentsOf: gif, encoding: .utf8), "precious")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["mine.gif"], "nothing else written")
    }

    /// A disk that fills up while the GIF is written: one line that says so, a non-zero exit,
    /// and no partial or temporary file left.
    func testAFullDiskLeavesNoPartialGif() throws {
        let disk = try temporaryFolder().appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        guard mount(["-t", "tmpfs", "-o", "size=16k", "tmpfs", disk.path]) else {
            throw XCTSkip("cannot mount a 16 KiB tmpfs here (needs root and mount rights), so no disk can fill up")
        }
        addTeardownBlock { _ = self.mount([disk.path], program: "/bin/umount") }
        let session = sessions.appendingPathComponent("drag-dismiss.jsonl").path
        for (flag, name) in [("--gif", "s.gif")] {
            let r = try photozoom(["replay", session, flag, disk.appendingPathComponent(name).path])
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertEqual(r.errorLines.filter { !$0.contains(" is not in ") && !$0.contains("likewise") },
                           ["photozoom: cannot write '\(disk.appendingPathComponent(name).path)': No space left on device"])
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: disk.path), [], "\(flag): nothing left behind")
        }
    }

    /// Runs mount (or umount); true if it worked.
    private func mount(_ arguments: [String], program: String = "/bin/mount") -> Bool {
        guard let r = try? ChildProcess.run(URL(fileURLWithPath: program), arguments, environment: [:], timeout: 10) else { return false }
        return r.exitedNormally && r.status == 0
    }
}
