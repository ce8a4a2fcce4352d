import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// `photozoom replay FILE --frames DIR --gif FILE --contact-sheet FILE`, the real executable on
/// the committed sessions: every output opened again and checked by its pixels against the
/// PNG frames of the same run.
final class ReplayOutputsTests: PhotozoomCLITestCase {
    var sessions: URL { PackagePaths.fixtures.appendingPathComponent("sessions") }
    /// The mat around a smaller window in the GIF, and the contact sheet's background.
    let mat: [UInt8] = [32, 32, 36]

    /// One replay writes all three and verifies. At 20 fps (the GIF's default) the GIF's frame
    /// k and `frame-k.png` show the same tick, 6k.
    func testOneReplayWritesFramesGifAndContactSheet() throws {
        let folder = try temporaryFolder()
        let frames = folder.appendingPathComponent("frames")
        let gif = folder.appendingPathComponent("s.gif")
        let sheet = folder.appendingPathComponent("sheet.png")
        let r = try photozoom([
            "replay", sessions.appendingPathComponent("drag-dismiss.jsonl").path, "--verify",
            "--frames", frames.path, "--fps", "20", "--gif", gif.path, "--contact-sheet", sheet.path,
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        // Drawing sets the pace: no speed against real time.
        XCTAssertEqual(r.stdout, "verified: 322 ticks, 34 digests match\n")
        XCTAssertTrue(r.stderr.contains("photozoom: wrote 53 frames to '\(frames.path)'"), r.stderr)
        XCTAssertTrue(r.stderr.contains("photozoom: wrote '\(gif.path)': 390x700, 55 frames at 20 fps ("), r.stderr)
        XCTAssertTrue(r.stderr.contains("photozoom: wrote '\(sheet.path)': 6 moments\n"), r.stderr)
        let pngs = try (1...53).map {
            try RGBImage(png: frames.appendingPathComponent(String(format: "frame-%06d.png", $0)).path)
        }
        try checkGif(gif.path, against: pngs)
        try checkSheet(sheet.path, against: pngs)
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

    /// Seven tiles: the six moments (press at tick 1, release, landing in the pager, press,
    /// release, landing in the grid) and the last tick; the first tick is the press's tile.
    private func checkSheet(_ path: String, against pngs: [RGBImage]) throws {
        let sheet = try RGBImage(png: path)
        XCTAssertEqual(sheet.pixel(0, 0), mat)
        let tiles = sheet.tiles(on: mat)
        XCTAssertEqual(tiles.count, 7, "\(tiles)")
        XCTAssertEqual(Set(tiles.map { [$0.w, $0.h] }), [[201, 360]], "each 390x700 frame at 201x360")
        XCTAssertEqual(Set(tiles.prefix(6).map(\.y)).count, 1, "six in the first row")
        XCTAssertGreaterThan(sheet.textPixels(x: 0, y: 0, w: sheet.width, h: tiles[0].y), 100, "a title line")
        for tile in tiles {
            XCTAssertGreaterThan(
                sheet.textPixels(x: tile.x, y: tile.y + tile.h, w: tile.w, h: 22), 60, "a label under \(tile)")
        }
        let empty = (x: tiles[1].x, y: tiles[6].y + tiles[6].h)
        XCTAssertEqual(sheet.textPixels(x: empty.x, y: empty.y, w: 200, h: 22), 0, "no label where no tile is")
        // The landing in the pager (tick 99) shows what the pager shows at rest until the press
        // at 153 (tick 120's frame); the last tile, the grid at rest (tick 318's).
        func difference(_ tile: Int, _ frame: RGBImage) -> Double {
            let t = tiles[tile]
            return zip(sheet.cropped(x: t.x, y: t.y, w: t.w, h: t.h).gridMeans(8), frame.gridMeans(8)).map {
                abs($0 - $1)
            }.reduce(0, +) / 192
        }
        XCTAssertLessThan(difference(2, pngs[19]), 3)
        XCTAssertLessThan(difference(6, pngs[52]), 3)
        XCTAssertGreaterThan(difference(2, pngs[52]), 30, "the pager is not the grid")
    }

    /// Each tile is the frame of its own tick. The sheet alone draws only at its moments (a
    /// tile drawn from a stale picture would show the moment before), and frames at 40 fps
    /// have the landing in the pager (tick 99) and the press there (tick 153).
    func testEachTileShowsItsMomentsFrame() throws {
        let folder = try temporaryFolder()
        let session = sessions.appendingPathComponent("drag-dismiss.jsonl").path
        let sheetPath = folder.appendingPathComponent("sheet.png")
        let frames = folder.appendingPathComponent("frames")
        XCTAssertEqual(try photozoom(["replay", session, "--contact-sheet", sheetPath.path]).status, 0)
        let framed = try photozoom(["replay", session, "--frames", frames.path, "--fps", "40"])
        XCTAssertEqual(framed.status, 0, framed.stderr)
        // Issue 33, item 17: without --verify it says what it did, not "verified: … (0× real time)".
        XCTAssertEqual(framed.stdout, "replayed: 322 ticks\n")
        let sheet = try RGBImage(png: sheetPath.path)
        let tiles = sheet.tiles(on: mat)
        XCTAssertEqual(tiles.count, 7)
        func difference(_ tile: Int, tick: Int) throws -> Double {
            let t = tiles[tile]
            let frame = try RGBImage(
                png: frames.appendingPathComponent(String(format: "frame-%06d.png", tick / 3)).path)
            return zip(sheet.cropped(x: t.x, y: t.y, w: t.w, h: t.h).gridMeans(8), frame.gridMeans(8)).map {
                abs($0 - $1)
            }.reduce(0, +) / 192
        }
        XCTAssertLessThan(try difference(2, tick: 99), 2, "landing in the pager")
        XCTAssertLessThan(try difference(3, tick: 153), 2, "the press in the pager")
        XCTAssertGreaterThan(try difference(1, tick: 99), 10, "the release at tick 2 is not the landing")
    }

    /// The resize session: 390x700 until tick 23, 620x480 until tick 183, then 360x720 to tick
    /// 333. The GIF has the size the window had longest, 620x480 (scaled to 480 wide, 480x372);
    /// the taller windows are letterboxed into it on a dark mat (issue 23, item 13: a brief
    /// 1920x400 moment made a whole GIF 480x275 with every other frame small on a mat).
    func testTheGifHasTheLongestHeldWindowSizeAndLetterboxesTheOthers() throws {
        let gif = try temporaryFolder().appendingPathComponent("r.gif")
        let r = try photozoom(["replay", sessions.appendingPathComponent("resize.jsonl").path, "--gif", gif.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let decoded = try DecodedGif(gif.path)
        XCTAssertEqual([decoded.width, decoded.height], [480, 372], "620x480 at 480 wide")
        let timeline = decoded.timeline(slot: 5)
        let wide = timeline[20]
        let tall = timeline.last!
        for (x, y) in [(240, 5), (5, 186), (475, 366)] {
            XCTAssertNotEqual(wide.pixel(x, y), mat, "the 620x480 window fills the GIF at (\(x), \(y))")
        }
        XCTAssertEqual(tall.pixel(5, 186), mat, "beside the 360x720 window at the end")
        XCTAssertEqual(tall.pixel(475, 186), mat)
        XCTAssertNotEqual(tall.pixel(240, 3), mat, "its whole height shown, letterboxed")
        XCTAssertNotEqual(tall.pixel(240, 368), mat)
    }

    /// Photos rather than placeholders: a session recorded here over the bundled photos, so its
    /// frames have gradients and a few thousand colours. The GIF stays close to the frames.
    func testAGifOfPhotosStaysCloseToItsFrames() throws {
        let folder = try temporaryFolder()
        let session = folder.appendingPathComponent("photos.jsonl")
        try Self.recordPhotoSession().write(to: session, atomically: true, encoding: .utf8)
        let frames = folder.appendingPathComponent("frames")
        let gif = folder.appendingPathComponent("p.gif")
        let r = try photozoom([
            "replay", session.path, "--verify", "--frames", frames.path, "--fps", "20", "--gif", gif.path,
        ])
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

    /// More moments than a sheet holds: 22 of them, spread evenly with the first and the last,
    /// and the last tick; the log and the title say how many were left out.
    func testASheetOfManyMomentsKeepsTwentyTwoOfThem() throws {
        let folder = try temporaryFolder()
        let session = folder.appendingPathComponent("taps.jsonl")
        let sheet = folder.appendingPathComponent("sheet.png")
        // Open photo 4, then 16 clicks in the pager: 34 presses and releases, and the landing.
        try RecordedScript.record(
            photos: (0..<12).map { PhotoInfo(name: "p\($0)", pixelSize: Size(width: 600, height: 400)) }
        ) { tick, world in
            let cell = world.grid.layout!.frame(of: 4).center
            try tick(RecordedScript.pointer(.down, cell))
            try tick(RecordedScript.pointer(.up, cell))
            for _ in 0..<150 { try tick([]) }
            for _ in 0..<16 {
                try tick(RecordedScript.pointer(.down, Point(x: 100, y: 350)))
                try tick(RecordedScript.pointer(.up, Point(x: 100, y: 350)))
                for _ in 0..<70 { try tick([]) }
            }
        }.write(to: session, atomically: true, encoding: .utf8)
        let r = try photozoom(["replay", session.path, "--contact-sheet", sheet.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("photozoom: wrote '\(sheet.path)': 35 moments, 13 left out\n"), r.stderr)
        let tiles = try RGBImage(png: sheet.path).tiles(on: mat)
        XCTAssertEqual(tiles.count, 23, "22 moments and the last tick")
        XCTAssertEqual(Set(tiles.map(\.y)).count, 4, "in rows of six")
    }

    /// A tap on photo 4 of the first twelve bundled photos, then a drag down that dismisses it.
    static func recordPhotoSession() throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: PackagePaths.bundledPhotos).filter {
            $0.hasSuffix(".jpg")
        }.sorted()
        return try RecordedScript.record(
            photos: names.prefix(12).map { PhotoInfo(name: $0, pixelSize: Size(width: 600, height: 400)) },
            RecordedScript.openAndDismiss)
    }

    func testOutputsNeverReplaceAFileAndBadNamesAreRefused() throws {
        let folder = try temporaryFolder()
        let session = sessions.appendingPathComponent("tap.jsonl").path
        let gif = folder.appendingPathComponent("mine.gif")
        let sheet = folder.appendingPathComponent("mine.png")
        try "precious".write(to: gif, atomically: true, encoding: .utf8)
        try "precious".write(to: sheet, atomically: true, encoding: .utf8)
        for (arguments, message) in [
            (["--gif", gif.path], "--gif: '\(gif.path)' already exists, and is never replaced"),
            (
                ["--contact-sheet", sheet.path],
                "--contact-sheet: '\(sheet.path)' already exists, and is never replaced"
            ),
            (["--gif", folder.path + "/x.png"], "--gif: '\(folder.path)/x.png' does not end in .gif"),
            (
                ["--contact-sheet", folder.path + "/x.gif"],
                "--contact-sheet: '\(folder.path)/x.gif' does not end in .png"
            ),
            (
                ["--gif", folder.path + "/x.gif", "--gif-fps", "30"],
                "--gif-fps must be one of 1, 2, 4, 5, 10, 20, 25, 50, got 30"
            ),
            (["--gif", folder.path + "/x.gif", "--gif-width", "8"], "--gif-width must lie in 16...4096 pixels, got 8"),
        ] {
            let r = try photozoom(["replay", session] + arguments)
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertEqual(r.errorLines, ["photozoom: " + message])
        }
        XCTAssertEqual(try String(contentsOf: gif, encoding: .utf8), "precious")
        XCTAssertEqual(try String(contentsOf: sheet, encoding: .utf8), "precious")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["mine.gif", "mine.png"],
            "nothing else written")
    }

    /// A disk that fills up while the GIF or the sheet is written: one line that says so, exit
    /// 1 (a write the system refused, as in every command), and no partial or temporary file left.
    func testAFullDiskLeavesNoPartialGifOrSheet() throws {
        let disk = try temporaryFolder().appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        guard mount(["-t", "tmpfs", "-o", "size=16k", "tmpfs", disk.path]) else {
            throw XCTSkip("cannot mount a 16 KiB tmpfs here (needs root and mount rights), so no disk can fill up")
        }
        addTeardownBlock { _ = self.mount([disk.path], program: "/bin/umount") }
        let session = sessions.appendingPathComponent("drag-dismiss.jsonl").path
        for (flag, name) in [("--gif", "s.gif"), ("--contact-sheet", "s.png")] {
            let r = try photozoom(["replay", session, flag, disk.appendingPathComponent(name).path])
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertEqual(
                r.errorLines.filter { !$0.contains(" is not in ") && !$0.contains("likewise") },
                ["photozoom: cannot write '\(disk.appendingPathComponent(name).path)': No space left on device"])
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: disk.path), [], "\(flag): nothing left behind")
        }
    }

    /// Runs mount (or umount); true if it worked.
    private func mount(_ arguments: [String], program: String = "/bin/mount") -> Bool {
        guard let r = try? ChildProcess.run(URL(fileURLWithPath: program), arguments, environment: [:], timeout: 60)
        else { return false }
        return r.exitedNormally && r.status == 0
    }

    /// Issue 23, item 16: a SIGKILL while the GIF is written leaves nothing beside it (no
    /// hidden `.NAME.XXXXXX` for good): the file has no name until it is whole. Killed at
    /// several moments of a quarter-second replay, each leaves no file or the whole GIF.
    func testAKillWhileTheGifIsWrittenLeavesNothingBehind() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "offscreen"
        environment["SDL_RENDER_DRIVER"] = "software"
        for delay in [0.04, 0.08, 0.12, 0.16, 0.2] {
            let folder = try temporaryFolder()
            let process = Process()
            process.executableURL = Self.executable
            process.arguments = [
                "replay", sessions.appendingPathComponent("drag-dismiss.jsonl").path, "--gif",
                folder.appendingPathComponent("a.gif").path,
            ]
            process.environment = environment
            process.standardError = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            XCTAssertTrue(left.isEmpty || left == ["a.gif"], "killed \(delay) s in: \(left)")
        }
    }
}
