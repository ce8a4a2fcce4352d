import Foundation
import XCTest
@testable import PhotoZoomCore
import PhotoZoomTestSupport

final class ExifOrientationTests: XCTestCase {
    // MARK: - Reading the tag from real photos

    func testRotatedChelseaPhotoReadsAsRightAndDisplaysLandscape() throws {
        let orientation = ExifOrientation.read(fromJPEG: try photo("chelsea-exif-rotated.jpg"))
        XCTAssertEqual(orientation, .right)
        XCTAssertEqual(orientation.rawValue, 6)
        let size = orientation.displaySize(width: 300, height: 451)
        XCTAssertEqual(size.width, 451)
        XCTAssertEqual(size.height, 300)
    }

    func testChelseaPhotoWithoutExifReadsAsUp() throws {
        XCTAssertEqual(ExifOrientation.read(fromJPEG: try photo("chelsea-cat.jpg")), .up)
    }

    func testPhotoInsideALargerBufferIsReadFromTheSliceStart() throws {
        let file = try photo("chelsea-exif-rotated.jpg")
        let slice = (Data([0xFF, 0xD8, 0x00]) + file)[3...]
        XCTAssertEqual(ExifOrientation.read(fromJPEG: slice), .right)
    }

    // MARK: - Hand-built EXIF

    func testHandBuiltLittleEndianExifIsRead() {
        let jpeg: [UInt8] = [
            0xFF, 0xD8,                                      // SOI
            0xFF, 0xE1, 0x00, 0x2E,                          // APP1, length 46
            0x45, 0x78, 0x69, 0x66, 0x00, 0x00,              // "Exif\0\0"
            0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00,  // "II", 42, IFD0 at 8
            0x02, 0x00,                                      // 2 entries
            0x0F, 0x01, 0x02, 0x00, 0x04, 0x00, 0x00, 0x00, 0x43, 0x61, 0x6D, 0x00,  // Make, ASCII ×4, "Cam"
            0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00,  // Orientation, SHORT ×1, 8
            0x00, 0x00, 0x00, 0x00,                          // no next IFD
            0xFF, 0xD9,                                      // EOI
        ]
        XCTAssertEqual(ExifOrientation.read(fromJPEG: Data(jpeg)), .left)
    }

    func testHandBuiltBigEndianExifAfterJFIFSegmentIsRead() {
        let jpeg: [UInt8] = [
            0xFF, 0xD8,                                      // SOI
            0xFF, 0xE0, 0x00, 0x10,                          // APP0, length 16
            0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,  // JFIF
            0xFF, 0xE1, 0x00, 0x22,                          // APP1, length 34
            0x45, 0x78, 0x69, 0x66, 0x00, 0x00,              // "Exif\0\0"
            0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08,  // "MM", 42, IFD0 at 8
            0x00, 0x01,                                      // 1 entry
            0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x03, 0x00, 0x00,  // Orientation, SHORT ×1, 3
            0x00, 0x00, 0x00, 0x00,                          // no next IFD
            0xFF, 0xD9,                                      // EOI
        ]
        XCTAssertEqual(ExifOrientation.read(fromJPEG: Data(jpeg)), .down)
    }

    func testEveryOrientationValueIsReadInBothByteOrders() {
        for orientation in ExifOrientation.allCases {
            for bigEndian in [false, true] {
                let jpeg = jpegWithExif(orientation: orientation.rawValue, bigEndian: bigEndian)
                XCTAssertEqual(ExifOrientation.read(fromJPEG: jpeg), orientation, "bigEndian: \(bigEndian)")
            }
        }
    }

    func testExifAfterXMPSegmentAndFillBytesIsFound() {
        let xmp: [UInt8] = [0xFF, 0xE1, 0x00, 0x08] + Array("http".utf8) + [0x00, 0x00]
        let jpeg = jpegWithExif(orientation: 7, bigEndian: false, before: xmp + [0xFF, 0xFF])
        XCTAssertEqual(ExifOrientation.read(fromJPEG: jpeg), .rightMirrored)
    }

