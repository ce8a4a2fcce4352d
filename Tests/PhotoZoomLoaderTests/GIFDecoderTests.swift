import Foundation
import PhotoZoomTestSupport
import PhotoZoomUntrusted
import XCTest

@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface

/// A GIF's first image on its screen, as ImageMagick flattens it over transparent
/// (`'f.gif[0]' -background none -flatten`) or as a file built by hand holds it; never more
/// than the first image is read; no file traps or decodes past the pixel limit.
final class GIFDecoderTests: XCTestCase {
    var reference: GraphicsReference!

    override func setUpWithError() throws { reference = try GraphicsReference.make() }
    override func tearDown() { reference.remove() }

    static let limit = 100_000_000
    static let clear = RGBA(r: 0, g: 0, b: 0, a: 0)
    static let colours = [
        RGBA(r: 255, g: 0, b: 0), RGBA(r: 0, g: 255, b: 0), RGBA(r: 0, g: 0, b: 255), RGBA(r: 255, g: 255, b: 0),
    ]

    func decoded(_ data: Data, file: StaticString = #filePath, line: UInt = #line) throws -> PixelBuffer {
        switch GIFDecoder.decode(data, maximumPixels: Self.limit) {
        case .success(let pixels): return pixels
        case .failure(let failure):
            XCTFail("not decoded: \(failure)", file: file, line: line)
            throw failure
        }
    }

    /// ImageMagick's first frame of `data`, flattened onto its screen over transparent.
    func flattened(_ data: Data, _ name: String) throws -> GraphicsReference.Pixels {
        try reference.pixels(of: data, named: name, input: "%@[0]", ["-background", "none", "-flatten"])
    }

    /// The cause SDL_image got wrong: it showed a first frame smaller than the screen alone.
    func testAFirstFrameSmallerThanItsScreenIsShownAtItsOffsetOverTransparent() throws {
        let gif = HandMadeGIF(
            width: 6, height: 4, globalTable: Self.colours,
            frames: [.init(left: 2, top: 1, width: 2, height: 2, indices: [0, 1, 2, 3])])
        let pixels = try decoded(gif.data)
        var known = Array(repeating: Self.clear, count: 24)
        (known[8], known[9], known[14], known[15]) = (
            Self.colours[0], Self.colours[1], Self.colours[2], Self.colours[3]
        )
        GraphicsReference.assertSame(pixels, GraphicsReference.Pixels(width: 6, height: 4, known), "known")
        GraphicsReference.assertSame(pixels, try flattened(gif.data, "offset.gif"), "ImageMagick")
    }

    func testTheTransparentIndexAndALocalTableAreUsed() throws {
        let local = [RGBA(r: 10, g: 20, b: 30), RGBA(r: 40, g: 50, b: 60), RGBA(r: 70, g: 80, b: 90)]
        let indices = (0..<5 * 3).map { $0 % 3 }
        let gif = HandMadeGIF(
            width: 5, height: 3, globalTable: Self.colours,
            frames: [.init(width: 5, height: 3, indices: indices, localTable: local, transparent: 1)])
        let pixels = try decoded(gif.data)
        GraphicsReference.assertSame(
            pixels, GraphicsReference.Pixels(width: 5, height: 3, indices.map { $0 == 1 ? Self.clear : local[$0] }),
            "known")
        GraphicsReference.assertSame(pixels, try flattened(gif.data, "local.gif"), "ImageMagick")
    }

    func testAnInterlacedFrameIsPutInRowOrder() throws {
        let indices = (0..<3 * 11).map { ($0 / 3) % 4 }
        let gif = HandMadeGIF(
            width: 3, height: 11, globalTable: Self.colours,
            frames: [.init(width: 3, height: 11, indices: indices, interlaced: true)])
        let pixels = try decoded(gif.data)
        GraphicsReference.assertSame(
            pixels, GraphicsReference.Pixels(width: 3, height: 11, indices.map { Self.colours[$0] }), "known")
        GraphicsReference.assertSame(pixels, try flattened(gif.data, "interlaced.gif"), "ImageMagick")
    }

