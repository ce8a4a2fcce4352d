import Foundation
import PhotoZoomTestSupport
import PhotoZoomUntrusted
import XCTest

@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface

/// QOI, which ImageMagick 6.9 cannot read: files written here by the specification's encoder
/// must decode to exactly the pixels encoded, and streams built op by op to what each op says.
final class QOIDecoderTests: XCTestCase {
    typealias Picture = PortableReference.Picture

    /// The reference encoder of qoiformat.org's specification, op for op.
    static func encode(_ picture: Picture, channels: UInt8 = 4) -> [UInt8] {
        var out = Array("qoif".utf8) + be32(picture.width) + be32(picture.height) + [channels, 0]
        var seen = [RGBA](repeating: RGBA(r: 0, g: 0, b: 0, a: 0), count: 64)
        var previous = RGBA(r: 0, g: 0, b: 0, a: 255)
        var run = 0
        let count = picture.width * picture.height
        for index in 0..<count {
            let p = picture.bytes[index * 4..<index * 4 + 4].map { $0 }
            let pixel = RGBA(r: p[0], g: p[1], b: p[2], a: channels == 4 ? p[3] : previous.a)
            if pixel == previous {
                run += 1
                if run == 62 || index == count - 1 {
                    out.append(0xC0 | UInt8(run - 1))
                    run = 0
                }
                continue
            }
            if run > 0 {
                out.append(0xC0 | UInt8(run - 1))
                run = 0
            }
            let slot = hash(pixel)
            if seen[slot] == pixel {
                out.append(UInt8(slot))
            } else {
                seen[slot] = pixel
                if pixel.a == previous.a {
                    let dr = Int8(bitPattern: pixel.r &- previous.r)
                    let dg = Int8(bitPattern: pixel.g &- previous.g)
                    let db = Int8(bitPattern: pixel.b &- previous.b)
                    let (drg, dbg) = (Int(dr) - Int(dg), Int(db) - Int(dg))
                    if (-2...1).contains(dr), (-2...1).contains(dg), (-2...1).contains(db) {
                        out.append(0x40 | UInt8(dr + 2) << 4 | UInt8(dg + 2) << 2 | UInt8(db + 2))
                    } else if (-32...31).contains(dg), (-8...7).contains(drg), (-8...7).contains(dbg) {
                        out += [0x80 | UInt8(dg + 32), UInt8(drg + 8) << 4 | UInt8(dbg + 8)]
                    } else {
                        out += [0xFE, pixel.r, pixel.g, pixel.b]
                    }
                } else {
                    out += [0xFF, pixel.r, pixel.g, pixel.b, pixel.a]
                }
            }
            previous = pixel
        }
        return out + [0, 0, 0, 0, 0, 0, 0, 1]
    }

