import Foundation
import PhotoZoomTestSupport
import PhotoZoomUntrusted
import XCTest

@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface

/// BMPDecoder's pixels held to ImageMagick's for every form `convert` writes, and to pixels
/// the test knows for the forms it builds byte by byte, which SDL_image got wrong.
final class BMPDecoderTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try MagickReference.folder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A 37×23 picture (odd, so rows are padded), opaque or with alpha across it.
    private func source(alpha: Bool = false) throws -> String {
        let path = folder.appendingPathComponent(alpha ? "alpha.png" : "opaque.png").path
        var arguments = ["-size", "37x23", "-seed", "7", "plasma:fractal"]
        if alpha {
            arguments += [
                "(", "-size", "23x37", "gradient:", "-rotate", "90", ")", "-compose", "CopyOpacity", "-composite",
            ]
        }
        try MagickReference.convert(arguments + [path])
        return path
    }

    private func decodeFile(_ url: URL, maximumPixels: Int = 1 << 24) throws -> Result<PixelBuffer, DecodeFailure> {
        BMPDecoder.decode(try Data(contentsOf: url), maximumPixels: maximumPixels)
    }

    private func save(_ bmp: HandBMP, _ name: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(bmp.bytes).write(to: url)
        return url
    }

    func testEveryHeaderAndDepthConvertWritesMatchesImageMagick() throws {
        let opaque = try source()
        let alpha = try source(alpha: true)
        let cases: [(String, [String], Double)] = [
            ("os2-24.bmp", [opaque, "BMP2:"], .infinity),
            ("os2-8.bmp", [opaque, "-type", "Palette", "-colors", "200", "BMP2:"], .infinity),
            ("v3-24.bmp", [opaque, "BMP3:"], .infinity),
            ("v3-1.bmp", [opaque, "-type", "Palette", "-colors", "2", "BMP3:"], .infinity),
            ("v3-4.bmp", [opaque, "-type", "Palette", "-colors", "16", "BMP3:"], .infinity),
            ("v3-8.bmp", [opaque, "-type", "Palette", "-colors", "256", "-compress", "None", "BMP3:"], .infinity),
            ("v3-rle8.bmp", [opaque, "-type", "Palette", "-colors", "256", "-compress", "RLE", "BMP3:"], .infinity),
            ("v5-24.bmp", [opaque, "BMP:"], .infinity),
            ("v5-32-alpha.bmp", [alpha, "BMP:"], .infinity),
            ("v5-555.bmp", [opaque, "-define", "bmp:subtype=RGB555", "BMP:"], 40),
            ("v5-565.bmp", [opaque, "-define", "bmp:subtype=RGB565", "BMP:"], 40),
        ]
        for (name, arguments, minimumPSNR) in cases {
            let url = folder.appendingPathComponent(name)
            try MagickReference.convert(arguments.dropLast() + [arguments.last! + url.path])
            try MagickReference.assertMatches(try decodeFile(url), url, minimumPSNR: minimumPSNR)
        }
    }

    /// V4 and V5 headers carry an alpha mask beside BI_BITFIELDS' three: alpha comes from it,
    /// wherever it sits and however wide it is.
    func testV4AndV5BitfieldsTakeAlphaFromTheirAlphaMask() throws {
        // 32 bits, the channels in the reverse of the usual order: alpha in the low byte.
        let wide = HandBMP(
            width: 2, height: 1, bits: 32, compression: 3, infoSize: 108,
            masks: [0x0000_FF00, 0x00FF_0000, 0xFF00_0000, 0x0000_00FF],
            pixels: [0x80, 10, 20, 30, 0x00, 40, 50, 60])
        let url = try save(wide, "v4-32.bmp")
        XCTAssertEqual(
            MagickReference.pixels(try decodeFile(url).get()).colours,
            [RGBA(r: 10, g: 20, b: 30, a: 0x80), RGBA(r: 40, g: 50, b: 60, a: 0)])
        try MagickReference.assertMatches(try decodeFile(url), url)
        // 16 bits of 4-4-4-4 in a V5 header: each 4-bit level scaled to 0...255 (ImageMagick
        // 6 scales 0xF to 240, so it is no reference here).
        let narrow = HandBMP(
            width: 2, height: 1, bits: 16, compression: 3, infoSize: 124,
            masks: [0x0F00, 0x00F0, 0x000F, 0xF000], pixels: [0x0F, 0xF0, 0xF0, 0x80])
        XCTAssertEqual(
            MagickReference.pixels(try decodeFile(try save(narrow, "v5-4444.bmp")).get()).colours,
            [RGBA(r: 0, g: 0, b: 255, a: 255), RGBA(r: 0, g: 255, b: 0, a: 136)])
        // 1-5-5-5 as `convert` writes it: a set alpha bit is opaque (ImageMagick 6 reads it as
        // 128), and each colour is ImageMagick's within one level.
        let url1555 = folder.appendingPathComponent("v5-1555.bmp")
        try MagickReference.convert([try source(alpha: true), "-define", "bmp:subtype=ARGB1555", "BMP:" + url1555.path])
        let reference = try MagickReference.read(url1555)
        let ours = MagickReference.pixels(try decodeFile(url1555).get())
        XCTAssertEqual(ours.colours.count, reference.colours.count)
        XCTAssertTrue(reference.colours.contains { $0.a == 0 } && reference.colours.contains { $0.a != 0 })
        for (at, (mine, theirs)) in zip(ours.colours, reference.colours).enumerated() {
            XCTAssertEqual(mine.a, theirs.a == 0 ? 0 : 255, "pixel \(at)")
            let near = [(mine.r, theirs.r), (mine.g, theirs.g), (mine.b, theirs.b)].allSatisfy {
                abs(Int($0) - Int($1)) <= 1
            }
            XCTAssertTrue(near, "pixel \(at): ours \(mine), ImageMagick's \(theirs)")
        }
    }

    /// BI_ALPHABITFIELDS: four masks after a 40-byte header. ImageMagick 6 does not read it.
    func testAlphaBitfieldsAfterAnInfoHeaderGiveAlpha() throws {
        let bmp = HandBMP(
            width: 2, height: 1, bits: 32, compression: 6,
            masks: [0x00FF_0000, 0x0000_FF00, 0x0000_00FF, 0xFF00_0000],
            pixels: [10, 20, 30, 0x40, 40, 50, 60, 0xFF])
        XCTAssertEqual(
            MagickReference.pixels(try decodeFile(try save(bmp, "abf.bmp")).get()).colours,
            [RGBA(r: 30, g: 20, b: 10, a: 0x40), RGBA(r: 60, g: 50, b: 40)])
    }

    /// BI_RGB leaves a 32-bit pixel's fourth byte undefined: the picture is opaque whatever it
    /// holds. ImageMagick agrees when the bytes are all 0; when they vary it guesses they are
    /// alpha, which Windows, Chromium and Firefox do not (bmpsuite's rgb32fakealpha.bmp).
    func test32BitRGBFourthByteIsPaddingNotAlpha() throws {
        let zero = HandBMP(width: 2, height: 1, bits: 32, pixels: [10, 20, 30, 0, 40, 50, 60, 0])
        let zeroURL = try save(zero, "rgb32-zero.bmp")
        let opaque = [RGBA(r: 30, g: 20, b: 10), RGBA(r: 60, g: 50, b: 40)]
        XCTAssertEqual(MagickReference.pixels(try decodeFile(zeroURL).get()).colours, opaque)
        try MagickReference.assertMatches(try decodeFile(zeroURL), zeroURL)
        let varying = HandBMP(width: 2, height: 1, bits: 32, pixels: [10, 20, 30, 0, 40, 50, 60, 0x80])
        XCTAssertEqual(
            MagickReference.pixels(try decodeFile(try save(varying, "rgb32-fake.bmp")).get()).colours, opaque)
        // A V5 header's alpha mask does not count either without BI_BITFIELDS.
        var v5 = varying
        (v5.infoSize, v5.masks) = (124, [0xFF_0000, 0xFF00, 0xFF, 0xFF00_0000])
        let v5URL = try save(v5, "rgb32-v5.bmp")
        XCTAssertEqual(MagickReference.pixels(try decodeFile(v5URL).get()).colours, opaque)
        try MagickReference.assertMatches(try decodeFile(v5URL), v5URL)
    }

    /// An index past the palette shows the palette's first colour, as ImageMagick shows it.
    func testIndicesPastThePaletteShowItsFirstColour() throws {
        let bmp = HandBMP(
            width: 6, height: 1, bits: 8, coloursUsed: 2,
            palette: [RGBA(r: 255, g: 0, b: 0), RGBA(r: 0, g: 255, b: 0)],
            pixels: [0, 1, 2, 3, 200, 255, 0, 0])
        let url = try save(bmp, "index-past.bmp")
        XCTAssertEqual(
            MagickReference.pixels(try decodeFile(url).get()).colours,
            [RGBA(r: 255, g: 0, b: 0), RGBA(r: 0, g: 255, b: 0)] + Array(repeating: RGBA(r: 255, g: 0, b: 0), count: 4))
        try MagickReference.assertMatches(try decodeFile(url), url)
    }

    /// Palettes of fewer entries than the bits could index: said by the header, or cut short
    /// by where the pixels start, down to a single colour.
    func testPalettesShorterThanTheirBitsAllow() throws {
        let colours = [RGBA(r: 200, g: 10, b: 20), RGBA(r: 30, g: 220, b: 40), RGBA(r: 50, g: 60, b: 240)]
        let said = HandBMP(
            width: 3, height: 2, bits: 4, coloursUsed: 3, palette: colours,
            pixels: [0x01, 0x20, 0, 0, 0x21, 0x00, 0, 0])
        let saidURL = try save(said, "pal4-3.bmp")
        XCTAssertEqual(
            MagickReference.pixels(try decodeFile(saidURL).get()).colours,
            [colours[2], colours[1], colours[0], colours[0], colours[1], colours[2]])
        try MagickReference.assertMatches(try decodeFile(saidURL), saidURL)
        // One colour of 1-bit's two, as bmpsuite's pal1p1.bmp has.
        let one = HandBMP(
            width: 9, height: 1, bits: 1, coloursUsed: 1, palette: [colours[1]], pixels: [0b1010_0000, 0, 0, 0])
        let oneURL = try save(one, "pal1-1.bmp")
        XCTAssertEqual(
            MagickReference.pixels(try decodeFile(oneURL).get()).colours, Array(repeating: colours[1], count: 9))
        try MagickReference.assertMatches(try decodeFile(oneURL), oneURL)
        // No count in the header and room for three colours before the pixels: those three.
        // (ImageMagick reads all sixteen, the pixels' bytes as colours, so it is no reference.)
        var cut = said
        cut.coloursUsed = 0
        XCTAssertEqual(
            MagickReference.pixels(try decodeFile(try save(cut, "pal4-cut.bmp")).get()).colours,
            [colours[2], colours[1], colours[0], colours[0], colours[1], colours[2]])
    }

    /// BI_RLE4, which `convert` does not write: runs of two alternating indices, an absolute
    /// run padded to a word, a delta and end-of-line. Pixels no code reaches are transparent;
    /// ImageMagick agrees on every pixel a code reaches (it fills the rest with index 0).
    func testRLE4RunsDeltasAndLineEnds() throws {
        let palette = [
            RGBA(r: 0, g: 0, b: 0), RGBA(r: 255, g: 0, b: 0), RGBA(r: 0, g: 255, b: 0), RGBA(r: 0, g: 0, b: 255),
        ]
        // 5×3, bottom row first.
        let codes: [UInt8] = [
            5, 0x12,  // bottom row: 1 2 1 2 1
            0, 0,  // end of line
            0, 3, 0x31, 0x20,  // absolute: 3 1 2, padded to a word
            0, 2, 1, 1,  // delta: right 1, up 1, to column 4 of the top row
            1, 0x30,  // one 3
            0, 1,  // end of bitmap
        ]
        let bmp = HandBMP(width: 5, height: 3, bits: 4, compression: 2, coloursUsed: 4, palette: palette, pixels: codes)
        let url = try save(bmp, "rle4.bmp")
        let clear = RGBA(r: 0, g: 0, b: 0, a: 0)
        let (red, green, blue) = (palette[1], palette[2], palette[3])
        let expected =
            [clear, clear, clear, clear, blue] + [blue, red, green, clear, clear]
            + [red, green, red, green, red]
        let ours = MagickReference.pixels(try decodeFile(url).get())
        XCTAssertEqual(ours.colours, expected)
        let reference = try MagickReference.read(url)
        for (at, colour) in expected.enumerated() where colour != clear {
            XCTAssertEqual(reference.colours[at], colour, "pixel \(at)")
        }
    }

    /// BI_RLE8's delta skips pixels, which stay transparent, and a picture may end early.
    func testRLE8DeltaLeavesPixelsTransparent() throws {
        let palette = [RGBA(r: 255, g: 0, b: 0), RGBA(r: 0, g: 255, b: 0)]
        let codes: [UInt8] = [2, 1, 0, 2, 1, 1, 1, 0, 0, 1]
        let url = try save(
            HandBMP(width: 4, height: 2, bits: 8, compression: 1, coloursUsed: 2, palette: palette, pixels: codes),
            "rle8.bmp")
        let clear = RGBA(r: 0, g: 0, b: 0, a: 0)
        let expected = [clear, clear, clear, palette[0], palette[1], palette[1], clear, clear]
        XCTAssertEqual(MagickReference.pixels(try decodeFile(url).get()).colours, expected)
        let reference = try MagickReference.read(url)
        for (at, colour) in expected.enumerated() where colour != clear {
            XCTAssertEqual(reference.colours[at], colour, "pixel \(at)")
        }
    }

    /// A negative height stores the top row first.
    func testNegativeHeightIsTopDown() throws {
        let bmp = HandBMP(width: 1, height: -2, bits: 24, pixels: [0, 0, 255, 0, 255, 0, 0, 0])
        let url = try save(bmp, "top-down.bmp")
        XCTAssertEqual(
            MagickReference.pixels(try decodeFile(url).get()).colours,
            [RGBA(r: 255, g: 0, b: 0), RGBA(r: 0, g: 0, b: 255)])
        try MagickReference.assertMatches(try decodeFile(url), url)
    }

    /// 2-bit indices (Windows CE's) and 4-bit ones, after OS/2 2.x's 16- and 64-byte headers
    /// (palette entries of four bytes) and Windows' 40. ImageMagick 6 reads only the 4-bit
    /// ones after Windows' header: it knows no 2-bit pixels, and takes OS/2 2.x's palette
    /// entries for three bytes.
    func testTwoBitPixelsAndOS2TwoHeaders() throws {
        let palette = [
            RGBA(r: 1, g: 2, b: 3), RGBA(r: 40, g: 50, b: 60), RGBA(r: 70, g: 80, b: 90), RGBA(r: 200, g: 210, b: 220),
        ]
        let rows: [UInt16: [UInt8]] = [2: [0b0001_1011, 0b1000_0000, 0, 0], 4: [0x01, 0x23, 0x20, 0]]
        for infoSize in [16, 40, 64] {
            for (bits, row) in rows {
                let bmp = HandBMP(
                    width: 5, height: 1, bits: bits, infoSize: infoSize, coloursUsed: 4, palette: palette, pixels: row)
                let url = try save(bmp, "pal\(bits)-\(infoSize).bmp")
                XCTAssertEqual(
                    MagickReference.pixels(try decodeFile(url).get()).colours,
                    [palette[0], palette[1], palette[2], palette[3], palette[2]],
                    "\(bits) bits, \(infoSize)-byte header")
                if bits == 4, infoSize == 40 { try MagickReference.assertMatches(try decodeFile(url), url) }
            }
        }
    }

    func testJPEGAndPNGInsideABMPAreRefusedAsCorrupt() throws {
        for (compression, name) in [(UInt32(4), "JPEG"), (5, "PNG")] {
            let bmp = HandBMP(width: 1, height: 1, bits: 0, compression: compression, pixels: [0xFF, 0xD8, 0x89, 0x50])
            guard case .failure(.corrupt(let why)) = try decodeFile(try save(bmp, "\(name).bmp")) else {
                XCTFail("a BMP holding a \(name) was not refused as corrupt")
                continue
            }
            XCTAssertTrue(why.contains("holds a \(name)"), why)
        }
    }

    func testShortFilesAreCorruptAndLargePicturesOverTheLimit() throws {
        let bmp = HandBMP(width: 3, height: 4, bits: 24, pixels: Array(repeating: 7, count: 12 * 3 + 5))
        guard case .failure(let short) = try decodeFile(try save(bmp, "short.bmp")) else {
            return XCTFail("a file short of its last row decoded")
        }
        XCTAssertEqual(short, .corrupt("the file ends inside row 4 of 4"))
        var whole = bmp
        whole.pixels += [7, 7, 7, 7]
        guard case .failure(let failure) = try decodeFile(try save(whole, "whole.bmp"), maximumPixels: 11) else {
            return XCTFail("12 pixels were decoded under a limit of 11")
        }
        XCTAssertTrue(failure.isOverLimits, "\(failure)")
        XCTAssertNoThrow(try decodeFile(try save(whole, "whole.bmp"), maximumPixels: 12).get())
    }

    /// Thousands of damaged BMPs of every kind: each decodes or is refused, none traps, and
    /// none comes out larger than the limit.
    func testMutatedFilesNeverTrapNorPassTheLimit() throws {
        var random = try SeededGenerator(fixedSeed: 0xB4D_B17)
        let opaque = try source()
        var seeds: [[UInt8]] = []
        for (name, arguments) in [
            ("a.bmp", ["BMP2:"]), ("b.bmp", ["-type", "Palette", "-colors", "16", "-compress", "None", "BMP3:"]),
            ("c.bmp", ["-type", "Palette", "-colors", "256", "BMP3:"]),
            ("d.bmp", ["-define", "bmp:subtype=RGB565", "BMP:"]),
        ] {
            let url = folder.appendingPathComponent(name)
            try MagickReference.convert(
                [opaque, "-resize", "12x7!"] + arguments.dropLast() + [arguments.last! + url.path])
            seeds.append([UInt8](try Data(contentsOf: url)))
        }
        seeds.append(
            HandBMP(
                width: 5, height: 3, bits: 4, compression: 2, palette: [RGBA(r: 1, g: 2, b: 3)],
                pixels: [5, 0x12, 0, 2, 1, 1, 0, 3, 0x31, 0x20, 0, 1]
            ).bytes)
        seeds.append(
            HandBMP(
                width: 2, height: -2, bits: 32, compression: 3, infoSize: 108, masks: [0xF0, 0xF00, 0xF000, 0x3_0000],
                pixels: Array(repeating: 0x5A, count: 16)
            ).bytes)
        for round in 0..<3000 {
            let bytes = HostileMutations.mutate(seeds[round % seeds.count], using: &random)
            if case .success(let pixels) = BMPDecoder.decode(Data(bytes), maximumPixels: 4096) {
                XCTAssertLessThanOrEqual(pixels.width * pixels.height, 4096, "round \(round), \(random)")
            }
        }
    }
}

