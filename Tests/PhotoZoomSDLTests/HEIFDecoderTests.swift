import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore
@testable import PhotoZoomLibrary
@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface
@testable import PhotoZoomUntrusted

/// HEIC and AVIF decoded by a real loader (libheif inside its sandbox), held to libheif's own
/// `heif-convert`: 8, 10 and 12 bits, turned and mirrored, tiled, a thumbnail for a cell (and
/// one passed over), and a gain map left alone.
final class HEIFDecoderTests: XCTestCase {
    typealias H = HEIFBytes
    var folder: URL!

    override func setUpWithError() throws { folder = try HEIFReference.folder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// `bytes` written as `name`, decoded by a loader at `size`, its EXIF orientation `orientation`.
    func decodeInALoader(
        _ bytes: [UInt8], _ name: String, _ size: ScaledSize = .fitting(PixelBox(width: 4000, height: 4000)),
        orientation: ExifOrientation = .up, file: StaticString = #filePath, line: UInt = #line
    ) throws -> ScaledImage {
        switch LoaderPool.shared.decode(
            Data(bytes), name: name, to: size, orientation: orientation, expected: nil, limits: LibraryLimits())
        {
        case .success(let image): return image
        case .failure(let error):
            XCTFail("\(name) does not decode: \(error)", file: file, line: line)
            throw error
        }
    }

    /// `bytes` written to the test's folder as `name`, for heif-convert.
    func written(_ bytes: [UInt8], _ name: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    /// A drawing of `width`×`height` encoded by heif-enc as `name`.
    func encoded(_ name: String, width: Int = 300, height: Int = 200, depth: Int = 8, _ options: [String] = [])
        throws -> [UInt8]
    {
        let png = folder.appendingPathComponent("\(name).png")
        try HEIFReference.drawing(png, width: width, height: height, depth: depth)
        return try HEIFReference.encode(png, to: folder.appendingPathComponent(name), options)
    }

    /// A 16-bit drawing in a 10-bit AVIF, written by avifenc: heif-enc's AV1 encoder (aom)
    /// stops on an assertion when asked for 10 bits.
    func tenBitAVIF(_ name: String) throws -> [UInt8] {
        let png = folder.appendingPathComponent("\(name).png")
        let file = folder.appendingPathComponent(name)
        try HEIFReference.drawing(png, width: 300, height: 200, depth: 16)
        try HEIFReference.run("avifenc", ["-d", "10", "--min", "10", "--max", "10", png.path, file.path])
        return [UInt8](try Data(contentsOf: file))
    }

    /// Whole, each file is heif-convert's pixels: HEVC and AV1, 8-bit, 10-bit and 12-bit
    /// (libheif brings them down to 8), as the loader hands them to the window.
    func testHEICAndAVIFAreDecodedAsHeifConvertDecodesThem() throws {
        let files: [(String, [UInt8])] = [
            ("photo.heic", try encoded("photo.heic")),
            ("photo.avif", try encoded("photo.avif")),
            ("deep.heic", try encoded("deep.heic", depth: 16, ["-b", "10"])),
            ("odd.heic", try encoded("odd.heic", width: 301, height: 199)),
            ("twelve.heic", try encoded("twelve.heic", depth: 16, ["-b", "12"])),
            ("ten.avif", try tenBitAVIF("ten.avif")),
        ]
        for (name, bytes) in files {
            let image = try decodeInALoader(bytes, name)
            let reference = try HEIFReference.decoded(folder.appendingPathComponent(name))
            HEIFReference.assertMatches(HEIFReference.pixels(image.pixels), reference, name)
            XCTAssertEqual(image.originalSize, PixelBox(width: reference.width, height: reference.height), name)
        }
    }

    /// A file cut short inside its pixels (a download that stopped) fails with one line saying
    /// why, however libheif words it (found by scripts/fuzz-decoders.sh: a message ending in a
    /// newline).
    func testAFileCutShortFailsWithOneLine() throws {
        for name in ["cut.heic", "cut.avif"] {
            let whole = try encoded(name)
            let cut = Array(whole.prefix(whole.count - 40))
            guard
                case .failure(let failure) = LoaderPool.shared.decode(
                    Data(cut), name: name, to: .fitting(PixelBox(width: 64, height: 64)), orientation: .up,
                    expected: nil, limits: LibraryLimits())
            else {
                XCTFail("\(name) cut short decoded")
                continue
            }
            XCTAssertTrue(failure.description.hasPrefix("libheif could not "), "\(name): \(failure)")
            XCTAssertFalse(
                failure.description.contains(where: \.isNewline), "\(name): \(failure.description.debugDescription)")
        }
    }

    /// A grid whose `ispe` says 24×30464 and whose tiles make 24×16, found by
    /// `scripts/fuzz-decoders.sh`: libheif hands back the smaller picture, which was shown as if
    /// it were the size the header was checked for. It fails with one line, in a real loader.
    func testAGridThatDecodesSmallerThanItSaysFails() throws {
        let file = PackagePaths.root.appendingPathComponent("Tests/Fixtures/fuzz-found/grid-smaller-than-its-ispe.heic")
        guard
            case .failure(let failure) = LoaderPool.shared.decode(
                try Data(contentsOf: file), name: "photo.heic", to: .fitting(PixelBox(width: 64, height: 64)),
                orientation: .up, expected: nil, limits: LibraryLimits())
        else { return XCTFail("a grid smaller than its ispe decoded") }
        XCTAssertEqual(failure.description, "libheif decoded 24×16 of an image it reads as 24×30464")
    }

    /// heif-enc's picture with `irot` and `imir` added, as a phone writes a photo held sideways:
    /// libheif turns it once, and an EXIF orientation the window might send turns it no more.
    func testATurnedAndMirroredHEICIsTurnedOnceByLibheif() throws {
        let coded = try XCTUnwrap(H.coded(try encoded("plain.heic")))
        for (turns, axis) in [(1, nil), (2, 0), (3, 1)] as [(Int, Int?)] {
            let properties =
                [coded.configuration, H.ispe(coded.width, coded.height), H.irot(turns)]
                + (axis.map { [H.imir($0)] } ?? [])
            let bytes = H.file(
                items: [H.Item(id: 1, type: "hvc1", properties: properties, data: coded.data)], primary: 1)
            let name = "turned-\(turns).heic"
            let reference = try HEIFReference.decoded(try written(bytes, name))
            XCTAssertEqual([reference.width, reference.height], turns == 2 ? [300, 200] : [200, 300], name)
            let probe = try PhotoProbe.probe(head: Data(bytes), fileBytes: bytes.count, modified: 0).get()
            XCTAssertEqual(probe.uprightSize, PixelBox(width: reference.width, height: reference.height), name)
            for orientation in [ExifOrientation.up, .right] {
                let image = try decodeInALoader(bytes, name, orientation: orientation)
                HEIFReference.assertMatches(HEIFReference.pixels(image.pixels), reference, "\(name), \(orientation)")
            }
        }
    }

    /// A 2×2 grid of tiles heif-enc coded apart, as a phone tiles a large photo: decoded whole,
    /// tile by tile on the loader's one thread, as heif-convert puts it together.
    func testAGridIsPutTogetherAsHeifConvertDoes() throws {
        let png = folder.appendingPathComponent("whole.png")
        try HEIFReference.drawing(png, width: 256, height: 256)
        var tiles: [H.Item] = []
        for (index, (x, y)) in [(0, 0), (128, 0), (0, 128), (128, 128)].enumerated() {
            let tile = folder.appendingPathComponent("tile-\(index).png")
            try HEIFReference.run("convert", [png.path, "-crop", "128x128+\(x)+\(y)", "+repage", "PNG24:" + tile.path])
            let coded = try XCTUnwrap(
                H.coded(try HEIFReference.encode(tile, to: folder.appendingPathComponent("tile-\(index).heic"))))
            tiles.append(
                H.Item(
                    id: 2 + index, type: "hvc1", properties: [coded.configuration, H.ispe(128, 128)], data: coded.data,
                    hidden: true))
        }
        let grid = H.Item(
            id: 1, type: "grid", properties: [H.ispe(240, 250)],
            data: H.gridData(rows: 2, columns: 2, width: 240, height: 250))
        let bytes = H.file(items: [grid] + tiles, primary: 1, references: [("dimg", 1, tiles.map(\.id))])
        let claimed = try PhotoGate.check(Data(bytes), named: "grid.heic").get()
        XCTAssertEqual([claimed.width, claimed.height], [240, 250])
        let reference = try HEIFReference.decoded(try written(bytes, "grid.heic"))
        XCTAssertEqual([reference.width, reference.height], [240, 250])
        let image = try decodeInALoader(bytes, "grid.heic")
        HEIFReference.assertMatches(HEIFReference.pixels(image.pixels), reference, "grid")
    }

    /// A thumbnail the file carries is decoded for a cell it covers, and the photo itself for
    /// anything larger: here the thumbnail is another picture, so which was decoded shows.
    func testACellIsDecodedFromTheThumbnailAndTheScreenFromThePhoto() throws {
        let red = folder.appendingPathComponent("red.png")
        let green = folder.appendingPathComponent("green.png")
        try HEIFReference.run("convert", ["-size", "640x480", "xc:#d02020", "PNG24:" + red.path])
        try HEIFReference.run("convert", ["-size", "160x120", "xc:#20c020", "PNG24:" + green.path])
        let photo = try XCTUnwrap(H.coded(try HEIFReference.encode(red, to: folder.appendingPathComponent("r.heic"))))
        let thumb = try XCTUnwrap(H.coded(try HEIFReference.encode(green, to: folder.appendingPathComponent("g.heic"))))
        let bytes = H.file(
            items: [
                H.Item(id: 1, type: "hvc1", properties: [photo.configuration, H.ispe(640, 480)], data: photo.data),
                H.Item(id: 2, type: "hvc1", properties: [thumb.configuration, H.ispe(160, 120)], data: thumb.data),
            ], primary: 1, references: [("thmb", 2, [1])])
        func centre(_ size: ScaledSize) throws -> (PixelBox, RGBA, PixelBox?) {
            let image = try decodeInALoader(bytes, "thumbnailed.heic", size)
            let pixels = image.pixels
            return (pixels.size, pixels[pixels.width / 2, pixels.height / 2], image.originalSize)
        }
        let cell = try centre(.covering(PixelBox(width: 128, height: 96)))
        XCTAssertEqual(cell.0, PixelBox(width: 128, height: 96))
        XCTAssertGreaterThan(cell.1.g, 150, "a cell comes from the green thumbnail: \(cell.1)")
        XCTAssertEqual(cell.2, PixelBox(width: 640, height: 480), "the photo's own size, not the thumbnail's")
        let screen = try centre(.fitting(PixelBox(width: 393, height: 500)))
        XCTAssertEqual(screen.0, PixelBox(width: 393, height: 295))
        XCTAssertGreaterThan(screen.1.r, 150, "the screen comes from the red photo: \(screen.1)")
    }

    /// A picture of one flat colour coded by heif-enc, `width`×`height`, named `name`.
    func flat(_ colour: String, _ name: String, width: Int, height: Int) throws -> H.Coded {
        let png = folder.appendingPathComponent("\(name).png")
        try HEIFReference.run("convert", ["-size", "\(width)x\(height)", "xc:\(colour)", "PNG24:" + png.path])
        return try XCTUnwrap(H.coded(try HEIFReference.encode(png, to: folder.appendingPathComponent(name))))
    }

    /// A thumbnail of another shape than its photo's, or one whose `ispe` claims more pixels
    /// than a preview may have, is not decoded for a cell: the photo is, so the cell is red.
    func testAThumbnailOfTheWrongShapeOrTooLargeIsPassedOver() throws {
        let photo = try flat("#d02020", "red.heic", width: 640, height: 480)
        let wide = try flat("#20c020", "wide.heic", width: 240, height: 120)
        let small = try flat("#20c020", "small.heic", width: 160, height: 120)
        for (name, thumbnail) in [
            (
                "wide.heic",
                H.Item(id: 2, type: "hvc1", properties: [wide.configuration, H.ispe(240, 120)], data: wide.data)
            ),
            (
                "huge.heic",
                H.Item(id: 2, type: "hvc1", properties: [small.configuration, H.ispe(3200, 2400)], data: small.data)
            ),
        ] {
            let bytes = H.file(
                items: [
                    H.Item(id: 1, type: "hvc1", properties: [photo.configuration, H.ispe(640, 480)], data: photo.data),
                    thumbnail,
                ], primary: 1, references: [("thmb", 2, [1])])
            let image = try decodeInALoader(bytes, name, .covering(PixelBox(width: 128, height: 96)))
            let pixels = image.pixels
            XCTAssertEqual(pixels.size, PixelBox(width: 128, height: 96), name)
            let centre = pixels[pixels.width / 2, pixels.height / 2]
            XCTAssertGreaterThan(
                centre.r, 150, "\(name): the cell comes from the red photo, not its thumbnail: \(centre)")
            XCTAssertLessThan(centre.g, 100, "\(name): \(centre)")
        }
    }

    /// An iPhone's HDR gain map is an auxiliary image (`auxl`, its `auxC` Apple's URN) beside
    /// the photo: libheif reads past it, and so the photo is shown as heif-convert shows it,
    /// with no failure and nothing said about it.
    func testAGainMapIsLeftAloneAndThePhotoShown() throws {
        let png = folder.appendingPathComponent("photo.png")
        try HEIFReference.drawing(png, width: 300, height: 200)
        let photo = try XCTUnwrap(H.coded(try HEIFReference.encode(png, to: folder.appendingPathComponent("p.heic"))))
        let map = try flat("gray60", "map.heic", width: 150, height: 100)
        let gainMap = H.fullBox("auxC", H.B.ascii("urn:com:apple:photo:2020:aux:hdrgainmap") + [0])
        let bytes = H.file(
            items: [
                H.Item(id: 1, type: "hvc1", properties: [photo.configuration, H.ispe(300, 200)], data: photo.data),
                H.Item(
                    id: 2, type: "hvc1", properties: [map.configuration, H.ispe(150, 100), gainMap], data: map.data,
                    hidden: true),
            ], primary: 1, references: [("auxl", 2, [1])])
        let file = try written(bytes, "gainmap.heic")
        let info = try HEIFReference.run("heif-info", [file.path])
        XCTAssertTrue(info.contains("300x200"), "libheif reads the file: \(info)")
        let reference = try HEIFReference.decoded(file)
        let pool = LoaderPool()
        defer { pool.stopAll() }
        let said = Said()
        pool.decoderNotes.send(to: said.add)
        switch pool.decode(
            Data(bytes), name: "gainmap.heic", to: .fitting(PixelBox(width: 4000, height: 4000)), orientation: .up,
            expected: nil, limits: LibraryLimits())
        {
        case .success(let image):
            HEIFReference.assertMatches(HEIFReference.pixels(image.pixels), reference, "gain map")
        case .failure(let failure): XCTFail("a HEIC with a gain map fails: \(failure)")
        }
        XCTAssertEqual(said.lines, [], "nothing is said about the gain map")
    }
}

/// The lines a pool's decoder notes were sent, from whichever thread said them.
private final class Said: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [String] = []
    var lines: [String] { lock.withLock { kept } }
    func add(_ line: String) { lock.withLock { kept.append(line) } }
}
