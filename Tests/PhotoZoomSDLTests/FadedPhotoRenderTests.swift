import CSDL2
import Foundation
import PhotoZoomCore
import PhotoZoomLibrary
import PhotoZoomSDL
import PhotoZoomTestSupport
import XCTest

/// A photo drawn with alpha below 1 is blended over what lies beneath it: the shrink-style
/// Escape (seed 003) fades the flying photo with the background, and a headless render of it
/// mid-flight shows the blend, computed here by hand.
final class FadedPhotoRenderTests: XCTestCase {
    let size = Size(width: 393, height: 852)
    /// The one photo: a solid colour, so every pixel of it is this colour at any scale and crop.
    let colour = (r: 30.0, g: 150.0, b: 230.0)

    /// A folder holding one 400×400 PNG of solid `colour`, written by the test through SDL.
    func solidPhotoFolder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pz-faded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let surface = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, 400, 400, 32, SDL_PIXELFORMAT_RGBA32.rawValue))
        defer { SDL_FreeSurface(surface) }
        let pixel = SDL_MapRGBA(surface.pointee.format, UInt8(colour.r), UInt8(colour.g), UInt8(colour.b), 255)
        XCTAssertEqual(SDL_FillRect(surface, nil, pixel), 0)
        let path = dir.appendingPathComponent("solid.png").path
        XCTAssertEqual(IMG_SavePNG(surface, path), 0, "cannot write \(path)")
        return dir.path
    }

    func testAPhotoFadingOutIsBlendedOverTheDimmedGridByItsDrawListAlpha() throws {
        let photos = try PhotoLibrary.load(try solidPhotoFolder(), log: { XCTFail("unexpected log: \($0)") })
        XCTAssertEqual(photos.infos.count, 1)
        var tuning = Tuning()
        tuning.escapeStyle = .shrink
        var items: [DrawItem] = []
        let (canvas, world) = try GridSnapshot.render(photos: photos, size: size, tuning: tuning) { sim in
            let cell = sim.world.grid.layout!.frame(of: 0).offsetBy(dx: 0, dy: -sim.world.grid.offset).center
            sim.step([.pointer(PointerEvent(id: 0, source: .mouse, phase: .down, position: cell))])
            sim.step([.pointer(PointerEvent(id: 0, source: .mouse, phase: .up, position: cell))])
            for _ in 0..<240 { sim.step() }
            XCTAssertEqual(sim.world.viewer.phase, .pager)
            sim.step([.key(.escape, modifiers: [])])
            for _ in 0..<7 { sim.step() }
            items = sim.drawList(interpolation: 1)  // what the render draws
        }
        XCTAssertEqual(world.viewer.phase, .dismissing(interactive: false))

        let photo = try XCTUnwrap(items.first { $0.content == .photo(0) })
        let a = photo.alpha
        XCTAssert((0.25...0.75).contains(a), "mid-fade: alpha \(a)")
        XCTAssertGreaterThan(photo.frame.width, 100, "still large enough to sample well inside")
        // At the photo's centre the draw list stacks exactly the black backdrop and the photo
        // over the grid's white background (the grid's one cell is at the top left, hidden).
        let p = photo.frame.center
        let stack = items.filter { $0.frame.contains(p) }
        XCTAssertEqual(stack.map(\.content), [.fill(.black), .photo(0)])
        let backdrop = stack[0].alpha

        // Source-over blending, by hand: white under black at the backdrop's alpha, then the
        // photo's colour at its own alpha. SDL's software renderer blends in 8-bit integers and
        // truncates: measured 1.3 levels below this (SDL2 2.26.5), so 3 levels of tolerance;
        // the photo drawn opaque would be off by about 50.
        let under = 255 * (1 - backdrop)
        func blend(_ c: Double) -> Double { c * a + under * (1 - a) }
        let seen = canvas.patchMean(centredAt: p, side: 9)
        let expected = RGB(r: blend(colour.r), g: blend(colour.g), b: blend(colour.b))
        XCTAssertLessThanOrEqual(seen.distance(to: expected), 3, "seen \(seen), expected \(expected) at alpha \(a)")
        let opaque = RGB(r: colour.r, g: colour.g, b: colour.b)
        XCTAssertGreaterThan(seen.distance(to: opaque), 30, "not the photo drawn opaque")
    }
}
