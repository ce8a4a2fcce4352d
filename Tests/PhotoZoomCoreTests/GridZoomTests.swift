import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// Zooming the grid through the real systems: `+`/`-`, ctrl+wheel, a two-finger pinch and
/// alt+drag change the column count; the photo under the pointer stays under it (vertically:
/// the rows re-flow, so its column may change) all the way and at rest; a step or a pinch during
/// a zoom goes on from where the cells are drawn.
final class GridZoomTests: XCTestCase {
    /// At 393 × 852 the levels are 1, 2, 3 (where the grid opens), 4, 5, 7, 9, 12, 16, 21 and 28
    /// columns: 36 would make cells of (393 − 70) / 36 < 12 pt.
    let phone = Size(width: 393, height: 852)
    let levels = [1, 2, 3, 4, 5, 7, 9, 12, 16, 21, 28]

    func key(_ key: Key) -> [InputEvent] { [.key(key, modifiers: [])] }
    func ctrlWheel(_ dy: Double, at p: Point) -> [InputEvent] {
        [.wheel(dx: 0, dy: dy, position: p, modifiers: .control)]
    }

    /// A grid of `count` photos scrolled so that row 20 is near the middle of the window.
    func scrolled(_ count: Int = 300, viewport: Size? = nil) -> ScriptedInput {
        var input = ScriptedInput(photos: photoInfos(count: count), viewport: viewport ?? phone)
        input.tick([.wheel(dx: 0, dy: -60, position: Point(x: 100, y: 100), modifiers: [])])
        input.settle()
        return input
    }

    /// Where the cell of `photo` is drawn now.
    func drawn(_ input: ScriptedInput, _ photo: Int) -> Rect { input.world.sprite(.cell(photo: photo))!.current.frame }

    /// The photo whose cell is drawn under `p`, and where in it (as fractions of the cell).
    func photo(under p: Point, _ input: ScriptedInput) -> (photo: Int, fraction: Point) {
        let photo = input.world.scene.sprites.compactMap { $0 }.first {
            if case .cell = $0.role { return !$0.hidden && $0.current.frame.contains(p) } else { return false }
        }!
        guard case .cell(let index) = photo.role else { fatalError() }
        let f = photo.current.frame
        return (index, Point(x: (p.x - f.minX) / f.width, y: (p.y - f.minY) / f.height))
    }

    /// Runs until the grid is still, checking after every tick that the point at `fraction` of
    /// photo `anchor`'s drawn cell is at `y` within a point.
    func settleKeeping(
        _ anchor: Int, at fraction: Point, y: Double, _ input: inout ScriptedInput, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        var ticks = 0
        input.settle { world in
            ticks += 1
            let f = world.sprite(.cell(photo: anchor))!.current.frame
            XCTAssertEqual(
                f.minY + fraction.y * f.height, y, accuracy: 1, "tick \(ticks) of the zoom", file: file, line: line)
        }
        XCTAssertGreaterThan(ticks, 5, "the change is animated", file: file, line: line)
    }

    func testPlusAndMinusStepThroughTheLevelsAndStopAtTheEnds() {
        var input = ScriptedInput(photos: photoInfos(count: 300), viewport: phone)
        XCTAssertEqual(input.world.grid.layout?.columns, 3)
        var seen = [3]
        for _ in 0..<12 {
            input.tick(key(.minus))
            input.settle()
            seen.append(input.world.grid.layout!.columns)
        }
        XCTAssertEqual(
            seen, [3, 4, 5, 7, 9, 12, 16, 21, 28, 28, 28, 28, 28], "- adds columns, one level a press, up to the last")
        for _ in 0..<12 {
            input.tick(key(.plus))
            input.settle()
        }
        XCTAssertEqual(input.world.grid.layout?.columns, 1, "+ takes them away down to one")
        XCTAssertEqual(input.world.grid.layout!.cellSize, 393, accuracy: 1e-9, "one column fills the width")
    }

