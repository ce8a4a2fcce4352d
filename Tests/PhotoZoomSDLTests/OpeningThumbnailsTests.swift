import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore
@testable import PhotoZoomLibrary
@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface
@testable import PhotoZoomSDL

/// A folder opened again: the thumbnails this program kept of the cells the window opens on are
/// read while the window is made, in its own process, so its first frame is the finished grid;
/// another program's thumbnail is left to the loaders.
final class OpeningThumbnailsTests: XCTestCase {
    var folder: URL!
    let viewport = Size(width: 600, height: 400)

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-opening-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { [folder] in try? FileManager.default.removeItem(at: folder!) }
        // Photos without embedded previews: before their thumbnails are kept, the opening has
        // no picture for them at all.
        for i in 0..<30 {
            try FileManager.default.copyItem(
                atPath: PackagePaths.bundledPhotos + "/" + (i % 2 == 0 ? "coffee.jpg" : "coffee-portrait.jpg"),
                toPath: folder.appendingPathComponent(String(format: "IMG_%02d.jpg", i)).path)
        }
    }

    func cache() -> ThumbnailCache {
        ThumbnailCache(
            root: folder.appendingPathComponent("cache/thumbnails"), program: "photozoom", version: "9.9",
            log: { XCTFail($0) })
    }

    func open(with cache: ThumbnailCache?) throws -> FolderOpening {
        try FolderOpening.read(
            folder: folder.path, scan: PhotoFolder.Scan(), viewport: viewport, scale: 1, tuning: Tuning(),
            limits: LibraryLimits(), cache: cache, log: { XCTFail($0) })
    }

    /// The size of thumbnail the window wants for `photo`'s cell, as the opening found it.
    func side(of photo: Int, in opening: FolderOpening) throws -> Int {
        let probe = try XCTUnwrap(opening.probes[photo]).get()
        let cell = GridLayout(viewport: viewport, count: opening.files.count, tuning: Tuning()).cellSize
        return PixelTarget.thumbnail(covering: cell, aspect: probe.aspect).box.width
    }

    func bytes(_ pixels: PixelBuffer) -> [UInt8] {
        Array(UnsafeBufferPointer(start: pixels.bytes, count: pixels.count))
    }

    /// With every thumbnail kept, the 20 cells in view open on their thumbnails (in the
    /// renderer's layout, the pixels the cache holds), the rows past them on nothing; before
    /// they were kept, on nothing at all. The stream then shows every cell sharp before it
    /// collects anything from its workers.
    func testTheCellsInViewOpenOnTheirKeptThumbnails() throws {
        let cache = cache()
        let cold = try open(with: cache)
        XCTAssertTrue(cold.pictures.isEmpty, "no previews and no thumbnails kept: \(cold.pictures.keys.sorted())")

        for photo in cold.files.indices {
            let size = try XCTUnwrap(ThumbnailSize(pixels: try side(of: photo, in: cold)))
            guard case .success = cache.make(cold.files[photo], size: size) else { return XCTFail("not made") }
        }
        let warm = try open(with: cache)
        XCTAssertEqual(Set(warm.pictures.keys), Set(0..<20), "the four rows in view")
        for (photo, picture) in warm.pictures {
            let side = try side(of: photo, in: warm)
            XCTAssertEqual(picture.target, .thumbnail(side: side))
            let kept = try XCTUnwrap(
                cache.read(warm.files[photo], size: XCTUnwrap(ThumbnailSize(pixels: side)), as: .argb))
            XCTAssertEqual(picture.pixels.pixels.layout, FolderOpening.previewLayout)
            XCTAssertEqual(picture.pixels.pixels.size, kept.pixels.size)
            XCTAssertEqual(bytes(picture.pixels.pixels), bytes(kept.pixels), "photo \(photo)")
            XCTAssertEqual(picture.pixels.average, kept.averageColor)
        }

        let canvas = try HeadlessCanvas(size: viewport)
        let stream = PhotoStream(
            files: warm.files, opening: warm.probes, renderer: canvas.renderer, limits: LibraryLimits(), cache: cache,
            threads: 1, wake: WakeSignal(type: UInt32.max), log: { _ in })
        defer { stream.stop() }
        stream.insertOpeningPictures(warm, scale: 1, now: 0)
        var sim = Simulation(world: World(photos: stream.initialInfos, viewport: viewport))
        sim.step()
        XCTAssertTrue(
            stream.showsEveryCellSharp(of: sim.world, scale: 1), "every cell in view, before any work is collected")
    }

    /// A window whose opening brought every cell's picture is shown by its first frame: its
    /// first poll does not sleep out the deadline waiting for a picture to arrive, as none
    /// will.
    func testAWindowOpeningOnKeptThumbnailsShowsAtItsFirstFrame() throws {
        let cache = cache()
        let cold = try open(with: cache)
        for photo in cold.files.indices {
            let size = try XCTUnwrap(ThumbnailSize(pixels: try side(of: photo, in: cold)))
            guard case .success = cache.make(cold.files[photo], size: size) else { return XCTFail("not made") }
        }
        let canvas = try HeadlessCanvas(size: viewport, format: HeadlessCanvas.windowFormat)
        let start = DispatchTime.now().uptimeNanoseconds
        let deadline: UInt64 = 60_000_000_000
        let sessions = try WindowSessions(
            opening: try open(with: cache), surface: canvas,
            settings: [LiveSession.Settings(tuning: nil, photosFolder: folder.path)], cache: cache, fillsCache: false,
            limits: LibraryLimits(), wake: .none, showBy: start + deadline, log: { _ in })
        defer { sessions.close(stoppingLoaders: false) }
        var driver = FrameDriver(input: HandedPolls(), clock: ScriptedClock(time: start), framesPerSecond: 60)
        let frame = driver.frame(sessions)
        XCTAssertTrue(sessions.isShown, "shown at its first frame")
        XCTAssertNotNil(frame?.presented, "and drawn")
        XCTAssertLessThan(driver.clock.now() - start, deadline, "its first poll slept out the deadline")
    }

    /// A window opening on kept thumbnails has every core for its first frame: no loader
    /// starts and no worker takes a job (the rows below, wished already) until that frame is
    /// drawn; the update after it starts the loaders and lets the workers go.
    func testNothingElseRunsUntilAWarmWindowsFirstFrameIsDrawn() throws {
        let cache = cache()
        let cold = try open(with: cache)
        for photo in cold.files.indices {
            let size = try XCTUnwrap(ThumbnailSize(pixels: try side(of: photo, in: cold)))
            guard case .success = cache.make(cold.files[photo], size: size) else { return XCTFail("not made") }
        }
        let pool = LoaderPool()
        defer { pool.stopAll() }
        let opening = try FolderOpening.read(
            folder: folder.path, scan: PhotoFolder.Scan(), viewport: viewport, scale: 1, tuning: Tuning(),
            limits: LibraryLimits(), cache: cache, pool: pool, log: { XCTFail($0) })
        XCTAssertEqual(opening.pictures.count, 20)
        let canvas = try HeadlessCanvas(size: viewport, format: HeadlessCanvas.windowFormat)
        let start = DispatchTime.now().uptimeNanoseconds
        let sessions = try WindowSessions(
            opening: opening, surface: canvas,
            settings: [LiveSession.Settings(tuning: nil, photosFolder: folder.path)], cache: cache, fillsCache: false,
            limits: LibraryLimits(), wake: .none, showBy: start + 60_000_000_000, pool: pool, log: { _ in })
        defer { sessions.close(stoppingLoaders: false) }
        // However long the first frame takes to come, nothing runs before it.
        usleep(300_000)
        XCTAssertFalse(sessions.hasArrivals, "a worker decoded before the first frame")
        XCTAssertEqual(pool.processIDs, [], "a loader started before the first frame")
        XCTAssertFalse(sessions.isIdle(at: start), "the window sleeps with its workers held")

        var driver = FrameDriver(input: HandedPolls(), clock: ScriptedClock(time: start), framesPerSecond: 60)
        XCTAssertNotNil(driver.frame(sessions)?.presented, "the first frame")
        _ = driver.frame(sessions)
        XCTAssertTrue(
            HangGuard.wait { sessions.hasArrivals && !pool.processIDs.isEmpty },
            HangGuard.failure("the workers and loaders did not start after the first frame"))
    }

    /// Each picture the opening reads is handed over as it is read: the window makes its
    /// texture while the read goes on, and its sessions use that texture rather than make
    /// another.
    func testEachPictureBecomesATextureWhileTheReadGoesOn() throws {
        let cache = cache()
        let cold = try open(with: cache)
        for photo in cold.files.indices {
            let size = try XCTUnwrap(ThumbnailSize(pixels: try side(of: photo, in: cold)))
            guard case .success = cache.make(cold.files[photo], size: size) else { return XCTFail("not made") }
        }
        let over = DispatchSemaphore(value: 0)
        let reading = OpeningRead { [folder, viewport] handing in
            let opening = try FolderOpening.read(
                folder: folder!.path, scan: PhotoFolder.Scan(), viewport: viewport, scale: 1, tuning: Tuning(),
                limits: LibraryLimits(), cache: cache, handing: handing, log: { _ in })
            // The read is not over until the test says so.
            over.wait()
            return opening
        }
        let canvas = try HeadlessCanvas(size: viewport, format: HeadlessCanvas.windowFormat)
        let made = OpeningTextures(surface: canvas, limits: LibraryLimits())
        XCTAssertTrue(
            HangGuard.wait {
                XCTAssertFalse(made.make(from: reading, waiting: 0.01), "the read is over")
                return (0..<20).allSatisfy { made.textures.hasSharpThumbnail($0, cell: 100) }
            }, HangGuard.failure("the 20 cells in view did not get textures as they were read"))
        let textures = (0..<20).map { textureOf($0, in: made.textures) }
        over.signal()
        XCTAssertTrue(
            HangGuard.wait { made.make(from: reading, waiting: 0.01) }, HangGuard.failure("the read did not end"))
        let sessions = try WindowSessions(
            opening: try reading.take(), made: made, surface: canvas,
            settings: [LiveSession.Settings(tuning: nil, photosFolder: folder.path)], cache: cache, fillsCache: false,
            limits: LibraryLimits(), wake: .none, log: { _ in })
        defer { sessions.close(stoppingLoaders: false) }
        XCTAssertTrue(sessions.showsEveryCellSharp)
        XCTAssertEqual((0..<20).map { textureOf($0, in: made.textures) }, textures, "a texture was made again")
    }

    func textureOf(_ photo: Int, in textures: PhotoTextures) -> OpaquePointer? {
        guard case .texture(let texture, _, _, _) = textures.drawable(for: photo, pixelWidth: 1) else { return nil }
        return texture
    }

    /// A thumbnail another program wrote (deflated, as every other program writes them) is a
    /// thumbnail of the cache's, which a loader decodes to the same pixels; the opening leaves
    /// it to the workers rather than wait for a loader before the window shows.
    func testAnotherProgramsThumbnailIsLeftToTheLoaders() throws {
        let cache = cache()
        let opening = try open(with: cache)
        let file = opening.files[0]
        let size = try XCTUnwrap(ThumbnailSize(pixels: try side(of: 0, in: opening)))
        guard case .success = cache.make(file, size: size) else { return XCTFail("not made") }
        let ours = try XCTUnwrap(cache.read(file, size: size))
        let location = cache.location(of: file, size: size)
        try deflate(location, software: "GNOME::ThumbnailFactory")
        XCTAssertTrue(cache.holds(file, size: size), "another program's thumbnail is one of the cache's")
        XCTAssertNil(cache.read(file, size: size, decoding: false), "read without a loader")
        let theirs = try XCTUnwrap(cache.read(file, size: size), "a loader decodes it")
        XCTAssertEqual(bytes(theirs.pixels), bytes(ours.pixels))
        XCTAssertNil(try self.open(with: cache).pictures[0], "the opening waits for no loader")
    }

    /// Rewrites the PNG at `location` as another program would: its pixels deflated by
    /// ImageMagick, its text kept but its `Software`.
    func deflate(_ location: URL, software: String) throws {
        let text = try XCTUnwrap(ThumbnailPNG.text(in: Data(contentsOf: location)))
        var arguments = [location.path, "-define", "png:compression-level=9"]
        for entry in text {
            arguments += ["-set", entry.keyword, entry.keyword == "Software" ? software : entry.text]
        }
        let out = location.deletingLastPathComponent().appendingPathComponent("deflated.png")
        let convert = "/usr/bin/convert"
        guard FileManager.default.isExecutableFile(atPath: convert) else {
            throw XCTSkip("no \(convert) (scripts/setup.sh --test installs it)")
        }
        let outcome = try ChildProcess.run(
            URL(fileURLWithPath: convert), arguments + ["PNG32:" + out.path],
            environment: ProcessInfo.processInfo.environment, timeout: 60)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertNil(StoredPNG.read(try Data(contentsOf: out), largestSide: 1024, as: .rgba), "ImageMagick deflates")
        XCTAssertEqual(rename(out.path, location.path), 0)
    }
}
