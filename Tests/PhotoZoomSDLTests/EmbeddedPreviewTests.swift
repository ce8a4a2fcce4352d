import CSDL2
import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore
@testable import PhotoZoomLibrary
@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface
@testable import PhotoZoomSDL
@testable import PhotoZoomUntrusted

/// The preview a camera embeds in its EXIF: read with libexif, shown upright in a cell at once
/// (far sooner than a phone photo's thumbnail can be made), then replaced by the thumbnail.
final class EmbeddedPreviewTests: XCTestCase {
    static let colours: [[UInt8]] = [[200, 30, 30], [30, 200, 30], [30, 30, 200], [220, 220, 40]]
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A 640×480 photo stored with `orientation`, its 160×120 preview of the same pixels; the
    /// preview's quarters are the photo's, darkened, so which was drawn shows.
    func photo(_ name: String, orientation: Int = 1, previewShape: (Int, Int) = (160, 120)) throws -> URL {
        let main = try ExifJPEG.encode(
            rgb: ExifJPEG.quarters(Self.colours, width: 640, height: 480), width: 640, height: 480)
        let dark = Self.colours.map { $0.map { $0 / 2 } }
        let preview = try ExifJPEG.encode(
            rgb: ExifJPEG.quarters(dark, width: previewShape.0, height: previewShape.1), width: previewShape.0,
            height: previewShape.1)
        let data = ExifJPEG.inserting(ExifJPEG.segment([.orientation(orientation)], preview: preview), into: main)
        let url = folder.appendingPathComponent(name)
        try Data(data).write(to: url)
        return url
    }

    func pixel(_ picture: PixelBuffer, _ x: Int, _ y: Int) -> [Int] {
        let pixel = picture[x, y]
        return [Int(pixel.r), Int(pixel.g), Int(pixel.b)]
    }

    func close(_ a: [Int], _ b: [UInt8]) -> Bool { zip(a, b).allSatisfy { abs($0 - Int($1)) <= 6 } }

    func testThePreviewIsReadAndSizedUprightByTheProbe() throws {
        let file = try photo("sideways.jpg", orientation: 6)
        let exif = try XCTUnwrap(PhotoExif(file: file.path))
        XCTAssertEqual(exif.orientation, .right)
        XCTAssertEqual(
            exif.preview.flatMap { PhotoHeader.dimensions(of: $0) }.map {
                PixelBox(width: $0.width, height: $0.height)
            }, PixelBox(width: 160, height: 120))
        let probe = try PhotoProbe.probe(file).get()
        XCTAssertEqual(probe.uprightSize, PixelBox(width: 480, height: 640))
        XCTAssertEqual(probe.previewSize, PixelBox(width: 120, height: 160), "upright, as the photo")
        // A preview of another shape (a phone pads a wide photo's with bars) is not offered.
        XCTAssertNil(try PhotoProbe.probe(try photo("padded.jpg", previewShape: (160, 160))).get().previewSize)
        XCTAssertNil(
            try PhotoProbe.probe(PackagePaths.root.appendingPathComponent("assets/photos/coffee.jpg")).get().previewSize
        )
    }

    /// A camera's preview has no profile of its own: it is in its photo's colours, and a cell
    /// showing it shows them as the photo's page does, converted through the photo's profile.
    func testAPreviewIsShownInItsPhotosColours() throws {
        let plain = try photo("plain.jpg")
        let bytes = try Data(contentsOf: plain)
        let tagged = folder.appendingPathComponent("tagged.jpg")
        // After the EXIF segment, as cameras write it.
        let exifEnd = 4 + (Int(bytes[4]) << 8 | Int(bytes[5]))
        let profile = TestProfiles.displayP3
        let segment =
            Data([0xFF, 0xE2, UInt8((profile.count + 16) >> 8), UInt8((profile.count + 16) & 0xFF)])
            + Data("ICC_PROFILE".utf8) + Data([0, 1, 1]) + profile
        try (bytes.prefix(exifEnd) + segment + bytes.dropFirst(exifEnd)).write(to: tagged)

        let preview = try XCTUnwrap(PhotoExif(file: tagged.path)?.preview)
        XCTAssertEqual(ICCProfile.inJPEG(preview)?.bytes, profile, "the preview carries its photo's profile")
        XCTAssertNil(PhotoExif(file: plain.path)?.preview.flatMap(ICCProfile.inJPEG))
        func shown(_ file: URL, _ job: PixelTarget) throws -> [Int] {
            let decoded = try PhotoPixelDecoder.decode(file, job, cache: nil, layout: .rgba, limits: LibraryLimits())
                .get()
            return pixel(decoded.pixels, 10, 10)
        }
        // Display P3's red, read as sRGB, is duller than the photo's: converted, it is redder.
        for job in [PixelTarget.preview(cell: 256), .thumbnail(side: 256)] {
            let asSRGB = try shown(plain, job)
            let converted = try shown(tagged, job)
            XCTAssertGreaterThan(converted[0], asSRGB[0] + 5, "\(job): \(converted) against \(asSRGB)")
            XCTAssertLessThan(converted[1], asSRGB[1] + 1, "\(job): \(converted) against \(asSRGB)")
        }
    }