    func testAStepAtTheLastLevelChangesNothing() {
        var input = ScriptedInput(photos: photoInfos(count: 300), viewport: phone)
        for _ in 0..<2 {
            input.tick(key(.plus))
            input.settle()
        }
        XCTAssertEqual(input.world.grid.layout?.columns, 1)
        let before = input.world
        input.tick(key(.plus))
        input.tick(ctrlWheel(3, at: Point(x: 100, y: 100)))
        XCTAssertEqual(input.world.grid.layout, before.grid.layout)
        XCTAssertEqual(input.world.grid.offset, before.grid.offset)
        XCTAssertTrue(input.world.grid.isAtRest, "no spring was started")
        XCTAssertEqual(
            input.world.scene.sprites.map { $0?.current }, before.scene.sprites.map { $0?.current }, "nothing moved")
    }

    func testMinusKeepsThePhotoAtTheMiddleOfTheGridInPlace() {
        var input = scrolled()
        let middle = Point(x: 393 / 2, y: (852 - 50) / 2)
        let (anchor, fraction) = photo(under: middle, input)
        input.tick(key(.minus))
        XCTAssertEqual(input.world.grid.layout?.columns, 4, "the layout is the new level's at once")
        settleKeeping(anchor, at: fraction, y: middle.y, &input)
        XCTAssertEqual(drawn(input, anchor).width, (393 - 6) / 4, accuracy: 1e-9)
    }

    func testCtrlWheelStepsALevelPerNotchAroundThePointer() {
        var input = scrolled()
        let p = Point(x: 40, y: 600)
        let (anchor, fraction) = photo(under: p, input)
        // Turned toward the person: smaller cells, more columns; two notches in one tick are two steps.
        input.tick(ctrlWheel(-2, at: p))
        XCTAssertEqual(input.world.grid.layout?.columns, 5)
        XCTAssertEqual(
            input.world.grid.offset, input.world.grid.scrollRange(viewportHeight: 852).clamped(input.world.grid.offset))
        settleKeeping(anchor, at: fraction, y: p.y, &input)
        // A trackpad's small units add up to a notch: the third of these is the step.
        input.tick(ctrlWheel(0.4, at: p))
        input.tick(ctrlWheel(0.4, at: p))
        XCTAssertEqual(input.world.grid.layout?.columns, 5)
        input.tick(ctrlWheel(0.4, at: p))
        XCTAssertEqual(input.world.grid.layout?.columns, 4, "turned away from the person: larger cells")
    }

    /// Issue 33: a step cross-faded the old layout into the new one, so mid-zoom every cell
    /// showed two photos and a photo stood in two places. Each photo is one piece: drawn once,
    /// whole, on the straight way from its cell at rest before to its cell at rest after, all
    /// of them the same share of the way along.
    func testEachPhotoMovesAsOnePieceFromItsCellToItsNewCell() {
        for (key, columns) in [(Key.minus, 4), (.plus, 2)] {
            var input = scrolled()
            let before = input.world.grid
            let layout = before.layout!
            func restFrame(_ grid: GridState, _ photo: Int) -> Rect {
                grid.layout!.frame(of: photo).offsetBy(dx: 0, dy: -grid.offset)
            }
            input.tick(self.key(key))
            var moving: [World] = []
            input.settle { moving.append($0) }
            let after = input.world.grid
            XCTAssertEqual(after.layout?.columns, columns)
            let sizes = min(layout.cellSize, after.layout!.cellSize)...max(layout.cellSize, after.layout!.cellSize)
            var between = 0
            for world in moving {
                let drawn = world.scene.sprites.compactMap { $0 }.filter {
                    if case .cell = $0.role { !$0.hidden } else { false }
                }
                let photos = drawn.compactMap { if case .cell(let photo) = $0.role { photo } else { nil } }
                XCTAssertEqual(
                    Set(photos).count, photos.count, "\(key), tick \(world.tick): a photo drawn in two places")
                XCTAssertTrue(
                    drawn.allSatisfy { $0.current.alpha == 1 },
                    "\(key), tick \(world.tick): a cell drawn translucent over another")
                guard let size = world.grid.zoom.shownCellSize, sizes.contains(size),
                    sizes.upperBound > sizes.lowerBound
                else { continue }
                between += 1
                let t = (size - layout.cellSize) / (after.layout!.cellSize - layout.cellSize)
                for sprite in drawn {
                    guard case .cell(let photo) = sprite.role else { continue }
                    let expected = restFrame(before, photo).lerp(to: restFrame(after, photo), t)
                    XCTAssertLessThan(
                        sprite.current.frame.distance(to: expected), 1e-6,
                        "\(key), tick \(world.tick): photo \(photo) at \(sprite.current.frame), not on its way \(expected)"
                    )
                }
            }
            XCTAssertGreaterThan(between, 5, "\(key): the cells are seen on their way")
            for (photo, frame) in drawnCells(input.world) {
                XCTAssertLessThan(
                    frame.distance(to: restFrame(after, photo)), 1e-9, "\(key): photo \(photo) at rest in its new cell")
            }
        }
    }

