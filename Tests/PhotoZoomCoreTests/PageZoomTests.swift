import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore

final class PageZoomTests: XCTestCase {
    let viewport = Size(width: 390, height: 844)

    /// Opened on a 3:2 landscape photo: fit frame 390×260, centred.
    func pager() -> ScriptedInput {
        var input = ScriptedInput(photos: photoInfos(count: 12), viewport: viewport)
        input.tapCell(4)
        input.settle()
        return input
    }

    func scale(_ input: ScriptedInput) -> Double { (input.world.viewer.zoom.frame?.width ?? 390) / 390 }

    func doubleTap(_ input: inout ScriptedInput, at p: Point) {
        input.pointer(.down, p)
        input.pointer(.up, p)
        input.ticks(3)
        input.pointer(.down, p)
        input.pointer(.up, p)
    }

    func testDoubleTapZoomsToTwoAndAHalfAtTheTappedPointAndBack() {
        var input = pager()
        let fit = Rect(x: 0, y: 292, width: 390, height: 260)
        let p = Point(x: 250, y: 430)
        doubleTap(&input, at: p)
        input.settle()
        XCTAssertEqual(scale(input), 2.5, accuracy: 1e-9)
        let zoomed = input.world.viewer.zoom.frame!
        // By hand: 2.5 × 390×260 is 975×650. The tapped point is 250/390 of the way across the
        // photo and stays under the finger: minX = 250 − 2.5 · 250 = −375 (within −585 … 0, so
        // the pan needs no clamp). 650 pt tall in an 844 pt window it is centred, as UIScrollView
        // does: minY = (844 − 650) / 2 = 97.
        XCTAssertLessThan(zoomed.distance(to: Rect(x: -375, y: 97, width: 975, height: 650)), 1e-9, "\(zoomed)")
        XCTAssertEqual(
            (p.x - zoomed.minX) / zoomed.width, 250.0 / 390, accuracy: 1e-12, "the tapped point stays under the finger")
        XCTAssertTrue(input.world.viewer.chrome.visible, "a double tap is not two single taps")
        doubleTap(&input, at: p)
        input.settle()
        XCTAssertNil(input.world.viewer.zoom.frame)
        XCTAssertLessThan(input.sprite(.page(slot: 1)).current.frame.distance(to: fit), 1e-9)
    }

    func pinch(_ input: inout ScriptedInput, from d0: Double, to d1: Double, ticks: Int, release: Bool = true) {
        let c = Point(x: 195, y: 422)
        input.tick([
            .pointer(PointerEvent(id: 1, source: .touch, phase: .down, position: c - Point(x: d0 / 2, y: 0))),
            .pointer(PointerEvent(id: 2, source: .touch, phase: .down, position: c + Point(x: d0 / 2, y: 0))),
        ])
        for i in 1...ticks {
            let d = d0 + (d1 - d0) * Double(i) / Double(ticks)
            input.tick([
                .pointer(PointerEvent(id: 1, source: .touch, phase: .moved, position: c - Point(x: d / 2, y: 0))),
                .pointer(PointerEvent(id: 2, source: .touch, phase: .moved, position: c + Point(x: d / 2, y: 0))),
            ])
        }
        if release {
            input.tick([
                .pointer(PointerEvent(id: 1, source: .touch, phase: .up, position: c - Point(x: d1 / 2, y: 0))),
                .pointer(PointerEvent(id: 2, source: .touch, phase: .up, position: c + Point(x: d1 / 2, y: 0))),
            ])
        }
    }

    func testPinchZoomsPastTheLimitWithARubberBandAndSettlesAtFourTimes() {
        var input = pager()
        pinch(&input, from: 50, to: 300, ticks: 30, release: false)  // spread 6×
        // The pinch is recognised on the first move (50 → 175/3 pt, 17 % more than the 2 % it
        // needs) and counts from there: raw scale 300 / (175/3) = 36/7 ≈ 5.14. Past 4× it is
        // banded like an overscroll with the limit as dimension: 4 + (1 − 1/((8/7)·0.55/4 + 1))·4
        // = 4 + (1 − 70/81)·4 = 368/81 ≈ 4.543.
        let shown = scale(input)
        XCTAssertEqual(shown, 368.0 / 81, accuracy: 1e-9, "beyond 4× it resists")
        input.tick([
            .pointer(PointerEvent(id: 1, source: .touch, phase: .up, position: Point(x: 45, y: 422))),
            .pointer(PointerEvent(id: 2, source: .touch, phase: .up, position: Point(x: 345, y: 422))),
        ])
        input.settle()
        XCTAssertEqual(scale(input), 4, accuracy: 1e-9)
    }

    func testControlWheelZoomsAroundThePointerWithinTheLimits() {
        var input = pager()
        let p = Point(x: 300, y: 400)
        input.tick([.wheel(dx: 0, dy: 3, position: p, modifiers: .control)])
        // 3 units at e^0.12 per unit: e^0.36 ≈ 1.4333, eased there rather than jumped to.
        let k = exp(0.36)
        XCTAssertEqual(scale(input), 1, accuracy: 1e-9, "the notch starts a zoom; it does not jump")
        input.tick()
        XCTAssertTrue(scale(input) > 1 && scale(input) < 1.2, "one tick in: \(scale(input))")
        input.settle()
        XCTAssertEqual(scale(input), k, accuracy: 1e-9)
        // Around the pointer: x = 300 stays on the same point of the photo, 300/390 of the way
        // across, so minX = 300 − 300k; 260k ≈ 373 pt tall, the photo stays centred vertically.
        let zoomed = input.world.viewer.zoom.frame!
        XCTAssertEqual(zoomed.minX, 300 - 300 * k, accuracy: 1e-9, "around the pointer")
        XCTAssertEqual(zoomed.minY, (844 - 260 * k) / 2, accuracy: 1e-9)
        for _ in 0..<40 { input.tick([.wheel(dx: 0, dy: 3, position: p, modifiers: .control)]) }
        input.settle()
        XCTAssertEqual(scale(input), 4, accuracy: 1e-9)
        for _ in 0..<40 { input.tick([.wheel(dx: 0, dy: -3, position: p, modifiers: .control)]) }
        input.settle()
        XCTAssertNil(input.world.viewer.zoom.frame)
        input.tick([.wheel(dx: 0, dy: -3, position: p, modifiers: [])])
        XCTAssertEqual(input.world.viewer.phase, .pager, "a plain wheel does nothing in the pager")
    }