/// A BMP built byte by byte: a file header, an info header of `infoSize` bytes (OS/2's 12 or
/// more), masks in it or after it, a palette and the pixels' bytes as given.
private struct HandBMP {
    var width: Int32
    var height: Int32
    var bits: UInt16
    var compression: UInt32 = 0
    var infoSize = 40
    var masks: [UInt32] = []
    var coloursUsed: UInt32 = 0
    var palette: [RGBA] = []
    var pixels: [UInt8]

    var bytes: [UInt8] {
        func le(_ value: some FixedWidthInteger) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }
        var info = le(UInt32(infoSize))
        if infoSize == 12 {
            info += le(UInt16(width)) + le(UInt16(height)) + le(UInt16(1)) + le(bits)
        } else {
            info += le(width) + le(height) + le(UInt16(1)) + le(bits)
            info += le(compression) + le(UInt32(pixels.count)) + le(Int32(2835)) + le(Int32(2835))
            info += le(coloursUsed) + le(UInt32(0))
            if infoSize > 40 { info += (masks + [0, 0, 0, 0]).prefix(4).flatMap { le($0) } }
            info = Array((info + Array(repeating: 0, count: 124)).prefix(infoSize))
            if infoSize == 40 { info += masks.flatMap { le($0) } }
        }
        let entries: [UInt8] = palette.flatMap { infoSize == 12 ? [$0.b, $0.g, $0.r] : [$0.b, $0.g, $0.r, 0] }
        let offset = 14 + info.count + entries.count
        let file: [UInt8] = Array("BM".utf8) + le(UInt32(offset + pixels.count)) + le(UInt32(0)) + le(UInt32(offset))
        return file + info + entries + pixels
    }
}
