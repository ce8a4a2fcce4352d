import CSDL2
import PhotoZoomCore
import XCTest

@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface
@testable import PhotoZoomSDL

/// What a frame of the bench's window (1280×800, SDL's software renderer, 4:3 photos) comes
/// to once its photos' pixels are chosen: nothing drawn that the pager's black hides, pages
/// copied rather than stretched, no textured triangles where the renderer would fill them
/// texel by texel. The cheap ways are checked as steps, not timed: the speed is the bench's.
final class DrawPlanTests: XCTestCase {
    static let window = Size(width: 1280, height: 800)
    var canvas: HeadlessCanvas!
    var pixels: TwoSizes!

    /// Every photo has a grid thumbnail (256×192) and, once `hasPages`, a page fitted to the
    /// window (1067×800), both opaque, the page drawn once the thumbnail would be magnified, as
    /// the window's are.
    final class TwoSizes: PhotoPixelSource {
        let thumbnail: OpaquePointer, page: OpaquePointer
        var hasPages = true
        init(renderer: OpaquePointer) {
            thumbnail = SDL_CreateTexture(
                renderer, HeadlessCanvas.windowFormat, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), 256, 192)!
            page = SDL_CreateTexture(
                renderer, HeadlessCanvas.windowFormat, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), 1067, 800)!
        }
        deinit {
            SDL_DestroyTexture(thumbnail)
            SDL_DestroyTexture(page)
        }
        func drawable(for photo: Int, pixelWidth: Double) -> PhotoDrawable {
            .texture(hasPages && pixelWidth > 256 ? page : thumbnail, alpha: 1, over: .black, opaque: true)
        }
    }

    override func setUp() async throws {
        canvas = try HeadlessCanvas(size: Self.window, format: HeadlessCanvas.windowFormat)
        pixels = TwoSizes(renderer: canvas.renderer)
    }

    override func tearDown() async throws {
        pixels = nil
        canvas = nil
    }

    func simulation() -> Simulation {
        Simulation(
            world: World(
                photos: (0..<40).map { PhotoInfo(name: "p\($0)", pixelSize: Size(width: 4032, height: 3024)) },
                viewport: Self.window))
    }

    /// Taps the middle cell of the top row, as the bench does.
    func tap(_ sim: inout Simulation) {
        let layout = sim.world.grid.layout!
        let at = layout.frame(of: layout.columns / 2).center
        sim.step([.pointer(PointerEvent(id: 0, source: .mouse, phase: .down, position: at))])
        sim.step([.pointer(PointerEvent(id: 0, source: .mouse, phase: .up, position: at))])
    }

    func plan(_ sim: Simulation, exactCrops: Bool = false) -> DrawPlan {
        DrawPlan(
            items: sim.drawList(interpolation: 1), scale: 1, canvas: PixelBox(width: 1280, height: 800),
            exactCrops: exactCrops, photos: pixels)
    }

    func copies(in plan: DrawPlan) -> [(texture: OpaquePointer, source: SDL_Rect, destination: Rect)] {
        plan.steps.compactMap {
            if case .copy(let texture, let source, let destination, _, _) = $0 {
                (texture, source, destination)
            } else {
                nil
            }
        }
    }

    func triangles(in plan: DrawPlan) -> Int {
        plan.steps.filter { if case .triangles = $0 { true } else { false } }.count
    }

    /// At rest the pager is the page on opaque black: the 40 cells under it, and the white
    /// background under those, are not drawn at all.
    func testThePagerAtRestDrawsNoneOfTheGridUnderItsBlack() {
        var sim = simulation()
        tap(&sim)
        for _ in 0..<240 { sim.step() }
        XCTAssertEqual(sim.world.viewer.phase, .pager)
        let drawn = sim.drawList(interpolation: 1).filter { if case .photo = $0.content { true } else { false } }.count
        XCTAssertGreaterThan(drawn, 30, "the scene still holds the grid's cells under the pager")
        let plan = plan(sim)
        XCTAssertFalse(plan.showsBackground)
        XCTAssertEqual(copies(in: plan).count, 1, "the page alone")
        XCTAssertTrue(copies(in: plan).allSatisfy { $0.texture == pixels.page })
        guard case .fill(_, .black, 1)? = plan.steps.first else {
            return XCTFail("the black first, not \(String(describing: plan.steps.first))")
        }
    }

    /// A page at rest is 1067 texels shown 1066.7 pixels wide: copied at its own size, a
    /// straight copy, where stretching it by a third of a pixel would cost ten times as much.
    func testAPageAtRestIsCopiedAtItsOwnSize() {
        var sim = simulation()
        tap(&sim)
        for _ in 0..<240 { sim.step() }
        let page = copies(in: plan(sim)).first { $0.texture == pixels.page }!
        XCTAssertEqual([page.source.w, page.source.h], [1067, 800])
        XCTAssertEqual([Int32(page.destination.width), Int32(page.destination.height)], [1067, 800])
    }

    /// Mid-flight, before the page has arrived, the thumbnail is drawn magnified with a crop
    /// between the cell's and the whole photo's: on SDL's software renderer, which fills
    /// textured triangles texel by texel at whole texels anyway, always as copies; elsewhere
    /// as triangles where the crop has edges between texels.
    func testFlightsAreCopiesOnTheSoftwareRenderer() {
        pixels.hasPages = false
        var sim = simulation()
        tap(&sim)
        var triangled = 0
        for _ in 0..<40 {
            sim.step()
            guard sim.world.viewer.phase == .presenting else { break }
            XCTAssertEqual(triangles(in: plan(sim)), 0, "tick \(sim.world.clock.tick)")
            triangled += triangles(in: plan(sim, exactCrops: true))
        }
        XCTAssertGreaterThan(triangled, 0, "some flight frames have crops between texels")
    }

    /// The black fading in lets the grid show through: nothing under it may be skipped.
    func testTheGridUnderTheFadingBlackIsDrawn() {
        var sim = simulation()
        tap(&sim)
        for _ in 0..<4 { sim.step() }
        XCTAssertEqual(sim.world.viewer.phase, .presenting)
        let plan = plan(sim)
        XCTAssertTrue(plan.showsBackground)
        XCTAssertGreaterThan(copies(in: plan).filter { $0.texture == pixels.thumbnail }.count, 30)
    }

    /// A stretched copy running past the canvas is cut to it first: SDL's software renderer
    /// would stretch the whole into a scratch surface. Texels smaller than two pixels are cut
    /// to exactly the canvas; larger ones (a page zoomed in) keep their place on screen.
    func testStretchedCopiesPastTheCanvasAreCutToIt() {
        let overshoot = DrawPlan.copy(
            pixels.page, frame: Rect(x: -4, y: -3, width: 1075, height: 806), crop: .unit, alpha: 1, blended: false,
            exactCrops: false, canvas: PixelBox(width: 1280, height: 800))
        guard case .copy(_, let source, let destination, _, _) = overshoot else { return XCTFail("\(overshoot)") }
        XCTAssertEqual(destination, Rect(x: 0, y: 0, width: 1071, height: 800))
        XCTAssertEqual([source.x, source.y, source.w, source.h], [4, 3, 1063, 794])

        let zoomed = DrawPlan.copy(
            pixels.page, frame: Rect(x: -1000.5, y: -700.25, width: 1067 * 4, height: 800 * 4), crop: .unit, alpha: 1,
            blended: false, exactCrops: false, canvas: PixelBox(width: 1280, height: 800))
        guard case .copy(_, let texels, let pixels, _, _) = zoomed else { return XCTFail("\(zoomed)") }
        XCTAssertEqual([texels.x, texels.y, texels.w, texels.h], [250, 175, 321, 201])
        XCTAssertEqual(
            pixels, Rect(x: -0.5, y: -0.25, width: 321 * 4, height: 201 * 4), "whole texels, where they are on screen")
    }
}
