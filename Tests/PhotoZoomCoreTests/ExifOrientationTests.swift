import PhotoZoomCore
import XCTest

/// The turn each orientation asks for, on pixels; reading the tag is the platform's
/// (`PhotoExifTests`), and the turned photos are checked by pixels there too.
final class ExifOrientationTests: XCTestCase {
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
        XCTAssertEqual(sourceIndex(atX: 0, y: 0), 450 * 300)  // bottom-left moves to top-left
        XCTAssertEqual(sourceIndex(atX: 450, y: 0), 0)  // top-left moves to top-right
        XCTAssertEqual(sourceIndex(atX: 450, y: 299), 299)  // top-right moves to bottom-right
        XCTAssertEqual(sourceIndex(atX: 0, y: 299), 450 * 300 + 299)  // bottom-right moves to bottom-left
    }

    /// Between buffers whose rows are longer than their pixels, as a surface's may be: the same pixels land in the
    /// same places, and the bytes past each row's pixels are left as they were.
    func testReorientBetweenPaddedRowsMovesThePixelsAsBetweenPackedOnes() {
        let (width, height) = (5, 3)
        let packed = (0..<UInt8(width * height)).flatMap { [$0, 0x40 + $0, 0x80 + $0, 0xC0 + $0] }
        for orientation in ExifOrientation.allCases {
            let expected = orientation.reorient(pixels: packed, width: width, height: height)
            let sourcePitch = width * 4 + 8
            let destinationPitch = expected.width * 4 + 12
            var source = [UInt8](repeating: 0xEE, count: sourcePitch * height)
            for y in 0..<height {
                source.replaceSubrange(
                    y * sourcePitch..<y * sourcePitch + width * 4, with: packed[y * width * 4..<(y + 1) * width * 4])
            }
            var destination = [UInt8](repeating: 0xAA, count: destinationPitch * expected.height)
            source.withUnsafeBytes { from in
                destination.withUnsafeMutableBytes { to in
                    orientation.reorient(
                        from: from.baseAddress!, pitch: sourcePitch, width: width, height: height,
                        into: to.baseAddress!, pitch: destinationPitch)
                }
            }
            for y in 0..<expected.height {
                let row = Array(destination[y * destinationPitch..<(y + 1) * destinationPitch])
                XCTAssertEqual(
                    Array(row.prefix(expected.width * 4)),
                    Array(expected.pixels[y * expected.width * 4..<(y + 1) * expected.width * 4]),
                    "\(orientation) row \(y)")
                XCTAssertEqual(
                    Array(row.dropFirst(expected.width * 4)), Array(repeating: 0xAA, count: 12),
                    "\(orientation) row \(y)'s padding")
            }
        }
    }

    // MARK: - Helpers

    /// Four distinct bytes per pixel id, so a test also catches channels being reordered.
    private func pixels(_ ids: [UInt8]) -> [UInt8] {
        ids.flatMap { [$0, 0x10 + $0, 0x20 + $0, 0x30 + $0] }
    }

    private func assertReorient(
        _ orientation: ExifOrientation, gives expected: [UInt8], width: Int, height: Int,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let result = orientation.reorient(pixels: pixels([1, 2, 3, 4, 5, 6]), width: 3, height: 2)
        XCTAssertEqual(result.width, width, "width", file: file, line: line)
        XCTAssertEqual(result.height, height, "height", file: file, line: line)
        XCTAssertEqual(result.pixels, pixels(expected), file: file, line: line)
    }
}
