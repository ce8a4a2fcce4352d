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

/// Files built to make a decoder allocate, hang or misread, each written by the test: every one
/// is a placeholder with one line saying why, refused before any decoder sees it, while a good
/// photo beside them still loads.
final class HostileImageTests: XCTestCase {
    typealias B = GateBytes
    var folder: URL!
    let good = PackagePaths.root.appendingPathComponent("assets/photos/coffee.jpg")

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func write(_ name: String, _ bytes: [UInt8]) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    static func tiffDirectory(width: Int, height: Int, next: Int) -> [UInt8] {
        B.le16(2) + B.le16(256) + B.le16(3) + B.le32(1) + B.le16(width) + [0, 0] + B.le16(257) + B.le16(3) + B.le32(1)
            + B.le16(height) + [0, 0] + B.le32(next)
    }

    static func refusal<T>(_ result: Result<T, DecodeFailure>) -> String? {
        guard case .failure(let error) = result else { return nil }
        return error.description
    }

    static let tooMany = "a photo may have 100 (library.maximumMegapixels)"

    /// A HEIC whose `iinf` box claims a mebibyte inside a `meta` of a few hundred bytes.
    static func lyingHEIC() -> [UInt8] {
        var bytes = HEIFBytes.single(width: 300, height: 200)
        let iinf = (4..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual(B.ascii("iinf")) }!
        bytes.replaceSubrange(iinf - 4..<iinf, with: B.be32(1 << 20))
        return bytes
    }

    /// Each hostile file's bytes and the reason its line must give.
    static let corpus: [(name: String, bytes: [UInt8], reason: String)] = [
        // SDL_image allocates a GIF frame at its descriptor's size, not the screen's.
        (
            "frame.gif", B.gif(screen: (4, 3), frame: (30000, 30000)),
            "its header claims 4×3 pixels but a frame of 900 megapixels; \(tooMany)"
        ),
        // A frame of one pixel placed far past its screen: decoders that grow their canvas to hold
        // it allocate to its far corner, so the placement counts, not only the frame's own size.
        (
            "placed.gif", B.gif(screen: (4, 3), frame: (1, 1), at: (30000, 30000)),
            "its header claims 4×3 pixels but a frame of 900 megapixels; \(tooMany)"
        ),
        // Each "could hold" line guards its format's leastFileBytes: within the pixel limit a decoder
        // would still allocate the claim before finding the bytes missing. QOI: a run of 62 a byte.
        (
            "huge.qoi",
            B.ascii("qoif") + B.be32(30000) + B.be32(30000) + [3, 0] + [0xFE, 255, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 1],
            "its header claims 30000×30000 pixels, more than its 26 bytes could hold"
        ),
        // The directory sits at the end: a parser reading only the first bytes would find no size.
        (
            "end.tif",
            [0x49, 0x49, 0x2A, 0] + B.le32(120) + [UInt8](repeating: 0, count: 112)
                + tiffDirectory(width: 65535, height: 65535, next: 0),
            "its header claims 65535×65535 pixels, 4295 megapixels; \(tooMany)"
        ),
        // 2×2 then 65535², which points back to the first: counted, and the walk still ends.
        (
            "loop.tif",
            [0x49, 0x49, 0x2A, 0] + B.le32(8) + tiffDirectory(width: 2, height: 2, next: 38)
                + tiffDirectory(width: 65535, height: 65535, next: 8),
            "its header claims 2×2 pixels but a frame of 4295 megapixels; \(tooMany)"
        ),
        // PNM's binary kinds store every sample; a comment between the fields must not hide the size.
        (
            "huge.ppm", B.ascii("P6\n30000 30000\n255\n") + [UInt8](repeating: 7, count: 30),
            "its header claims 30000×30000 pixels, more than its 49 bytes could hold"
        ),
        (
            "huge.pgm", B.ascii("P5\n# c\n65535 65535 255\n") + [UInt8](repeating: 7, count: 30),
            "its header claims 65535×65535 pixels, more than its 53 bytes could hold"
        ),
        // PCX packs 63 bytes into two at most; OS/2's BMP stores every row; deflate packs 1,032 to 1.
        (
            "huge.pcx", B.pcx(width: 30000, height: 30000, rowBytes: 30000, data: [0xC1, 0, 0xC1, 0]),
            "its header claims 30000×30000 pixels, more than its 132 bytes could hold"
        ),
        (
            "os2.bmp", B.os2BMP(width: 65535, height: 65535, pixelBytes: 22),
            "its header claims 65535×65535 pixels, more than its 48 bytes could hold"
        ),
        (
            "huge.png", B.png(width: 50000, height: 50000, idatBytes: 232),
            "its header claims 50000×50000 pixels, more than its 300 bytes could hold"
        ),
        // HEIF: every size is read from the boxes before libheif allocates for any of them.
        (
            "huge.heic", HEIFBytes.single(width: 100_000, height: 100_000),
            "its header claims 100000×100000 pixels, 10000 megapixels; \(tooMany)"
        ),
        (
            "tiles.heic", HEIFBytes.grid(tiles: 10_000, tile: (64, 64), width: 6400, height: 6400),
            "its HEIC grid has 10000 tiles; at most 1024 are read"
        ),
        ("lying.heic", lyingHEIC(), "its HEIC box 'iinf' claims 1048576 bytes where its 'meta' has 120 left"),
        // Formats SDL_image would try whatever the name: told by their bytes and named.
        (
            "drawing.png",
            B.ascii(
                "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"30000\" height=\"30000\"/>\n"
            ),
            "it is an SVG drawing, not a photo"
        ),
        (
            "icon.jpg", [0, 0, 1, 0] + B.le16(1) + [0, 0, 0, 0] + B.le16(1) + B.le16(32) + B.le32(40) + B.le32(22),
            "it is an icon (ICO or CUR), not a photo"
        ),
        (
            "gimp.jpg", B.ascii("gimp xcf v011\0") + B.be32(30000) + B.be32(30000) + B.be32(0),
            "it is a GIMP working file (XCF), not a photo"
        ),
        (
            "pixmap.jpg", B.ascii("/* XPM */\nstatic char *x[] = {\n\"30000 30000 1 1\",\n\"  c None\",\n};\n"),
            "it is an XPM icon, not a photo"
        ),
        (
            "amiga.jpg",
            B.ascii("FORM") + B.be32(32) + B.ascii("ILBMBMHD") + B.be32(20) + B.be16(30000) + B.be16(30000)
                + [UInt8](repeating: 0, count: 16),
            "it is an IFF file (LBM or ILBM), not a photo"
        ),
    ]

