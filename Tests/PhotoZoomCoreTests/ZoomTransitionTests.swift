import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore

/// The way in and the way out: cell → page, page → cell, by tap, drag, Escape and pinch.
final class ZoomTransitionTests: XCTestCase {
    static let sizes: [Size] = (0..<30).map { i in
        [
            Size(width: 600, height: 400), Size(width: 267, height: 400), Size(width: 640, height: 213),
            Size(width: 705, height: 1411), Size(width: 512, height: 512),
        ][i % 5]
    }
    let viewport = Size(width: 390, height: 844)
    func input() -> ScriptedInput { ScriptedInput(photos: photoInfos(Self.sizes), viewport: viewport) }

    /// Cells at 390 pt, by hand: 3 columns of (390 − 4)/3 = 386/3 pt, 392/3 apart; the grid of
    /// 30 photos is not scrolled in these tests.
    static func cell(column: Int, row: Int) -> Rect {
        Rect(x: Double(column) * 392 / 3, y: Double(row) * 392 / 3, width: 386.0 / 3, height: 386.0 / 3)
    }

    func testTappingCellFourFliesFromItsFrameAndCropToTheAspectFitFrame() {
        var input = input()
        input.tapCell(4)
        XCTAssertEqual(input.world.viewer.phase, .presenting)
        let first = input.sprite(.transition).current
        XCTAssertLessThan(first.frame.distance(to: Self.cell(column: 1, row: 1)), 1e-9, "cell 4: row 1, column 1")
        XCTAssertLessThan(first.crop.distance(to: .unit), 1e-12, "the cell's aspect-fill crop: all of a square photo")
        var last = first
        input.settle { world in
            if world.viewer.transition != nil { last = world.sprite(.transition)!.current }
        }
        XCTAssertEqual(input.world.viewer.phase, .pager)
        XCTAssertEqual(input.world.viewer.currentIndex, 4)
        XCTAssertLessThan(
            last.frame.distance(to: Rect(x: 0, y: 227, width: 390, height: 390)), 0.02,
            "lands on the aspect-fit frame (512×512: 390×390 centred)")
        XCTAssertLessThan(last.crop.distance(to: .unit), 0.001, "showing the whole photo")
        XCTAssertLessThan(
            input.sprite(.page(slot: 1)).current.frame.distance(to: Rect(x: 0, y: 227, width: 390, height: 390)), 1e-9)
    }

    func testTheZoomInUsesTheSeedSpringAndFadesTheBackgroundWithIt() {
        var input = input()
        input.tapCell(4)
        input.ticks(12)  // 0.1 s into the flight, before the 0.8 spring's overshoot
        // The seed's UIKit spring, 0.5 s with damping ratio 0.8, solved here: the envelope
        // e^(−ζω0·t) falls to 1/1000 at 0.5 s, so ω0 = ln 1000 / (0.5 · 0.8); ωd = ω0·√(1 − ζ²).
        // The fraction of the distance still to go is e^(−ζω0·t)·(cos ωd·t + ζω0/ωd · sin ωd·t).
        let zeta = 0.8
        let t = 12.0 / 120
        let omega0 = log(1000) / (0.5 * zeta)
        let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
        let remaining = exp(-zeta * omega0 * t) * (cos(omegaD * t) + zeta * omega0 / omegaD * sin(omegaD * t))
        let p = 1 - remaining
        XCTAssertEqual(p, 0.58383077236818923, accuracy: 1e-14, "mpmath, 40 digits")
        // From cell 4 (392/3, 392/3, 386/3 square) towards the 390×390 fit at y = 227.
        let c = 392.0 / 3
        let side = 386.0 / 3
        let expected = Rect(
            x: c + (0 - c) * p, y: c + (227 - c) * p, width: side + (390 - side) * p, height: side + (390 - side) * p)
        XCTAssertLessThan(input.world.viewer.transition!.frame.distance(to: expected), 1e-9)
        XCTAssertLessThan(
            input.world.viewer.transition!.frame.distance(
                to: Rect(
                    x: 54.379445743889941, y: 186.90903107146890,
                    width: 281.24110851222012, height: 281.24110851222012)), 1e-9)
        XCTAssertEqual(input.world.viewer.backgroundAlpha, p, accuracy: 1e-12)
        XCTAssertEqual(
            input.sprite(.tabBar).current.alpha, 1 - p, accuracy: 1e-12, "the tab bar fades out as the pager fades in")
    }

