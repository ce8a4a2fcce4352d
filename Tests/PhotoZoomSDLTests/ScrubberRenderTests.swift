import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomLibrary
@testable import PhotoZoomSDL

/// The grid's scrubber drawn headless with SDL's software renderer, checked by pixels: a dark
/// translucent thumb on the right edge of a 1,000-photo grid while it scrolls, gone once faded.
final class ScrubberRenderTests: XCTestCase {
    let size = Size(width: 393, height: 852)

    /// The bundled photos over and over, 1,000 of them, each file probed as a folder's would be.
    func thousandPhotos() throws -> PhotoLibrary {
        let folder = URL(fileURLWithPath: PackagePaths.bundledPhotos)
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension != "md" }.sorted { $0.path < $1.path }
        return PhotoLibrary.load(files: (0..<1000).map { files[$0 % files.count] }, log: { _ in })
    }

    /// The grid scrolled by a wheel, then `wait` ticks.
    func render(_ photos: PhotoLibrary, wait: Int) throws -> (canvas: HeadlessCanvas, world: World) {
        try GridSnapshot.render(photos: photos, size: size) { sim in
            sim.step([.wheel(dx: 0, dy: -60, position: Point(x: 196, y: 400), modifiers: [])])
            for _ in 0..<wait { sim.step() }
        }
    }

    func testTheThumbShowsOnTheRightEdgeWhileTheGridScrollsAndIsGoneOnceFaded() throws {
        let photos = try thousandPhotos()
        let (shown, world) = try render(photos, wait: 90)
        let (faded, later) = try render(photos, wait: 400)
        XCTAssertEqual(world.grid.offset, later.grid.offset, "both drawn at rest at the same place")
        let thumb = try XCTUnwrap(world.sprite(.scrubber)).current
        XCTAssertEqual(thumb.frame.maxX, 393 - 3, "3 pt in from the right edge")
        XCTAssertEqual(thumb.frame.width, 10)
        XCTAssertGreaterThan(thumb.frame.minY, 3, "scrolled 2,400 pt of 43,000: a little way down its track")

        // On the thumb, the photo beneath shows through 15 % of the thumb's dark grey.
        let beneath = faded.patchMean(centredAt: thumb.frame.center, side: 4)
        let drawn = shown.patchMean(centredAt: thumb.frame.center, side: 4)
        let opacity = 0.85
        XCTAssertEqual(drawn.r, beneath.r * (1 - opacity) + 72 * opacity, accuracy: 3)
        XCTAssertEqual(drawn.g, beneath.g * (1 - opacity) + 72 * opacity, accuracy: 3)
        XCTAssertEqual(drawn.b, beneath.b * (1 - opacity) + 76 * opacity, accuracy: 3)
        // Beside it, above and below it, the two renders are the same grid.
        for p in [
            Point(x: thumb.frame.minX - 4, y: thumb.frame.center.y),
            Point(x: thumb.frame.center.x, y: thumb.frame.minY - 4),
            Point(x: thumb.frame.center.x, y: thumb.frame.maxY + 4),
        ] {
            XCTAssertLessThan(
                shown.patchMean(centredAt: p, side: 3).distance(to: faded.patchMean(centredAt: p, side: 3)), 1,
                "at \(p)")
        }
    }
}
