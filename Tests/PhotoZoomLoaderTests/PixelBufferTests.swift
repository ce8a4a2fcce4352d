import PhotoZoomLoaderInterface
import PhotoZoomUntrusted
import XCTest

/// A decoder's pixels are had or refused with a reason: never a trap for a size a file claims.
final class PixelBufferTests: XCTestCase {
    func testPixelsStartTransparentBlackAndHoldWhatIsSet() throws {
        let pixels = try PixelBuffer.make(width: 3, height: 2).get()
        XCTAssertEqual(pixels.pitch, 12)
        XCTAssertEqual(pixels[2, 1], RGBA(r: 0, g: 0, b: 0, a: 0))
        pixels[2, 1] = RGBA(r: 1, g: 2, b: 3, a: 4)
        XCTAssertEqual(Array(UnsafeBufferPointer(start: pixels.bytes + 20, count: 4)), [1, 2, 3, 4])
    }

    func testSizesNoMemoryCanHoldAreRefusedNotTrapped() {
        for (width, height) in [(0, 1), (1, -1), (PixelBuffer.largestSide + 1, 1), (Int.max, Int.max)] {
            guard case .failure(let failure) = PixelBuffer.make(width: width, height: height) else {
                return XCTFail("\(width)×\(height) was made")
            }
            XCTAssertTrue(failure.isRemembered, "\(width)×\(height): \(failure)")
        }
        // Within the sides but more than the address space holds: over the limits, not corrupt.
        guard
            case .failure(let failure) = PixelBuffer.make(
                width: PixelBuffer.largestSide, height: PixelBuffer.largestSide)
        else { return XCTFail("a terabyte of pixels was made") }
        XCTAssertTrue(failure.isOverLimits, "\(failure)")
    }
}
