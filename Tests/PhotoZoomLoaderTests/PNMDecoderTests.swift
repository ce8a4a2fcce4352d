import Foundation
import PhotoZoomTestSupport
import PhotoZoomUntrusted
import XCTest

@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface

/// Netpbm's P1 to P6, held to ImageMagick's reading of files it writes, and to pixels known
/// exactly for files built here by hand.
final class PNMDecoderTests: XCTestCase {
    typealias Picture = PortableReference.Picture
    var folder: URL!

    override func setUpWithError() throws { folder = try PortableReference.folder("pnm") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A 29×13 seeded plasma ImageMagick writes as `name` with `options`.
    func magickFile(_ name: String, _ options: [String]) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try PortableReference.convert(["-seed", "7", "-size", "29x13", "plasma:"] + options + [url.path])
        return url
    }

    func decoded(_ bytes: [UInt8], maximumPixels: Int = 1 << 24) throws -> Picture {
        Picture(try PNMDecoder.decode(Data(bytes), maximumPixels: maximumPixels).get())
    }

    func failure(_ bytes: [UInt8], maximumPixels: Int = 1 << 24) -> DecodeFailure? {
        guard case .failure(let failure) = PNMDecoder.decode(Data(bytes), maximumPixels: maximumPixels) else {
            return nil
        }
        return failure
    }

    func testEveryEightBitKindMatchesImageMagick() throws {
        for (name, options) in [
            ("colour.ppm", ["-depth", "8"]), ("grey.pgm", ["-colorspace", "Gray", "-depth", "8"]),
            ("bits.pbm", ["-monochrome"]), ("plain-colour.ppm", ["-depth", "8", "-compress", "none"]),
            ("plain-grey.pgm", ["-colorspace", "Gray", "-depth", "8", "-compress", "none"]),
            ("plain-bits.pbm", ["-monochrome", "-compress", "none"]),
        ] {
            let file = try magickFile(name, options)
            let ours = Picture(try PNMDecoder.decode(Data(contentsOf: file), maximumPixels: 1 << 20).get())
            XCTAssertEqual(ours, try PortableReference.magickPixels(of: file), name)
        }
    }

    /// The cause SDL_image got wrong: samples of two bytes were not decoded.
    func testSixteenBitGreymapsAndPixmapsAreDecoded() throws {
        for (name, options) in [
            ("colour16.ppm", ["-depth", "16"]), ("grey16.pgm", ["-colorspace", "Gray", "-depth", "16"]),
            ("colour10.ppm", ["-depth", "10"]), ("plain16.ppm", ["-depth", "16", "-compress", "none"]),
        ] {
            let file = try magickFile(name, options)
            let ours = Picture(try PNMDecoder.decode(Data(contentsOf: file), maximumPixels: 1 << 20).get())
            let theirs = try PortableReference.magickPixels(of: file)
            // ImageMagick 6.9 cuts to 8 bits where this rounds: a level apart at most.
            XCTAssertGreaterThanOrEqual(PortableReference.psnr(ours, theirs), 40, name)
            XCTAssertLessThanOrEqual(PortableReference.largestDifference(ours, theirs), 1, name)
        }
        // 0x0080 is nearer 0 and 0x0081 nearer 1; 0x7FFF nearer 127, 0x8080 exactly 128.
        let samples: [UInt16] = [0x0000, 0x0080, 0x0081, 0x7FFF, 0x8080, 0xFFFF]
        let body = samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        XCTAssertEqual(
            try decoded(Array("P6\n2 1\n65535\n".utf8) + body),
            Picture(width: 2, height: 1, pixels: [RGBA(r: 0, g: 0, b: 1), RGBA(r: 127, g: 128, b: 255)]))
    }

