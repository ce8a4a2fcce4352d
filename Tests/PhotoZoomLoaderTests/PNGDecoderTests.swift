import Foundation
import PhotoZoomTestSupport
import PhotoZoomUntrusted
import XCTest

@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface

/// PNGs of every kind decode to ImageMagick's pixels, or to the pixels a file built by hand
/// holds; a file cut short shows what arrived; no file traps or decodes past the pixel limit.
final class PNGDecoderTests: XCTestCase {
    var reference: GraphicsReference!

    override func setUpWithError() throws { reference = try GraphicsReference.make() }
    override func tearDown() { reference.remove() }

    static let limit = 100_000_000

    func decoded(_ data: Data, maximumPixels: Int = limit, file: StaticString = #filePath, line: UInt = #line) throws
        -> PixelBuffer
    {
        switch PNGDecoder.decode(data, maximumPixels: maximumPixels) {
        case .success(let pixels): return pixels
        case .failure(let failure):
            XCTFail("not decoded: \(failure)", file: file, line: line)
            throw failure
        }
    }

    /// 19×13 of colours and alpha that vary everywhere.
    func source() throws -> Data {
        try reference.file(
            "source.png",
            [
                "-seed", "7", "-size", "19x13", "plasma:red-blue", "(", "-size", "19x13", "gradient:white-black", ")",
                "-alpha", "off", "-compose", "CopyOpacity", "-composite",
            ])
    }

    func testEachColourTypeAndDepthImageMagickWritesDecodesAsItDoes() throws {
        _ = try source()
        let grey = ["-alpha", "off", "-colorspace", "Gray"]
        let kinds: [(depth: UInt8, colour: UInt8, options: [String])] = [
            (1, 0, grey + ["-depth", "1"]), (2, 0, grey + ["-depth", "2"]), (4, 0, grey + ["-depth", "4"]),
            (8, 0, grey), (16, 0, grey + ["-depth", "16"]),
            (8, 4, ["-colorspace", "Gray"]), (16, 4, ["-colorspace", "Gray", "-depth", "16"]),
            (8, 2, ["-alpha", "off"]), (16, 2, ["-alpha", "off", "-depth", "16"]),
            (8, 6, []), (16, 6, ["-depth", "16"]), (8, 3, ["-alpha", "off", "-colors", "200"]),
        ]
        for kind in kinds {
            for interlace in ["None", "PNG"] {
                let name = "d\(kind.depth)-c\(kind.colour)-\(interlace).png"
                let data = try reference.file(
                    name,
                    [reference.folder.appendingPathComponent("source.png").path] + kind.options + [
                        "-define", "png:bit-depth=\(kind.depth)", "-define", "png:color-type=\(kind.colour)",
                        "-interlace", interlace,
                    ])
                XCTAssertEqual(
                    [data[24], data[25], data[28]], [kind.depth, kind.colour, interlace == "PNG" ? 1 : 0],
                    "\(name): ImageMagick wrote what was asked")
                GraphicsReference.assertSame(
                    try decoded(data), try reference.pixels(of: data, named: name), "\(name)")
            }
        }
    }

    /// The cause SDL_image got wrong: a grey PNG's tRNS colour came out yellow and blue.
    func testGreyWithATransparentColourAtEachDepthDecodesAsImageMagickDoes() throws {
        for depth in [1, 2, 4, 8, 16] {
            let most = (1 << depth) - 1
            let samples = (0..<12).map { $0 * most / 11 }
            let transparent = samples[depth == 1 ? 11 : 5]
            let png = HandMadePNG(
                width: 12, height: 1, depth: depth, colourType: 0, rows: [HandMadePNG.pack(samples, depth: depth)],
                chunks: [HandMadePNG.chunk("tRNS", [UInt8(transparent >> 8), UInt8(transparent & 0xFF)])])
            let pixels = try decoded(png.data)
            GraphicsReference.assertSame(
                pixels, try reference.pixels(of: png.data, named: "grey\(depth).png"), "\(depth)-bit grey")
            let known = samples.map {
                RGBA(grey: UInt8(($0 * 255 + most / 2) / most), a: $0 == transparent ? 0 : 255)
            }
            GraphicsReference.assertSame(
                pixels, GraphicsReference.Pixels(width: 12, height: 1, known), "\(depth)-bit grey, known")
        }
    }

    func testPaletteAtEachDepthWithPartialTransparencyDecodesAsImageMagickDoes() throws {
        for depth in [1, 2, 4, 8] {
            let entries = 1 << depth
            let palette = (0..<entries).map { (index: Int) -> RGBA in
                RGBA(r: UInt8(index * 37 % 256), g: UInt8(255 - index), b: UInt8(index * 5 % 256))
            }
            let alphas = (0..<entries / 2 + 1).map { UInt8(($0 * 97) % 256) }
            let indices = (0..<16 * 3).map { ($0 * 7) % entries }
            let png = HandMadePNG(
                width: 16, height: 3, depth: depth, colourType: 3,
                rows: (0..<3).map { HandMadePNG.pack(Array(indices[$0 * 16..<$0 * 16 + 16]), depth: depth) },
                chunks: [
                    HandMadePNG.chunk("PLTE", palette.flatMap { [$0.r, $0.g, $0.b] }),
                    HandMadePNG.chunk("tRNS", alphas),
                ])
            let pixels = try decoded(png.data)
            GraphicsReference.assertSame(
                pixels, try reference.pixels(of: png.data, named: "palette\(depth).png"), "\(depth)-bit palette")
            let known = indices.map { index in
                var colour = palette[index]
                colour.a = index < alphas.count ? alphas[index] : 255
                return colour
            }
            GraphicsReference.assertSame(
                pixels, GraphicsReference.Pixels(width: 16, height: 3, known), "\(depth)-bit palette, known")
        }
    }

    func testRGBWithATransparentColourDecodesAsImageMagickDoes() throws {
        for depth in [8, 16] {
            let colours = (0..<10).map { (x: Int) -> [Int] in
                [x * 1000 % (1 << depth), 77 << (depth - 8), x * 3 << (depth - 8)]
            }
            let key = colours[4]
            let png = HandMadePNG(
                width: 10, height: 1, depth: depth, colourType: 2,
                rows: [HandMadePNG.pack(colours.flatMap { $0 }, depth: depth)],
                chunks: [HandMadePNG.chunk("tRNS", HandMadePNG.pack(key, depth: 16))])
            let pixels = try decoded(png.data)
            GraphicsReference.assertSame(
                pixels, try reference.pixels(of: png.data, named: "rgb\(depth).png"), "\(depth)-bit RGB")
            XCTAssertEqual(everyPixel(pixels).map(\.a), colours.map { $0 == key ? 0 : 255 }, "\(depth)-bit RGB")
        }
    }

    /// Every 16-bit value, rounded to 8 bits as ImageMagick's 16-bit samples are here, with
    /// (v × 255 + 32767) / 65535: libpng's simplified reader would take them for linear light.
    func testSixteenBitSamplesAreRoundedNotLinearisedOrCut() throws {
        let png = HandMadePNG(
            width: 256, height: 256, depth: 16, colourType: 0,
            rows: (0..<256).map { y in HandMadePNG.pack((0..<256).map { y << 8 | $0 }, depth: 16) })
        let pixels = try decoded(png.data)
        GraphicsReference.assertSame(pixels, try reference.pixels(of: png.data, named: "all16.png"), "every value")
        let known = (0..<65536).map { RGBA(grey: UInt8(($0 * 255 + 32767) / 65535)) }
        GraphicsReference.assertSame(pixels, GraphicsReference.Pixels(width: 256, height: 256, known), "known")
    }

    /// The decoder applies no gamma: with a gAMA of 1.0 and a chromaticity the samples are as
    /// stored, and the chunks become the profile the loader converts from once the picture is
    /// shrunk (ColourManagementTests).
    func testGammaAndChromaticitiesLeaveTheSamplesAsStored() throws {
        let samples = (0..<16).flatMap { [$0 * 16, 255 - $0 * 16, 128] }
        for depth in [8, 16] {
            let png = HandMadePNG(
                width: 16, height: 1, depth: depth, colourType: 2,
                rows: [HandMadePNG.pack(depth == 8 ? samples : samples.map { $0 * 257 }, depth: depth)],
                chunks: [
                    HandMadePNG.chunk("gAMA", HandMadePNG.bigEndian(100_000)),
                    HandMadePNG.chunk("cHRM", (0..<8).flatMap { HandMadePNG.bigEndian(UInt32(10_000 * ($0 + 1))) }),
                ])
            let known = stride(from: 0, to: samples.count, by: 3).map {
                RGBA(r: UInt8(samples[$0]), g: UInt8(samples[$0 + 1]), b: UInt8(samples[$0 + 2]))
            }
            GraphicsReference.assertSame(
                try decoded(png.data), GraphicsReference.Pixels(width: 16, height: 1, known), "\(depth)-bit")
        }
    }

    /// 40×16 RGBA, each row its own colour: a row's bytes sit where `rowOffset` says.
    static let striped = HandMadePNG(
        width: 40, height: 16, depth: 8, colourType: 6,
        rows: (0..<16).map { y in (0..<40).flatMap { [UInt8(y * 15), UInt8($0 * 6), 200, UInt8(255 - y)] } })

    static func stripe(_ y: Int) -> [RGBA] {
        (0..<40).map { RGBA(r: UInt8(y * 15), g: UInt8($0 * 6), b: 200, a: UInt8(255 - y)) }
    }

    /// A download cut short inside row 9: rows 0 to 8 as they are, the rest mid grey.
    func testACutShortPNGShowsTheRowsThatArrivedOverMidGrey() throws {
        let png = Self.striped
        let cut = Data(png.bytes.prefix(png.rowOffset(9) + 50))
        let known = (0..<16).flatMap { $0 < 9 ? Self.stripe($0) : Array(repeating: RGBA(grey: 128), count: 40) }
        GraphicsReference.assertSame(
            try decoded(cut), GraphicsReference.Pixels(width: 40, height: 16, known), "cut inside row 9")
        GraphicsReference.assertSame(
            try decoded(png.data), GraphicsReference.Pixels(width: 40, height: 16, (0..<16).flatMap(Self.stripe)),
            "whole")
    }

    /// An Adam7 file cut short shows its early passes in blocks, as a browser does: its first
    /// pass (every eighth pixel each way) is there, no pixel is left grey, and it is no longer
    /// the whole picture.
    func testACutShortInterlacedPNGShowsItsEarlyPassesInBlocks() throws {
        _ = try source()
        let data = try reference.file(
            "adam7.png", [reference.folder.appendingPathComponent("source.png").path, "-interlace", "PNG"])
        let whole = GraphicsReference.Pixels(try decoded(data))
        let cut = GraphicsReference.Pixels(try decoded(data.prefix(data.count * 2 / 3)))
        for y in stride(from: 0, to: 13, by: 8) {
            for x in stride(from: 0, to: 19, by: 8) {
                XCTAssertEqual(cut.pixel(x, y), whole.pixel(x, y), "the first pass at (\(x), \(y))")
            }
        }
        XCTAssertNotEqual(cut, whole, "the picture is not all there")
        XCTAssertFalse(
            (0..<13).contains { y in (0..<19).contains { cut.pixel($0, y) == PNGDecoder.missing } },
            "every pixel is covered by a block of an early pass")
    }

    /// Cut inside its signature, its header or before its first row is whole: nothing to show.
    func testAPNGCutBeforeItsFirstRowIsCorrupt() throws {
        let png = Self.striped
        for length in [0, 5, 8, 20, 33, 40, png.rowOffset(0), png.rowOffset(1) - 1] {
            guard
                case .failure(.corrupt(let why)) = PNGDecoder.decode(
                    Data(png.bytes.prefix(length)), maximumPixels: Self.limit)
            else { return XCTFail("\(length) bytes were not corrupt") }
            XCTAssertFalse(why.isEmpty)
        }
        XCTAssertNoThrow(try decoded(Data(png.bytes.prefix(png.rowOffset(1) + 1))), "one row")
    }

    /// A wrong CRC in an ancillary chunk skips that chunk; in the image data it ends the image
    /// there (libpng's default, and browsers'), the rows before it shown.
    func testACRCErrorSkipsAnAncillaryChunkAndEndsTheImageInItsData() throws {
        var png = Self.striped
        var text = HandMadePNG.chunk("tEXt", Array("Comment\u{0}hello".utf8))
        text[text.count - 1] ^= 0xFF
        png.chunks = [text]
        let whole = GraphicsReference.Pixels(width: 40, height: 16, (0..<16).flatMap(Self.stripe))
        GraphicsReference.assertSame(try decoded(png.data), whole, "a tEXt chunk's CRC wrong")

        // The image data in two chunks, the first (rows 0 to 5) with its CRC wrong.
        let stream = HandMadePNG.zlibStored(png.rows.flatMap { [0] + $0 })
        let split = 2 + 5 + 6 * 161
        var first = HandMadePNG.chunk("IDAT", Array(stream[..<split]))
        first[first.count - 1] ^= 0xFF
        let bytes =
            HandMadePNG.signature + png.header + first + HandMadePNG.chunk("IDAT", Array(stream[split...]))
            + HandMadePNG.chunk("IEND", [])
        let known = (0..<16).flatMap { $0 < 6 ? Self.stripe($0) : Array(repeating: RGBA(grey: 128), count: 40) }
        GraphicsReference.assertSame(
            try decoded(Data(bytes)), GraphicsReference.Pixels(width: 40, height: 16, known), "an IDAT's CRC wrong")
    }

    /// The limit is held to the header's size before any row is read: a header claiming
    /// 30000×30000 with no data is over the limits, not corrupt; a side past 2^20 is corrupt.
    func testThePixelLimitIsCheckedFromTheHeaderBeforeAnyRow() throws {
        func claim(_ width: Int, _ height: Int) -> Data {
            var png = HandMadePNG(width: width, height: height, depth: 8, colourType: 6, rows: [])
            png.rows = []
            return Data(HandMadePNG.signature + png.header + HandMadePNG.chunk("IDAT", [0x78, 0x01]))
        }
        guard case .failure(let over) = PNGDecoder.decode(claim(30000, 30000), maximumPixels: Self.limit) else {
            return XCTFail("30000×30000 was decoded")
        }
        XCTAssertTrue(over.isOverLimits, "\(over)")
        guard case .failure(let within) = PNGDecoder.decode(claim(300, 300), maximumPixels: Self.limit) else {
            return XCTFail("300×300 of no data was decoded")
        }
        XCTAssertFalse(within.isOverLimits, "\(within)")
        for (width, height) in [(1 << 21, 1), (1, 1 << 21), (0x7FFF_FFFF, 0x7FFF_FFFF)] {
            guard case .failure(.corrupt) = PNGDecoder.decode(claim(width, height), maximumPixels: Int.max) else {
                return XCTFail("\(width)×\(height) was not corrupt")
            }
        }
    }

    /// Thousands of mutations of valid files (bytes changed, cut, inserted; half of them with
    /// their CRCs made right again): each is decoded or refused, never trapped, and what is
    /// decoded is within the limit.
    func testMutatedPNGsAreDecodedOrRefusedWithinTheLimit() throws {
        var random = try SeededGenerator(fixedSeed: 0x504E_47)
        _ = try source()
        let seeds: [[UInt8]] = [
            Self.striped.bytes,
            [UInt8](
                try reference.file(
                    "m1.png", [reference.folder.appendingPathComponent("source.png").path, "-interlace", "PNG"])),
            [UInt8](
                try reference.file(
                    "m2.png", [reference.folder.appendingPathComponent("source.png").path, "-colors", "12"])),
            [UInt8](
                try reference.file(
                    "m3.png",
                    [reference.folder.appendingPathComponent("source.png").path, "-colorspace", "Gray", "-depth", "16"])
            ),
        ]
        let limit = 4000
        for round in 0..<3000 {
            var bytes = seeds[round % seeds.count]
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes[at] = UInt8.random(in: 0...255, using: &random)
                case 1: bytes[at] ^= 1 << UInt8.random(in: 0..<8, using: &random)
                case 2:
                    bytes.insert(
                        contentsOf: (0..<Int.random(in: 1...8, using: &random)).map { _ in
                            UInt8.random(in: 0...255, using: &random)
                        }, at: at)
                default: bytes.removeSubrange(at...)
                }
                if bytes.isEmpty { bytes = [0] }
            }
            if Bool.random(using: &random) { bytes = HandMadePNG.resealed(bytes) }
            if case .success(let pixels) = PNGDecoder.decode(Data(bytes), maximumPixels: limit) {
                XCTAssertLessThanOrEqual(pixels.width * pixels.height, limit, "round \(round), \(random)")
            }
        }
    }
}

/// The alpha and colour of each pixel of `pixels`, row after row.
private func everyPixel(_ pixels: PixelBuffer) -> [RGBA] {
    (0..<pixels.height).flatMap { y in (0..<pixels.width).map { x in pixels[x, y] } }
}
