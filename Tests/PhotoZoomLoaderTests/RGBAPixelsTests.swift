import PhotoZoomLoader
import PhotoZoomUntrusted
import XCTest

/// A decoder's pixels are had or refused with a reason: never a trap for a size a file claims.
final class RGBAPixelsTests: XCTestCase {
    func testPixelsStartTransparentBlackAndHoldWhatIsSet() throws {
        let pixels = try RGBAPixels.make(width: 3, height: 2).get()
        XCTAssertEqual(pixels.pitch, 12)
        XCTAssertEqual(pixels[2, 1], RGBA(r: 0, g: 0, b: 0, a: 0))
        pixels[2, 1] = RGBA(r: 1, g: 2, b: 3, a: 4)
        XCTAssertEqual(Array(UnsafeBufferPointer(start: pixels.bytes + 20, count: 4)), [1, 2, 3, 4])
    }

    func testSizesNoMemoryCanHoldAreRefusedNotTrapped() {
        for (width, height) in [(0, 1), (1, -1), (RGBAPixels.largestSide + 1, 1), (Int.max, Int.max)] {
            guard case .failure(let failure) = RGBAPixels.make(width: width, height: height) else {
                return XCTFail("\(width)×\(height) was made")
            }
            XCTAssertTrue(failure.isRemembered, "\(width)×\(height): \(failure)")
        }
        // Within the sides but more than the address space holds: over the limits, not corrupt.
        guard
            case .failure(let failure) = RGBAPixels.make(width: RGBAPixels.largestSide, height: RGBAPixels.largestSide)
        else { return XCTFail("a terabyte of pixels was made") }
        XCTAssertTrue(failure.isOverLimits, "\(failure)")
    }
}
