import Foundation
import PhotoZoomCore
import PhotoZoomLibrary
import PhotoZoomTestSupport
import PhotoZoomUntrusted
import XCTest

@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface

/// Files of formats PhotoZoom claims that it once skipped or left as placeholders, each made
/// here and held, as a loader decodes it (`ScaledDecoder`), to ImageMagick's pixels.
final class FormatCausesTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try MagickReference.folder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A 48×32 seeded plasma ImageMagick writes as `name` with `options`.
    private func plasma(_ name: String, seed: Int = 7, _ options: [String] = []) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try MagickReference.convert(["-seed", "\(seed)", "-size", "48x32", "plasma:"] + options + [url.path])
        return url
    }

    private func decoded(_ data: Data, named name: String) -> Result<PixelBuffer, DecodeFailure> {
        ScaledDecoder.decode(data, to: .fitting(PixelBox(width: 1000, height: 1000)), named: name).map(\.pixels)
    }

    /// The chunks of a PNG, after its signature: type and body.
    private static func chunks(_ png: [UInt8]) -> [(type: String, body: [UInt8])] {
        var found: [(String, [UInt8])] = []
        var at = 8
        while at + 12 <= png.count {
            let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            found.append((String(decoding: png[at + 4..<at + 8], as: UTF8.self), Array(png[at + 8..<at + 8 + length])))
            at += 12 + length
        }
        return found
    }

    /// A camera's `.mpo` (a JPEG with a second JPEG after it) and an `.apng` (a PNG whose
    /// default image is its first frame, with a second frame after it) were never listed: each
    /// is now listed and shows its first picture.
    func testAnMPOAndAnAPNGAreListedAndShowTheirFirstPicture() throws {
        let first = try plasma("first.jpg")
        let second = try plasma("second.jpg", seed: 8)
        let mpo = try Data(contentsOf: first) + Data(contentsOf: second)
        try mpo.write(to: folder.appendingPathComponent("stereo.mpo"))

        let frame = try plasma("frame.png", ["-depth", "8", "-type", "TrueColor"])
        let other = try plasma("other.png", seed: 8, ["-depth", "8", "-type", "TrueColor"])
        let frameChunks = Self.chunks([UInt8](try Data(contentsOf: frame)))
        let otherData = Self.chunks([UInt8](try Data(contentsOf: other))).filter { $0.type == "IDAT" }
        func control(_ sequence: UInt32) -> [UInt8] {
            [sequence, 48, 32, 0, 0].flatMap(HandMadePNG.bigEndian) + [0, 1, 0, 10, 0, 0]
        }
        var apng = HandMadePNG.signature + HandMadePNG.chunk("IHDR", frameChunks[0].body)
        apng += HandMadePNG.chunk("acTL", [2, 0].flatMap(HandMadePNG.bigEndian))
        apng += HandMadePNG.chunk("fcTL", control(0))
        for chunk in frameChunks where chunk.type == "IDAT" { apng += HandMadePNG.chunk("IDAT", chunk.body) }
        apng += HandMadePNG.chunk("fcTL", control(1))
        for (index, chunk) in otherData.enumerated() {
            apng += HandMadePNG.chunk("fdAT", HandMadePNG.bigEndian(UInt32(2 + index)) + chunk.body)
        }
        apng += HandMadePNG.chunk("IEND", [])
        try Data(apng).write(to: folder.appendingPathComponent("moving.apng"))

        let listed = try PhotoFolder.imageFiles(in: folder.path).map(\.lastPathComponent)
        XCTAssertTrue(listed.contains("stereo.mpo"), "\(listed)")
        XCTAssertTrue(listed.contains("moving.apng"), "\(listed)")
        try MagickReference.assertMatches(decoded(mpo, named: "stereo.mpo"), first, minimumPSNR: 40, "the MPO")
        try MagickReference.assertMatches(decoded(Data(apng), named: "moving.apng"), frame, "the APNG")
    }

    /// An animated WebP was a placeholder: it shows its first frame, as a browser does before
    /// it plays. Two lossless frames by libwebp's own `img2webp`; the first is exactly its PNG.
    func testAnAnimatedWebPShowsItsFirstFrame() throws {
        let first = try plasma(
            "first.png",
            [
                "-depth", "8", "-type", "TrueColorAlpha", "-channel", "A", "-evaluate",
                "set", "60%", "+channel",
            ])
        let second = try plasma("second.png", seed: 8, ["-depth", "8"])
        let animation = folder.appendingPathComponent("moving.webp")
        let outcome = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["img2webp", "-lossless", "-d", "100", first.path, second.path, "-o", animation.path],
            environment: ProcessInfo.processInfo.environment, timeout: 60)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let data = try Data(contentsOf: animation)
        XCTAssertEqual(String(decoding: data[12..<16], as: UTF8.self), "VP8X")
        XCTAssertNotEqual(data[20] & 0x02, 0, "the header says it is an animation")
        try MagickReference.assertMatches(decoded(data, named: "moving.webp"), first)
    }

    /// TIFFs libtiff's RGBA reading refuses were placeholders: 12-bit and 32-bit integer
    /// samples, 16-, 32- and 64-bit floats, 16-bit CMYK, with and without alpha and in planes.
    func testTIFFSamplesOfEveryDepthAndFormatAreScaledToEightBits() throws {
        let opaque = try plasma("opaque.png", ["-depth", "16"])
        let alpha = folder.appendingPathComponent("alpha.png")
        try MagickReference.convert([
            opaque.path, "(", "-size", "32x48", "gradient:", "-rotate", "90", ")", "-compose", "CopyOpacity",
            "-composite", alpha.path,
        ])
        let float = ["-define", "quantum:format=floating-point"]
        let cases: [(String, [String])] = [
            ("grey-12.tif", [opaque.path, "-colorspace", "Gray", "-depth", "12"]),
            ("rgb-12.tif", [opaque.path, "-depth", "12"]),
            ("rgb-32.tif", [opaque.path, "-depth", "32"]),
            ("rgba-32.tif", [alpha.path, "-depth", "32"]),
            ("rgba-associated-32.tif", [alpha.path, "-depth", "32", "-define", "tiff:alpha=associated"]),
            ("rgb-planes-32.tif", [opaque.path, "-depth", "32", "-interlace", "Plane"]),
            ("rgb-float-16.tif", [opaque.path, "-depth", "16"] + float),
            ("rgb-float-32.tif", [opaque.path, "-depth", "32"] + float),
            ("rgba-float-32.tif", [alpha.path, "-depth", "32"] + float),
            ("grey-float-64.tif", [opaque.path, "-colorspace", "Gray", "-depth", "64"] + float),
            ("cmyk-16.tif", [opaque.path, "-colorspace", "CMYK", "-depth", "16"]),
        ]
        for (name, arguments) in cases {
            let url = folder.appendingPathComponent(name)
            try MagickReference.convert(arguments + [url.path])
            let result = decoded(try Data(contentsOf: url), named: name)
            if case .failure(let why) = result {
                XCTFail("\(name): \(why)")
                continue
            }
            try MagickReference.assertMatches(result, url, minimumPSNR: 40, name)
        }
    }

    /// A BigTIFF (version 43: 8-byte offsets) was refused as a format this build cannot decode:
    /// its header is read as a TIFF's is, and libtiff decodes it. Either byte order, with the
    /// Orientation tag read from the BigTIFF's wider entries.
    func testABigTIFFIsReadInEitherByteOrder() throws {
        let stored = try plasma("stored.png", ["-depth", "8"])
        let cases: [(String, [String])] = [
            ("little.tif", ["-endian", "LSB"]), ("big.tif", ["-endian", "MSB"]),
            ("turned.tif", ["-orient", "RightTop"]), ("deep.tif", ["-depth", "16", "-alpha", "on"]),
        ]
        for (name, options) in cases {
            let url = folder.appendingPathComponent(name)
            try MagickReference.convert([stored.path] + options + ["TIFF64:" + url.path])
            let data = try Data(contentsOf: url)
            XCTAssertTrue([[0x49, 0x49, 0x2B, 0x00], [0x4D, 0x4D, 0x00, 0x2B]].contains(Array(data.prefix(4))), name)
            try MagickReference.assertMatches(decoded(data, named: name), url, name)
        }
    }

    private static func le(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(value >> (8 * $0) & 0xFF) }
    }

    /// A TGA of `width`×`height` of `type` (2 true colour, 3 grey) and `bits`, its descriptor
    /// saying its origin and attribute bits.
    private static func tga(_ width: Int, _ height: Int, type: UInt8, bits: UInt8, descriptor: UInt8, _ data: [UInt8])
        -> Data
    {
        Data(
            [0, 0, type] + [UInt8](repeating: 0, count: 9) + le(width, 2) + le(height, 2) + [bits, descriptor] + data)
    }

    /// Forms the rewritten TGA, BMP, PNM and QOI decoders read that SDL_image did not, through a
    /// loader's whole path (the header gate, then the decoder): TGA's 16-bit grey with alpha and
    /// right-to-left rows, BMP's V5 bitfields with alpha and indices past its palette, 16-bit
    /// PGM and PPM, a 1×1 QOI. Held to ImageMagick where it reads them, else to known pixels.
    func testTGABMPPNMAndQOIFormsOnceRefusedAreRead() throws {
        // ImageMagick 6 reads 16-bit grey TGA as noise: its pixels are known instead.
        let greyAlpha = Self.tga(3, 1, type: 3, bits: 16, descriptor: 0x28, [100, 0, 200, 255, 7, 128])
        XCTAssertEqual(
            MagickReference.pixels(try decoded(greyAlpha, named: "grey-alpha.tga").get()).colours,
            [RGBA(r: 100, g: 100, b: 100, a: 0), RGBA(r: 200, g: 200, b: 200), RGBA(r: 7, g: 7, b: 7, a: 128)])

        var files: [(URL, Double)] = []
        let rightToLeft = folder.appendingPathComponent("right-to-left.tga")
        try Self.tga(2, 2, type: 2, bits: 24, descriptor: 0x30, [255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9])
            .write(to: rightToLeft)
        files.append((rightToLeft, .infinity))

        let opaque = try plasma("opaque.png", ["-depth", "8"])
        let alpha = folder.appendingPathComponent("alpha.png")
        try MagickReference.convert([
            opaque.path, "(", "-size", "32x48", "gradient:", "-rotate", "90", ")", "-compose", "CopyOpacity",
            "-composite", alpha.path,
        ])
        // ImageMagick 6 widens a 4-bit field without repeating its bits (13 → 208, not 221) and a
        // 1-bit alpha to 128: its 16-bit BMPs are not a reference; BMPDecoderTests holds those.
        let v5 = folder.appendingPathComponent("v5-32.bmp")
        try MagickReference.convert([alpha.path, v5.path])
        files.append((v5, .infinity))
        // Two palette entries, and indices 2 and 200 past them: ImageMagick shows the first.
        let pastPalette = folder.appendingPathComponent("past-palette.bmp")
        let info =
            Self.le(40, 4) + Self.le(4, 4) + Self.le(1, 4) + Self.le(1, 2) + Self.le(8, 2) + Self.le(0, 4)
            + Self.le(4, 4) + Self.le(2835, 4) + Self.le(2835, 4) + Self.le(2, 4) + Self.le(0, 4)
        let palette: [UInt8] = [0, 0, 255, 0, 0, 255, 0, 0]
        let pixels: [UInt8] = [0, 1, 2, 200]
        try Data(
            Array("BM".utf8) + Self.le(14 + 40 + 8 + 4, 4) + Self.le(0, 4) + Self.le(14 + 40 + 8, 4) + info
                + palette + pixels
        ).write(to: pastPalette)
        files.append((pastPalette, .infinity))

        for (name, options) in [
            ("grey16.pgm", ["-colorspace", "Gray", "-depth", "16"]), ("colour16.ppm", ["-depth", "16"]),
        ] {
            let url = folder.appendingPathComponent(name)
            try MagickReference.convert([try plasma("deep-\(name).png", ["-depth", "16"]).path] + options + [url.path])
            files.append((url, 40))
        }
        for (url, minimumPSNR) in files {
            let data = try Data(contentsOf: url)
            try MagickReference.assertMatches(
                decoded(data, named: url.lastPathComponent), url, minimumPSNR: minimumPSNR, url.lastPathComponent)
        }

        // A 1×1 QOI (ImageMagick 6 has no QOI): one QOI_OP_RGBA, then the end marker.
        let qoi =
            Array("qoif".utf8) + [0, 0, 0, 1, 0, 0, 0, 1, 4, 0] + [0xFF, 200, 10, 99, 77] + [0, 0, 0, 0, 0, 0, 0, 1]
        XCTAssertEqual(
            MagickReference.pixels(try decoded(Data(qoi), named: "one.qoi").get()).colours,
            [RGBA(r: 200, g: 10, b: 99, a: 77)])
    }

    /// The new TIFF sample reader and BigTIFF header walk, handed damaged files: a placeholder
    /// or pixels, never a trap, a hang or pixels past the limit.
    func testMutatedDeepTIFFsAndBigTIFFsNeverTrapNorPassTheLimit() throws {
        var random = try SeededGenerator(fixedSeed: 0x7_1F)
        let source = try plasma("small.png", ["-resize", "9x5!", "-alpha", "on"])
        var seeds: [[UInt8]] = []
        for (name, arguments) in [
            ("a.tif", ["-depth", "12", "-compress", "none"]),
            ("b.tif", ["-depth", "32", "-define", "quantum:format=floating-point"]),
            ("c.tif", ["-colorspace", "CMYK", "-depth", "16", "-interlace", "Plane", "-compress", "none"]),
            ("d.tif", ["-depth", "32", "-compress", "none", "-endian", "MSB"]),
        ] {
            let url = folder.appendingPathComponent(name)
            try MagickReference.convert([source.path] + arguments + [(name == "d.tif" ? "TIFF64:" : "") + url.path])
            seeds.append([UInt8](try Data(contentsOf: url)))
        }
        var limits = LibraryLimits()
        limits.maximumMegapixels = 0.004096
        for round in 0..<2000 {
            let bytes = HostileMutations.mutate(seeds[round % seeds.count], using: &random)
            let decoded = ScaledDecoder.decode(
                Data(bytes), to: .fitting(PixelBox(width: 64, height: 64)), named: "x.tif", limits: limits)
            if case .success(let upright) = decoded {
                XCTAssertLessThanOrEqual(upright.pixels.width * upright.pixels.height, 4096, "round \(round)")
            }
        }
    }

    /// A `width`×`height` CIELab TIFF of `bits`-bit samples, uncompressed, one strip, as TIFF
    /// keeps Lab (L* over 0 to 100, a* and b* signed, 16-bit a* and b* in 256ths), and its
    /// pixels' L*a*b* values. L* runs across, a* down, b* across and down.
    private static func labTIFF(width: Int, height: Int, bits: Int) -> (bytes: [UInt8], lab: [[Double]]) {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }
        var data: [UInt8] = []
        var lab: [[Double]] = []
        for y in 0..<height {
            for x in 0..<width {
                let l = 10 + 80 * x / (width - 1)
                let a = -60 + 120 * y / (height - 1)
                let b = -50 + 50 * (x + y) / (width + height - 2)
                if bits == 8 {
                    let stored = (l * 255 + 50) / 100
                    data += [UInt8(stored), UInt8(bitPattern: Int8(a)), UInt8(bitPattern: Int8(b))]
                    lab.append([Double(stored) * 100 / 255, Double(a), Double(b)])
                } else {
                    let stored = (l * 65535 + 50) / 100
                    data += le16(stored) + le16(a * 256 & 0xFFFF) + le16(b * 256 & 0xFFFF)
                    lab.append([Double(stored) * 100 / 65535, Double(a), Double(b)])
                }
            }
        }
        let dataStart = 8 + 6
        // Tag, type (3 short, 4 long), count, value; BitsPerSample's three at 8.
        let entries: [(Int, Int, Int, Int)] = [
            (256, 3, 1, width), (257, 3, 1, height), (258, 3, 3, 8), (259, 3, 1, 1), (262, 3, 1, 8),
            (273, 4, 1, dataStart), (277, 3, 1, 3), (278, 3, 1, height), (279, 4, 1, data.count),
        ]
        let ifd =
            le16(entries.count)
            + entries.flatMap { tag, type, count, value in
                le16(tag) + le16(type) + le32(count)
                    + (tag == 258 ? le32(value) : type == 3 ? le16(value) + le16(0) : le32(value))
            } + le32(0)
        let bytes =
            Array("II".utf8) + [42, 0] + le32(dataStart + data.count) + le16(bits) + le16(bits) + le16(bits) + data
            + ifd
        return (bytes, lab)
    }

    /// CIELab TIFFs, 8- and 16-bit, were converted by libtiff's RGBA reading against a white of
    /// its own, and came out tinted: now their colours are what lcms2's own `transicc` makes of
    /// the same L*a*b* values (D50) for sRGB. ImageMagick reads each as the CIELab TIFF it is.
    func testACIELabTIFFShowsTheColoursLcms2MakesOfIt() throws {
        for bits in [8, 16] {
            let (bytes, lab) = Self.labTIFF(width: 64, height: 48, bits: bits)
            let url = folder.appendingPathComponent("lab\(bits).tif")
            try Data(bytes).write(to: url)
            let said = try ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/env"), ["identify", "-format", "%[tiff:photometric] %z", url.path],
                environment: ProcessInfo.processInfo.environment, timeout: 60)
            XCTAssertEqual(said.stdout, "CIELAB \(bits)", "ImageMagick reads lab\(bits).tif as CIELab")
            let values = folder.appendingPathComponent("lab\(bits).txt")
            try lab.map { $0.map { String($0) }.joined(separator: " ") + "\n" }.joined().write(
                to: values, atomically: true, encoding: .utf8)
            let outcome = try ChildProcess.run(
                URL(fileURLWithPath: "/bin/sh"), ["-c", "transicc -i'*Lab' -o'*sRGB' -t0 -s -q -n < '\(values.path)'"],
                environment: ProcessInfo.processInfo.environment, timeout: 60)
            let rows = outcome.stdout.split(separator: "\n").map {
                $0.split(separator: " ").compactMap { Double($0) }.map { UInt8(max(0, min(255, $0.rounded()))) }
            }.filter { $0.count == 3 }
            XCTAssertEqual(rows.count, lab.count, "transicc: \(outcome.stderr)")
            let reference = MagickReference.Pixels(
                width: 64, height: 48, colours: rows.map { RGBA(r: $0[0], g: $0[1], b: $0[2], a: 255) })
            let ours = MagickReference.pixels(try decoded(Data(bytes), named: url.lastPathComponent).get())
            XCTAssertEqual([ours.width, ours.height], [64, 48])
            XCTAssertGreaterThanOrEqual(
                MagickReference.psnr(ours, reference), 40, "\(bits)-bit CIELab against transicc")
        }
    }
}