    /// Decoded as a job, the preview comes upright at its own size, whether or not the cache
    /// holds the thumbnail (whose PNG takes longer to read).
    func testAPreviewJobDecodesThePreviewUpright() throws {
        let file = try photo("sideways.jpg", orientation: 6)
        let cache = ThumbnailCache(
            root: folder.appendingPathComponent("thumbnails"), program: "photozoom", version: "test", log: { _ in })
        let format = PixelLayout.rgba
        let preview = try PhotoPixelDecoder.decode(
            file, .preview(cell: 256), cache: cache, layout: format, limits: LibraryLimits()
        ).get()
        XCTAssertEqual(preview.pixels.size, PixelBox(width: 120, height: 160))
        // Turned a quarter clockwise: the stored bottom-left quarter is now at the top left.
        XCTAssertTrue(
            close(pixel(preview.pixels, 20, 20), Self.colours[2].map { $0 / 2 }),
            "\(pixel(preview.pixels, 20, 20))")
        XCTAssertEqual(preview.uprightSize, PixelBox(width: 480, height: 640))

        let thumbnail = try PhotoPixelDecoder.decode(
            file, .thumbnail(side: 256), cache: cache, layout: format, limits: LibraryLimits()
        ).get()
        XCTAssertEqual(thumbnail.pixels.size, PixelBox(width: 192, height: 256))
        XCTAssertTrue(close(pixel(thumbnail.pixels, 20, 20), Self.colours[2]), "the photo's own pixels")
        let again = try PhotoPixelDecoder.decode(
            file, .preview(cell: 256), cache: cache, layout: format, limits: LibraryLimits()
        ).get()
        XCTAssertEqual(again.pixels.size, PixelBox(width: 120, height: 160))
        // Never enlarged: at its own size it serves any larger cell without being decoded again.
        let canvas = try HeadlessCanvas(size: Size(width: 64, height: 64))
        let textures = PhotoTextures(renderer: canvas.renderer, budgetBytes: 1 << 24)
        textures.insert(0, .preview(cell: 256), again, arrived: 0)
        XCTAssertTrue(textures.has(0, .preview(cell: 1024)))
    }

    /// Streams 12 photos with previews into a window `width` points wide until every cell in
    /// view has pixels enough for it; what each cell showed, in order, and the cells' size.
    func stream(width: Double) throws -> (
        order: [(photo: Int, sharp: Bool)], visible: Range<Int>, textures: PhotoTextures, stream: WindowPhotoStream,
        canvas: HeadlessCanvas
    ) {
        let files = try (0..<12).map { try photo(String(format: "IMG_%02d.jpg", $0)) }
        let canvas = try HeadlessCanvas(size: Size(width: width, height: 400))
        let stream = PhotoStream(
            files: files,
            opening: try FolderOpening.probeOpening(files, folder: folder.path, limits: LibraryLimits(), log: { _ in }),
            renderer: canvas.renderer, limits: LibraryLimits(), cache: nil, threads: 1,
            wake: WakeSignal(type: UInt32.max), log: { _ in })
        var sim = Simulation(world: World(photos: stream.initialInfos, viewport: Size(width: width, height: 400)))
        sim.step()
        let layout = try XCTUnwrap(sim.world.grid.layout)
        let visible = PhotoWishes.rows(layout, from: 0, to: 400)
        XCTAssertGreaterThan(visible.count, 3)
        func sharp(_ p: Int) -> Bool { stream.textures.hasSharpThumbnail(p, cell: layout.cellSize) }
        var order: [(photo: Int, sharp: Bool)] = []
        let deadline = Date().addingTimeInterval(30)
        repeat {
            stream.want(sim.world, scale: 1)
            sim.step(stream.collect(now: 0).sizes)
            for p in visible where !order.contains(where: { $0.photo == p && $0.sharp == sharp(p) }) {
                if stream.textures.hasThumbnail(p) { order.append((p, sharp(p))) }
            }
            usleep(1000)
        } while !visible.allSatisfy(sharp) && Date() < deadline
        XCTAssertTrue(visible.allSatisfy(sharp), "every cell ends with pixels enough for it")
        return (order, visible, stream.textures, stream, canvas)
    }