    func testTheAnchorIsClampedToTheScrollRangeAtTheTop() {
        var input = ScriptedInput(photos: photoInfos(count: 300), viewport: phone)
        // Zooming out at the bottom of the first row: it cannot stay there, the content would
        // leave a gap above it. The grid stays at its top.
        input.tick(ctrlWheel(-1, at: Point(x: 300, y: 120)))
        input.settle { world in XCTAssertEqual(world.grid.offset, 0) }
        XCTAssertEqual(drawn(input, 0).minY, 0, accuracy: 1e-9)
    }

    /// Two touch fingers on the middle of the window, `d` apart horizontally.
    func fingers(_ phase: PointerPhase, spread d: Double, centre: Point) -> [InputEvent] {
        [
            .pointer(PointerEvent(id: 1, source: .touch, phase: phase, position: centre - Point(x: d / 2, y: 0))),
            .pointer(PointerEvent(id: 2, source: .touch, phase: phase, position: centre + Point(x: d / 2, y: 0))),
        ]
    }

    func testAPinchScalesTheCellsWithTheSpreadAndSettlesOnTheNearestLevel() {
        var input = scrolled()
        let centre = Point(x: 196.5, y: 400)
        input.tick(fingers(.down, spread: 100, centre: centre))
        // 5 % wider: recognised there, so the pinch counts from 105 pt.
        input.tick(fingers(.moved, spread: 105, centre: centre))
        let (anchor, fraction) = photo(under: centre, input)
        let start = drawn(input, anchor).width
        XCTAssertEqual(start, 389.0 / 3, accuracy: 1e-9, "recognising the pinch moves nothing")
        for d in stride(from: 110.0, through: 140, by: 5) {
            input.tick(fingers(.moved, spread: d, centre: centre))
            let f = drawn(input, anchor)
            XCTAssertEqual(f.width, start * d / 105, accuracy: 1e-6, "the cells grow with the spread")
            XCTAssertEqual(
                f.minY + fraction.y * f.height, centre.y, accuracy: 1e-6, "the photo stays under the fingers")
        }
        // 129.7 × 140/105 = 172.9: nearer 2 columns' 195.5 than 3 columns' 129.7.
        input.tick(fingers(.up, spread: 140, centre: centre))
        XCTAssertEqual(input.world.grid.layout?.columns, 2)
        settleKeeping(anchor, at: fraction, y: centre.y, &input)
        XCTAssertEqual(drawn(input, anchor).width, 195.5, accuracy: 1e-9)
    }

