import CExif
import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomSDL
@testable import PhotoZoomUntrusted

/// A photo's EXIF as PhotoZoom's Swift reader reads segments libexif wrote: the orientation in
/// both byte orders, the date taken with and without its offset, and anything broken read as
/// upright and undated, never a crash.
final class PhotoExifTests: XCTestCase {
    // MARK: - Orientation

    func testTheBundledRotatedPhotoReadsAsRight() throws {
        XCTAssertEqual(PhotoExif(bytes: try bundled("chelsea-exif-rotated.jpg")), PhotoExif(orientation: .right))
        XCTAssertEqual(PhotoExif(bytes: try bundled("chelsea-cat.jpg")), PhotoExif())
    }

    func testEveryOrientationIsReadInBothByteOrders() throws {
        for orientation in ExifOrientation.allCases {
            for bigEndian in [false, true] {
                let photo = try ExifJPEG.photo(
                    [.orientation(orientation.rawValue, bigEndian: bigEndian)], bigEndian: bigEndian)
                XCTAssertEqual(PhotoExif(bytes: photo).orientation, orientation, "bigEndian: \(bigEndian)")
            }
        }
    }

    /// Bytes written by hand rather than by libexif's writer: a little-endian segment with two
    /// entries, and a big-endian one after a JFIF segment.
    func testHandWrittenSegmentsAreRead() {
        let littleEndian: [UInt8] = [
            0xFF, 0xD8,  // SOI
            0xFF, 0xE1, 0x00, 0x2E,  // APP1, length 46
            0x45, 0x78, 0x69, 0x66, 0x00, 0x00,  // "Exif\0\0"
            0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00,  // "II", 42, IFD0 at 8
            0x02, 0x00,  // 2 entries
            0x0F, 0x01, 0x02, 0x00, 0x04, 0x00, 0x00, 0x00, 0x43, 0x61, 0x6D, 0x00,  // Make, ASCII ×4, "Cam"
            0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00,  // Orientation, SHORT ×1, 8
            0x00, 0x00, 0x00, 0x00,  // no next IFD
            0xFF, 0xD9,  // EOI
        ]
        XCTAssertEqual(PhotoExif(bytes: Data(littleEndian)).orientation, .left)
        let bigEndianAfterJFIF: [UInt8] = [
            0xFF, 0xD8,  // SOI
            0xFF, 0xE0, 0x00, 0x10,  // APP0, length 16
            0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,  // JFIF
            0xFF, 0xE1, 0x00, 0x22,  // APP1, length 34
            0x45, 0x78, 0x69, 0x66, 0x00, 0x00,  // "Exif\0\0"
            0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08,  // "MM", 42, IFD0 at 8
            0x00, 0x01,  // 1 entry
            0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x03, 0x00, 0x00,  // Orientation, SHORT ×1, 3
            0x00, 0x00, 0x00, 0x00,  // no next IFD
            0xFF, 0xD9,  // EOI
        ]
        XCTAssertEqual(PhotoExif(bytes: Data(bigEndianAfterJFIF)).orientation, .down)
    }

    func testTheSegmentIsFoundAfterAnXMPSegmentAndFillBytes() throws {
        let plain = try ExifJPEG.encode(
            rgb: ExifJPEG.quarters([[0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]], width: 8, height: 8), width: 8,
            height: 8)
        let withExif = ExifJPEG.inserting(ExifJPEG.segment([.orientation(7)]), into: plain)
        let xmp: [UInt8] = [0xFF, 0xE1, 0x00, 0x08] + Array("http".utf8) + [0x00, 0x00] + [0xFF]
        XCTAssertEqual(
            PhotoExif(bytes: Data(Array(withExif[0..<2]) + xmp + Array(withExif[2...]))).orientation, .rightMirrored)
    }

    func testAValueOutOfRangeOrOfTheWrongTypeReadsAsUp() throws {
        for value in [0, 9, 0xFFFF] {
            XCTAssertEqual(PhotoExif(bytes: try ExifJPEG.photo([.orientation(value)])).orientation, .up, "\(value)")
        }
        let long = ExifJPEG.Entry(
            tag: EXIF_TAG_ORIENTATION, ifd: EXIF_IFD_0, format: EXIF_FORMAT_LONG, components: 1, bytes: [6, 0, 0, 0])
        XCTAssertEqual(PhotoExif(bytes: try ExifJPEG.photo([long])).orientation, .up)
    }