    /// Cells larger than the 160×120 previews: every cell in view shows its preview before any
    /// of them waits for its thumbnail, and ends with the thumbnail.
    func testCellsShowTheirPreviewsFirstThenTheirThumbnails() throws {
        let streamed = try stream(width: 390)
        defer { streamed.stream.stop() }
        let firstSharp = try XCTUnwrap(streamed.order.firstIndex { $0.sharp })
        XCTAssertEqual(
            Set(streamed.order[..<firstSharp].map(\.photo)), Set(streamed.visible),
            "every preview before the first thumbnail: \(streamed.order)")
        for p in streamed.visible {
            XCTAssertTrue(streamed.textures.has(p, .thumbnail(side: 256)), "cell \(p) has its thumbnail")
        }
    }

    /// Cells no larger than the previews (five columns of 118 points): the preview is the cell's
    /// picture, as in Photos, and no thumbnail is decoded for it.
    func testAPreviewAsLargeAsItsCellIsItsPicture() throws {
        let streamed = try stream(width: 600)
        defer { streamed.stream.stop() }
        XCTAssertTrue(streamed.order.allSatisfy(\.sharp), "sharp from the first picture: \(streamed.order)")
        usleep(200_000)
        for p in streamed.visible {
            XCTAssertFalse(streamed.textures.has(p, .thumbnail(side: 128)), "cell \(p) decoded no thumbnail")
        }
    }

    /// A preview that fills its cell comes from the decoding thread scaled to cover the cell
    /// (160×120 for a cell of 118.4 pixels: 159×119), so the window draws the cell as a straight
    /// copy of it, not a stretch; a larger cell has it scaled again, up to its own size.
    func testAPreviewIsScaledToCoverItsCellSoTheCellIsAStraightCopy() throws {
        let streamed = try stream(width: 600)
        defer { streamed.stream.stop() }
        var sim = Simulation(
            world: World(photos: streamed.stream.initialInfos, viewport: Size(width: 600, height: 400)))
        sim.step()
        let cell = Int(try XCTUnwrap(sim.world.grid.layout).cellSize.rounded(.up))
        XCTAssertEqual(cell, 119, "five columns of 118.4")
        for p in streamed.visible {
            guard case .texture(let texture, _, _, _) = streamed.textures.drawable(for: p, pixelWidth: 159) else {
                return XCTFail("cell \(p) has no texture")
            }
            var w: Int32 = 0
            var h: Int32 = 0
            SDL_QueryTexture(texture, nil, nil, &w, &h)
            XCTAssertEqual(PixelBox(width: Int(w), height: Int(h)), PixelBox(width: 159, height: 119), "cell \(p)")
            XCTAssertTrue(
                streamed.textures.has(p, .preview(cell: cell)) && streamed.textures.has(p, .preview(cell: 100)))
            XCTAssertFalse(streamed.textures.has(p, .preview(cell: 120)), "a larger cell has its preview scaled again")
        }
        let plan = DrawPlan(
            items: sim.drawList(interpolation: 1), scale: 1, canvas: PixelBox(width: 600, height: 400),
            exactCrops: false,
            photos: streamed.textures)
        let copies = plan.steps.compactMap { step -> (source: SDL_Rect, destination: Rect)? in
            if case .copy(_, let source, let destination, _, _) = step { (source, destination) } else { nil }
        }
        XCTAssertEqual(copies.count, streamed.visible.count)
        for copy in copies {
            XCTAssertEqual(
                PixelBox(width: Int(copy.source.w), height: Int(copy.source.h)), PixelBox(width: cell, height: cell))
            XCTAssertEqual(copy.destination.width, Double(copy.source.w), "copied, not stretched")
            XCTAssertEqual(copy.destination.height, Double(copy.source.h), "copied, not stretched")
        }
    }