    func testExactlyOneOfCellTransitionAndPageShowsTheCurrentPhotoAtEveryTick() {
        var input = input()
        var checked = 0
        func check(_ world: World, _ label: String) {
            let index = world.viewer.currentIndex
            XCTAssertEqual(
                world.showers(of: index).count, 1, "\(label) at tick \(world.tick): \(world.showers(of: index))")
            checked += 1
        }
        input.tapCell(4)
        check(input.world, "tap")
        input.settle { check($0, "zoom in") }
        input.drag(from: Point(x: 300, y: 400), to: Point(x: 60, y: 410), ticks: 12)
        check(input.world, "paging")
        input.settle { check($0, "paging") }
        input.drag(from: Point(x: 200, y: 300), to: Point(x: 210, y: 600), ticks: 60, hold: 2)
        check(input.world, "dismissal")
        input.settle { check($0, "dismissal") }
        XCTAssertEqual(input.world.viewer.phase, .grid)
        XCTAssertGreaterThan(checked, 100)
    }

    func testDraggingDownThreeHundredPointsSlowlyLandsOnTheCurrentCell() {
        var input = input()
        input.tapCell(4)
        input.settle()
        input.tick([.key(.right, modifiers: [])])
        input.tick([.key(.right, modifiers: [])])
        input.settle()
        XCTAssertEqual(input.world.viewer.currentIndex, 6)
        input.drag(from: Point(x: 195, y: 300), to: Point(x: 195, y: 600), ticks: 150, hold: 15)
        var last = Rect.zero
        var lastCrop = Rect.zero
        input.settle { world in
            if let t = world.viewer.transition {
                last = t.frame
                lastCrop = world.sprite(.transition)!.current.crop
            }
        }
        XCTAssertEqual(input.world.viewer.phase, .grid)
        XCTAssertEqual(input.world.grid.offset, 0)
        XCTAssertLessThanOrEqual(last.distance(to: Self.cell(column: 0, row: 2)), 0.5, "cell 6: row 2, column 0")
        // Photo 6 is 267×400: its square crop keeps the full width and 267/400 of the height, centred.
        let cellCrop = Rect(x: 0, y: 133.0 / 800, width: 1, height: 267.0 / 400)
        XCTAssertLessThan(lastCrop.distance(to: cellCrop), 0.005, "closes to the cell's crop")
        XCTAssertFalse(input.world.sprite(.cell(photo: 6))!.hidden)
    }

    func testAShortDragFlickedUpCancelsAndAHardFlickDownFinishes() {
        var input = input()
        input.tapCell(2)
        input.settle()
        // Down 40 pt slowly, then up fast.
        let down = (0...40).map { Point(x: 200, y: 300 + Double($0)) }
        let up = (1...6).map { Point(x: 200, y: 340 - Double($0) * 8) }
        input.drag(through: down + up)
        XCTAssertEqual(input.world.viewer.phase, .presenting, "springing back to the page")
        input.settle()
        XCTAssertEqual(input.world.viewer.phase, .pager)
        // 30 pt, then a hard flick down: the projection passes the threshold.
        let flick =
            (0...10).map { Point(x: 200, y: 300 + Double($0) * 3) }
            + (1...3).map { Point(x: 200, y: 330 + Double($0) * 15) }
        input.drag(through: flick)
        XCTAssertEqual(input.world.viewer.phase, .dismissing(interactive: false))
        input.settle()
        XCTAssertEqual(input.world.viewer.phase, .grid)
    }

    /// Opens photo 0, drags along `path` and lets go, after holding still `hold` ticks (still
    /// long enough that the release has no velocity); the phase right after the release.
    func release(_ rule: DismissRule, along path: [Point], hold: Int = 0) -> ViewerState.Phase {
        var tuning = Tuning()
        tuning.dismissRule = rule
        var input = ScriptedInput(photos: photoInfos(Self.sizes), viewport: viewport, tuning: tuning)
        input.tapCell(0)
        input.settle()
        input.drag(through: path, release: false)
        input.ticks(hold)
        input.pointer(.up, path.last!)
        return input.world.viewer.phase
    }

    /// A drag straight down 3 pt per tick from y = 300; recognised past the 8 pt slop at
    /// y = 309, so it ends `3·steps − 9` pt below where the dismissal began.
    func downward(_ steps: Int) -> [Point] { (0...steps).map { Point(x: 200, y: 300 + Double($0) * 3) } }