    /// The whole path a folder's file takes (open, identify, size, claim): each hostile file is
    /// refused there, so the library never gives a frame its file to decode.
    func testHostileFilesArePlaceholdersWithOneLineEachBesideAGoodPhoto() throws {
        var files = try Self.corpus.map { try write($0.name, $0.bytes) }
        var reasons = Self.corpus.map(\.reason)
        // O_NONBLOCK and fstat on the descriptor: without them, opening the FIFO waits for a writer forever.
        let fifo = folder.appendingPathComponent("fifo.jpg")
        XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
        // A link is followed for a photo, so the type must come from what was opened: /dev/zero never ends.
        let zero = folder.appendingPathComponent("zero.jpg")
        try FileManager.default.createSymbolicLink(atPath: zero.path, withDestinationPath: "/dev/zero")
        files += [fifo, zero]
        reasons += ["it is a FIFO, not a file", "it is a device, not a file"]
        let disguised = folder.appendingPathComponent("really-a-jpeg.png")
        try FileManager.default.copyItem(at: good, to: disguised)

        var lines: [String] = []
        let started = Date()
        let library = PhotoLibrary.load(files: files + [disguised, good], log: { lines.append($0) })
        XCTAssertLessThan(
            Date().timeIntervalSince(started), HangGuard.seconds, HangGuard.failure("a file blocked or spun the probe"))
        XCTAssertEqual(library.infos.map(\.isPlaceholder), files.map { _ in true } + [false, false])
        // The line names the file once and the reason in full: one line a file, nothing else logged.
        XCTAssertEqual(
            lines, zip(files, reasons).map { "photozoom: cannot decode \($0.path) (\($1)); showing a placeholder" })
        // A placeholder has no file, so no frame ever hands one of them to a decoder.
        XCTAssertEqual(library.files.map { $0 == nil }, files.map { _ in true } + [false, false])
        // The name does not decide the format: a JPEG named .png is sized as the JPEG it is.
        XCTAssertEqual(library.infos[files.count].pixelSize, library.infos[files.count + 1].pixelSize)
    }