    /// The opening's headers keep their previews' bytes, so the cells the window opens on are
    /// decoded from them, not from their files read and parsed again; the bytes go once the
    /// preview is in, and a header read later keeps none.
    func testTheOpeningsPreviewsAreDecodedFromTheBytesItsHeadersRead() throws {
        let files = try (0..<4).map { try photo(String(format: "IMG_%02d.jpg", $0), orientation: $0 == 1 ? 6 : 1) }
        let opening = try FolderOpening.probeOpening(
            files, folder: folder.path, limits: LibraryLimits(), count: 2, seconds: 10, log: { XCTFail($0) })
        let kept = try opening.prefix(2).map { try XCTUnwrap($0).get() }
        XCTAssertEqual(
            kept.map {
                $0.preview.flatMap { PhotoHeader.dimensions(of: $0) }.map {
                    PixelBox(width: $0.width, height: $0.height)
                }
            },
            [PixelBox(width: 160, height: 120), PixelBox(width: 160, height: 120)], "as stored")
        XCTAssertNil(try PhotoProbe.probe(files[2]).get().preview, "a header read later keeps no preview")
        // The files are gone: what the window shows of them came from what their headers read.
        for file in files.prefix(2) { try FileManager.default.removeItem(at: file) }
        let sideways = try PhotoPixelDecoder.decode(
            files[1], .preview(cell: 120), known: kept[1], cache: nil,
            layout: .rgba
        ).get()
        XCTAssertEqual(sideways.pixels.size, PixelBox(width: 120, height: 160), "upright")
        XCTAssertTrue(
            close(pixel(sideways.pixels, 20, 20), Self.colours[2].map { $0 / 2 }),
            "\(pixel(sideways.pixels, 20, 20))")

        let canvas = try HeadlessCanvas(size: Size(width: 600, height: 400))
        let stream = PhotoStream(
            files: files, opening: opening, renderer: canvas.renderer, limits: LibraryLimits(), cache: nil, threads: 1,
            wake: WakeSignal(type: UInt32.max), log: { _ in })
        defer { stream.stop() }
        var sim = Simulation(world: World(photos: stream.initialInfos, viewport: Size(width: 600, height: 400)))
        sim.step()
        let deadline = Date().addingTimeInterval(HangGuard.seconds)
        repeat {
            stream.want(sim.world, scale: 1)
            sim.step(stream.collect(now: 0).sizes)
            usleep(1000)
        } while !(0..<2).allSatisfy({ stream.textures.has($0, .preview(cell: 119)) }) && Date() < deadline
        for p in 0..<2 {
            XCTAssertTrue(
                stream.textures.has(p, .preview(cell: 119)), "photo \(p) shows its preview though its file is gone")
            XCTAssertFalse(stream.textures.broken.contains(p))
        }
        XCTAssertEqual(stream.keptPreviewBytes, 0, "the bytes go once the previews are in")
    }

