import CSDL2
import XCTest

@testable import PhotoZoomCore
@testable import PhotoZoomSDL

/// Translucent fills drawn as copies of a strip of their colour, in a canvas of the window's
/// format: the same pixels as SDL's own blended fill, within rounding.
final class TranslucentFillsTests: XCTestCase {
    /// Items over a striped background, drawn by the scene renderer both ways: told of the
    /// canvas's format, or of one with alpha, for which it fills as SDL does.
    func render(stripes: Bool, _ items: [DrawItem]) throws -> HeadlessCanvas {
        let size = Size(width: 300, height: 200)
        let canvas = try HeadlessCanvas(size: size, format: HeadlessCanvas.windowFormat)
        let renderer = SceneRenderer(
            renderer: canvas.renderer, source: PhotoTextures(renderer: canvas.renderer, budgetBytes: 1 << 20),
            targetFormat: stripes ? HeadlessCanvas.windowFormat : SDL_PIXELFORMAT_RGBA32.rawValue)
        let background = (0..<6).map { (i: Int) -> DrawItem in
            let color = Color(r: UInt8(40 * i), g: UInt8(250 - 40 * i), b: 90)
            return DrawItem(
                content: .fill(color), frame: Rect(x: Double(i) * 50, y: 0, width: 50, height: 200), crop: .unit,
                alpha: 1)
        }
        renderer.draw(background + items, scale: 1)
        return canvas
    }

    func testAStripAtAnAlphaBlendsAsSDLsFillDoes() throws {
        // The pager's black fading in, a bar in a colour of its own with alpha, and an edge
        // between pixels, where SDL cuts origin and size to whole pixels.
        let items = [
            DrawItem(
                content: .fill(.black), frame: Rect(x: 0, y: 0, width: 300, height: 200), crop: .unit, alpha: 0.41),
            DrawItem(
                content: .fill(Color(r: 30, g: 30, b: 32, a: 217)),
                frame: Rect(x: 10.6, y: 20.5, width: 250.7, height: 130.2), crop: .unit, alpha: 0.7),
        ]
        let strips = try render(stripes: true, items)
        let fills = try render(stripes: false, items)
        var largest = 0
        for y in 0..<200 {
            for x in 0..<300 {
                let a = strips.pixel(x: x, y: y)
                let b = fills.pixel(x: x, y: y)
                let red = abs(Int(a.r) - Int(b.r))
                let green = abs(Int(a.g) - Int(b.g))
                let blue = abs(Int(a.b) - Int(b.b))
                largest = max(largest, red, green, blue)
            }
        }
        // Measured 2 where the two blends overlap: each rounds once, SDL's fill dividing by 255
        // and its copy at an alpha shifting by 8 bits. An edge cut elsewhere would differ by tens.
        XCTAssertLessThanOrEqual(largest, 2, "the largest difference of any channel, in levels")
    }

    /// Only a target without alpha gets strips: into one with alpha, SDL's copy at an alpha
    /// goes through its generic blitter, slower than the fill.
    func testStripsOnlyForTargetsWithoutAlpha() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 8, height: 8))
        XCTAssertNotNil(TranslucentFills(renderer: canvas.renderer, targetFormat: SDL_PIXELFORMAT_RGB888.rawValue))
        XCTAssertNil(TranslucentFills(renderer: canvas.renderer, targetFormat: SDL_PIXELFORMAT_RGBA32.rawValue))
        XCTAssertNil(TranslucentFills(renderer: canvas.renderer, targetFormat: SDL_PIXELFORMAT_RGB565.rawValue))
    }
}