    func testASegmentAfterTheImageDataIsNotTheImagesOwn() throws {
        let startOfScan: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02]
        let segment = ExifJPEG.segment([.orientation(6)])
        let after =
            startOfScan + [0xFF, 0xE1, UInt8((segment.count + 2) >> 8), UInt8((segment.count + 2) & 0xFF)] + segment + [
                0xFF, 0xD9,
            ]
        XCTAssertEqual(PhotoExif(bytes: Data(after)).orientation, .up)
    }

    // MARK: - The date taken

    func testTheDateTakenWithItsOffsetIsThatInstant() throws {
        let exif = PhotoExif(bytes: try ExifJPEG.photo([.taken("2021:07:04 10:11:12"), .offset("+02:00")]))
        XCTAssertEqual(exif.taken, try date("2021-07-04T08:11:12Z"))
        let west = PhotoExif(
            bytes: try ExifJPEG.photo([.taken("2021:07:04 10:11:12"), .offset("-05:30")], bigEndian: true))
        XCTAssertEqual(west.taken, try date("2021-07-04T15:41:12Z"))
    }

    /// Without an offset, the camera's clock is read as this machine's: the instant whose local
    /// time it is, with daylight saving as it was at that date. (In New York here, so that a
    /// machine on UTC tells the two apart.)
    func testTheDateTakenWithoutAnOffsetIsThisMachinesLocalTime() throws {
        let zone = getenv("TZ").map { String(cString: $0) }
        setenv("TZ", "America/New_York", 1)
        tzset()
        defer {
            if let zone { setenv("TZ", zone, 1) } else { unsetenv("TZ") }
            tzset()
        }
        XCTAssertEqual(
            PhotoExif(bytes: try ExifJPEG.photo([.taken("2019:07:01 12:00:00")])).taken,
            try date("2019-07-01T16:00:00Z"), "summer time")
        XCTAssertEqual(
            PhotoExif(bytes: try ExifJPEG.photo([.taken("2019:01:01 12:00:00")])).taken,
            try date("2019-01-01T17:00:00Z"), "winter")
        XCTAssertEqual(
            PhotoExif(bytes: try ExifJPEG.photo([.taken("2019:01:01 12:00:00"), .offset("   :  ")])).taken,
            try date("2019-01-01T17:00:00Z"),
            "a blank offset is unknown")
    }

    func testAClockNeverSetOrAMalformedDateIsNoDate() throws {
        for text in [
            "0000:00:00 00:00:00", "    :  :     :  :  ", "2021-07-04 10:11:12", "2021:13:04 10:11:12",
            "2021:07:04 25:11:12",
            "2021:07:04", "",
        ] {
            XCTAssertNil(PhotoExif(bytes: try ExifJPEG.photo([.taken(text)])).taken, text)
        }
        let short = ExifJPEG.Entry(
            tag: EXIF_TAG_DATE_TIME_ORIGINAL, ifd: EXIF_IFD_EXIF, format: EXIF_FORMAT_SHORT, components: 1,
            bytes: [1, 0])
        XCTAssertNil(PhotoExif(bytes: try ExifJPEG.photo([short])).taken, "not text")
    }

    // MARK: - Files

    func testAFileIsReadFromItsFirstBytesAndOnlyARegularFile() throws {
        let folder = try temporaryFolder()
        let photo = folder.appendingPathComponent("a.jpg")
        let bytes = try ExifJPEG.photo([.orientation(5), .taken("2020:01:02 03:04:05"), .offset("+00:00")])
        try bytes.write(to: photo)
        XCTAssertEqual(PhotoExif(file: photo.path), PhotoExif(bytes: bytes))
        XCTAssertEqual(PhotoExif(file: photo.path)?.orientation, .leftMirrored)
        XCTAssertNil(PhotoExif(file: folder.appendingPathComponent("missing.jpg").path))
        XCTAssertNil(PhotoExif(file: folder.path), "a folder")
        let fifo = folder.appendingPathComponent("fifo.jpg").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        XCTAssertNil(PhotoExif(file: fifo), "a FIFO is never read, so never waited on")
    }

    // MARK: - Garbage never crashes

    func testEmptyGarbageAndOtherFormatsReadAsNothing() throws {
        let inputs: [Data] = [
            Data(), Data([0xFF]), Data([0xFF, 0xD8]), Data([0xFF, 0xD8, 0xFF]),
            Data(repeating: 0xFF, count: 64), Data(repeating: 0x00, count: 64),
            Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D]),
            try bundled("gravel.png"),
        ]
        for input in inputs { XCTAssertEqual(PhotoExif(bytes: input), PhotoExif(), "\(Array(input.prefix(8)))") }
    }

    /// Every prefix of a photo reads without a crash: upright while the segment is cut short of
    /// its entry, and the photo's own orientation once the whole segment is there.
    func testEveryPrefixOfAPhotoReadsWithoutCrashing() throws {
        let file = try ExifJPEG.photo([.orientation(6), .taken("2020:01:02 03:04:05"), .offset("+01:00")])
        let segmentEnd = 4 + Int(file[4]) << 8 + Int(file[5])
        for length in 0...file.count {
            let exif = PhotoExif(bytes: file.prefix(length))
            if length >= segmentEnd {
                XCTAssertEqual(
                    exif, PhotoExif(orientation: .right, taken: try date("2020-01-02T02:04:05Z")), "prefix \(length)")
            } else {
                XCTAssertTrue(exif.orientation == .up || exif.orientation == .right, "prefix \(length): \(exif)")
            }
        }
    }

    func testCorruptedSegmentsAndRandomTIFFBytesNeverCrash() throws {
        let file = try ExifJPEG.photo([.orientation(6), .taken("2020:01:02 03:04:05"), .offset("+01:00")])
        for offset in 0..<min(file.count, 160) {
            for value: UInt8 in [0x00, 0x01, 0x7F, 0x80, 0xFF] {
                var corrupted = file
                corrupted[offset] = value
                _ = PhotoExif(bytes: corrupted)
            }
        }
        var generator = try SeededGenerator(fixedSeed: 0x0112)
        let exifPrefix: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x40] + Array("Exif".utf8) + [0, 0]
        let tiffHeaders: [[UInt8]] = [[0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A]]
        for round in 0..<2_000 {
            let noise = (0..<Int.random(in: 0...80, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            _ = PhotoExif(bytes: Data(exifPrefix + tiffHeaders[round % 2] + noise))
        }
    }

    // MARK: - Helpers

    private func bundled(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: PackagePaths.bundledPhotos).appendingPathComponent(name))
    }

    private func date(_ iso: String) throws -> Date { try XCTUnwrap(ISO8601DateFormatter().date(from: iso)) }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-exif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }
}
