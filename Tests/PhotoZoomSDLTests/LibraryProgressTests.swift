import CSDL2
import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore
@testable import PhotoZoomLibrary
@testable import PhotoZoomSDL

/// The first visit of a big folder: every header read, then every grid thumbnail the shared
/// cache lacks made behind what is on screen, with a pill in the tab bar saying how far it got;
/// a second visit finds them all and shows no thumbnail progress.
final class LibraryProgressTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-progress-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("photos"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Streams the folder in a short window (a row of cells in view) until nothing is left to
    /// do; the progress seen on the way, each change once.
    func visit(cache: ThumbnailCache, files: [URL]) throws -> [LibraryProgress?] {
        let canvas = try HeadlessCanvas(size: Size(width: 390, height: 200))
        let stream = PhotoStream(
            files: files,
            opening: try FolderOpening.probeOpening(
                files, folder: folder.path, limits: LibraryLimits(), count: 2,
                seconds: 10, log: { _ in }),
            renderer: canvas.renderer, limits: LibraryLimits(), cache: cache, fillsCache: true, progressFrom: 10,
            threads: 1,
            wake: WakeSignal(type: UInt32.max), log: { _ in })
        defer { stream.stop() }
        var sim = Simulation(world: World(photos: stream.initialInfos, viewport: Size(width: 390, height: 200)))
        var seen: [LibraryProgress?] = [stream.progress]
        let deadline = Date().addingTimeInterval(60)
        repeat {
            stream.want(sim.world, scale: 1)
            let done = stream.collect(now: 0)
            sim.step(done.sizes)
            if stream.progress != seen.last { seen.append(stream.progress) }
            usleep(1000)
        } while (stream.outstanding > 0 || stream.progress != nil) && Date() < deadline
        return seen
    }

    func testAFirstVisitFillsTheCacheForTheWholeFolderAndSaysHowFar() throws {
        let bundled = try PhotoFolder.imageFiles(in: PackagePaths.bundledPhotos)
        for file in bundled {
            try FileManager.default.copyItem(
                at: file, to: folder.appendingPathComponent("photos/" + file.lastPathComponent))
        }
        let files = try PhotoFolder.imageFiles(in: folder.appendingPathComponent("photos").path)
        XCTAssertEqual(files.count, 18)
        let cache = ThumbnailCache(
            root: folder.appendingPathComponent("thumbnails"), program: "photozoom", version: "test", log: { _ in })

        let first = try visit(cache: cache, files: files)
        XCTAssertEqual(
            first.first, LibraryProgress(stage: .readingHeaders, done: 2, total: 18),
            "two headers read before the window opened")
        XCTAssertEqual(first.last, .some(nil), "gone once everything is done")
        let making = first.compactMap { $0 }.filter { $0.stage == .makingThumbnails }
        XCTAssertFalse(making.isEmpty, "the thumbnails the cache lacked were made, and said so")
        XCTAssertEqual(making.map(\.total), Array(repeating: 18, count: making.count))
        XCTAssertEqual(making.map(\.done), making.map(\.done).sorted(), "it only goes forward")
        let reading = first.compactMap { $0 }.filter { $0.stage == .readingHeaders }
        XCTAssertEqual(first.compactMap { $0 }, reading + making, "headers first, then thumbnails")
        // Every photo's grid thumbnail (the 256 standard size covers a 128-point cell) is in the cache now.
        for file in files {
            XCTAssertTrue(cache.holds(file, size: .large), "\(file.lastPathComponent) has its thumbnail")
        }

        // The second visit finds them all: the headers are read again, but nothing is made.
        let second = try visit(cache: cache, files: files)
        XCTAssertTrue(second.compactMap { $0 }.allSatisfy { $0.stage == .readingHeaders }, "\(second)")
    }

    func testASmallFolderShowsNoProgress() throws {
        let bundled = try PhotoFolder.imageFiles(in: PackagePaths.bundledPhotos).prefix(6)
        for file in bundled {
            try FileManager.default.copyItem(
                at: file, to: folder.appendingPathComponent("photos/" + file.lastPathComponent))
        }
        let files = try PhotoFolder.imageFiles(in: folder.appendingPathComponent("photos").path)
        let cache = ThumbnailCache(
            root: folder.appendingPathComponent("thumbnails"), program: "photozoom", version: "test", log: { _ in })
        XCTAssertEqual(try visit(cache: cache, files: files), [nil], "under progressFrom, nothing to show")
        for file in files { XCTAssertTrue(cache.holds(file, size: .large), "filled all the same") }
    }

    /// The window takes the progress at once when it starts, changes stage or ends, and
    /// otherwise a few times a second: each change is a frame to draw.
    func testTheWindowShowsProgressAFewTimesASecond() {
        var overlays = WindowOverlays(tickRate: 120)
        let world = World(photos: [], viewport: Size(width: 390, height: 600))
        func shown(_ progress: LibraryProgress?, at ms: UInt64) -> LibraryProgress? {
            overlays.updateLibrary(progress, at: ms * 1_000_000)
            return overlays.content(world, at: ms * 1_000_000, recording: false).library
        }
        let reading = { LibraryProgress(stage: .readingHeaders, done: $0, total: 100) }
        XCTAssertEqual(shown(reading(1), at: 1000), reading(1))
        XCTAssertEqual(shown(reading(40), at: 1100), reading(1), "a tenth of a second later: not yet")
        XCTAssertEqual(shown(reading(60), at: 1250), reading(60))
        let making = LibraryProgress(stage: .makingThumbnails, done: 0, total: 100)
        XCTAssertEqual(shown(making, at: 1260), making, "a new stage at once")
        XCTAssertEqual(shown(nil, at: 1270), nil, "and the end")
    }

    /// The pill sits in the tab bar, its bar filled to the fraction done.
    func testThePillShowsTheFractionDoneInTheTabBar() throws {
        let size = Size(width: 393, height: 560)
        let canvas = try HeadlessCanvas(size: size)
        SDL_SetRenderDrawColor(canvas.renderer, 255, 255, 255, 255)
        SDL_RenderClear(canvas.renderer)
        var content = OverlayContent()
        content.library = LibraryProgress(stage: .makingThumbnails, done: 1234, total: 4936)
        XCTAssertEqual(content.library?.text, "Making thumbnails · 1,234 of 4,936")
        OverlayRenderer(renderer: canvas.renderer).draw(content, viewport: size, scale: 1)
        SDL_RenderFlush(canvas.renderer)
        let painter = OverlayPainter(renderer: canvas.renderer, log: { _ in })
        let frame = LibraryProgressPill.frame(
            textWidth: painter.width(content.library!.text, LibraryProgressPill.textSize), viewport: size)
        XCTAssertGreaterThanOrEqual(frame.minY, size.height - Tuning().tabBarHeight, "inside the tab bar")
        let bar = LibraryProgressPill.barFrame(in: frame)
        let y = Int(bar.minY + bar.height / 2)
        func rgb(_ x: Double) -> [UInt8] {
            let p = canvas.pixel(x: Int(x), y: y)
            return [p.r, p.g, p.b]
        }
        let blue = LibraryProgressPill.bar
        let track = LibraryProgressPill.track
        XCTAssertEqual(rgb(bar.minX + bar.width * 0.1), [blue.r, blue.g, blue.b], "a quarter done: filled at a tenth")
        XCTAssertEqual(rgb(bar.minX + bar.width * 0.4), [track.r, track.g, track.b], "not at four tenths")
        let outside = canvas.pixel(x: 4, y: Int(frame.minY + frame.height / 2))
        XCTAssertEqual([outside.r, outside.g, outside.b], [255, 255, 255], "nothing beside the pill")
    }
}