    /// Pictures decoded for photos no sprite shows (the row below the window) become textures a
    /// few a frame, not all in the frame they land in; a picture for a cell on screen is made
    /// at once, and one decoded ahead is made as soon as its cell comes into view.
    func testPicturesDecodedAheadAreMadeTexturesAFewAFrame() throws {
        for i in 0..<40 { _ = try photo(String(format: "IMG_%02d.jpg", i)) }
        let viewport = Size(width: 600, height: 400)
        let opening = try FolderOpening.read(
            folder: folder.path, scan: PhotoFolder.Scan(), viewport: viewport, scale: 1, tuning: Tuning(),
            limits: LibraryLimits(), log: { XCTFail($0) })
        let canvas = try HeadlessCanvas(size: viewport)
        let renderer = RendererTextures(canvas.renderer)
        let woken = WakeCount()
        // A budget of one byte: one picture decoded ahead a frame. The stream is the window's,
        // with a wake that counts: each job wakes the window once, as it finishes.
        let stream = PhotoStream(
            files: opening.files, opening: opening.probes,
            textures: PhotoTextures(renderer: canvas.renderer, budgetBytes: LibraryLimits().textureBudgetBytes),
            textureLimit: renderer.limit, layout: renderer.layout, limits: LibraryLimits(), cache: nil, threads: 2,
            prefetchBytesPerFrame: 1, wake: { woken.add() }, log: { _ in })
        defer { stream.stop() }
        stream.insertOpeningPictures(opening, scale: 1, now: 0)
        var sim = Simulation(world: World(photos: stream.initialInfos, viewport: viewport))
        sim.step()
        let shown = Set(0..<20)
        stream.want(sim.world, scale: 1)
        // Everything wished is decoded before a frame takes any of it. Until a frame takes some,
        // the jobs outstanding (queued, running or finished) are all the stream was given.
        let jobs = stream.outstanding
        XCTAssertTrue(
            HangGuard.wait { woken.count >= jobs }, HangGuard.failure("\(woken.count) of \(jobs) jobs finished"))
        // Four rows of five in view; the rows below are wished as their previews.
        let ahead = Array(20..<40)
        func madeAhead() -> Int { ahead.filter { stream.textures.hasThumbnail($0) }.count }
        XCTAssertEqual(madeAhead(), 0)
        XCTAssertTrue(shown.allSatisfy { stream.textures.hasThumbnail($0) })
        _ = stream.collect(now: 0)
        XCTAssertEqual(madeAhead(), 1, "one picture decoded ahead in the frame they all landed in")
        _ = stream.collect(now: 0)
        XCTAssertEqual(madeAhead(), 2)
        XCTAssertTrue(stream.hasArrivals, "the rest wait for the next frames, and keep the window awake")
        // The grid scrolled down: the pictures waiting for the cells come into view are made at once.
        for _ in 0..<10 { sim.step([.wheel(dx: 0, dy: -1, position: Point(x: 300, y: 200), modifiers: [])]) }
        for _ in 0..<120 { sim.step() }
        let inView = try XCTUnwrap(stream.visibleCells(sim.world))
        let waiting = inView.filter { ahead.contains($0) && !stream.textures.hasThumbnail($0) }
        XCTAssertGreaterThan(waiting.count, 2, "the scroll brought cells whose pictures wait: \(inView)")
        stream.want(sim.world, scale: 1)
        _ = stream.collect(now: 0)
        for photo in waiting { XCTAssertTrue(stream.textures.hasThumbnail(photo), "photo \(photo), in view") }
        // None is lost on the way: every picture decoded ahead is made, a frame at a time.
        let allMade = HangGuard.wait {
            stream.want(sim.world, scale: 1)
            _ = stream.collect(now: 0)
            return madeAhead() == ahead.count
        }
        XCTAssertTrue(allMade, HangGuard.failure("\(madeAhead()) of \(ahead.count) pictures decoded ahead were made"))
    }

    /// The cells the window opens on are decoded from their previews while the window is made,
    /// so they are all there, sharp, before its loop starts: at the top in name order, at the
    /// bottom in date order (above the tab bar), and none where the cells are larger than the
    /// previews. The row past them is left to the workers.
    func testTheCellsTheWindowOpensOnHaveTheirPreviewsBeforeItsLoopStarts() throws {
        for i in 0..<30 { _ = try photo(String(format: "IMG_%02d.jpg", i), orientation: i == 3 || i == 28 ? 6 : 1) }
        let viewport = Size(width: 600, height: 400)
        for (scan, first) in [(PhotoFolder.Scan(), 0..<20), (PhotoFolder.Scan(sort: .date), 15..<30)] {
            let opening = try FolderOpening.read(
                folder: folder.path, scan: scan, viewport: viewport, scale: 1, tuning: Tuning(),
                limits: LibraryLimits(), log: { XCTFail($0) })
            XCTAssertEqual(Set(opening.pictures.keys), Set(first), "the rows in view: \(scan.sort)")
            for (photo, picture) in opening.pictures {
                XCTAssertEqual(picture.target, .preview(cell: 119), "five columns of 118.4")
                let pixels = picture.pixels
                let sideways =
                    opening.files[photo].lastPathComponent == "IMG_03.jpg"
                    || opening.files[photo].lastPathComponent == "IMG_28.jpg"
                XCTAssertEqual(
                    pixels.pixels.size, sideways ? PixelBox(width: 119, height: 159) : PixelBox(width: 159, height: 119)
                )
                XCTAssertEqual(pixels.pixels.layout, FolderOpening.previewLayout)
                XCTAssertNil(pixels.probe.preview, "the pixels hold no bytes")
            }
            let canvas = try HeadlessCanvas(size: viewport)
            let stream = PhotoStream(
                files: opening.files, opening: opening.probes, renderer: canvas.renderer, limits: LibraryLimits(),
                cache: nil,
                threads: 1, wake: WakeSignal(type: UInt32.max), log: { _ in })
            defer { stream.stop() }
            let keptBeyond = opening.probes.indices.filter { !first.contains($0) }.reduce(0) {
                $0 + ((try? opening.probes[$1]?.get().preview)??.count ?? 0)
            }
            XCTAssertGreaterThan(keptBeyond, 0, "the next rows' bytes, for the workers")
            stream.insertOpeningPictures(opening, scale: 1, now: 0)
            XCTAssertEqual(stream.keptPreviewBytes, keptBeyond, "the bytes of the previews made textures are let go")
            // A window of twice the pixels has larger cells: the workers decode those previews again, from their bytes.
            let dense = PhotoStream(
                files: opening.files, opening: opening.probes, renderer: canvas.renderer, limits: LibraryLimits(),
                cache: nil,
                threads: 1, wake: WakeSignal(type: UInt32.max), log: { _ in })
            defer { dense.stop() }
            dense.insertOpeningPictures(opening, scale: 2, now: 0)
            XCTAssertGreaterThan(dense.keptPreviewBytes, keptBeyond, "kept for cells larger than the opening assumed")
            var sim = Simulation(
                world: World(photos: stream.initialInfos, viewport: viewport, gridStart: scan.gridStart))
            sim.step()
            XCTAssertTrue(
                stream.showsEveryCellSharp(of: sim.world, scale: 1),
                "\(scan.sort): every cell in view, before anything is collected")
        }
        let large = try FolderOpening.read(
            folder: folder.path, scan: PhotoFolder.Scan(), viewport: viewport, scale: 2, tuning: Tuning(),
            limits: LibraryLimits(), log: { XCTFail($0) })
        XCTAssertTrue(
            large.pictures.isEmpty, "cells of 237 pixels are larger than the previews: their thumbnails are wanted")
    }