    static func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }

    static func hash(_ p: RGBA) -> Int { (Int(p.r) * 3 + Int(p.g) * 5 + Int(p.b) * 7 + Int(p.a) * 11) % 64 }

    /// A header of `width`×`height` and `channels`, then `ops`, then the end marker.
    static func stream(_ width: Int, _ height: Int, channels: UInt8 = 4, _ ops: [UInt8]) -> [UInt8] {
        Array("qoif".utf8) + be32(width) + be32(height) + [channels, 1] + ops + [0, 0, 0, 0, 0, 0, 0, 1]
    }

    func decoded(_ bytes: [UInt8], maximumPixels: Int = 1 << 24) throws -> Picture {
        Picture(try QOIDecoder.decode(Data(bytes), maximumPixels: maximumPixels).get())
    }

    func failure(_ bytes: [UInt8], maximumPixels: Int = 1 << 24) -> DecodeFailure? {
        guard case .failure(let failure) = QOIDecoder.decode(Data(bytes), maximumPixels: maximumPixels) else {
            return nil
        }
        return failure
    }

    /// The cause SDL_image got wrong: a picture of one pixel. Each such file is made of one op.
    func testOnePixelPicturesDecode() throws {
        for (pixel, op) in [
            (RGBA(r: 0, g: 0, b: 0), 0xC0),  // the pixel before the first: a run
            (RGBA(r: 0, g: 0, b: 0, a: 0), 0x00),  // the table's first, empty slot
            (RGBA(r: 1, g: 255, b: 0), 0x40 | 3 << 4 | 1 << 2 | 2),
            (RGBA(r: 25, g: 30, b: 28), 0x80 | (30 + 32)),
            (RGBA(r: 200, g: 10, b: 99), 0xFE), (RGBA(r: 200, g: 10, b: 99, a: 77), 0xFF),
        ] {
            let picture = Picture(width: 1, height: 1, pixels: [pixel])
            let file = Self.encode(picture)
            XCTAssertEqual(file[14], UInt8(op), "\(pixel)")
            XCTAssertEqual(try decoded(file), picture, "\(pixel)")
        }
    }

    func testPicturesRoundTripExactly() throws {
        var generator = try SeededGenerator(fixedSeed: 0x514F_49)
        for (width, height) in [(37, 23), (1, 200), (200, 1), (64, 64)] {
            // Flat stretches, small steps, large jumps and a few colours coming back: every op.
            let colours = (0..<12).map { _ in
                RGBA(
                    r: .random(in: 0...255, using: &generator), g: .random(in: 0...255, using: &generator),
                    b: .random(in: 0...255, using: &generator), a: .random(in: 0...255, using: &generator))
            }
            var pixel = colours[0]
            let pixels = (0..<width * height).map { _ -> RGBA in
                switch Int.random(in: 0..<10, using: &generator) {
                case 0..<4: break
                case 4..<6: pixel.g = pixel.g &+ .random(in: 0...3, using: &generator)
                case 6: pixel.r = pixel.r &+ .random(in: 0...40, using: &generator)
                case 7: pixel = colours.randomElement(using: &generator)!
                default: pixel.b = pixel.b &- .random(in: 0...9, using: &generator)
                }
                return pixel
            }
            let picture = Picture(width: width, height: height, pixels: pixels)
            XCTAssertEqual(try decoded(Self.encode(picture)), picture, "\(width)×\(height), \(generator)")
            var opaque = picture
            for index in 0..<width * height { opaque.bytes[index * 4 + 3] = 255 }
            XCTAssertEqual(try decoded(Self.encode(picture, channels: 3)), opaque, "3 channels, \(width)×\(height)")
        }
    }

    func testRunsCarryOnAcrossRows() throws {
        // Three rows of 5 in one colour, then 26 rows in another: a pixel and runs of 14, and of
        // 62, 62 and 5 pixels, each crossing rows, the last cut at the last pixel.
        let red = RGBA(r: 200, g: 0, b: 0)
        let blue = RGBA(r: 0, g: 0, b: 255, a: 128)
        let picture = Picture(
            width: 5, height: 29, pixels: Array(repeating: red, count: 15) + Array(repeating: blue, count: 130))
        let file = Self.encode(picture)
        let ops: [UInt8] = [0xFE, 200, 0, 0, 0xC0 | 13, 0xFF, 0, 0, 255, 128, 0xC0 | 61, 0xC0 | 61, 0xC0 | 4]
        XCTAssertEqual(Array(file[14..<27]), ops)
        XCTAssertEqual(try decoded(file), picture)
        // A run past the last pixel ends at it.
        XCTAssertEqual(
            try decoded(Self.stream(3, 1, [0xFE, 9, 8, 7, 0xC0 | 40])),
            Picture(width: 3, height: 1, pixels: Array(repeating: RGBA(r: 9, g: 8, b: 7), count: 3)))
    }

    func testTheTableHoldsTheLastPixelOfEachHash() throws {
        // Four colours of one hash: each replaces the one before in its slot. Slot 2 was never
        // written, so it holds transparent black.
        let colours = [
            RGBA(r: 64, g: 0, b: 0), RGBA(r: 0, g: 64, b: 0), RGBA(r: 0, g: 0, b: 64), RGBA(r: 0, g: 0, b: 0, a: 127),
        ]
        XCTAssertEqual(Set(colours.map(Self.hash)).count, 1)
        let slot = UInt8(Self.hash(colours[0]))
        let ops: [UInt8] = [
            0xFE, 64, 0, 0, 0xFE, 0, 64, 0, slot, 0xFE, 0, 0, 64, 0x00 | 2, slot, 0xFF, 0, 0, 0, 127, slot,
        ]
        XCTAssertEqual(
            try decoded(Self.stream(8, 1, ops)),
            Picture(
                width: 8, height: 1,
                pixels: [
                    colours[0], colours[1], colours[1], colours[2], RGBA(r: 0, g: 0, b: 0, a: 0), colours[2],
                    colours[3],
                    colours[3],
                ]))
        // Alternating colours of one hash never find the other in the table.
        let picture = Picture(width: 8, height: 2, pixels: (0..<16).map { colours[$0 % 4] })
        XCTAssertEqual(try decoded(Self.encode(picture)), picture)
    }

    func testThreeChannelPicturesAreOpaqueWhateverTheirOpsSay() throws {
        // An RGBA op with alpha 0 in a three-channel file still hashes with its alpha.
        let transparent = RGBA(r: 10, g: 20, b: 30, a: 0)
        let ops: [UInt8] = [0xFF, 10, 20, 30, 0, 0xFE, 1, 1, 1, UInt8(Self.hash(transparent))]
        XCTAssertEqual(
            try decoded(Self.stream(3, 1, channels: 3, ops)),
            Picture(
                width: 3, height: 1,
                pixels: [RGBA(r: 10, g: 20, b: 30), RGBA(r: 1, g: 1, b: 1), RGBA(r: 10, g: 20, b: 30)]))
    }

    func testTruncatedAndBrokenFilesFailWithWhatIsWrong() {
        let picture = Picture(width: 4, height: 2, pixels: (0..<8).map { RGBA(r: UInt8($0 * 30), g: 7, b: 99) })
        let file = Self.encode(picture)
        XCTAssertEqual(failure(Array(file.prefix(14 + 4 + 4 + 1))), .corrupt("the file ends at pixel 2 of 8"))
        XCTAssertEqual(failure(Array(file.prefix(14 + 2))), .corrupt("the file ends at pixel 0 of 8"))
        XCTAssertEqual(failure(Array(file.prefix(14))), .corrupt("the file is too short for its 4×2 pixels"))
        XCTAssertEqual(failure(Array(file.prefix(13))), .corrupt("its QOI header is cut short"))
        XCTAssertEqual(
            failure(Self.stream(1, 1, channels: 5, [0xC0])), .corrupt("it has 5 channels where a QOI has 3 or 4"))
        XCTAssertEqual(failure(Self.stream(0, 1, [0xC0])), .corrupt("it is 0×1 pixels"))
        XCTAssertEqual(
            failure(Self.stream(0xFFFF_FFFF, 0xFFFF_FFFF, [0xC0])),
            .overLimits("it is 4294967295×4294967295 pixels, more than a loader may decode"))
        XCTAssertEqual(
            failure(Self.stream(2000, 2000, [0xC0]), maximumPixels: 1_000_000),
            .overLimits("it is 2000×2000 pixels, more than a loader may decode"))
        // 62 pixels a byte is the most a file can hold.
        XCTAssertEqual(
            failure(Self.stream(63, 10, [0xC0 | 61])), .corrupt("the file is too short for its 63×10 pixels"))
    }

    func testMutatedFilesNeverTrap() throws {
        var generator = try SeededGenerator(fixedSeed: 0x71_6F69)
        let valid = [(5, 4, UInt8(4)), (9, 3, 3), (1, 1, 4)].map { width, height, channels in
            Self.encode(
                Picture(
                    width: width, height: height,
                    pixels: (0..<width * height).map { _ in
                        RGBA(
                            r: .random(in: 0...3, using: &generator) * 60, g: 9,
                            b: .random(in: 0...255, using: &generator), a: 200)
                    }),
                channels: channels)
        }
        let succeeded = try PortableReference.survivesMutations(
            of: valid, each: 1000, maximumPixels: 64, seed: 0x71_6F69, decode: QOIDecoder.decode)
        XCTAssertGreaterThan(succeeded, 0)
    }
}