    /// ImageMagick shows index 0's colour for an index past the table (and complains); a
    /// colour the file never gave is shown as none.
    func testAnIndexPastItsTableIsTransparent() throws {
        let gif = HandMadeGIF(
            width: 4, height: 1, globalTable: Array(Self.colours.prefix(2)),
            frames: [.init(width: 4, height: 1, indices: [0, 1, 2, 200])])
        GraphicsReference.assertSame(
            try decoded(gif.data),
            GraphicsReference.Pixels(width: 4, height: 1, [Self.colours[0], Self.colours[1], Self.clear, Self.clear]),
            "known")
        let none = HandMadeGIF(
            width: 2, height: 1, globalTable: nil, frames: [.init(width: 2, height: 1, indices: [0, 1])])
        GraphicsReference.assertSame(
            try decoded(none.data), GraphicsReference.Pixels(width: 2, height: 1, [Self.clear, Self.clear]), "no table")
    }

    /// A frame reaching past the screen from its offset is cut at the screen's edge (as
    /// ImageMagick and browsers do); a frame larger than the screen becomes the canvas at the
    /// top left (as browsers do; ImageMagick cuts it).
    func testAFrameLargerThanItsScreenGrowsItAndOnePlacedPastItIsCut() throws {
        let indices = (0..<12).map { $0 % 4 }
        let placed = HandMadeGIF(
            width: 4, height: 3, globalTable: Self.colours,
            frames: [.init(left: 2, top: 1, width: 4, height: 3, indices: indices)])
        let cut = try decoded(placed.data)
        GraphicsReference.assertSame(cut, try flattened(placed.data, "placed.gif"), "placed past the screen")
        XCTAssertEqual([cut[2, 1], cut[3, 2], cut[1, 1]], [Self.colours[0], Self.colours[1], Self.clear])

        let larger = HandMadeGIF(
            width: 3, height: 2, globalTable: Self.colours,
            frames: [.init(left: 1, top: 1, width: 4, height: 3, indices: indices)])
        GraphicsReference.assertSame(
            try decoded(larger.data), GraphicsReference.Pixels(width: 4, height: 3, indices.map { Self.colours[$0] }),
            "larger than the screen")
        let noScreen = HandMadeGIF(
            width: 0, height: 0, globalTable: Self.colours,
            frames: [.init(left: 5, top: 5, width: 4, height: 3, indices: indices)])
        GraphicsReference.assertSame(
            try decoded(noScreen.data), GraphicsReference.Pixels(width: 4, height: 3, indices.map { Self.colours[$0] }),
            "a screen of 0×0")
    }

    /// An animation ImageMagick writes, and a photo's colours: their first frame as it shows it.
    func testImageMagicksGIFsDecodeAsItDoes() throws {
        let photo = try reference.file(
            "photo.gif", ["-seed", "3", "-size", "37x23", "plasma:orange-navy", "-colors", "200"])
        GraphicsReference.assertSame(try decoded(photo), try flattened(photo, "photo-ref.gif"), "a photo's colours")
        let animation = try reference.file(
            "animation.gif",
            [
                "-dispose", "none", "-delay", "10", "-size", "30x20", "xc:none", "(", "-size", "9x7", "xc:blue",
                "-repage",
                "+5+4", ")", "(", "-size", "9x7", "xc:red", "-repage", "+15+8", ")", "-loop", "0",
            ])
        GraphicsReference.assertSame(
            try decoded(animation), try flattened(animation, "animation-ref.gif"), "an animation")
    }