    func testAPinchLetGoNearItsStartSettlesBackOnItsLevel() {
        var input = scrolled()
        let centre = Point(x: 196.5, y: 400)
        input.tick(fingers(.down, spread: 200, centre: centre))
        input.tick(fingers(.moved, spread: 180, centre: centre))
        input.tick(fingers(.moved, spread: 160, centre: centre))
        // 129.7 × 160/180 = 115.3: nearer 3 columns' 129.7 than 4 columns' 96.75.
        XCTAssertEqual(drawn(input, photo(under: centre, input).photo).width, 389.0 / 3 * 160 / 180, accuracy: 1e-6)
        input.tick(fingers(.up, spread: 160, centre: centre))
        input.settle()
        XCTAssertEqual(input.world.grid.layout?.columns, 3)
    }

    func testPinchingPastTheLastLevelRubberBandsAndSettlesThere() {
        var input = ScriptedInput(photos: photoInfos(count: 300), viewport: phone)
        for _ in 0..<2 {
            input.tick(key(.plus))
            input.settle()
        }
        let centre = Point(x: 196.5, y: 300)
        input.tick(fingers(.down, spread: 100, centre: centre))
        input.tick(fingers(.moved, spread: 105, centre: centre))
        let anchor = photo(under: centre, input).photo
        input.tick(fingers(.moved, spread: 400, centre: centre))
        let width = drawn(input, anchor).width
        XCTAssertGreaterThan(width, 393, "past one column the cell still follows the fingers, less and less")
        XCTAssertLessThan(width, 393 * 1.5, "at most half again")
        input.tick(fingers(.up, spread: 400, centre: centre))
        input.settle()
        XCTAssertEqual(input.world.grid.layout?.columns, 1)
        XCTAssertEqual(drawn(input, anchor).width, 393, accuracy: 1e-9)
    }

    func testAltDragPinchesTheGridAroundTheWindowsCentre() {
        var input = scrolled()
        func mouse(_ phase: PointerPhase, _ p: Point) -> [InputEvent] {
            [.pointer(PointerEvent(id: 0, source: .mouse, phase: phase, position: p, modifiers: .alt))]
        }
        // The mirrored finger is at (393, 852) − p: dragging away from the centre spreads them.
        input.tick(mouse(.down, Point(x: 250, y: 426)))
        for x in stride(from: 255.0, through: 330, by: 5) { input.tick(mouse(.moved, Point(x: x, y: 426))) }
        input.tick(mouse(.up, Point(x: 330, y: 426)))
        input.settle()
        XCTAssertLessThan(input.world.grid.layout!.columns, 3, "spreading the fingers makes the cells larger")
        XCTAssertEqual(input.world.viewer.phase, .grid, "and opens nothing")
    }

    /// The largest distance any cell in view moved between two ticks: every photo is one cell,
    /// followed from tick to tick. `only`: just these photos (a cell further from the anchor
    /// coming into view moves more).
    func largestMove(_ a: World, _ b: World, only: Set<Int>? = nil) -> Double {
        let before = drawnCells(a)
        var most = 0.0
        for (photo, after) in drawnCells(b)
        where after.intersection(b.bounds) != nil && only.map({ $0.contains(photo) }) ?? true {
            guard let from = before[photo] else { continue }
            most = max(most, from.distance(to: after))
        }
        return most
    }

    /// Every cell sprite's frame, by photo.
    func drawnCells(_ world: World) -> [Int: Rect] {
        var cells: [Int: Rect] = [:]
        for (i, entity) in world.cells.entities.enumerated() {
            cells[world.cells.photos.lowerBound + i] = world.scene[entity].current.frame
        }
        return cells
    }

