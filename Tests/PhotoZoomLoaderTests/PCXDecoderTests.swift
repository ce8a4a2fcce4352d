import Foundation
import PhotoZoomTestSupport
import PhotoZoomUntrusted
import XCTest

@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface

/// ZSoft PCX, held to ImageMagick's reading of files it writes (8 bits in 1, 3 or 4 planes, and
/// 1 bit in 1) and of files built here by hand in the kinds it cannot write, whose pixels the
/// test also knows exactly.
final class PCXDecoderTests: XCTestCase {
    typealias Picture = PortableReference.Picture
    var folder: URL!

    override func setUpWithError() throws { folder = try PortableReference.folder("pcx") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Sixteen colours for a header's palette, none of them grey.
    static let sixteen = (0..<16).map { (index: Int) -> RGBA in
        RGBA(r: UInt8(index * 16), g: UInt8(255 - index * 9), b: UInt8(index * 5 + 40))
    }

    /// A PCX of `width`×`height`, `bits` in each of `planes`, whose rows are `lines` (each row
    /// `planes` lines of `bytesPerLine`), run-length coded as one stream (runs crossing lines
    /// and rows) unless `coded` is false, with `trailer` after the pixels.
    static func pcx(
        width: Int, height: Int, bits: UInt8, planes: UInt8, bytesPerLine: Int, lines: [UInt8], coded: Bool = true,
        palette: [RGBA] = sixteen, trailer: [UInt8] = []
    ) -> [UInt8] {
        var header = [UInt8](repeating: 0, count: 128)
        header[0...3] = [0x0A, 5, coded ? 1 : 0, bits]
        for (at, value) in [(4, 2), (6, 3), (8, width + 1), (10, height + 2), (12, 72), (14, 72), (66, bytesPerLine)] {
            header[at...at + 1] = [UInt8(value & 0xFF), UInt8(value >> 8)]
        }
        for (index, colour) in palette.prefix(16).enumerated() {
            header[16 + index * 3...18 + index * 3] = [colour.r, colour.g, colour.b]
        }
        header[65] = planes
        header[68] = 1
        return header + (coded ? runLengthCoded(lines) : lines) + trailer
    }

    static func runLengthCoded(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var at = 0
        while at < bytes.count {
            var run = 1
            while run < 63, at + run < bytes.count, bytes[at + run] == bytes[at] { run += 1 }
            if run == 1, bytes[at] < 0xC0 { out.append(bytes[at]) } else { out += [0xC0 | UInt8(run), bytes[at]] }
            at += run
        }
        return out
    }

    /// `indices` of `bits` each packed high bit first, padded to `bytesPerLine` with `padding`.
    static func packed(_ indices: [Int], bits: Int, bytesPerLine: Int, padding: UInt8 = 0) -> [UInt8] {
        var line = [UInt8](repeating: padding, count: bytesPerLine)
        for i in 0..<(indices.count * bits + 7) / 8 { line[i] = 0 }
        for (x, index) in indices.enumerated() {
            line[x * bits / 8] |= UInt8(index) << (8 - bits - x * bits % 8)
        }
        return line
    }

    /// `indices` as `planes` lines of one bit each, the first plane the lowest bit.
    static func planar(_ indices: [Int], planes: Int, bytesPerLine: Int) -> [UInt8] {
        (0..<planes).flatMap { plane in packed(indices.map { $0 >> plane & 1 }, bits: 1, bytesPerLine: bytesPerLine) }
    }

    func decoded(_ bytes: [UInt8], maximumPixels: Int = 1 << 24) throws -> Picture {
        Picture(try PCXDecoder.decode(Data(bytes), maximumPixels: maximumPixels).get())
    }

    func failure(_ bytes: [UInt8], maximumPixels: Int = 1 << 24) -> DecodeFailure? {
        guard case .failure(let failure) = PCXDecoder.decode(Data(bytes), maximumPixels: maximumPixels) else {
            return nil
        }
        return failure
    }

    /// The file's pixels as this decodes them, which must be ImageMagick's exactly.
    func matchesImageMagick(_ bytes: [UInt8], _ name: String) throws -> Picture {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        let ours = try decoded(bytes)
        XCTAssertEqual(ours, try PortableReference.magickPixels(of: url), name)
        return ours
    }

    func testFilesImageMagickWritesMatchIt() throws {
        let source = folder.appendingPathComponent("source.png")
        try PortableReference.convert(["-seed", "7", "-size", "29x13", "plasma:", source.path])
        let mono = folder.appendingPathComponent("mono.png")
        try PortableReference.convert([source.path, "-monochrome", "png8:\(mono.path)"])
        for (name, input, options) in [
            ("palette16.pcx", source, ["-colors", "16", "-type", "Palette"]),
            ("palette200.pcx", source, ["-colors", "200", "-type", "Palette"]),
            ("rgb.pcx", source, []),
            ("rgba.pcx", source, ["-alpha", "set", "-channel", "A", "-fx", "i/w", "+channel"]),
            ("wide.pcx", source, ["-scale", "700x3!"]), ("mono.pcx", mono, []),
        ] {
            let url = folder.appendingPathComponent(name)
            try PortableReference.convert([input.path] + options + [url.path])
            let ours = Picture(try PCXDecoder.decode(Data(contentsOf: url), maximumPixels: 1 << 20).get())
            XCTAssertEqual(ours, try PortableReference.magickPixels(of: url), name)
        }
    }

    /// The cause SDL_image got wrong: 16 colours in four planes of a bit came out black.
    func testPlanesOfOneBitTakeTheHeadersColours() throws {
        for planes in 2...4 {
            let (width, height, bytesPerLine) = (13, 5, 2)
            let indices = (0..<height).map { y in (0..<width).map { x in (x + y * 3) % (1 << planes) } }
            let file = Self.pcx(
                width: width, height: height, bits: 1, planes: UInt8(planes), bytesPerLine: bytesPerLine,
                lines: indices.flatMap { Self.planar($0, planes: planes, bytesPerLine: bytesPerLine) })
            XCTAssertEqual(
                try matchesImageMagick(file, "planes\(planes).pcx"),
                Picture(width: width, height: height, pixels: indices.joined().map { Self.sixteen[$0] }),
                "\(planes) planes")
        }
    }

    func testPackedIndicesTakeTheHeadersColours() throws {
        for bits in [2, 4] {
            let (width, height, bytesPerLine) = (11, 4, 8)
            let indices = (0..<height).map { y in (0..<width).map { x in (x * 7 + y) % (1 << bits) } }
            let file = Self.pcx(
                width: width, height: height, bits: UInt8(bits), planes: 1, bytesPerLine: bytesPerLine,
                lines: indices.flatMap { Self.packed($0, bits: bits, bytesPerLine: bytesPerLine, padding: 0xAB) })
            XCTAssertEqual(
                try matchesImageMagick(file, "bits\(bits).pcx"),
                Picture(width: width, height: height, pixels: indices.joined().map { Self.sixteen[$0] }), "\(bits) bits"
            )
        }
    }

    func testABitmapTakesItsHeadersTwoColoursOrIsBlackAndWhite() throws {
        let (width, height, bytesPerLine) = (19, 3, 3)
        let indices = (0..<height).map { y in (0..<width).map { x in (x / (y + 1)) % 2 } }
        let lines = indices.flatMap { Self.packed($0, bits: 1, bytesPerLine: bytesPerLine, padding: 0xFF) }
        let black = RGBA(grey: 0)
        let white = RGBA(grey: 255)
        // ImageMagick 6.9 reads 0 as white and 1 as black whatever the header says (and writes
        // its bitmaps with white first in the header to match); ZSoft's own reading and
        // netpbm's are these.
        for (palette, colours) in [
            ([black, black], [black, white]), ([white, black], [white, black]),
            (Self.sixteen, Array(Self.sixteen.prefix(2))),
        ] {
            let file = Self.pcx(
                width: width, height: height, bits: 1, planes: 1, bytesPerLine: bytesPerLine, lines: lines,
                palette: palette)
            XCTAssertEqual(
                try decoded(file), Picture(width: width, height: height, pixels: indices.joined().map { colours[$0] }),
                "\(palette.prefix(2))")
        }
    }

    func testIndexedPicturesWithAnAllBlackHeaderTakeTheEGAsColours() throws {
        let ega: [UInt32] = [
            0x000000, 0x0000AA, 0x00AA00, 0x00AAAA, 0xAA0000, 0xAA00AA, 0xAA5500, 0xAAAAAA,
            0x555555, 0x5555FF, 0x55FF55, 0x55FFFF, 0xFF5555, 0xFF55FF, 0xFFFF55, 0xFFFFFF,
        ]
        let colours = ega.map { RGBA(r: UInt8($0 >> 16), g: UInt8($0 >> 8 & 0xFF), b: UInt8($0 & 0xFF)) }
        let indices = Array(0..<16)
        let file = Self.pcx(
            width: 16, height: 1, bits: 1, planes: 4, bytesPerLine: 2,
            lines: Self.planar(indices, planes: 4, bytesPerLine: 2), palette: [])
        XCTAssertEqual(try decoded(file), Picture(width: 16, height: 1, pixels: colours))
    }

    func testEightBitsTakeTheTrailingPaletteOrAreGrey() throws {
        let (width, height) = (9, 4)
        let indices = (0..<width * height).map { ($0 * 37) % 256 }
        let palette = (0..<256).map { RGBA(r: UInt8($0), g: UInt8(255 - $0), b: UInt8($0 / 2)) }
        let lines = indices.map(UInt8.init)
        let trailer: [UInt8] = [0x0C] + palette.flatMap { [$0.r, $0.g, $0.b] }
        XCTAssertEqual(
            try matchesImageMagick(
                Self.pcx(
                    width: width, height: height, bits: 8, planes: 1, bytesPerLine: width, lines: lines,
                    trailer: trailer),
                "vga.pcx"),
            Picture(width: width, height: height, pixels: indices.map { palette[$0] }))
        XCTAssertEqual(
            try decoded(Self.pcx(width: width, height: height, bits: 8, planes: 1, bytesPerLine: width, lines: lines)),
            Picture(width: width, height: height, pixels: indices.map { RGBA(grey: UInt8($0)) }))
    }

    func testRunsCrossLinesAndRowsAndPaddingIsSkipped() throws {
        // Red, green, blue (and alpha) lines of 6 bytes for 5 pixels, each padded with the
        // next line's value, so runs cross lines and rows.
        let (width, height, bytesPerLine) = (5, 4, 6)
        for planes in [3, 4] {
            let values = (0..<planes).map { UInt8(50 + $0 * 60) }
            let row = (0..<planes).flatMap { plane in
                [UInt8](repeating: values[plane], count: width) + [values[(plane + 1) % planes]]
            }
            let lines = Array([[UInt8]](repeating: row, count: height).joined())
            let pixel = RGBA(r: 50, g: 110, b: 170, a: planes == 4 ? 230 : 255)
            let expected = Picture(width: width, height: height, pixels: Array(repeating: pixel, count: width * height))
            let coded = Self.pcx(
                width: width, height: height, bits: 8, planes: UInt8(planes), bytesPerLine: bytesPerLine, lines: lines)
            XCTAssertEqual(try matchesImageMagick(coded, "runs\(planes).pcx"), expected, "\(planes) planes")
            let raw = Self.pcx(
                width: width, height: height, bits: 8, planes: UInt8(planes), bytesPerLine: bytesPerLine, lines: lines,
                coded: false)
            XCTAssertEqual(try decoded(raw), expected, "\(planes) planes uncompressed")
        }
        // One run covering the last byte of a row and the first of the next.
        let crossing: [UInt8] = [1, 2, 0xC2, 3, 4, 5, 6]
        var file = Self.pcx(width: 3, height: 2, bits: 8, planes: 1, bytesPerLine: 3, lines: [])
        file += crossing
        XCTAssertEqual(
            try decoded(file), Picture(width: 3, height: 2, pixels: [1, 2, 3, 3, 4, 5].map { RGBA(grey: $0) }))
    }

    func testBrokenFilesFailWithWhatIsWrong() {
        let lines = (0..<4 * 3 * 3).map(UInt8.init)
        let good = Self.pcx(width: 4, height: 3, bits: 8, planes: 3, bytesPerLine: 4, lines: lines)
        XCTAssertEqual(failure(Array(good.dropLast(5))), .corrupt("the file ends inside row 2 of 3"))
        XCTAssertEqual(failure(Array(good.prefix(100))), .corrupt("its PCX header is cut short"))
        XCTAssertEqual(failure([0x0B] + good.dropFirst()), .corrupt("it starts with 11, not a PCX's 10"))
        XCTAssertEqual(
            failure(Self.pcx(width: 4, height: 3, bits: 8, planes: 2, bytesPerLine: 4, lines: lines)),
            .corrupt("it has 2 planes of 8 bits, which no PCX has"))
        XCTAssertEqual(
            failure(Self.pcx(width: 40, height: 3, bits: 4, planes: 1, bytesPerLine: 19, lines: lines)),
            .corrupt("its lines are 19 bytes, too few for 40 pixels"))
        XCTAssertEqual(
            failure(
                Self.pcx(width: 4000, height: 3000, bits: 8, planes: 1, bytesPerLine: 4000, lines: lines),
                maximumPixels: 1_000_000),
            .overLimits("it is 4000×3000 pixels, more than a loader may decode"))
        XCTAssertEqual(
            failure(Self.pcx(width: 4000, height: 3000, bits: 8, planes: 1, bytesPerLine: 4000, lines: lines)),
            .corrupt("the file is too short for its 4000×3000 pixels"))
        var backwards = good
        backwards[8...9] = [0, 0]
        XCTAssertEqual(failure(backwards), .corrupt("its window runs from (2, 3) back to (0, 5)"))
        var encoded = good
        encoded[2] = 2
        XCTAssertEqual(failure(encoded), .corrupt("its encoding is 2, not 0 or 1"))
    }

    func testMutatedFilesNeverTrap() throws {
        let indices = (0..<6).map { y in (0..<7).map { x in (x * y + x) % 16 } }
        let valid = [
            Self.pcx(
                width: 7, height: 6, bits: 1, planes: 4, bytesPerLine: 2,
                lines: indices.flatMap { Self.planar($0, planes: 4, bytesPerLine: 2) }),
            Self.pcx(
                width: 7, height: 6, bits: 4, planes: 1, bytesPerLine: 4,
                lines: indices.flatMap { Self.packed($0, bits: 4, bytesPerLine: 4) }),
            Self.pcx(
                width: 7, height: 6, bits: 8, planes: 1, bytesPerLine: 8,
                lines: indices.flatMap { $0.map(UInt8.init) + [0] },
                trailer: [0x0C] + (0..<768).map { UInt8($0 % 256) }),
            Self.pcx(width: 3, height: 2, bits: 8, planes: 4, bytesPerLine: 3, lines: (0..<24).map { UInt8($0 * 9) }),
        ]
        let succeeded = try PortableReference.survivesMutations(
            of: valid, each: 800, maximumPixels: 64, seed: 0x50_4358, decode: PCXDecoder.decode)
        XCTAssertGreaterThan(succeeded, 0)
    }
}