    /// Whatever follows the first image is never read: a first frame followed by 300 KB of
    /// records no decoder could take is the first frame alone.
    func testNothingPastTheFirstImageIsRead() throws {
        let gif = HandMadeGIF(
            width: 2, height: 2, globalTable: Self.colours, frames: [.init(width: 2, height: 2, indices: [3, 2, 1, 0])])
        let junk = gif.body + (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
        GraphicsReference.assertSame(
            try decoded(Data(junk)),
            GraphicsReference.Pixels(width: 2, height: 2, [3, 2, 1, 0].map { Self.colours[$0] }),
            "junk after the first image")
        var many = gif
        many.frames += Array(repeating: .init(width: 2, height: 2, indices: [0, 0, 0, 0]), count: 1000)
        GraphicsReference.assertSame(
            try decoded(many.data),
            GraphicsReference.Pixels(width: 2, height: 2, [3, 2, 1, 0].map { Self.colours[$0] }),
            "a thousand frames after")
    }

    /// Cut inside its image: the rows whose data arrived, the rest transparent; cut before its
    /// first row: corrupt.
    func testACutShortGIFShowsTheRowsThatArrived() throws {
        let indices = (0..<40 * 10).map { ($0 / 40) % 4 }
        let gif = HandMadeGIF(
            width: 40, height: 10, globalTable: Self.colours, frames: [.init(width: 40, height: 10, indices: indices)])
        let whole = gif.data
        let header = 13 + 12 + 10 + 1
        let cut = GraphicsReference.Pixels(try decoded(whole.prefix(header + 2 + 255 + 100)))
        let arrived = (0..<10).first { y in cut.pixel(0, y).a == 0 } ?? 10
        XCTAssertGreaterThanOrEqual(arrived, 4, "the rows of the first 255 bytes of data arrived")
        XCTAssertLessThan(arrived, 10)
        for y in 0..<10 {
            for x in 0..<40 {
                XCTAssertEqual(cut.pixel(x, y), y < arrived ? Self.colours[y % 4] : Self.clear, "(\(x), \(y))")
            }
        }
        for length in [0, 6, 12, 20, header, header + 10] {
            guard case .failure(.corrupt) = GIFDecoder.decode(whole.prefix(length), maximumPixels: Self.limit) else {
                return XCTFail("\(length) bytes were not corrupt")
            }
        }
    }

    /// The limit is held to the canvas before the image is decoded: a screen or a frame of
    /// 60000×60000 is over it, with no image data after its code size.
    func testThePixelLimitIsCheckedBeforeTheImageIsDecoded() throws {
        for (screen, frame) in [(60000, 1), (1, 60000)] {
            let bytes =
                HandMadeGIF(width: screen, height: screen, globalTable: Self.colours, frames: []).body + [
                    0x2C, 0, 0, 0, 0,
                ]
                + HandMadeGIF.le16(frame) + HandMadeGIF.le16(frame) + [0, 8]
            guard case .failure(let failure) = GIFDecoder.decode(Data(bytes), maximumPixels: Self.limit) else {
                return XCTFail("\(screen)² and \(frame)² was decoded")
            }
            XCTAssertTrue(failure.isOverLimits, "\(screen)², \(frame)²: \(failure)")
        }
    }

    /// Thousands of mutations of valid files (bytes changed, cut, inserted): each is decoded or
    /// refused, never trapped, and what is decoded is within the limit.
    func testMutatedGIFsAreDecodedOrRefusedWithinTheLimit() throws {
        var random = try SeededGenerator(fixedSeed: 0x4749_46)
        let seeds: [[UInt8]] = [
            HandMadeGIF(
                width: 9, height: 7, globalTable: Self.colours,
                frames: [.init(left: 2, top: 1, width: 5, height: 5, indices: (0..<25).map { $0 % 5 }, transparent: 2)]
            ).body + [0x3B],
            HandMadeGIF(
                width: 6, height: 9, globalTable: nil,
                frames: [
                    .init(
                        width: 6, height: 9, indices: (0..<54).map { $0 % 3 },
                        localTable: Array(Self.colours.prefix(3)),
                        interlaced: true)
                ]
            ).body + [0x3B],
            [UInt8](try reference.file("m.gif", ["-seed", "3", "-size", "21x13", "plasma:", "-colors", "60"])),
        ]
        let limit = 2000
        for round in 0..<3000 {
            var bytes = seeds[round % seeds.count]
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes[at] = UInt8.random(in: 0...255, using: &random)
                case 1: bytes[at] ^= 1 << UInt8.random(in: 0..<8, using: &random)
                case 2:
                    let inserted = (0..<Int.random(in: 1...8, using: &random)).map { _ in
                        UInt8.random(in: 0...255, using: &random)
                    }
                    bytes.insert(contentsOf: inserted, at: at)
                default: bytes.removeSubrange(at...)
                }
                if bytes.isEmpty { bytes = [0] }
            }
            if case .success(let pixels) = GIFDecoder.decode(Data(bytes), maximumPixels: limit) {
                XCTAssertLessThanOrEqual(pixels.width * pixels.height, limit, "round \(round), \(random)")
            }
        }
    }
}
