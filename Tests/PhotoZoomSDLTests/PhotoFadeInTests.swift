import CSDL2
import Foundation
import XCTest

@testable import PhotoZoomCore
@testable import PhotoZoomLibrary
@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface
@testable import PhotoZoomSDL

/// Pixels fade in over the stand-in colour a person saw, and only then: a window that opens
/// with its thumbnails shows them whole at once, with no fade over colours nobody saw.
final class PhotoFadeInTests: XCTestCase {
    let thumb = PixelTarget.thumbnail(side: 128)
    let second: UInt64 = 1_000_000_000

    func pixels() -> DecodedPixels {
        let surface = try! PixelBuffer.make(width: 100, height: 100).get()
        let probe = PhotoProbe(
            uprightSize: PixelBox(width: 100, height: 100), orientation: .up, isCMYK: false, contentHash: "x",
            fileBytes: 1, modified: 0)
        return DecodedPixels(
            pixels: surface, uprightSize: PixelBox(width: 100, height: 100), average: .white,
            isOpaque: true, probe: probe)
    }

    func alpha(_ drawable: PhotoDrawable) -> Double? {
        if case .texture(_, let alpha, _, _) = drawable { return alpha }
        return nil
    }

    func testPixelsFadeInOnlyOverAStandInThatWasDrawn() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 64, height: 64))
        let textures = PhotoTextures(renderer: canvas.renderer, budgetBytes: 1 << 24)
        // Photo 0's stand-in is drawn in a frame before its pixels come; photo 1's never is.
        textures.beginFrame(now: 10 * second)
        guard case .waiting = textures.drawable(for: 0, pixelWidth: 100) else {
            return XCTFail("photo 0 has no pixels yet")
        }
        textures.insert(0, thumb, pixels(), arrived: 11 * second)
        textures.insert(1, thumb, pixels(), arrived: 11 * second)

        // A third of the fade later: photo 0 part-way, photo 1 whole.
        let third = PhotoTextures.fadeNanoseconds / 3
        textures.beginFrame(now: 11 * second + third)
        let fading = try XCTUnwrap(alpha(textures.drawable(for: 0, pixelWidth: 100)))
        XCTAssertEqual(fading, 1.0 / 3, accuracy: 0.01, "fading in over the colour that was on screen")
        XCTAssertEqual(alpha(textures.drawable(for: 1, pixelWidth: 100)), 1, "no stand-in was seen: shown whole")
        XCTAssertTrue(textures.isFading(at: 11 * second + third), "photo 0's fade keeps the window drawing")

        // Larger pixels for a photo already shown never fade again.
        textures.insert(0, .page(width: 400, height: 400), pixels(), arrived: 12 * second)
        textures.beginFrame(now: 12 * second)
        XCTAssertEqual(alpha(textures.drawable(for: 0, pixelWidth: 100)), 1)
        XCTAssertFalse(textures.isFading(at: 12 * second))
    }
}
