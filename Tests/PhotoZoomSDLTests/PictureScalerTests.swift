import CSDL2
import XCTest

@testable import PhotoZoomSDL

/// Shrinking a replay's picture for the GIF and the contact sheet averages what it drops: a
/// one-pixel checkerboard of black and white becomes an even grey, never a pattern of its own.
final class PictureScalerTests: XCTestCase {
    func testFineDetailAveragesOutAtEveryScale() throws {
        let board = try PictureScaler.surface(width: 400, height: 300)
        defer { SDL_FreeSurface(board) }
        let pixels = board.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        let pitch = Int(board.pointee.pitch)
        for y in 0..<300 {
            for x in 0..<400 {
                let v: UInt8 = (x + y) % 2 == 0 ? 0 : 255
                for c in 0..<3 { pixels[y * pitch + x * 4 + c] = v }
                pixels[y * pitch + x * 4 + 3] = 255
            }
        }
        for width in [200, 100, 77, 33] {
            let height = width * 3 / 4
            let small = try PictureScaler.surface(width: width, height: height)
            defer { SDL_FreeSurface(small) }
            try PictureScaler.draw(board, into: small, at: SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height)))
            let out = small.pointee.pixels.assumingMemoryBound(to: UInt8.self)
            let outPitch = Int(small.pointee.pitch)
            var low = 255
            var high = 0
            for y in 1..<(height - 1) {
                for x in 1..<(width - 1) {
                    low = min(low, Int(out[y * outPitch + x * 4]))
                    high = max(high, Int(out[y * outPitch + x * 4]))
                }
            }
            XCTAssertGreaterThan(low, 100, "\(width) wide")
            XCTAssertLessThan(high, 155, "\(width) wide")
        }
    }
}
