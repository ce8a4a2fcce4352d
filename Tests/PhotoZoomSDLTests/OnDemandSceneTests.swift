import CSDL2
import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomLibrary
@testable import PhotoZoomSDL

/// What replays and scripted renders draw with: before each frame, the photos it shows are
/// decoded at the size they are drawn, nothing else is, and the pixels stay within their budget.
final class OnDemandSceneTests: XCTestCase {
    /// A cell gets the thumbnail the window would give it, a page at rest the page, and a photo
    /// drawn larger than any of them the largest.
    func testAPhotoIsDecodedAtTheSmallestOfTheWindowsSizesThatCoversIt() {
        let page = PixelTarget.page(width: 393, height: 852)
        func target(_ width: Double, _ height: Double) -> PixelTarget {
            OnDemandScene.target(drawn: Size(width: width, height: height), page: page)
        }
        // A 4:3 photo in a 129.67-point cell is drawn whole at 172.9 × 129.67 for its centre square;
        // upright, at 129.67 × 172.9. At scale 2, twice that in a window of twice the pixels.
        let cell = 389.0 / 3
        XCTAssertEqual(target(cell * 4 / 3, cell), .thumbnail(covering: cell, aspect: 4.0 / 3))
        XCTAssertEqual(target(cell, cell * 4 / 3), .thumbnail(side: 256))
        let twice = OnDemandScene.target(
            drawn: Size(width: 2 * cell * 4 / 3, height: 2 * cell), page: .page(width: 786, height: 1704))
        XCTAssertEqual(twice, .thumbnail(covering: 2 * cell, aspect: 4.0 / 3))
        XCTAssertEqual(twice, .thumbnail(side: 512))
        // The page at rest fills the window's width: exactly the page, fewer pixels than 512's.
        XCTAssertEqual(target(393, 294.75), page)
        // A panorama's cell (3:1, 389 × 129.67) is covered by the 393 × 131 page as well, with
        // fewer pixels than the 512 thumbnail.
        XCTAssertEqual(target(cell * 3, cell), page)
        // Zoomed in twice, nothing covers the photo: the 1024 thumbnail is the most there is.
        XCTAssertEqual(target(786, 589.5), .thumbnail(side: 1024))
        // In a larger window the page is: 2560 × 1600 pixels.
        XCTAssertEqual(
            OnDemandScene.target(drawn: Size(width: 4266, height: 3200), page: .page(width: 2560, height: 1600)),
            .page(width: 2560, height: 1600))
    }

    /// Scrolling through the bundled photos with a budget that holds about one screenful of them:
    /// each frame shows every photo it draws whole, from pixels at least as large as drawn and
    /// less than twice that; no photo is decoded before a frame shows it; and the photos drawn
    /// longest ago go to make room.
    func testEveryFrameIsWholeWithinABudgetOfAboutAScreen() throws {
        let library = try PhotoLibrary.load(PackagePaths.bundledPhotos, log: { XCTFail($0) })
        let window = Size(width: 393, height: 400)
        let canvas = try HeadlessCanvas(size: window)
        // Measured: the 18 photos as the frames below draw them take 3.9 MB, no frame's own more than 2.6 MB.
        let budget = 3_000_000
        let scene = OnDemandScene(
            renderer: canvas.renderer, library: library, budgetBytes: budget, log: { XCTFail($0) })
        var sim = Simulation(world: World(photos: library.infos, viewport: window))
        var seen = Set<Int>()
        // Six rows of 131.67 points in 350 visible: the grid scrolls 438 points, 60 at a time.
        for _ in 0..<8 {
            let items = sim.drawList(interpolation: 1)
            scene.draw(items, window: window, scale: 1)
            for item in items {
                guard case .photo(let photo) = item.content else { continue }
                seen.insert(photo)
                guard
                    case .texture(let texture, let alpha, _, _) = scene.textures.drawable(
                        for: photo, pixelWidth: item.frame.width / item.crop.width)
                else {
                    return XCTFail("photo \(photo) is drawn without its pixels at tick \(sim.world.tick)")
                }
                XCTAssertEqual(alpha, 1, "photo \(photo) shows whole, not fading in")
                var width: Int32 = 0
                SDL_QueryTexture(texture, nil, nil, &width, nil)
                let drawn = item.frame.width / item.crop.width
                XCTAssert(
                    Double(width) >= drawn - 0.5 && Double(width) < 2 * drawn,
                    "photo \(photo): \(width) pixels wide, drawn \(drawn)")
            }
            for photo in Set(0..<18).subtracting(seen) {
                XCTAssertFalse(
                    scene.textures.has(photo, .thumbnail(side: 128))
                        || scene.textures.has(photo, .page(width: 393, height: 400)),
                    "photo \(photo) is decoded before any frame shows it")
            }
            XCTAssertLessThanOrEqual(scene.textures.bytes, budget)
            GridSnapshot.scrolled(&sim, by: 60, size: window, tuning: sim.world.tuning)
        }
        XCTAssertEqual(seen, Set(0..<18), "the frames showed every photo")
        XCTAssertLessThan(scene.textures.count, 18, "the first rows went to make room for the last")
    }
}
