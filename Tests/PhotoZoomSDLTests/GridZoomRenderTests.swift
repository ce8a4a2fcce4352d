import CSDL2
import Foundation
import PhotoZoomCore
import PhotoZoomLibrary
import PhotoZoomSDL
import PhotoZoomTestSupport
import XCTest

/// The grid zooming, rendered headless at several moments of a pinch and of a ctrl+wheel step.
/// Every photo is one flat colour, so the window read back as pixels shows what a person sees:
/// a cell blended from two photos (issue 33's double exposure) is a colour no photo has, and a
/// photo drawn in two places spreads its colour over more than one cell's size.
final class GridZoomRenderTests: XCTestCase {
    static let size = Size(width: 393, height: 852)
    static let photoCount = 150

    /// Flat colours, far from the white background and from their neighbours in a row or column.
    static func colour(_ i: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let hue = Double((i * 67) % 360) / 60
        let x = 1 - abs(hue.truncatingRemainder(dividingBy: 2) - 1)
        let (r, g, b): (Double, Double, Double) =
            switch Int(hue) {
            case 0: (1, x, 0)
            case 1: (x, 1, 0)
            case 2: (0, 1, x)
            case 3: (0, x, 1)
            case 4: (x, 0, 1)
            default: (1, 0, x)
            }
        let dim = i % 2 == 0 ? 200.0 : 150.0
        return (UInt8(r * dim), UInt8(g * dim), UInt8(b * dim))
    }

    static let photos: PhotoLibrary? = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pz-zoom-render-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        guard FlatColourPhotos.write(photoCount, width: 48, height: 48, into: dir) else { return nil }
        return try? PhotoLibrary.load(dir.path, log: { _ in })
    }()

    override class func tearDown() {
        try? FileManager.default.removeItem(
            at: FileManager.default.temporaryDirectory.appendingPathComponent("pz-zoom-render-\(getpid())"))
    }

    static func touches(_ phase: PointerPhase, spread: Double, centre: Point) -> [InputEvent] {
        [
            .pointer(PointerEvent(id: 1, source: .touch, phase: phase, position: centre - Point(x: spread / 2, y: 0))),
            .pointer(PointerEvent(id: 2, source: .touch, phase: phase, position: centre + Point(x: spread / 2, y: 0))),
        ]
    }

    /// The grid scrolled into the middle of the library, at rest, then `script`, then drawn.
    func render(_ script: (inout Simulation) -> Void) throws -> (canvas: HeadlessCanvas, world: World) {
        let photos = try XCTUnwrap(Self.photos, "the test could not write its photos")
        return try GridSnapshot.render(photos: photos, size: Self.size) { sim in
            sim.step([.wheel(dx: 0, dy: -25, position: Point(x: 100, y: 100), modifiers: [])])
            for _ in 0..<600 where !sim.isIdle { sim.step() }
            script(&sim)
        }
    }

    func testAPinchHeldAtEveryMomentDrawsEachPhotoOnceAndWhole() throws {
        let centre = Point(x: 180, y: 420)
        // Spreading the fingers from 3 columns' cells past 2 columns', and closing them past 4 and 5.
        for spread in [104.0, 118, 135, 150, 170, 96, 84, 70, 60] {
            let (canvas, world) = try render { sim in
                sim.step(Self.touches(.down, spread: 100, centre: centre))
                for d in stride(from: 100.0, through: spread, by: spread >= 100 ? 2 : -2) {
                    sim.step(Self.touches(.moved, spread: d, centre: centre))
                }
                sim.step(Self.touches(.moved, spread: spread, centre: centre))
            }
            XCTAssertTrue(world.grid.zoom.isPinching, "spread \(spread)")
            try assertEachPhotoOnceAndWhole(canvas, world, "a pinch held at spread \(spread)")
        }
    }

    func testAWheelStepAtEveryMomentDrawsEachPhotoOnceAndWhole() throws {
        for (units, ticks) in [(-1.0, 2), (-1, 6), (-1, 12), (-1, 20), (-1, 35), (1, 3), (1, 9), (1, 16), (1, 28)] {
            let (canvas, world) = try render { sim in
                sim.step([.wheel(dx: 0, dy: units, position: Point(x: 250, y: 300), modifiers: .control)])
                for _ in 0..<ticks { sim.step() }
            }
            XCTAssertFalse(world.grid.zoom.isAtRest, "\(ticks) ticks into a step of \(units)")
            try assertEachPhotoOnceAndWhole(canvas, world, "\(ticks) ticks into a wheel step of \(units)")
        }
    }

    /// The window's grid area read pixel by pixel: each is the background or one photo's own
    /// colour, never a mix of two, and each photo's colour stays within one cell's size.
    func assertEachPhotoOnceAndWhole(
        _ canvas: HeadlessCanvas, _ world: World, _ moment: String, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let cell = try XCTUnwrap(
            world.grid.zoom.shownCellSize, "\(moment): the grid is zooming", file: file, line: line)
        // Each photo's colour, and those a unit off in any channel (rounding), to the photo.
        var photoOf: [Int: Int] = [:]
        for photo in 0..<Self.photoCount {
            let c = Self.colour(photo)
            for dr in -1...1 {
                for dg in -1...1 {
                    for db in -1...1 {
                        photoOf[(Int(c.r) + dr) << 20 | (Int(c.g) + dg) << 10 | (Int(c.b) + db)] = photo
                    }
                }
            }
        }
        // Above the tab bar, which covers the grid's last rows.
        let height = Int(world.grid.visibleBand(viewportHeight: world.viewport.height).upperBound) - 2
        var mixed: [String] = []
        var boxes: [Int: (minX: Int, minY: Int, maxX: Int, maxY: Int)] = [:]
        for y in 0..<height {
            for x in 0..<canvas.pixelWidth {
                let p = canvas.pixel(x: x, y: y)
                if min(p.r, p.g, p.b) >= 245 { continue }
                guard let photo = photoOf[Int(p.r) << 20 | Int(p.g) << 10 | Int(p.b)] else {
                    if mixed.count < 5 { mixed.append("(\(x), \(y)) \(p)") }
                    continue
                }
                let box = boxes[photo] ?? (x, y, x, y)
                boxes[photo] = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
            }
        }
        XCTAssertTrue(
            mixed.isEmpty, "\(moment): pixels of no photo's colour, two photos blended: \(mixed)", file: file,
            line: line)
        XCTAssertGreaterThan(boxes.count, 6, "\(moment): photos in view", file: file, line: line)
        for (photo, box) in boxes.sorted(by: { $0.key < $1.key }) {
            let width = Double(box.maxX - box.minX + 1)
            let tall = Double(box.maxY - box.minY + 1)
            XCTAssertLessThanOrEqual(
                max(width, tall), cell + 2,
                "\(moment): photo \(photo)'s colour spans \(width) × \(tall) px, "
                    + "more than one \(cell) pt cell: drawn in two places", file: file, line: line)
        }
    }
}
