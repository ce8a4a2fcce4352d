import PhotoZoomCore
import XCTest

@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface

/// A loader shrinks what it decodes without aliasing and without shifting it: each halving is
/// the rounded mean of its blocks, the last step samples at each pixel's centre.
final class PictureScalingTests: XCTestCase {
    func picture(_ width: Int, _ height: Int, _ level: (Int, Int) -> UInt8) throws -> PixelBuffer {
        let picture = try PixelBuffer.make(width: width, height: height).get()
        for y in 0..<height { for x in 0..<width { picture[x, y] = RGBA(grey: level(x, y), a: 200) } }
        return picture
    }

    func testAHalvingIsTheRoundedMeanOfEachBlock() throws {
        let source = try picture(4, 2) { x, y in UInt8([[0, 1, 10, 30], [2, 3, 20, 41]][y][x]) }
        let half = try PictureScaling.downscaled(source, width: 2, height: 1).get()
        // (0+1+2+3)/4 = 1.5 → 2; (10+30+20+41)/4 = 25.25 → 25.
        XCTAssertEqual([half[0, 0], half[1, 0]], [RGBA(grey: 2, a: 200), RGBA(grey: 25, a: 200)])
    }

    func testTheLastStepSamplesAtPixelCentresAndKeepsTheEdges() throws {
        // A ramp of 0, 100, 200 shrunk to two pixels: their centres fall at 0.25 and 1.75 of the
        // source's, clamped to the first and last pixel's centre at the edges: 25 and 175.
        let ramp = try picture(3, 1) { x, _ in UInt8(x * 100) }
        let two = try PictureScaling.downscaled(ramp, width: 2, height: 1).get()
        XCTAssertEqual([two[0, 0].r, two[1, 0].r], [25, 175])
        XCTAssertEqual(two[0, 0].a, 200)
        // Flat pictures stay flat at any ratio.
        let flat = try PictureScaling.downscaled(try picture(97, 61) { _, _ in 77 }, width: 13, height: 9).get()
        for y in 0..<9 { for x in 0..<13 { XCTAssertEqual(flat[x, y], RGBA(grey: 77, a: 200)) } }
    }

    func testUprightTurnsAndSwapsTheSides() throws {
        let source = try picture(3, 2) { x, y in UInt8(y * 3 + x) }
        let turned = try PictureScaling.upright(source, .right).get()
        XCTAssertEqual([turned.width, turned.height], [2, 3])
        // Orientation 6: the stored bottom-left pixel shows at the top left.
        XCTAssertEqual(turned[0, 0].r, 3)
        XCTAssertEqual(turned[1, 0].r, 0)
    }
}
