import CSDL2
import PhotoZoomCore
import XCTest

@testable import PhotoZoomSDL

/// A cell's stretch kept while it is drawn every frame: a straight copy from the second
/// frame on, of the same pixels the stretch drew.
final class StretchedCopiesTests: XCTestCase {
    var canvas: HeadlessCanvas!
    var thumbnail: OpaquePointer!

    /// A 256×192 thumbnail of noise, in which any resampling difference shows.
    override func setUp() async throws {
        canvas = try HeadlessCanvas(size: Size(width: 1280, height: 800), format: HeadlessCanvas.windowFormat)
        thumbnail = SDL_CreateTexture(
            canvas.renderer, HeadlessCanvas.windowFormat, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), 256, 192)
        var seed: UInt32 = 12345
        let noise = (0..<(256 * 192)).map { _ -> UInt32 in
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return seed >> 8
        }
        SDL_UpdateTexture(thumbnail, nil, noise, 256 * 4)
        SDL_SetTextureScaleMode(thumbnail, SDL_ScaleModeLinear)
    }

    override func tearDown() async throws {
        SDL_DestroyTexture(thumbnail)
        canvas = nil
    }

    /// The top-left 400×300 pixels: a stretch, or the grid's first rows and columns.
    func pixels() -> [UInt32] {
        (0..<300).flatMap { y in
            (0..<400).map { x in
                let p = canvas.pixel(x: x, y: y)
                return UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b)
            }
        }
    }

    func testAStretchDrawnFrameAfterFrameIsKeptAndDrawsTheSamePixels() {
        let copies = StretchedCopies(renderer: canvas.renderer)
        let crop = SDL_Rect(x: 32, y: 0, w: 192, h: 192)
        var destination = SDL_Rect(x: 10, y: 20, w: 104, h: 104)

        copies.beginFrame()
        XCTAssertNil(
            copies.copy(of: thumbnail, source: crop, width: 104, height: 104), "the first time, drawn directly")
        var from = crop
        SDL_SetTextureBlendMode(thumbnail, SDL_BLENDMODE_NONE)
        SDL_RenderCopy(canvas.renderer, thumbnail, &from, &destination)
        let stretched = pixels()

        copies.beginFrame()
        let kept = copies.copy(of: thumbnail, source: crop, width: 104, height: 104)
        XCTAssertNotNil(kept, "drawn the frame before too: kept")
        SDL_SetRenderDrawColor(canvas.renderer, 0, 0, 0, 255)
        SDL_RenderClear(canvas.renderer)
        SDL_RenderCopy(canvas.renderer, kept, nil, &destination)
        XCTAssertEqual(pixels(), stretched, "a straight copy of the kept stretch is the stretch")

        copies.beginFrame()
        XCTAssertEqual(copies.copy(of: thumbnail, source: crop, width: 104, height: 104), kept)
        XCTAssertNil(
            copies.copy(of: thumbnail, source: crop, width: 105, height: 105), "another size is another stretch")

        // A frame without it lets it go.
        copies.beginFrame()
        copies.beginFrame()
        XCTAssertNil(copies.copy(of: thumbnail, source: crop, width: 104, height: 104))
    }

    /// Through the scene renderer, in the bench's window: the grid drawn three frames running
    /// (its cells' stretches kept from the second) is the same picture.
    func testTheGridDrawnAgainFromKeptStretchesIsTheSamePicture() {
        final class Thumbnails: PhotoPixelSource {
            let texture: OpaquePointer
            init(_ texture: OpaquePointer) { self.texture = texture }
            func drawable(for photo: Int, pixelWidth: Double) -> PhotoDrawable {
                .texture(texture, alpha: 1, over: .black, opaque: true)
            }
        }
        let renderer = SceneRenderer(
            renderer: canvas.renderer, source: Thumbnails(thumbnail), targetFormat: HeadlessCanvas.windowFormat)
        let sim = Simulation(
            world: World(
                photos: (0..<40).map { PhotoInfo(name: "p\($0)", pixelSize: Size(width: 4032, height: 3024)) },
                viewport: Size(width: 1280, height: 800)))
        renderer.draw(sim.drawList(interpolation: 1), scale: 1)
        let first = pixels()
        renderer.draw(sim.drawList(interpolation: 1), scale: 1)
        renderer.draw(sim.drawList(interpolation: 1), scale: 1)
        XCTAssertEqual(pixels(), first)
    }
}