    func testAStepDuringAZoomGoesOnFromWhereTheCellsAreWithoutAJump() {
        var input = scrolled()
        let p = Point(x: 200, y: 380)
        let (anchor, fraction) = photo(under: p, input)
        input.tick(ctrlWheel(-1, at: p))
        var moves: [Double] = []
        for _ in 0..<12 {
            let before = input.world
            input.tick()
            moves.append(largestMove(before, input.world))
        }
        let before = input.world
        input.tick(ctrlWheel(-1, at: Point(x: 20, y: 20)))
        XCTAssertEqual(input.world.grid.layout?.columns, 5)
        XCTAssertLessThanOrEqual(
            largestMove(before, input.world), moves.max()!, "the second step starts from where the cells are drawn")
        settleKeeping(anchor, at: fraction, y: p.y, &input)
    }

    func testAPinchDuringAZoomStartsFromWhereTheCellsAreWithoutAJump() {
        var input = scrolled()
        input.tick(key(.minus))
        input.ticks(8)
        let centre = Point(x: 150, y: 500)
        input.tick(fingers(.down, spread: 100, centre: centre))
        var previous = input.world
        input.tick(fingers(.moved, spread: 110, centre: centre))
        XCTAssertLessThan(largestMove(previous, input.world), 30, "caught where it was drawn")
        for d in stride(from: 112.0, through: 130, by: 2) {
            previous = input.world
            input.tick(fingers(.moved, spread: d, centre: centre))
            XCTAssertLessThan(largestMove(previous, input.world), 30, "spread \(d)")
        }
        input.tick(fingers(.up, spread: 130, centre: centre))
        input.settle()
        XCTAssertTrue(levels.contains(input.world.grid.layout!.columns))
    }

    func testATapDuringAZoomOpensThePhotoDrawnUnderIt() {
        var input = scrolled()
        input.tick(key(.minus))
        input.ticks(10)
        let p = Point(x: 330, y: 300)
        let (under, _) = photo(under: p, input)
        let frame = drawn(input, under)
        input.click(p)
        XCTAssertEqual(input.world.viewer.currentIndex, under)
        XCTAssertEqual(input.world.viewer.phase, .presenting)
        XCTAssertLessThan(input.world.viewer.transition!.frame.distance(to: frame), 10, "from about where it was drawn")
        input.settle()
        XCTAssertEqual(input.world.viewer.phase, .pager)
        XCTAssertEqual(input.world.grid.layout?.columns, 4, "the zoom settled behind the photo")
    }

    func testAPhotoOpenedFromAZoomedGridGoesBackToItsCellAtThatLevel() {
        var input = scrolled()
        for _ in 0..<3 {
            input.tick(key(.minus))
            input.settle()
        }
        XCTAssertEqual(input.world.grid.layout?.columns, 7)
        let p = Point(x: 100, y: 300)
        let (photo, _) = photo(under: p, input)
        input.click(p)
        input.settle()
        XCTAssertEqual(input.world.viewer.phase, .pager)
        input.tick(key(.right))
        input.settle()
        input.tick(key(.escape))
        var landed: Rect?
        input.settle { world in if let t = world.viewer.transition { landed = t.frame } }
        XCTAssertEqual(input.world.viewer.phase, .grid)
        let cell = input.cellFrame(photo + 1)
        XCTAssertEqual(cell.width, (393 - 12) / 7, accuracy: 1e-9, "still seven columns")
        XCTAssertLessThan(landed!.distance(to: cell), 0.05, "the photo flew into its cell at seven columns")
        XCTAssertEqual(input.showers(of: photo + 1), [.cell(photo: photo + 1)])
    }

    func testAResizeDuringAZoomEndsItOnItsLevel() {
        var input = scrolled()
        input.tick(key(.minus))
        input.ticks(6)
        input.tick([.resize(Size(width: 600, height: 700))])
        XCTAssertTrue(input.world.grid.isAtRest)
        XCTAssertEqual(input.world.grid.layout?.columns, 4, "the level it was headed for, kept at the new width")
        input.settle()
    }