    func testTheThreeReleaseRulesAgreeOnClearCasesAndDifferOnShortStillDrags() {
        let cancel = ViewerState.Phase.presenting
        let finish = ViewerState.Phase.dismissing(interactive: false)
        // 200 pt down, then moving up: every rule cancels.
        let upAtTheEnd =
            (0...100).map { Point(x: 200, y: 300 + Double($0) * 2) }
            + (1...12).map { Point(x: 200, y: 500 - Double($0) * 3) }
        for rule in DismissRule.allCases {
            XCTAssertEqual(release(rule, along: upAtTheEnd), cancel, "moving up: \(rule) cancels")
        }
        // Held still 291 pt down (past half of H/2): every rule finishes.
        for rule in DismissRule.allCases {
            XCTAssertEqual(release(rule, along: downward(100), hold: 20), finish, "\(rule)")
        }
        // Held still 102 pt down: short of the 120 pt projection threshold and of half the
        // progress, but below the start, which is all the direction rule asks.
        XCTAssertEqual(release(.projection, along: downward(37), hold: 20), cancel)
        XCTAssertEqual(release(.direction, along: downward(37), hold: 20), finish)
        XCTAssertEqual(release(.percent, along: downward(37), hold: 20), cancel)
        // Held still 150 pt down: past the projection threshold, still under half the progress.
        XCTAssertEqual(release(.projection, along: downward(53), hold: 20), finish)
        XCTAssertEqual(release(.percent, along: downward(53), hold: 20), cancel)
    }

    func testTheDragFollowsTheFingerShrinksToHalfAndFadesOverAQuarter() {
        var input = input()
        input.tapCell(0)
        input.settle()
        let fit = Rect(x: 0, y: 292, width: 390, height: 260)  // 600×400 in 390×844
        input.drag(from: Point(x: 195, y: 400), to: Point(x: 195, y: 420), ticks: 4, release: false)
        // dy counts from where the drag was recognised, so recognising it moves nothing: at the
        // second move, y = 410, the first past the 8 pt slop. The finger holds the photo there,
        // at (195 − 0, 410 − 292) = (195, 118) pt into the 390×260 fit.
        let start = input.world.viewer.transition!.grab!.startFinger
        XCTAssertEqual(start, Point(x: 195, y: 410))
        // Already 10 pt further, at 420: scale 1 − 0.5 · 10/422, the held point under the finger.
        let s10 = 1 - 0.5 * 10 / 422
        XCTAssertLessThan(
            input.world.viewer.transition!.frame.distance(
                to: Rect(
                    x: 195 - 195 * s10, y: 420 - 118 * s10,
                    width: 390 * s10, height: 260 * s10)), 1e-9)
        let h = viewport.height
        for dy in [60.0, h / 4, h / 2, h * 0.7] {
            input.pointer(.moved, start + Point(x: 30, y: dy))
            let t = input.world.viewer.transition!
            let scale = 1 - 0.5 * min(dy / (h / 2), 1)
            XCTAssertEqual(t.frame.width, fit.width * scale, accuracy: 1e-6, "dy \(dy)")
            XCTAssertEqual(t.frame.height, fit.height * scale, accuracy: 1e-6, "dy \(dy)")
            // The held point stays under the finger: half-way across, 118/260 of the way down.
            XCTAssertEqual(t.frame.minX, 195 + 30 - 195 * scale, accuracy: 1e-9, "follows the finger, dy \(dy)")
            XCTAssertEqual(t.frame.minY, 410 + dy - 118 * scale, accuracy: 1e-9, "follows the finger, dy \(dy)")
            XCTAssertEqual(t.backgroundAlpha, 1 - min(dy / (h / 4), 1), accuracy: 1e-9)
            XCTAssertEqual(input.sprite(.tabBar).current.alpha, min(dy / (h / 4), 1), accuracy: 1e-9)
            XCTAssertTrue(input.world.sprite(.cell(photo: 0))!.hidden, "the current cell is hidden while dragging")
        }
        // Upward drags rubber-band: the photo moves less than the finger, by the band
        // (1 − 1/(x·c/d + 1))·d with c = 0.55 and the window height as d: 200 pt up shows as
        // 97.32, at full size.
        input.pointer(.moved, start + Point(x: 0, y: -200))
        let pull: Double = 200 * 0.55 / 844 + 1
        let up: Double = (1 - 1 / pull) * 844
        XCTAssertEqual(up, 97.316, accuracy: 0.001)
        XCTAssertEqual(input.world.viewer.transition!.frame.minY, fit.minY - up, accuracy: 1e-9)
        XCTAssertEqual(input.world.viewer.transition!.frame.width, fit.width, accuracy: 1e-9)
    }

