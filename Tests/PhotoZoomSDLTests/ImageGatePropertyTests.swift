import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore
@testable import PhotoZoomLibrary
@testable import PhotoZoomSDL
@testable import PhotoZoomUntrusted

/// Header fields as each format spells them, and the smallest well-formed file of every format
/// the gate reads, written byte by byte so no binary is committed and every offset is in view.
enum GateBytes {
    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    static func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16 & 0xFFFF) }
    static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func be32(_ v: Int) -> [UInt8] { be16(v >> 16 & 0xFFFF) + be16(v & 0xFFFF) }
    static func ascii(_ s: String) -> [UInt8] { Array(s.utf8) }

    /// zlib's CRC-32, bit by bit: the test target does not link zlib, and a chunk with a wrong
    /// CRC would test libpng's CRC check instead of the gate.
    static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? crc >> 1 ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func pngChunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = ascii(type) + body
        return be32(body.count) + typed + be32(Int(crc32(typed)))
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// An 8-bit RGB PNG of zeros, its rows in one stored (uncompressed) deflate block.
    static func png(width: Int, height: Int, idatBytes: Int? = nil) -> [UInt8] {
        let raw = idatBytes ?? (1 + 3 * width) * height
        let zlib =
            [0x78, 0x01, 0x01] + le16(raw) + le16(~raw & 0xFFFF) + [UInt8](repeating: 0, count: raw)
            + be32(raw << 16 | 1)
        return pngSignature + pngChunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0]) + pngChunk("IDAT", zlib)
            + pngChunk("IEND", [])
    }

    /// A GIF89a: a two-colour table, a graphic control extension, then one frame descriptor,
    /// its frame's top left corner `at`.
    static func gif(screen: (Int, Int), frame: (Int, Int), at corner: (Int, Int) = (0, 0)) -> [UInt8] {
        ascii("GIF89a") + le16(screen.0) + le16(screen.1) + [0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
            + [0x21, 0xF9, 4, 0, 0, 0, 0, 0]
            + [0x2C] + le16(corner.0) + le16(corner.1) + le16(frame.0) + le16(frame.1) + [0] + [2, 2, 0x4C, 0x01, 0]
            + [0x3B]
    }

    /// Windows' 40-byte header, 24 bits, uncompressed.
    static func bmp(width: Int, height: Int) -> [UInt8] {
        let row = (width * 3 + 3) / 4 * 4
        let pixels = row * height
        return ascii("BM") + le32(54 + pixels) + le32(0) + le32(54) + le32(40) + le32(width) + le32(height) + le16(1)
            + le16(24)
            + le32(0) + le32(pixels) + le32(2835) + le32(2835) + le32(0) + le32(0)
            + [UInt8](repeating: 0x40, count: pixels)
    }

    /// OS/2's 12-byte header: unsigned 16-bit sides; `pixelBytes` of rows follow it.
    static func os2BMP(width: Int, height: Int, pixelBytes: Int) -> [UInt8] {
        ascii("BM") + le32(26 + pixelBytes) + le32(0) + le32(26) + le32(12) + le16(width) + le16(height) + le16(1)
            + le16(24)
            + [UInt8](repeating: 0x40, count: pixelBytes)
    }

    /// A QOI header, one RGB pixel, a run for the rest, and the end marker.
    static func qoi(width: Int, height: Int) -> [UInt8] {
        ascii("qoif") + be32(width) + be32(height) + [4, 0] + [0xFE, 255, 0, 0] + [0xC0 | 4] + [0, 0, 0, 0, 0, 0, 0, 1]
    }

    /// ZSoft's 128-byte header, 24 bits in three planes, `rowBytes` a plane's row; `data` follows.
    static func pcx(width: Int, height: Int, rowBytes: Int, data: [UInt8]) -> [UInt8] {
        var header = [0x0A, 5, 1, 8] + le16(0) + le16(0) + le16(width - 1) + le16(height - 1) + le16(72) + le16(72)
        header += [UInt8](repeating: 0, count: 48) + [0, 3] + le16(rowBytes) + le16(1)
        return header + [UInt8](repeating: 0, count: 128 - header.count) + data
    }

    /// An uncompressed 24-bit TGA, read only when named `.tga`.
    static func tga(width: Int, height: Int) -> [UInt8] {
        [0, 0, 2, 0, 0, 0, 0, 0] + le16(0) + le16(0) + le16(width) + le16(height) + [24, 0]
            + [UInt8](repeating: 0x80, count: width * height * 3)
    }

    /// A TIFF of two directories: the first `width`×`height` (width a SHORT, height a LONG),
    /// the second 2×2, then the pixels.
    static func tiff(width: Int, height: Int, bigEndian: Bool) -> [UInt8] {
        let u16 = bigEndian ? be16 : le16
        let u32 = bigEndian ? be32 : le32
        func entry(_ tag: Int, short value: Int) -> [UInt8] { u16(tag) + u16(3) + u32(1) + u16(value) + [0, 0] }
        func entry(_ tag: Int, long value: Int) -> [UInt8] { u16(tag) + u16(4) + u32(1) + u32(value) }
        let second = 8 + 2 + 3 * 12 + 4
        let first = u16(3) + entry(256, short: width) + entry(257, long: height) + entry(258, short: 8) + u32(second)
        let next = u16(2) + entry(256, short: 2) + entry(257, short: 2) + u32(0)
        return (bigEndian ? [0x4D, 0x4D, 0, 0x2A] : [0x49, 0x49, 0x2A, 0]) + u32(8) + first + next
            + [UInt8](repeating: 0, count: 16)
    }

    static func riff(_ chunk: String, _ body: [UInt8]) -> [UInt8] {
        ascii("RIFF") + le32(4 + 8 + body.count) + ascii("WEBP") + ascii(chunk) + le32(body.count) + body
    }

    /// Lossless: the signature byte, then 14-bit sides less one packed in 32 bits.
    static func webPLossless(width: Int, height: Int) -> [UInt8] {
        riff("VP8L", [0x2F] + le32((width - 1) | (height - 1) << 14) + [0, 0, 0, 0])
    }

    /// A baseline JPEG: a JFIF segment the walk must step over, the frame header, a scan and its end.
    static func jpeg(width: Int, height: Int, frame: UInt8 = 0xC0) -> [UInt8] {
        [0xFF, 0xD8] + [0xFF, 0xE0] + be16(16) + ascii("JFIF") + [0, 1, 1, 0] + be16(1) + be16(1) + [0, 0]
            + [0xFF, frame] + be16(11) + [8] + be16(height) + be16(width) + [1, 1, 0x11, 0]
            + [0xFF, 0xDA] + be16(8) + [1, 1, 0, 0, 63, 0] + [0x12, 0x34] + [0xFF, 0xD9]
    }

    /// One small, well-formed file of every format the gate reads: its name, and the size it says.
    static let seeds: [(name: String, bytes: [UInt8], width: Int, height: Int)] = [
        ("seed.png", png(width: 7, height: 5), 7, 5),
        // Turned a quarter by its XMP (its size as stored), so the walk through iTXt and its
        // text is fuzzed too.
        (
            "xmp.png",
            Array(png(width: 7, height: 5).prefix(33))
                + pngChunk(
                    "iTXt",
                    ascii("XML:com.adobe.xmp") + [0, 0, 0, 0, 0]
                        + ascii("<x:xmpmeta><rdf:Description tiff:Orientation=\"6\"/></x:xmpmeta>"))
                + png(width: 7, height: 5).dropFirst(33), 7, 5
        ),
        ("seed.gif", gif(screen: (3, 2), frame: (3, 2)), 3, 2),
        ("seed.bmp", bmp(width: 2, height: 2), 2, 2),
        ("os2.bmp", os2BMP(width: 2, height: 2, pixelBytes: 16), 2, 2),
        ("seed.qoi", qoi(width: 3, height: 2), 3, 2),
        ("seed.ppm", ascii("P6\n# tiny\n3 2\n255\n") + [UInt8](repeating: 9, count: 18), 3, 2),
        ("seed.pbm", ascii("P4\n8 2\n") + [0xAA, 0x55], 8, 2),
        ("seed.pgm", ascii("P2\n2 2\n9\n1 2\n3 4\n"), 2, 2),
        ("seed.pcx", pcx(width: 3, height: 2, rowBytes: 4, data: [UInt8](repeating: 0xC4, count: 12)), 3, 2),
        // Uncompressed, no ID, no colour map: the TGA ImageMagick and most writers make (`00 00 02 00`).
        ("seed.tga", tga(width: 2, height: 2), 2, 2),
        (
            "rle.tga", [0, 0, 10, 0, 0, 0, 0, 0] + le16(0) + le16(0) + le16(2) + le16(2) + [24, 0] + [0x83, 1, 2, 3], 2,
            2
        ),
        ("little.tif", tiff(width: 4, height: 3, bigEndian: false), 4, 3),
        ("big.tif", tiff(width: 4, height: 3, bigEndian: true), 4, 3),
        ("lossless.webp", webPLossless(width: 5, height: 4), 5, 4),
        ("extended.webp", riff("VP8X", [0x10, 0, 0, 0] + [5, 0, 0] + [3, 0, 0]), 6, 4),
        ("lossy.webp", riff("VP8 ", [0x50, 0x01, 0x00, 0x9D, 0x01, 0x2A] + le16(9) + le16(7) + [0, 0]), 9, 7),
        ("seed.jpg", jpeg(width: 9, height: 6), 9, 6),
        ("progressive.jpg", jpeg(width: 9, height: 6, frame: 0xC2), 9, 6),
        // A HEIC turned a quarter (its upright size is its stored one across), and a grid.
        ("seed.heic", HEIFBytes.single(width: 6, height: 4, [HEIFBytes.irot(1)]), 4, 6),
        ("grid.heic", HEIFBytes.grid(tiles: 4, tile: (3, 2), width: 6, height: 4), 6, 4),
        // A JPEG XL's size header, bare and in a container's jxlc box turned (orientation 8):
        // sides coded in 9 bits each, less one, least significant bit first.
        ("seed.jxl", [0xFF, 0x0A, 0x18, 0x00, 0x0A, 0x04, 0, 0, 0, 0], 6, 4),
        (
            "container.jxl",
            [0, 0, 0, 0x0C] + ascii("JXL ") + [0x0D, 0x0A, 0x87, 0x0A] + be32(20) + ascii("ftypjxl ") + be32(0)
                + ascii("jxl ") + be32(18) + ascii("jxlc") + [0xFF, 0x0A, 0x18, 0x00, 0x0A, 0x78, 0, 0, 0, 0], 6, 4
        ),
    ]
}