    func testAReloadOfTheLevelsDuringAZoomSettlesOnOneOfTheNew() {
        for reloadAt in [0, 3, 9, 20] {
            var input = scrolled()
            let centre = Point(x: 196.5, y: 400)
            input.tick(fingers(.down, spread: 100, centre: centre))
            input.tick(fingers(.moved, spread: 90, centre: centre))
            input.tick(fingers(.moved, spread: 60, centre: centre))
            input.tick(fingers(.up, spread: 60, centre: centre))
            input.ticks(reloadAt)
            var tuning = Tuning()
            tuning.gridZoom.columns = [2, 6, 10]
            input.tick([.tuningReloaded(tuning)])
            // The pinch was headed for 5 columns, which the new levels have not: the layout
            // changes, and the zoom ends there rather than spring on to frames of no level.
            XCTAssertTrue(input.world.grid.isAtRest, "reload after \(reloadAt) ticks")
            input.settle { world in
                XCTAssertNil(
                    StateInvariants.violations(previous: world, world: world).first, "reload after \(reloadAt) ticks")
            }
            XCTAssertTrue(
                [2, 3, 6, 10].contains(input.world.grid.layout!.columns), "\(input.world.grid.layout!.columns)")
        }
    }

    func testAReloadOfTheSpringDuringAZoomGoesOnWithoutAJump() throws {
        var input = scrolled()
        input.tick(key(.minus))
        input.ticks(6)
        var slow = Tuning()
        slow.gridZoom.spring = try .response(0.9, dampingRatio: 1)
        let first = input.world
        input.tick()
        let second = input.world
        input.tick([.tuningReloaded(slow)])
        // The same cells, those in view all along: rows further from the anchor move more.
        let inView = [first, second, input.world].map { world in
            Set(drawnCells(world).filter { $0.value.intersection(world.bounds) != nil }.keys)
        }
        let cells = inView[0].intersection(inView[1]).intersection(inView[2])
        XCTAssertLessThanOrEqual(
            largestMove(second, input.world, only: cells), largestMove(first, second, only: cells) * 1.01)
        XCTAssertGreaterThan(input.settle(), 60, "the slower spring takes longer")
        XCTAssertEqual(input.world.grid.layout?.columns, 4)
    }

    func testTwentyPlusColumnsOfTenThousandPhotosKeepOnlyTheRowsInViewInThePool() {
        var input = ScriptedInput(photos: photoInfos(count: 10_000), viewport: Size(width: 1280, height: 800))
        XCTAssertEqual(input.world.grid.layout?.columns, 12)
        input.tick([.wheel(dx: 0, dy: -400, position: Point(x: 640, y: 400), modifiers: [])])
        input.settle()
        var most = 0
        for _ in 0..<3 {
            input.tick(key(.minus))
            input.settle { world in most = max(most, world.cells.photos.count) }
        }
        XCTAssertEqual(input.world.grid.layout?.columns, 28)
        // 28 columns of 43.8 pt cells: 17 rows in 750 pt, 19 with the partial ones, and two of
        // margin each side. While zooming, the rows of both levels in view.
        XCTAssertLessThanOrEqual(input.world.cells.photos.count, 28 * 24)
        XCTAssertLessThanOrEqual(most, 28 * 24 + 21 * 26)
        XCTAssertLessThan(input.world.scene.sprites.count, 2 * 28 * 24 + 100, "the pool stays the size of the window")
        // Back at 12 columns, the sprites the smaller cells needed go back to the scene: a
        // spare for each cell in use is kept, the viewer's eleven sprites, and the scrubber the
        // scroll through this tall grid showed.
        for _ in 0..<3 {
            input.tick(key(.plus))
            input.settle()
        }
        XCTAssertEqual(input.world.grid.layout?.columns, 12)
        XCTAssertEqual(input.world.cells.spare.count, input.world.cells.photos.count)
        XCTAssertEqual(input.world.scene.entities.count, 2 * input.world.cells.photos.count + 12)
    }
}

extension ClosedRange where Bound == Double {
    func clamped(_ value: Double) -> Double { Swift.min(Swift.max(value, lowerBound), upperBound) }
}
