import CSDL2
import Foundation
import PhotoZoomCore
import PhotoZoomSDL
import PhotoZoomTestSupport
import XCTest

/// The grid zooming, rendered headless at several moments of a pinch and of a ctrl+wheel step
/// (issue 23's tearing): the window is read back as pixels and must be one lattice of cells, as
/// the grid is at rest. Every photo is one flat colour, so a cell drawn over part of another,
/// or a row out of line with the rest, shows as a cell that is not one colour, or as gap lines
/// that do not run straight across the window.
final class GridZoomRenderTests: XCTestCase {
    static let size = Size(width: 393, height: 852)
    static let photoCount = 150

    /// Flat colours, far from the white background and from their neighbours in a row or column.
    static func colour(_ i: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let hue = Double((i * 67) % 360) / 60, x = 1 - abs(hue.truncatingRemainder(dividingBy: 2) - 1)
        let (r, g, b): (Double, Double, Double) = switch Int(hue) {
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
        for i in 0..<photoCount {
            guard let surface = SDL_CreateRGBSurfaceWithFormat(0, 48, 48, 32, SDL_PIXELFORMAT_RGBA32.rawValue) else { return nil }
            defer { SDL_FreeSurface(surface) }
            let c = colour(i)
            SDL_FillRect(surface, nil, SDL_MapRGBA(surface.pointee.format, c.r, c.g, c.b, 255))
            guard IMG_SavePNG(surface, dir.appendingPathComponent(String(format: "p%03d.png", i)).path) == 0 else { return nil }
        }
        return try? PhotoLibrary.load(dir.path, log: { _ in })
    }()

    override class func tearDown() {
        try? FileManager.default.removeItem(at: FileManager.default.temporaryDirectory.appendingPathComponent("pz-zoom-render-\(getpid())"))
    }

    static func touches(_ phase: PointerPhase, spread: Double, centre: Point) -> [InputEvent] {
        [.pointer(PointerEvent(id: 1, source: .touch, phase: phase, position: centre - Point(x: spread / 2, y: 0))),
         .pointer(PointerEvent(id: 2, source: .touch, phase: phase, position: centre + Point(x: spread / 2, y: 0)))]
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

    func testAPinchHeldAtEveryMomentDrawsOneLatticeOfCells() throws {
        let centre = Point(x: 180, y: 420)
        // Spreading the fingers from 3 columns' cells past 2 columns', and closing them past 4 and 5.
        for spread in [104.0, 118, 135, 150, 170, 96, 84, 70, 60] {
            let (canvas, world) = try render { sim in
                sim.step(Self.touches(.down, spread: 100, centre: centre))
                for d in stride(from: 100.0, through: spread, by: spread >= 100 ? 2 : -2) { sim.step(Self.touches(.moved, spread: d, centre: centre)) }
                sim.step(Self.touches(.moved, spread: spread, centre: centre))
            }
            XCTAssertTrue(world.grid.zoom.isPinching, "spread \(spread)")
            try assertOneLattice(canvas, world, "a pinch held at spread \(spread)")
        }
    }

    func testAWheelStepAtEveryMomentDrawsOneLatticeOfCells() throws {
        for (units, ticks) in [(-1.0, 2), (-1, 6), (-1, 12), (-1, 20), (-1, 35), (1, 3), (1, 9), (1, 16), (1, 28)] {
            let (canvas, world) = try render { sim in
                sim.step([.wheel(dx: 0, dy: units, position: Point(x: 250, y: 300), modifiers: .control)])
                for _ in 0..<ticks { sim.step() }
            }
            XCTAssertFalse(world.grid.zoom.isAtRest, "\(ticks) ticks into a step of \(units)")
            try assertOneLattice(canvas, world, "\(ticks) ticks into a wheel step of \(units)")
        }
    }

    /// The window's grid area read as a lattice: gap lines (background across the whole width)
    /// at one pitch from top to bottom, the same columns' gaps in every row, and each cell
    /// between them one colour.
    func assertOneLattice(_ canvas: HeadlessCanvas, _ world: World, _ moment: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let width = canvas.pixelWidth
        // Above the tab bar, which covers the grid's last rows.
        let height = Int(world.grid.visibleBand(viewportHeight: world.viewport.height).upperBound) - 2
        func isBackground(_ x: Int, _ y: Int) -> Bool {
            let p = canvas.pixel(x: x, y: y)
            return min(p.r, p.g, p.b) >= 245
        }
        /// Runs of consecutive indices where `test` holds, as (start, end) pairs.
        func runs(_ range: Range<Int>, _ test: (Int) -> Bool) -> [Range<Int>] {
            var out: [Range<Int>] = [], start: Int?
            for i in range {
                if test(i) { start = start ?? i } else if let s = start { out.append(s..<i); start = nil }
            }
            if let s = start { out.append(s..<range.upperBound) }
            return out
        }
        let isGapRow = (0..<height).map { y in (0..<width).allSatisfy { isBackground($0, y) } }
        let gapRows = runs(0..<height) { isGapRow[$0] }
        // The bands of cells between gap lines; the first and last may be cut by the window's edges.
        let bands = runs(0..<height) { !isGapRow[$0] }
        let whole = bands.dropFirst().dropLast()
        XCTAssertGreaterThanOrEqual(whole.count, 2, "\(moment): rows of cells with straight gaps across the window: \(gapRows)", file: file, line: line)
        guard let pitch = whole.first?.count else { return }
        for band in whole {
            XCTAssertLessThanOrEqual(abs(band.count - pitch), 1, "\(moment): a row \(band.count) px high where the others are \(pitch): \(bands)", file: file, line: line)
        }
        // Within each whole band, the vertical gaps; every band has them in the same places,
        // except past the last photo.
        var columnsOfFirst: [Range<Int>]?
        for band in whole {
            let gaps = runs(0..<width) { x in band.allSatisfy { isBackground(x, $0) } }
            let cells = runs(0..<width) { x in !band.allSatisfy { isBackground(x, $0) } }
            if let first = columnsOfFirst {
                let common = min(first.count, cells.count)
                for (a, b) in zip(first.prefix(common), cells.prefix(common)) {
                    XCTAssertLessThanOrEqual(max(abs(a.lowerBound - b.lowerBound), abs(a.upperBound - b.upperBound)), 1,
                                             "\(moment): columns out of line: \(first) and \(cells) (gaps \(gaps))", file: file, line: line)
                }
            } else {
                columnsOfFirst = cells
            }
            // Each cell one colour, away from its edges' rounding.
            for cell in cells where cell.count > 6 && band.count > 6 {
                let reference = canvas.pixel(x: cell.lowerBound + cell.count / 2, y: band.lowerBound + band.count / 2)
                var worst = 0
                for y in stride(from: band.lowerBound + 2, to: band.upperBound - 2, by: 1) {
                    for x in stride(from: cell.lowerBound + 2, to: cell.upperBound - 2, by: 1) {
                        let p = canvas.pixel(x: x, y: y)
                        worst = max(worst, abs(Int(p.r) - Int(reference.r)), abs(Int(p.g) - Int(reference.g)), abs(Int(p.b) - Int(reference.b)))
                    }
                }
                XCTAssertLessThanOrEqual(worst, 3, "\(moment): the cell at x \(cell), y \(band) is not one colour: part of one photo over another",
                                         file: file, line: line)
            }
        }
    }
}