    func testAnyMaximumIsScaledToTheNearestLevel() throws {
        for maximum in [1, 2, 7, 100, 254, 256, 1000, 4095, 65535] {
            let values = Array(stride(from: 0, through: maximum, by: max(1, maximum / 97))) + [maximum]
            let body = values.flatMap { maximum > 255 ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0)] }
            let expected = Picture(
                width: values.count, height: 1,
                pixels: values.map { RGBA(grey: UInt8((Double($0) * 255 / Double(maximum)).rounded())) })
            let raw = Array("P5 \(values.count) 1 \(maximum)\n".utf8) + body
            let plain = Array("P2 \(values.count) 1 \(maximum)\n\(values.map(String.init).joined(separator: " "))".utf8)
            XCTAssertEqual(try decoded(raw), expected, "P5 of maximum \(maximum)")
            XCTAssertEqual(try decoded(plain), expected, "P2 of maximum \(maximum)")
        }
    }

    func testCommentsAndWhitespaceGoWhereverWhitespaceMay() throws {
        let white = RGBA(grey: 255)
        let black = RGBA(grey: 0)
        // A plain bitmap's digits need nothing between them.
        XCTAssertEqual(
            try decoded(Array("P1#c\n3\t#w\r2\n10\n0 # x\n\n011".utf8)),
            Picture(width: 3, height: 2, pixels: [black, white, white, white, black, black]))
        XCTAssertEqual(
            try decoded(Array("P3 2 1 # two\n\u{0B}\u{0C}9# max\n9 0 0\t#r\r\n0\n\n9   0".utf8)),
            Picture(width: 2, height: 1, pixels: [RGBA(r: 255, g: 0, b: 0), RGBA(r: 0, g: 255, b: 0)]))
        // A comment may end a binary header; the one byte after it starts the samples, which
        // may look like whitespace themselves.
        XCTAssertEqual(
            try decoded(Array("P5 3 1 255# comment\n".utf8) + [0x20, 0x0A, 0x23]),
            Picture(width: 3, height: 1, pixels: [RGBA(grey: 0x20), RGBA(grey: 0x0A), RGBA(grey: 0x23)]))
        // A raw bitmap's rows end on a byte; 1 is black.
        XCTAssertEqual(
            try decoded(Array("P4\n10 2\n".utf8) + [0b1010_0000, 0b0100_0000, 0b0000_0000, 0b1111_1111]),
            Picture(
                width: 10, height: 2,
                pixels: [black, white, black] + Array(repeating: white, count: 6) + [black]
                    + Array(repeating: white, count: 8) + [black, black]))
    }

    func testPAMIsRefusedClearly() {
        let pam = Array("P7\nWIDTH 1\nHEIGHT 1\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n".utf8) + [1, 2, 3, 4]
        XCTAssertEqual(failure(pam), .corrupt("it is a PAM (P7), which is not read as a photo"))
    }

    func testBrokenFilesFailWithWhatIsWrong() {
        XCTAssertEqual(
            failure(Array("P6 2 2 255\n".utf8) + [UInt8](repeating: 9, count: 8)),
            .corrupt("the file ends inside row 1 of 2"))
        XCTAssertEqual(failure(Array("P5 2 1 65535\n".utf8) + [1, 2, 3]), .corrupt("the file ends inside row 0 of 1"))
        XCTAssertEqual(failure(Array("P2 2 1 9 3 10".utf8)), .corrupt("row 0 has a sample above the maximum 9"))
        XCTAssertEqual(
            failure(Array("P5 2 1 100\n".utf8) + [3, 101]), .corrupt("row 0 has a sample of 101, above the maximum 100")
        )
        XCTAssertEqual(failure(Array("P2 2 1 9 ".utf8)), .corrupt("the file is too short for its 2×1 pixels"))
        XCTAssertEqual(failure(Array("P2 3 1 9 3  4 ".utf8)), .corrupt("the file ends inside row 0 of 1"))
        XCTAssertEqual(failure(Array("P1 2 1 0 2".utf8)), .corrupt("row 0 has a byte 50 where a 0 or 1 should be"))
        XCTAssertEqual(failure(Array("P5 1 1 0\n\0".utf8)), .corrupt("its maximum sample value is 0, not 1 to 65535"))
        XCTAssertEqual(
            failure(Array("P5 1 1 65536\n\0\0".utf8)), .corrupt("its maximum sample value is 65536, not 1 to 65535"))
        XCTAssertEqual(failure(Array("P5 0 1 255\n".utf8)), .corrupt("it is 0×1 pixels"))
        XCTAssertEqual(failure(Array("P5 x".utf8)), .corrupt("its width is not a number"))
        XCTAssertEqual(failure(Array("P5 1 ".utf8)), .corrupt("the file ends before its height"))
        XCTAssertEqual(failure(Array("P5 1 1 255".utf8)), .corrupt("the file ends after its header"))
        XCTAssertEqual(failure(Array("P5 1 1 255X".utf8)), .corrupt("its header runs into its samples without a space"))
        XCTAssertEqual(failure(Array("P8 1 1".utf8)), .corrupt("its magic number is P then 8, not P1 to P6"))
        XCTAssertEqual(failure(Array("P\n1 1".utf8)), .corrupt("its magic number is P then byte 10, not P1 to P6"))
        XCTAssertEqual(
            failure(Array("P5 4294967295 4294967295 255\n".utf8)),
            .overLimits("it is 4294967295×4294967295 pixels, more than a loader may decode"))
        XCTAssertEqual(
            failure(Array("P5 99999999999999999999 1 255\n".utf8)), .corrupt("its width is past any a file may have"))
        XCTAssertEqual(
            failure(Array("P4 4000 4000\n".utf8), maximumPixels: 1_000_000),
            .overLimits("it is 4000×4000 pixels, more than a loader may decode"))
    }

    func testMutatedFilesNeverTrap() throws {
        let valid = [
            Array("P6 3 2 255\n".utf8) + (0..<18).map { UInt8($0 * 13) },
            Array("P5 3 2 1000\n".utf8) + (0..<12).map { UInt8($0 % 4) },
            Array("P4 9 2\n".utf8) + [0xA5, 0x80, 0x5A, 0x00],
            Array("P3 2 2 #c\n 15 0 0 0 15 0 0 0 15 15 15 15".utf8),
            Array("P2 2 2 65535 0 65535 300 7".utf8), Array("P1 3 2 010 1 1 0".utf8),
        ]
        let succeeded = try PortableReference.survivesMutations(
            of: valid, each: 600, maximumPixels: 64, seed: 0x504E_4D, decode: PNMDecoder.decode)
        XCTAssertGreaterThan(succeeded, 0)
    }
}