    func testEscapeFliesTheCurrentPhotoIntoItsCellAndTheShrinkOptionFadesItAway() {
        var input = input()
        input.tapCell(7)
        input.settle()
        input.tick([.key(.escape, modifiers: [])])
        XCTAssertEqual(input.world.viewer.phase, .dismissing(interactive: false))
        var landed = Rect.zero
        input.settle { world in if let t = world.viewer.transition { landed = t.frame } }
        XCTAssertEqual(input.world.viewer.phase, .grid)
        XCTAssertEqual(input.world.grid.offset, 0)
        XCTAssertLessThanOrEqual(landed.distance(to: Self.cell(column: 1, row: 2)), 0.5, "into cell 7: row 2, column 1")

        var tuning = Tuning()
        tuning.escapeStyle = .shrink
        var shrink = ScriptedInput(photos: photoInfos(Self.sizes), viewport: viewport, tuning: tuning)
        shrink.tapCell(7)
        shrink.settle()
        shrink.tick([.key(.backspace, modifiers: [])])
        var smallest = Double.infinity
        var lastAlpha = 1.0
        shrink.settle { world in
            if let t = world.viewer.transition {
                smallest = min(smallest, t.frame.width)
                lastAlpha = world.sprite(.transition)!.current.alpha
            }
        }
        XCTAssertEqual(smallest, 390 * 0.1, accuracy: 0.5, "photo 7, 640×213, fits 390 wide")
        XCTAssertLessThan(lastAlpha, 0.01, "faded away with the background")
        XCTAssertEqual(shrink.world.viewer.phase, .grid)
    }

    func testPinchingFarBelowFitHoldsThePhotoFadesTheBackgroundAndDismissesIntoTheGrid() {
        var input = input()
        input.tapCell(3)
        input.settle()
        input.pointer(.down, Point(x: 100, y: 400), id: 1, source: .touch)
        input.pointer(.down, Point(x: 300, y: 400), id: 2, source: .touch)
        for i in 1...20 {
            let d = Double(i) * 4
            input.tick([
                .pointer(PointerEvent(id: 1, source: .touch, phase: .moved, position: Point(x: 100 + d, y: 400))),
                .pointer(PointerEvent(id: 2, source: .touch, phase: .moved, position: Point(x: 300 - d, y: 400))),
            ])
        }
        XCTAssertEqual(input.world.viewer.phase, .dismissing(interactive: true))
        // Recognised at the first move (200 → 192 pt apart, 4 % > 2 %), so the scale counts from
        // 192: at 40 pt apart it is 40/192 = 5/24, and the background follows the scale.
        XCTAssertEqual(input.world.viewer.transition!.backgroundAlpha, 5.0 / 24, accuracy: 1e-12)
        // Photo 3, 705×1411, fits 390 wide from x = 0; held at 5/24 of that around the fingers'
        // centroid, x = 200: the photo point 200 pt in stays under it, so minX = 200 − 200·5/24.
        XCTAssertEqual(input.world.viewer.transition!.frame.width, 390 * 5.0 / 24, accuracy: 1e-9)
        XCTAssertEqual(input.world.viewer.transition!.frame.minX, 200 - 200 * 5.0 / 24, accuracy: 1e-9)
        input.pointer(.up, Point(x: 180, y: 400), id: 1, source: .touch)
        input.pointer(.up, Point(x: 220, y: 400), id: 2, source: .touch)
        input.settle()
        XCTAssertEqual(input.world.viewer.phase, .grid)
    }

    func testAResizeMidFlightLandsOnTheNewCellFrame() {
        var input = input()
        input.tapCell(5)
        input.settle()
        input.tick([.key(.escape, modifiers: [])])
        input.ticks(5)
        input.tick([.resize(Size(width: 820, height: 600))])
        var last = Rect.zero
        input.settle { world in if let t = world.viewer.transition { last = t.frame } }
        XCTAssertEqual(input.world.viewer.phase, .grid)
        XCTAssertEqual(input.world.grid.layout!.columns, 8)
        // At 820 pt: 8 columns of (820 − 14)/8 = 100.75 pt, 102.75 apart; 4 rows fit unscrolled.
        // Cell 5 is row 0, column 5.
        XCTAssertEqual(input.world.grid.offset, 0)
        XCTAssertLessThanOrEqual(last.distance(to: Rect(x: 5 * 102.75, y: 0, width: 100.75, height: 100.75)), 0.5)

        // And the way in: resized mid zoom-in it lands on the new aspect-fit frame.
        input.tapCell(5)
        input.ticks(10)
        input.tick([.resize(Size(width: 500, height: 500))])
        input.settle { world in if let t = world.viewer.transition { last = t.frame } }
        XCTAssertEqual(input.world.viewer.phase, .pager)
        XCTAssertLessThanOrEqual(
            last.distance(to: Rect(x: 0, y: 250.0 / 3, width: 500, height: 1000.0 / 3)), 0.5, "600×400 in 500×500")
    }
}