    /// The decoder's own gate: the whole bytes, as a decode gets them, are refused for the same
    /// reason, so no path from the file to SDL_image skips the check.
    func testEachHostileFilesWholeBytesAreRefusedBeforeAnyDecoder() {
        for entry in Self.corpus {
            let data = Data(entry.bytes)
            guard case .failure(let refused) = PhotoGate.check(data, named: entry.name) else {
                XCTFail("\(entry.name) passed the gate")
                continue
            }
            XCTAssertEqual(refused.description, entry.reason, entry.name)
            guard
                case .failure(let decoding) = ScaledDecoder.decode(
                    data, to: .fitting(PixelBox(width: 64, height: 64)), named: entry.name)
            else {
                XCTFail("\(entry.name) decoded")
                continue
            }
            XCTAssertEqual(decoding.description, entry.reason, entry.name)
        }
    }

    /// Files of a few dozen bytes claiming 9000×9000, 81 megapixels, within the pixel limit: one
    /// for every format whose coding bounds how tightly its pixels pack. Only that least size
    /// stops each before its decoder allocates the claim.
    static let overclaims: [(name: String, bytes: [UInt8])] = [
        (
            "huge.tga",
            [0, 0, 2, 0, 0, 0, 0, 0] + B.le16(0) + B.le16(0) + B.le16(9000) + B.le16(9000) + [24, 0]
                + [UInt8](repeating: 0x80, count: 12)
        ),
        (
            "rle.tga",
            [0, 0, 10, 0, 0, 0, 0, 0] + B.le16(0) + B.le16(0) + B.le16(9000) + B.le16(9000) + [24, 0] + [0xFF, 1, 2, 3]
        ),
        ("huge.png", B.png(width: 9000, height: 9000, idatBytes: 16)),
        (
            "huge.bmp",
            B.ascii("BM") + B.le32(54) + B.le32(0) + B.le32(54) + B.le32(40) + B.le32(9000) + B.le32(9000) + B.le16(1)
                + B.le16(24) + B.le32(0) + B.le32(0) + B.le32(2835) + B.le32(2835) + B.le32(0) + B.le32(0)
        ),
        ("os2.bmp", B.os2BMP(width: 9000, height: 9000, pixelBytes: 4)),
        ("huge.qoi", B.qoi(width: 9000, height: 9000)),
        ("huge.ppm", B.ascii("P6\n9000 9000\n255\n") + [UInt8](repeating: 7, count: 12)),
        ("huge.pgm", B.ascii("P5\n9000 9000\n255\n") + [UInt8](repeating: 7, count: 12)),
        ("huge.pbm", B.ascii("P4\n9000 9000\n") + [UInt8](repeating: 0xAA, count: 16)),
        ("text.ppm", B.ascii("P3\n9000 9000\n255\n0 0 0\n")),
        ("huge.pcx", B.pcx(width: 9000, height: 9000, rowBytes: 9000, data: [0xC1, 0])),
        ("huge.jpg", B.jpeg(width: 9000, height: 9000)),
    ]

    /// Each format's least file size, one row each: with a row's bound gone, its file would reach
    /// a decoder that allocates 81 megapixels for a few dozen bytes.
    func testEveryClaimMoreThanItsBytesCouldHoldIsRefused() throws {
        for (name, bytes) in Self.overclaims {
            let data = Data(bytes)
            let claimed = try XCTUnwrap(PhotoHeader.dimensions(of: data, named: name), name)
            XCTAssertEqual([claimed.width, claimed.height], [9000, 9000], name)
            // The claim is within every other limit: the bytes alone stop it.
            XCTAssertNil(PhotoGate.claimProblem(claimed, fileBytes: Int.max), name)
            XCTAssertEqual(
                Self.refusal(PhotoGate.check(data, named: name)),
                "its header claims 9000×9000 pixels, more than its \(data.count) bytes could hold", name)
        }
    }

    /// A TIFF's directory past the head read first is read through the descriptor: a probe that
    /// stopped at its head would find no size, or worse, only the first directory's.
    func testATIFFDirectoryPastTheHeadIsReadThroughTheDescriptor() throws {
        let tiff = try XCTUnwrap(Self.corpus.first { $0.name == "end.tif" })
        let opened = try PhotoGate.open(try write(tiff.name, tiff.bytes)).get()
        guard
            case .failure(let refused) = PhotoProbe.probe(
                head: Data(tiff.bytes.prefix(8)), file: opened, name: tiff.name,
                fileBytes: opened.bytes, modified: 0)
        else { return XCTFail("sized from 8 bytes") }
        XCTAssertEqual(refused.description, tiff.reason)
    }