    /// A header is read as far as its frame header and no further: the first 16 KiB for a photo
    /// with a small preview, more for one whose EXIF is larger, the content hash's 64 KiB when
    /// the hash is taken, and what is read says what the whole file says.
    func testAHeaderIsReadAsFarAsItsFrameHeader() throws {
        // Photos of noise, so their pixels are many times their headers, as a camera's are.
        var noise = SystemRandomNumberGenerator()
        let pixels = (0..<(640 * 480 * 3)).map { _ in UInt8.random(in: 0...255, using: &noise) }
        let main = try ExifJPEG.encode(rgb: pixels, width: 640, height: 480)
        func photo(_ name: String, preview width: Int, _ height: Int) throws -> URL {
            let preview = try ExifJPEG.encode(
                rgb: ExifJPEG.quarters(Self.colours, width: width, height: height), width: width, height: height)
            let url = folder.appendingPathComponent(name)
            try Data(ExifJPEG.inserting(ExifJPEG.segment([.orientation(6)], preview: preview), into: main)).write(
                to: url)
            return url
        }
        let small = try photo("small.jpg", preview: 160, 120)
        let large = try photo("large.jpg", preview: 1200, 900)
        for (file, hashing) in [(small, false), (small, true), (large, false)] {
            let bytes = try Data(contentsOf: file)
            let opened = try PhotoGate.open(file).get()
            let head = PhotoProbe.readHead(opened, hashing: hashing).bytes
            XCTAssertEqual(head, bytes.prefix(head.count))
            XCTAssertNotNil(PhotoHeader.dimensions(of: head), "\(file.lastPathComponent): the frame header is read")
            XCTAssertLessThan(head.count, bytes.count, "\(file.lastPathComponent): not the whole file")
            if file == large {
                XCTAssertNil(
                    PhotoHeader.dimensions(of: bytes.prefix(PhotoProbe.firstReadBytes)),
                    "a preview large enough to need a second read")
                XCTAssertNil(
                    PhotoHeader.dimensions(of: head.prefix(head.count / 2)), "read in doublings, no further than needed"
                )
            } else {
                XCTAssertEqual(head.count, hashing ? ContentHash.headBytes : PhotoProbe.firstReadBytes)
            }
            let probe = try PhotoProbe.probe(file, hashing: hashing, keepingPreview: true).get()
            let whole = try PhotoProbe.probe(
                head: bytes, fileBytes: bytes.count, modified: probe.modified, hashing: hashing, keepingPreview: true
            ).get()
            XCTAssertEqual(probe, whole, file.lastPathComponent)
            XCTAssertNotNil(probe.preview)
        }
    }
}

/// How many times the workers woke the window: once for each job they finished.
private final class WakeCount: @unchecked Sendable {
    private let lock = NSLock()
    private var woken = 0
    func add() { lock.withLock { woken += 1 } }
    var count: Int { lock.withLock { woken } }
}
