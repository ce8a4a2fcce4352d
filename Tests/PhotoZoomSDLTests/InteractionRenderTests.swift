import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomLibrary
@testable import PhotoZoomSDL

/// Headless renders of the interaction at its key moments, checked by pixels: mid zoom-in, the
/// pager, and mid-way through a dismissal drag.
final class InteractionRenderTests: XCTestCase {
    let size = Size(width: 393, height: 852)
    /// china-panorama.jpg, a 3:1 photo: its aspect-fit frame is a 393×131 band across the middle.
    let photo = 4

    func render(_ script: (inout Simulation) -> Void) throws -> (canvas: HeadlessCanvas, world: World) {
        let photos = try PhotoLibrary.load(PackagePaths.bundledPhotos, log: { _ in })
        XCTAssertEqual(photos.infos[photo].name, "china-panorama.jpg")
        return try GridSnapshot.render(photos: photos, size: size, script: script)
    }

    func tapCell(_ index: Int, _ sim: inout Simulation) {
        let c = sim.world.grid.layout!.frame(of: index).offsetBy(dx: 0, dy: -sim.world.grid.offset).center
        sim.step([.pointer(PointerEvent(id: 0, source: .mouse, phase: .down, position: c))])
        sim.step([.pointer(PointerEvent(id: 0, source: .mouse, phase: .up, position: c))])
    }

    func settle(_ sim: inout Simulation) {
        for _ in 0..<240 { sim.step() }
    }

    func rgb(_ canvas: HeadlessCanvas, _ p: Point) -> RGB { canvas.patchMean(centredAt: p, side: 5) }

    func testMidZoomInThePhotoFliesOverAGridDimmedByTheFadingBackground() throws {
        let grid = try render { _ in }
        let (canvas, world) = try render { sim in
            tapCell(photo, &sim)
            for _ in 0..<8 { sim.step() }
        }
        let t = world.viewer.transition!
        XCTAssertEqual(world.viewer.phase, .presenting)
        let alpha = t.backgroundAlpha
        XCTAssert((0.2...0.9).contains(alpha), "mid-fade: \(alpha)")
        // The flying photo shows at its frame's centre, as in the grid's cell (same centre crop).
        XCTAssertLessThan(
            rgb(canvas, t.frame.center).distance(to: rgb(grid.canvas, grid.world.grid.layout!.frame(of: photo).center)),
            30)
        // Far from the photo, the grid shows through the black at (1 − alpha).
        let far = Point(x: 60, y: 760)
        XCTAssertFalse(t.frame.contains(far))
        let below = rgb(grid.canvas, far)
        let seen = rgb(canvas, far)
        XCTAssertEqual(seen.r, below.r * (1 - alpha), accuracy: 4)
        XCTAssertEqual(seen.g, below.g * (1 - alpha), accuracy: 4)
        // The source cell is hidden in flight: its slot is empty grid background under the fade.
        let cell = world.grid.layout!.frame(of: photo)
        let corner = Point(x: cell.minX + 6, y: cell.minY + 6)
        if !t.frame.contains(corner) {
            XCTAssertEqual(rgb(canvas, corner).r, 255 * (1 - alpha), accuracy: 4)
        }
    }

    func testThePagerShowsThePhotoAspectFitOnBlack() throws {
        let (canvas, world) = try render { sim in
            tapCell(photo, &sim)
            settle(&sim)
        }
        XCTAssertEqual(world.viewer.phase, .pager)
        XCTAssertEqual(world.photos[photo].pixelSize, Size(width: 640, height: 213))
        // A panorama touches the sides: 393 wide, 393·213/640 tall, centred in 852.
        let fit = Rect(x: 0, y: (852 - 393 * 213.0 / 640) / 2, width: 393, height: 393 * 213.0 / 640)
        for p in [
            Point(x: 20, y: 150), Point(x: 370, y: 700), Point(x: 196, y: fit.minY - 6), Point(x: 196, y: fit.maxY + 6),
        ] {
            XCTAssertLessThan(rgb(canvas, p).distance(to: RGB(r: 0, g: 0, b: 0)), 1, "black at \(p)")
        }
        XCTAssertGreaterThan(rgb(canvas, fit.center).distance(to: RGB(r: 0, g: 0, b: 0)), 40, "the photo at the centre")
        // The top bar is drawn over the black: its label's pixels are light.
        let label = canvas.block(x: 150, y: 10, w: 93, h: 24).joined().map { $0.r }.max()!
        XCTAssertGreaterThan(label, 150, "\"5 of 18\" in white")
    }

    func testMidDragThePhotoHasShrunkAndTheGridShowsThroughWithTheCellEmpty() throws {
        let (canvas, world) = try render { sim in
            tapCell(photo, &sim)
            settle(&sim)
            var y = 420.0
            sim.step([.pointer(PointerEvent(id: 0, source: .mouse, phase: .down, position: Point(x: 196, y: y)))])
            for _ in 0..<30 {
                y += 6
                sim.step([.pointer(PointerEvent(id: 0, source: .mouse, phase: .moved, position: Point(x: 196, y: y)))])
            }
        }
        XCTAssertEqual(world.viewer.phase, .dismissing(interactive: true))
        let t = world.viewer.transition!
        XCTAssertLessThan(t.frame.width, 393 * 0.9)
        XCTAssertLessThan(t.backgroundAlpha, 0.3, "faded over a quarter of the height")
        XCTAssertGreaterThan(t.backgroundAlpha, 0.05, "not gone yet: the grid is seen through the black")
        // The grid shows through; the current cell's slot is white (hidden), its neighbour is a photo.
        let cell = world.grid.layout!.frame(of: photo)
        let slot = Point(x: cell.minX + 10, y: cell.minY + 10)
        XCTAssertFalse(t.frame.contains(slot))
        let white = 255 * (1 - t.backgroundAlpha)
        XCTAssertEqual(rgb(canvas, slot).r, white, accuracy: 3)
        XCTAssertEqual(rgb(canvas, slot).b, white, accuracy: 3)
        let neighbour = world.grid.layout!.frame(of: 0).center
        XCTAssertGreaterThan(rgb(canvas, neighbour).distance(to: RGB(r: white, g: white, b: white)), 20)
        // The tab bar is back as the background goes: drawn light at the bottom.
        XCTAssertGreaterThan(rgb(canvas, Point(x: 20, y: 840)).r, 200)
    }
}
