import Foundation
import PhotoZoomTestSupport
import PhotoZoomUntrusted
import XCTest

@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface

/// TGADecoder's pixels held to ImageMagick's for every type `convert` writes, and to pixels
/// the test knows for the forms it builds byte by byte, which SDL_image got wrong.
final class TGADecoderTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try MagickReference.folder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private let red = RGBA(r: 255, g: 0, b: 0)
    private let green = RGBA(r: 0, g: 255, b: 0)
    private let blue = RGBA(r: 0, g: 0, b: 255)

    private func decodeFile(_ url: URL, maximumPixels: Int = 1 << 24) throws -> Result<PixelBuffer, DecodeFailure> {
        TGADecoder.decode(try Data(contentsOf: url), maximumPixels: maximumPixels)
    }

    private func save(_ tga: HandTGA, _ name: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(tga.bytes).write(to: url)
        return url
    }

    private func colours(_ tga: HandTGA, _ name: String) throws -> [RGBA] {
        MagickReference.pixels(try decodeFile(try save(tga, name)).get()).colours
    }

    func testEveryTypeConvertWritesMatchesImageMagick() throws {
        let opaque = folder.appendingPathComponent("opaque.png").path
        let alpha = folder.appendingPathComponent("alpha.png").path
        try MagickReference.convert(["-size", "37x23", "-seed", "7", "plasma:fractal", opaque])
        try MagickReference.convert([
            opaque, "(", "-size", "23x37", "gradient:", "-rotate", "90", ")", "-compose", "CopyOpacity", "-composite",
            alpha,
        ])
        let cases: [(String, [String])] = [
            ("true-24.tga", [opaque]), ("true-24-rle.tga", [opaque, "-compress", "RLE"]),
            ("true-16.tga", [opaque, "-depth", "5"]), ("true-32.tga", [alpha]),
            ("true-32-rle.tga", [alpha, "-compress", "RLE"]), ("top-left.tga", [opaque, "-orient", "TopLeft"]),
            ("mapped.tga", [opaque, "-type", "Palette"]),
            ("mapped-rle.tga", [opaque, "-type", "Palette", "-compress", "RLE"]),
            ("grey.tga", [opaque, "-type", "Grayscale"]),
            ("grey-rle.tga", [opaque, "-type", "Grayscale", "-compress", "RLE"]),
            ("with-id.tga", [opaque, "-set", "comment", "an image ID to skip"]),
        ]
        for (name, arguments) in cases {
            let url = folder.appendingPathComponent(name)
            try MagickReference.convert(arguments + ["TGA:" + url.path])
            // 5-bit levels are rounded to 8 bits where ImageMagick's may be one lower.
            let minimumPSNR = name == "true-16.tga" ? 40 : Double.infinity
            try MagickReference.assertMatches(try decodeFile(url), url, minimumPSNR: minimumPSNR)
        }
    }

    /// A 16-bit pixel's top bit is alpha when the descriptor counts an attribute bit, and
    /// padding when it counts none, as ImageMagick reads both. A 15-bit pixel has no such bit.
    func test16BitAlphaBitFollowsTheAttributeBits() throws {
        let pixels: [UInt8] = [0x00, 0x7C, 0xE0, 0x83]  // red, alpha bit clear; green, alpha bit set
        let withBit = HandTGA(width: 2, height: 1, type: 2, bits: 16, descriptor: 0x21, data: pixels)
        let withBitURL = try save(withBit, "16-a1.tga")
        XCTAssertEqual(
            MagickReference.pixels(try decodeFile(withBitURL).get()).colours, [RGBA(r: 255, g: 0, b: 0, a: 0), green])
        try MagickReference.assertMatches(try decodeFile(withBitURL), withBitURL)
        var padding = withBit
        padding.descriptor = 0x20
        let paddingURL = try save(padding, "16-a0.tga")
        XCTAssertEqual(MagickReference.pixels(try decodeFile(paddingURL).get()).colours, [red, green])
        try MagickReference.assertMatches(try decodeFile(paddingURL), paddingURL)
        var fifteen = withBit
        fifteen.bits = 15
        XCTAssertEqual(try colours(fifteen, "15.tga"), [red, green])
    }

    /// Type 3 (and 11) at 16 bits: a grey byte then an alpha byte. ImageMagick 6 reads the two
    /// as one 16-bit grey, so the test knows the pixels itself.
    func test16BitGreyIsGreyAndAlpha() throws {
        let raw = HandTGA(width: 3, height: 1, type: 3, bits: 16, descriptor: 0x28, data: [100, 0, 200, 255, 7, 128])
        let expected = [RGBA(grey: 100, a: 0), RGBA(grey: 200), RGBA(grey: 7, a: 128)]
        XCTAssertEqual(try colours(raw, "grey-alpha.tga"), expected)
        let runs = HandTGA(
            width: 3, height: 1, type: 11, bits: 16, descriptor: 0x28, data: [0x00, 100, 0, 0x81, 200, 255])
        XCTAssertEqual(try colours(runs, "grey-alpha-rle.tga"), [expected[0], expected[1], expected[1]])
    }

    /// Descriptor bit 4 stores each row from its right end, from either bottom or top.
    func testRightToLeftOriginMirrorsEachRow() throws {
        let data: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0]  // blue, green, red, black
        let black = RGBA(r: 0, g: 0, b: 0)
        for (descriptor, expected) in [(UInt8(0x30), [green, blue, black, red]), (0x10, [black, red, green, blue])] {
            let tga = HandTGA(width: 2, height: 2, type: 2, bits: 24, descriptor: descriptor, data: data)
            let url = try save(tga, "right-to-left-\(descriptor).tga")
            XCTAssertEqual(MagickReference.pixels(try decodeFile(url).get()).colours, expected)
            try MagickReference.assertMatches(try decodeFile(url), url)
        }
    }

    /// A 32-bit pixel whose descriptor counts no attribute bits has a fourth byte of padding:
    /// opaque. ImageMagick 6 takes it for alpha anyway; with 8 bits counted it is alpha.
    func test32BitWithNoAttributeBitsIsOpaque() throws {
        let padding = HandTGA(
            width: 2, height: 1, type: 2, bits: 32, descriptor: 0x20, data: [10, 20, 30, 0, 40, 50, 60, 128])
        XCTAssertEqual(try colours(padding, "32-a0.tga"), [RGBA(r: 30, g: 20, b: 10), RGBA(r: 60, g: 50, b: 40)])
        var alpha = padding
        alpha.descriptor = 0x28
        let alphaURL = try save(alpha, "32-a8.tga")
        XCTAssertEqual(
            MagickReference.pixels(try decodeFile(alphaURL).get()).colours,
            [RGBA(r: 30, g: 20, b: 10, a: 0), RGBA(r: 60, g: 50, b: 40, a: 128)])
        try MagickReference.assertMatches(try decodeFile(alphaURL), alphaURL)
    }

    /// Colour maps of 15-, 16-, 24- and 32-bit entries, numbered from a first index; an index
    /// outside the map shows what ImageMagick shows (black below a first index past 0).
    func testColourMapsOfEveryEntrySizeFromAFirstIndex() throws {
        let map24: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255]  // blue, green, red
        let numbered = HandTGA(
            width: 5, height: 1, type: 1, bits: 8, descriptor: 0x20, mapFirst: 2, mapLength: 3, mapBits: 24, map: map24,
            data: [2, 3, 4, 0, 5])
        let numberedURL = try save(numbered, "map-first.tga")
        let black = RGBA(r: 0, g: 0, b: 0)
        XCTAssertEqual(
            MagickReference.pixels(try decodeFile(numberedURL).get()).colours, [blue, green, red, black, black])
        try MagickReference.assertMatches(try decodeFile(numberedURL), numberedURL)
        let entries: [(UInt8, UInt8, [UInt8], [RGBA])] = [
            (15, 0x21, [0x00, 0x7C, 0xE0, 0x03], [red, green]),
            (16, 0x21, [0x00, 0x7C, 0xE0, 0x83], [RGBA(r: 255, g: 0, b: 0, a: 0), green]),
            (
                32, 0x28, [0, 0, 255, 0, 0, 255, 0, 128],
                [RGBA(r: 255, g: 0, b: 0, a: 0), RGBA(r: 0, g: 255, b: 0, a: 128)]
            ),
            (32, 0x20, [0, 0, 255, 0, 0, 255, 0, 128], [red, green]),
        ]
        for (bits, descriptor, map, expected) in entries {
            let tga = HandTGA(
                width: 3, height: 1, type: 9, bits: 8, descriptor: descriptor, mapLength: 2, mapBits: bits, map: map,
                data: [0x81, 1, 0x00, 0])
            XCTAssertEqual(
                try colours(tga, "map-\(bits).tga"), [expected[1], expected[1], expected[0]], "\(bits)-bit entries")
        }
    }

    /// A run-length packet may carry on from one row into the next.
    func testRunLengthPacketsCrossRows() throws {
        // 3×2 from the bottom: a run of four reds, then a raw packet of green and blue.
        let tga = HandTGA(
            width: 3, height: 2, type: 10, bits: 24, descriptor: 0, data: [0x83, 0, 0, 255, 0x01, 0, 255, 0, 255, 0, 0])
        let url = try save(tga, "across.tga")
        XCTAssertEqual(MagickReference.pixels(try decodeFile(url).get()).colours, [red, green, blue, red, red, red])
        try MagickReference.assertMatches(try decodeFile(url), url)
    }

    /// TGA has no signature: a header no TGA could have is refused with what is wrong, as are
    /// pixels the file does not hold and pictures over the limit.
    func testNonsenseIsRefusedCleanly() throws {
        let good = HandTGA(width: 2, height: 2, type: 2, bits: 24, descriptor: 0, data: Array(repeating: 9, count: 12))
        var cases: [(HandTGA, String)] = []
        var tga = good
        tga.type = 32
        cases.append((tga, "its image type is 32, which no TGA decoder here reads"))
        tga = good
        tga.bits = 8
        cases.append((tga, "its true-colour pixels are 8 bits"))
        tga = good
        tga.type = 1
        cases.append((tga, "it is colour-mapped but has no colour map"))
        tga = good
        tga.width = 0
        cases.append((tga, "its header says 0×2 pixels"))
        tga = good
        tga.data.removeLast(4)
        cases.append((tga, "the file ends inside row 2 of 2"))
        tga = HandTGA(width: 2, height: 2, type: 10, bits: 24, descriptor: 0, data: [0x82, 1, 2, 3])
        cases.append((tga, "the file ends inside row 2 of 2"))
        for (tga, why) in cases {
            guard case .failure(let failure) = TGADecoder.decode(Data(tga.bytes), maximumPixels: 100) else {
                XCTFail("\(tga) decoded")
                continue
            }
            XCTAssertEqual(failure, .corrupt(why))
        }
        guard case .failure(let failure) = TGADecoder.decode(Data(good.bytes), maximumPixels: 3) else {
            return XCTFail("4 pixels were decoded under a limit of 3")
        }
        XCTAssertTrue(failure.isOverLimits, "\(failure)")
        XCTAssertNoThrow(try TGADecoder.decode(Data(good.bytes), maximumPixels: 4).get())
    }

    /// Thousands of damaged TGAs of every type: each decodes or is refused, none traps, and
    /// none comes out larger than the limit.
    func testMutatedFilesNeverTrapNorPassTheLimit() throws {
        var random = try SeededGenerator(fixedSeed: 0x7_6A)
        let source = folder.appendingPathComponent("small.png").path
        try MagickReference.convert(["-size", "12x7", "-seed", "3", "plasma:fractal", source])
        var seeds: [[UInt8]] = []
        for (name, arguments) in [
            ("a.tga", ["-compress", "RLE"]), ("b.tga", ["-type", "Palette", "-compress", "RLE"]),
            ("c.tga", ["-type", "Grayscale"]), ("d.tga", ["-depth", "5"]),
        ] {
            let url = folder.appendingPathComponent(name)
            try MagickReference.convert([source] + arguments + ["TGA:" + url.path])
            seeds.append([UInt8](try Data(contentsOf: url)))
        }
        seeds.append(
            HandTGA(
                width: 3, height: 2, type: 9, bits: 16, descriptor: 0x31, mapFirst: 1, mapLength: 2, mapBits: 16,
                map: [0, 0x7C, 0xE0, 0x83], data: [0x82, 1, 0, 0x02, 2, 0, 3, 0, 9, 9]
            ).bytes)
        for round in 0..<3000 {
            let bytes = HostileMutations.mutate(seeds[round % seeds.count], using: &random)
            if case .success(let pixels) = TGADecoder.decode(Data(bytes), maximumPixels: 4096) {
                XCTAssertLessThanOrEqual(pixels.width * pixels.height, 4096, "round \(round), \(random)")
            }
        }
    }
}

/// A TGA built byte by byte: the 18-byte header, an image ID, a colour map's bytes as given
/// and the pixels' (or packets') bytes as given.
private struct HandTGA {
    var width: UInt16
    var height: UInt16
    var type: UInt8
    var bits: UInt8
    var descriptor: UInt8
    var id: [UInt8] = []
    var mapFirst: UInt16 = 0
    var mapLength: UInt16 = 0
    var mapBits: UInt8 = 0
    var map: [UInt8] = []
    var data: [UInt8]

    var bytes: [UInt8] {
        func le(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        let start: [UInt8] = [UInt8(id.count), map.isEmpty ? 0 : 1, type] + le(mapFirst) + le(mapLength) + [mapBits]
        let rest: [UInt8] = le(0) + le(0) + le(width) + le(height) + [bits, descriptor]
        return start + rest + id + map + data
    }
}