    /// A GIF whose first frame fills more than the probe's first read (75 KiB), then a frame of
    /// 30000²: the decoder shows the first frame and reads nothing after it, so the gate, the
    /// probe and the decoder all stop at the first frame, and the one after claims nothing.
    func testAGIFsHugeFramePastItsFirstIsNeverRead() throws {
        let blocks = [UInt8]((0..<300).flatMap { _ in [255] + [UInt8](repeating: 0, count: 255) })
        let bytes =
            B.ascii("GIF89a") + B.le16(4) + B.le16(3) + [0, 0, 0] + [0x2C] + B.le16(0) + B.le16(0) + B.le16(4)
            + B.le16(3) + [0, 2] + blocks + [0]
            + [0x2C] + B.le16(0) + B.le16(0) + B.le16(30000) + B.le16(30000) + [0, 2, 2, 0x4C, 0x01, 0, 0x3B]
        let file = try write("late.gif", bytes)
        XCTAssertEqual(try PhotoGate.check(Data(bytes)).get().decodedPixels, 12)
        let decoded = try PhotoPixelDecoder.decode(file, .thumbnail(side: 128), cache: nil, layout: .rgba).get()
        XCTAssertEqual(decoded.uprightSize, PixelBox(width: 4, height: 3))
    }

    /// A TIFF whose first directory, past the 128 KiB head, takes exactly the 4,096 reads
    /// HeaderBytes allows: the pointer to a second directory of 65535² is then unread, and a
    /// walk cut short by its budget must refuse, not accept the part it saw.
    func testATIFFChainCutShortByTheReadBudgetIsRefusedByTheProbe() throws {
        func entry(_ tag: Int, _ value: Int) -> [UInt8] {
            B.le16(tag) + B.le16(3) + B.le32(1) + B.le16(value) + [0, 0]
        }
        // Reads: the count, 3 for each side entry (256 twice, then 257), 2 for each of 2,043 other tags.
        var first =
            B.le16(2046) + entry(256, 2) + entry(256, 2) + (0..<2043).flatMap { _ in entry(300, 1) } + entry(257, 2)
        let start = PhotoProbe.headBytes + 8192
        first += B.le32(start + first.count + 4)
        let bytes =
            [0x49, 0x49, 0x2A, 0] + B.le32(start) + [UInt8](repeating: 0, count: start - 8) + first
            + Self.tiffDirectory(width: 65535, height: 65535, next: 0)
        let reason = "its header claims 2×2 pixels but a frame of 4295 megapixels; \(Self.tooMany)"
        XCTAssertEqual(Self.refusal(PhotoGate.check(Data(bytes))), reason)
        // The probe cannot say how large the rest of the chain claims to be: no size, no photo.
        XCTAssertEqual(
            Self.refusal(PhotoProbe.probe(try write("budget.tif", bytes), hashing: false)),
            "its TIFF header does not say its size")
    }

    /// The extension does not choose the decoder: the bytes do, and a JPEG named .png decodes.
    func testAJPEGNamedPNGIsDecodedAsAJPEG() throws {
        let data = try Data(contentsOf: good)
        XCTAssertEqual(try PhotoGate.check(data, named: "really-a-jpeg.png").get().kind, .jpeg)
        let image = try ScaledDecoder.decode(
            data, to: .fitting(PixelBox(width: 64, height: 64)), named: "really-a-jpeg.png"
        ).get()
        XCTAssertEqual(max(image.pixels.width, image.pixels.height), 64)
    }