    func testAZoomedPhotoPansBeforeItPagesAndAVerticalDragPansInsteadOfDismissing() {
        var input = pager()
        doubleTap(&input, at: Point(x: 195, y: 422))
        input.settle()
        let zoomed = input.world.viewer.zoom.frame!
        let restOffset = input.world.viewer.paging.offset
        // 100 pt left: the photo moves, the pager does not (the photo has 292 pt to its right edge).
        input.drag(from: Point(x: 300, y: 422), to: Point(x: 200, y: 422), ticks: 20, hold: 15, release: false)
        let start = input.world.viewer.zoom.motion
        guard case .panning(_, _, let startFinger, _) = start else { return XCTFail("\(start)") }
        XCTAssertEqual(input.world.viewer.zoom.frame!.minX, zoomed.minX - (startFinger.x - 200), accuracy: 1e-9)
        XCTAssertEqual(input.world.viewer.paging.offset, restOffset)
        // On past the edge: now the pager moves.
        input.pointer(.moved, Point(x: -250, y: 422))
        XCTAssertEqual(input.world.viewer.zoom.frame!.maxX, viewport.width, accuracy: 1e-9, "pinned at its edge")
        XCTAssertGreaterThan(input.world.viewer.paging.offset, restOffset)
        input.pointer(.up, Point(x: -250, y: 422))
        input.settle()
        XCTAssertEqual(input.world.viewer.currentIndex, 5)
        XCTAssertNil(input.world.viewer.zoom.frame, "the next page opens at fit")

        // Zoomed, a downward drag pans the photo instead of dismissing.
        doubleTap(&input, at: Point(x: 195, y: 300))
        input.settle()
        input.drag(from: Point(x: 195, y: 300), to: Point(x: 195, y: 500), ticks: 20, release: false)
        guard case .panning = input.world.viewer.zoom.motion else {
            return XCTFail("a pan: \(input.world.viewer.zoom.motion)")
        }
        XCTAssertEqual(input.world.viewer.phase, .pager)
        input.pointer(.up, Point(x: 195, y: 500))
        XCTAssertEqual(input.world.viewer.phase, .pager)
    }

    func testAltDragPinchesAroundTheWindowCentre() {
        var input = pager()
        let centre = Point(x: 195, y: 422)
        let p0 = Point(x: 245, y: 422)
        let p1 = Point(x: 345, y: 422)  // 50 → 150 pt from the centre: 3×
        input.pointer(.down, p0, modifiers: .alt)
        XCTAssertEqual(input.world.pointers.pointer(-1)?.position, centre * 2 - p0)
        for i in 1...20 { input.pointer(.moved, p0 + (p1 - p0) * (Double(i) / 20), modifiers: .alt) }
        // Like UIPinchGestureRecognizer, the scale counts from the spread it was recognised at.
        guard case .pinching(_, _, let startCentroid, let startDistance) = input.world.viewer.zoom.motion else {
            return XCTFail()
        }
        XCTAssertEqual(startCentroid, centre)
        XCTAssertLessThanOrEqual(startDistance, 110, "recognised within a few points of spreading")
        XCTAssertEqual(scale(input), 300 / startDistance, accuracy: 1e-6)
        XCTAssertEqual(input.world.viewer.zoom.frame!.center.x, centre.x, accuracy: 1e-9, "around the window centre")
        input.pointer(.up, p1, modifiers: .alt)
        XCTAssertNil(input.world.pointers.pointer(-1))
        input.settle()
        XCTAssertEqual(scale(input), 300 / startDistance, accuracy: 1e-6)
    }

    func testADragDownWhileAZoomSettlesBackToFitDismissesFromWhereItIsDrawn() {
        var input = pager()
        doubleTap(&input, at: Point(x: 195, y: 422))
        input.settle()
        doubleTap(&input, at: Point(x: 195, y: 422))
        input.ticks(60)  // visibly at fit, the spring's tail still running
        // Springing back to the 390×260 fit, still running.
        guard case .spring(let track) = input.world.viewer.zoom.motion else {
            return XCTFail("\(input.world.viewer.zoom.motion)")
        }
        XCTAssertLessThan(
            track.target.distance(to: Rect(x: 0, y: 292, width: 390, height: 260)), 1e-9, "\(track.target)")
        XCTAssertEqual(input.world.viewer.zoom.page, 4)
        input.pointer(.down, Point(x: 195, y: 422))
        var drawn = input.sprite(.page(slot: 1)).current.frame
        for y in stride(from: 432.0, through: 522, by: 10) where input.world.viewer.phase == .pager {
            drawn = input.sprite(.page(slot: 1)).current.frame
            input.pointer(.moved, Point(x: 195, y: y))
        }
        XCTAssertEqual(input.world.viewer.phase, .dismissing(interactive: true), "not a pan of a photo that looks fit")
        XCTAssertEqual(
            input.world.viewer.transition!.grab!.startFrame, drawn, "from the frame as drawn the tick before: no jump")
        input.pointer(.up, Point(x: 195, y: 522))
    }
}