    func testOutOfRangeValueOrNonShortTypeReadsAsUp() {
        for value in [0, 9, 0xFFFF] {
            XCTAssertEqual(ExifOrientation.read(fromJPEG: jpegWithExif(orientation: value, bigEndian: true)), .up)
        }
        let longType = jpegWithExif(orientation: 6, bigEndian: false, type: 4)
        XCTAssertEqual(ExifOrientation.read(fromJPEG: longType), .up)
    }

    func testExifAfterStartOfScanIsIgnored() {
        let startOfScan: [UInt8] = [0xFF, 0xDA, 0x00, 0x02]
        let jpeg = jpegWithExif(orientation: 6, bigEndian: true, before: startOfScan)
        XCTAssertEqual(ExifOrientation.read(fromJPEG: jpeg), .up)
    }

    // MARK: - Garbage never crashes

    func testEmptyGarbageAndNonJPEGInputReadAsUp() throws {
        let inputs: [Data] = [
            Data(),
            Data([0xFF]),
            Data([0xFF, 0xD8]),
            Data([0xFF, 0xD8, 0xFF]),
            Data(repeating: 0xFF, count: 64),
            Data(repeating: 0x00, count: 64),
            Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D]),  // PNG signature
            try photo("gravel.png"),
        ]
        for input in inputs {
            XCTAssertEqual(ExifOrientation.read(fromJPEG: input), .up, "\(Array(input.prefix(8)))")
        }
    }

    func testEveryTruncatedPrefixOfRotatedPhotoReadsWithoutCrashing() throws {
        let file = try photo("chelsea-exif-rotated.jpg")
        let endOfExifSegment = 56  // APP1 at byte 20 with length 34
        for length in 0...file.count {
            let expected: ExifOrientation = length < endOfExifSegment ? .up : .right
            XCTAssertEqual(ExifOrientation.read(fromJPEG: file.prefix(length)), expected, "prefix \(length)")
        }
    }

    func testCorruptedHeadersAndRandomTIFFBytesNeverCrash() throws {
        let file = try photo("chelsea-exif-rotated.jpg")
        for offset in 0..<64 {
            for value: UInt8 in [0x00, 0x01, 0x7F, 0x80, 0xFF] {
                var corrupted = file
                corrupted[offset] = value
                _ = ExifOrientation.read(fromJPEG: corrupted)
            }
        }
        var generator = try SeededGenerator(fixedSeed: 0x0112)
        let exifPrefix: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x40] + Array("Exif".utf8) + [0, 0]
        let tiffHeaders: [[UInt8]] = [[0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A]]
        for round in 0..<2_000 {
            let noiseCount = Int.random(in: 0...80, using: &generator)
            let noise = (0..<noiseCount).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = ExifOrientation.read(fromJPEG: Data(exifPrefix + tiffHeaders[round % 2] + noise))
        }
    }

    // MARK: - Axes

    func testOnlyTheTransposingOrientationsSwapAxes() {
        XCTAssertEqual(ExifOrientation.allCases.filter(\.swapsAxes), [.leftMirrored, .right, .rightMirrored, .left])
        XCTAssertEqual(ExifOrientation.allCases.map(\.rawValue), Array(1...8))
        let upSize = ExifOrientation.down.displaySize(width: 640, height: 480)
        XCTAssertEqual([upSize.width, upSize.height], [640, 480])
        let sideSize = ExifOrientation.left.displaySize(width: 640, height: 480)
        XCTAssertEqual([sideSize.width, sideSize.height], [480, 640])
    }

    // MARK: - Reorienting pixels
    //
    // The 3×2 source image, pixel ids row by row:
    //   1 2 3
    //   4 5 6

    func testReorientUpReturnsPixelsUnchanged() {
        assertReorient(.up, gives: [1, 2, 3, 4, 5, 6], width: 3, height: 2)
    }

    func testReorientUpMirroredFlipsLeftRight() {
        assertReorient(.upMirrored, gives: [3, 2, 1, 6, 5, 4], width: 3, height: 2)
    }

    func testReorientDownRotates180Degrees() {
        assertReorient(.down, gives: [6, 5, 4, 3, 2, 1], width: 3, height: 2)
    }

    func testReorientDownMirroredFlipsTopBottom() {
        assertReorient(.downMirrored, gives: [4, 5, 6, 1, 2, 3], width: 3, height: 2)
    }

    func testReorientLeftMirroredTransposes() {
        assertReorient(.leftMirrored, gives: [1, 4, 2, 5, 3, 6], width: 2, height: 3)
    }

    func testReorientRightRotates90DegreesClockwise() {
        assertReorient(.right, gives: [4, 1, 5, 2, 6, 3], width: 2, height: 3)
    }

    func testReorientRightMirroredTransverses() {
        assertReorient(.rightMirrored, gives: [6, 3, 5, 2, 4, 1], width: 2, height: 3)
    }

    func testReorientLeftRotates90DegreesCounterClockwise() {
        assertReorient(.left, gives: [3, 6, 2, 5, 1, 4], width: 2, height: 3)
    }

    func testReorientRightTurnsPortraitPhotoBufferIntoLandscape() {
        let (width, height) = (300, 451)
        let source = (0..<UInt32(width * height)).flatMap { withUnsafeBytes(of: $0.littleEndian, Array.init) }
        let result = ExifOrientation.right.reorient(pixels: source, width: width, height: height)
        XCTAssertEqual(result.width, 451)
        XCTAssertEqual(result.height, 300)
        XCTAssertEqual(result.pixels.count, source.count)
        func sourceIndex(atX x: Int, y: Int) -> Int {
            let offset = (y * result.width + x) * 4
            return result.pixels[offset..<offset + 4].reversed().reduce(0) { $0 << 8 | Int($1) }
        }
        XCTAssertEqual(sourceIndex(atX: 0, y: 0), 450 * 300)          // bottom-left moves to top-left
        XCTAssertEqual(sourceIndex(atX: 450, y: 0), 0)                // top-left moves to top-right
        XCTAssertEqual(sourceIndex(atX: 450, y: 299), 299)            // top-right moves to bottom-right
        XCTAssertEqual(sourceIndex(atX: 0, y: 299), 450 * 300 + 299)  // bottom-right moves to bottom-left
    }

    // MARK: - Helpers

    private func photo(_ name: String) throws -> Data {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // PhotoZoomCoreTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()
        return try Data(contentsOf: packageRoot.appendingPathComponent("assets/photos/\(name)"))
    }

    /// Four distinct bytes per pixel id, so a test also catches channels being reordered.
    private func pixels(_ ids: [UInt8]) -> [UInt8] {
        ids.flatMap { [$0, 0x10 + $0, 0x20 + $0, 0x30 + $0] }
    }

    private func assertReorient(_ orientation: ExifOrientation, gives expected: [UInt8], width: Int, height: Int,
                                file: StaticString = #filePath, line: UInt = #line) {
        let result = orientation.reorient(pixels: pixels([1, 2, 3, 4, 5, 6]), width: 3, height: 2)
        XCTAssertEqual(result.width, width, "width", file: file, line: line)
        XCTAssertEqual(result.height, height, "height", file: file, line: line)
        XCTAssertEqual(result.pixels, pixels(expected), file: file, line: line)
    }

    /// A minimal JPEG: SOI, the `before` bytes, an APP1 EXIF segment whose IFD0 holds one Orientation entry, EOI.
    private func jpegWithExif(orientation: Int, bigEndian: Bool, type: Int = 3, before: [UInt8] = []) -> Data {
        func u16(_ value: Int) -> [UInt8] {
            let bytes = [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
            return bigEndian ? bytes : bytes.reversed()
        }
        func u32(_ value: Int) -> [UInt8] {
            bigEndian ? u16(value >> 16) + u16(value & 0xFFFF) : u16(value & 0xFFFF) + u16(value >> 16)
        }
        let tiff = Array((bigEndian ? "MM" : "II").utf8) + u16(42) + u32(8)
            + u16(1) + u16(0x0112) + u16(type) + u32(1) + u16(orientation) + u16(0)
            + u32(0)
        let exif = Array("Exif".utf8) + [0, 0] + tiff
        let length = exif.count + 2
        let app1: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + exif
        return Data([0xFF, 0xD8] + before + app1 + [0xFF, 0xD9])
    }
}