    /// Anyone may write the shared cache: an entry for a real photo that claims too much, is
    /// too large, truncated, a link, a FIFO or garbage is no thumbnail, and says so without
    /// waiting on it.
    func testPlantedThumbnailCacheEntriesAreNoThumbnail() throws {
        let photo = folder.appendingPathComponent("photo.jpg")
        try FileManager.default.copyItem(at: good, to: photo)
        let cache = ThumbnailCache(
            root: folder.appendingPathComponent("cache/thumbnails"), program: "photozoom", version: "test",
            log: { _ in })
        _ = try cache.make(photo, size: .normal).get()
        let entry = cache.location(of: photo, size: .normal)
        let valid = [UInt8](try Data(contentsOf: entry))
        // The planting below is only meaningful where the genuine entry is read.
        XCTAssertNotNil(cache.read(photo, size: .normal))
        let elsewhere = try write("valid-thumbnail.png", valid)

        var claiming = valid
        claiming.replaceSubrange(16..<24, with: B.be32(50000) + B.be32(50000))
        claiming.replaceSubrange(29..<33, with: B.be32(Int(B.crc32(claiming[12..<29]))))
        var random = try SeededGenerator(fixedSeed: 0x7B)
        let plants: [(String, (URL) throws -> Void)] = [
            // The text is right, so only the IHDR check stops libpng allocating 50000² RGBA.
            ("IHDR claims 50000²", { try Data(claiming).write(to: $0) }),
            // The cap is checked on the descriptor before a byte is read: no entry is read whole into memory first.
            (
                "over maximumThumbnailBytes",
                {
                    try Data(
                        valid + [UInt8](repeating: 0, count: ThumbnailCache.maximumThumbnailBytes + 1 - valid.count)
                    ).write(to: $0)
                }
            ),
            // The text is intact, so only libpng's own error path (ending in nil, not half a picture) stops it.
            ("truncated in its pixels", { try Data(valid.prefix(valid.count * 2 / 3)).write(to: $0) }),
            // O_NOFOLLOW: a link in the cache is someone else's doing, even to a good thumbnail.
            (
                "link to a valid thumbnail",
                { try FileManager.default.createSymbolicLink(atPath: $0.path, withDestinationPath: elsewhere.path) }
            ),
            // Were the link followed, readAll of a device that never ends would not return.
            (
                "link to /dev/zero",
                { try FileManager.default.createSymbolicLink(atPath: $0.path, withDestinationPath: "/dev/zero") }
            ),
            // O_NONBLOCK: opening a FIFO with no writer would otherwise wait forever.
            ("FIFO", { XCTAssertEqual(mkfifo($0.path, 0o600), 0) }),
            // The chunk walk checks each length against the bytes there are, so random lengths end it.
            (
                "garbage after a PNG signature",
                {
                    try Data(B.pngSignature + (0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }).write(
                        to: $0)
                }
            ),
        ]
        for (name, plant) in plants {
            try? FileManager.default.removeItem(at: entry)
            try plant(entry)
            let started = Date()
            let read = cache.read(photo, size: .normal)
            XCTAssertNil(read, name)
            // `holds` decides whether a thumbnail is made again: a yes here leaves the photo without one.
            XCTAssertFalse(cache.holds(photo, size: .normal), name)
            XCTAssertLessThan(
                Date().timeIntervalSince(started), HangGuard.seconds, HangGuard.failure("\(name): not refused"))
        }
    }

    /// The checks are made on the descriptor opened, never the path again: a file swapped for a
    /// 1 GiB one after the open is still the small one read, and a fresh probe sees the new one.
    func testAFileSwappedAfterItWasOpenedIsReadAsTheOneChecked() throws {
        let small = folder.appendingPathComponent("small.jpg")
        try FileManager.default.copyItem(at: good, to: small)
        let original = try Data(contentsOf: small)
        let opened = try PhotoGate.open(small).get()
        let big = folder.appendingPathComponent("big.tmp")
        FileManager.default.createFile(atPath: big.path, contents: nil)
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        XCTAssertEqual(rename(big.path, small.path), 0)

        // Size and bytes from the descriptor: a path opened again, or stat'ed again, would see 1 GiB.
        XCTAssertEqual(opened.bytes, original.count)
        XCTAssertEqual(try opened.readAll().get(), original)
        let head = PhotoProbe.readHead(opened, hashing: false).bytes
        XCTAssertEqual(
            try PhotoProbe.probe(head: head, file: opened, fileBytes: opened.bytes, modified: 0).get().uprightSize,
            try PhotoProbe.probe(good).get().uprightSize)
        // The cap is on the file's own size, so the new file is refused before a byte of it is read.
        guard case .failure(let refused) = PhotoProbe.probe(small) else { return XCTFail("a 1 GiB file was probed") }
        XCTAssertEqual(refused.description, "it is 1024.0 MiB; a photo may be 256 MiB (library.maximumFileMiB)")
        XCTAssertTrue(refused.isOverLimits)
    }
}