/// Every header parser of the gate reads hostile bytes: thousands of mutations of a valid file
/// of each format may make it refuse, but never trap, never hang, and never let through a
/// claim over the limits or more than the bytes could hold.
final class ImageGatePropertyTests: XCTestCase {
    /// A mutation is only meaningful from a seed the gate reads as what it is.
    func testEverySeedIsReadAsItsFormatAndSize() {
        for seed in GateBytes.seeds {
            let data = Data(seed.bytes)
            // Guards each parser's offsets: a seed misread would make the fuzzing below vacuous.
            guard case .success(let claimed) = PhotoGate.check(data, named: seed.name) else {
                XCTFail("\(seed.name) refused: \(PhotoGate.check(data, named: seed.name))")
                continue
            }
            XCTAssertEqual([claimed.width, claimed.height], [seed.width, seed.height], seed.name)
            XCTAssertLessThanOrEqual(claimed.leastFileBytes, data.count, seed.name)
        }
    }

    /// One to four edits a time: a random byte, an extreme field, a truncation, a splice with
    /// another format's tail, inserted bytes, a repeated slice (directory chains and loops).
    static func mutate(_ start: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
        var b = start
        let extremes: [[UInt8]] = [
            [0xFF, 0xFF, 0xFF, 0xFF], [0, 0, 0, 0], [0x7F, 0xFF, 0xFF, 0xFF], [0x80, 0, 0, 0], [0, 0, 0x75, 0x30],
            [0x75, 0x30, 0x75, 0x30], [0, 0, 0, 8],
        ]
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let at = Int.random(in: 0...b.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0 where at < b.count: b[at] = UInt8.random(in: 0...255, using: &random)
            case 1 where at + 4 <= b.count:
                b.replaceSubrange(at..<at + 4, with: extremes.randomElement(using: &random)!)
            case 2: b = Array(b.prefix(at))
            case 3:
                let other = GateBytes.seeds.randomElement(using: &random)!.bytes
                b = Array(b.prefix(at)) + other.suffix(Int.random(in: 0...other.count, using: &random))
            case 4:
                b.insert(
                    contentsOf: (0..<Int.random(in: 1...16, using: &random)).map { _ in
                        UInt8.random(in: 0...255, using: &random)
                    }, at: at)
            default:
                let end = Int.random(in: at...min(b.count, at + 48), using: &random)
                b.insert(contentsOf: b[at..<end], at: at)
            }
        }
        // Small files keep the probe's reads past its head within its budget, so probe and check must agree.
        return Array(b.prefix(512))
    }

    /// What every answer of the gate must hold, whatever the bytes; the answer's kind, counted.
    @discardableResult
    func assertSound(_ data: Data, named name: String, limits: LibraryLimits, _ context: String) -> String {
        let kind = try? ImageKind.identify(data, named: name).get()
        let sized = PhotoHeader.dimensions(of: data, named: name)
        if let sized {
            // Decoders multiply the sides: a side past largestSide (or 0) must be no size at all.
            XCTAssert(
                (1...PhotoHeader.largestSide).contains(sized.width)
                    && (1...PhotoHeader.largestSide).contains(sized.height), context)
            XCTAssertEqual(sized.kind, kind, context)
            // The limit is checked on decodedPixels: counting fewer than the shown frame would let it by.
            XCTAssertGreaterThanOrEqual(sized.decodedPixels, sized.pixels, context)
        }
        switch PhotoGate.check(data, named: name, limits: limits) {
        case .success(let claimed):
            XCTAssertEqual(claimed, sized, context)
            // Each bound claimProblem enforces; a success past one would reach a decoder's allocation.
            XCTAssertLessThanOrEqual(claimed.leastFileBytes, data.count, context)
            XCTAssertLessThanOrEqual(claimed.fewestDecodedPixels, limits.maximumPixels, context)
            // Only a decoder that decodes small (a JPEG's scales, a lossy WebP's scaler, a TIFF's
            // reduced-resolution copy) may be given more pixels than the limit; it decodes within it.
            if !claimed.decodesInStrips, !claimed.decodesToAnySize, claimed.reducedResolutions.isEmpty {
                XCTAssertLessThanOrEqual(claimed.decodedPixels, limits.maximumPixels, context)
            }
            XCTAssertLessThanOrEqual(claimed.coefficientBytes, PhotoGate.coefficientBudgetBytes, context)
            return "accepted"
        case .failure(let refusal):
            // A header that said its size is refused only for its claim, with the claim's own line.
            if let sized {
                XCTAssertEqual(
                    PhotoGate.claimProblem(sized, fileBytes: data.count, limits: limits)?.description,
                    refusal.description, context)
            }
            if kind == nil { return "not a photo" }
            return refusal.isOverLimits
                ? "over the limits"
                : refusal.description.contains("could hold")
                    ? "more than its bytes" : sized == nil ? "unsized" : "other"
        }
    }

    /// Guards every parser's bounds checks and claimProblem's bounds against bytes no hand-made case imagined.
    func testMutatedHeadersNeverTrapNorPassAClaimOverTheLimits() throws {
        var random = try SeededGenerator(fixedSeed: 0x6A7E)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-gate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The default limits, and ones a few pixels wide so small mutated claims cross them too.
        let allLimits = [
            LibraryLimits(), LibraryLimits(maximumMegapixels: 0.000_02), LibraryLimits(maximumMegapixels: 0.001),
        ]
        let started = Date()
        var answers: [String: Int] = [:]
        for round in 0..<8000 {
            let seed = GateBytes.seeds.randomElement(using: &random)!
            let data = Data(Self.mutate(seed.bytes, using: &random))
            // Only a `.tga` name lets TGA be read; other seeds sometimes get it too.
            let name = Bool.random(using: &random) ? seed.name : "mutant.tga"
            let limits = allLimits.randomElement(using: &random)!
            let context =
                "round \(round) from \(seed.name), \(data.count) bytes \(data.prefix(32).map { String(format: "%02x", $0) }.joined()), \(random)"
            answers[assertSound(data, named: name, limits: limits, context), default: 0] += 1

            // Every eighth: the probe, reading past a head of at least identify's 64 bytes through the
            // descriptor, must agree with the whole-bytes check (an offset misread there would not).
            guard round % 8 == 0, !data.isEmpty else { continue }
            let file = folder.appendingPathComponent("\(round)-\(name)")
            try data.write(to: file)
            let opened = try PhotoGate.open(file).get()
            let head = data.prefix(Int.random(in: min(64, data.count)...data.count, using: &random))
            let probed = PhotoProbe.probe(
                head: head, file: opened, name: name, fileBytes: opened.bytes, modified: 0, limits: limits,
                hashing: false)
            // GIF and PNM are parsed from the head alone (a GIF's late frame escapes the probe: see HostileImageTests).
            guard let kind = try? ImageKind.identify(data, named: name).get(), kind != .gif, kind != .pnm else {
                continue
            }
            switch (probed, PhotoGate.check(data, named: name, limits: limits)) {
            case (.success(let probe), .success(let claimed)):
                XCTAssertEqual(
                    [probe.uprightSize.width, probe.uprightSize.height].sorted(),
                    [claimed.width, claimed.height].sorted(), context)
            case (.failure(let a), .failure(let b)): XCTAssertEqual(a.description, b.description, context)
            default:
                XCTFail("probe \(probed) but check \(PhotoGate.check(data, named: name, limits: limits)); \(context)")
            }
        }
        // Mutations that never reached a refusal (or never got through) would prove nothing.
        for answer in ["accepted", "not a photo", "unsized", "over the limits", "more than its bytes"] {
            XCTAssertGreaterThan(answers[answer, default: 0], 50, "\(answer): \(answers), \(random)")
        }
        // A parser that walks a chain it should have cut off shows as time: far more than a busy
        // machine's.
        XCTAssertLessThan(
            Date().timeIntervalSince(started), HangGuard.seconds, HangGuard.failure("8,000 rounds not done, \(random)"))
    }
}
