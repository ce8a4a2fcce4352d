import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// What the pager has in hand (a press, a waiting tap, a zoom) ends when the interaction moves
/// on, and belongs to its own page only.
final class PagerHandoffTests: XCTestCase {
    let viewport = Size(width: 390, height: 844)
    /// 3:2 photos fit the 390×844 window at 390×260, centred.
    let fit = Rect(x: 0, y: 292, width: 390, height: 260)
    let pagePitch = 390.0 + 16

    func pager(on index: Int = 4, photos: Int = 30) -> ScriptedInput {
        .pager(on: index, photos: photoInfos(count: photos), viewport: viewport)
    }

    func tap(_ input: inout ScriptedInput, _ p: Point) { input.click(p) }

    func touch(_ phase: PointerPhase, _ id: Int, _ p: Point) -> InputEvent {
        .pointer(PointerEvent(id: id, source: .touch, phase: phase, position: p))
    }

    /// A double tap on the window centre: photo `page` at 2.5× around (195, 422).
    func zoomIn(_ input: inout ScriptedInput) {
        tap(&input, Point(x: 195, y: 422))
        tap(&input, Point(x: 195, y: 422))
        input.settle()
        // 390×260 at y 292 scaled 2.5× around (195, 422); 650 pt tall, it stays centred.
        XCTAssertEqual(
            input.world.viewer.zoom.frame?.distance(to: Rect(x: -292.5, y: 97, width: 975, height: 650)) ?? .infinity,
            0, accuracy: 1e-9)
    }

    func testArrowKeysWorkAgainAfterADismissalDragIsCancelled() {
        var input = pager(on: 4)
        // A short, slow drag down: let go still, it springs back to the page.
        input.drag(from: Point(x: 195, y: 420), to: Point(x: 195, y: 470), ticks: 5, hold: 12)
        XCTAssertEqual(input.world.viewer.phase, .presenting)
        input.settle()
        XCTAssertEqual(input.world.viewer.phase, .pager)
        input.tick([.key(.right, modifiers: [])])
        input.settle()
        XCTAssertEqual(input.world.viewer.currentIndex, 5, "no finger is down: the key pages")
    }

    func testASingleTapLeftBehindByAPageChangeNeverFires() {
        var input = pager(on: 4)
        tap(&input, Point(x: 200, y: 500))
        XCTAssertNotNil(input.world.viewer.pendingTap)
        input.tick([.key(.right, modifiers: [])])
        input.settle()
        XCTAssertEqual(input.world.viewer.currentIndex, 5)
        XCTAssertTrue(input.world.viewer.chrome.visible, "the tap was on the page that left")
    }

    func testWithTheTopBarHiddenATapWhereTheBackButtonWasShowsTheBarAgain() {
        var input = pager(on: 4)
        tap(&input, Point(x: 200, y: 500))
        input.settle()
        XCTAssertFalse(input.world.viewer.chrome.visible)
        XCTAssertEqual(input.world.viewer.chrome.alpha, 0, accuracy: 1e-9)
        tap(&input, Point(x: 40, y: 22))
        XCTAssertEqual(input.world.viewer.phase, .pager, "no button is there while the bar is hidden")
        input.settle()
        XCTAssertEqual(input.world.viewer.phase, .pager)
        XCTAssertTrue(input.world.viewer.chrome.visible, "the tap was a tap on the photo")
    }

    func testAPinchStartedRightAfterATapSwallowsTheTap() {
        var input = pager(on: 4)
        tap(&input, Point(x: 300, y: 300))
        XCTAssertNotNil(input.world.viewer.pendingTap)
        input.tick([touch(.down, 1, Point(x: 150, y: 422)), touch(.down, 2, Point(x: 240, y: 422))])
        for i in 1...20 {
            let d = Double(i) * 3
            input.tick([touch(.moved, 1, Point(x: 150 - d, y: 422)), touch(.moved, 2, Point(x: 240 + d, y: 422))])
        }
        XCTAssertNotNil(input.world.viewer.zoom.frame, "the fingers spread from 90 to 210 pt: a pinch")
        XCTAssertNil(input.world.viewer.pendingTap)
        input.ticks(40)
        input.tick([touch(.up, 1, Point(x: 90, y: 422)), touch(.up, 2, Point(x: 300, y: 422))])
        input.settle()
        XCTAssertTrue(input.world.viewer.chrome.visible, "the tap before the pinch toggled nothing")
    }

    func testAPlainWheelInThePagerDoesNotZoomButCtrlWheelDoes() {
        var input = pager(on: 4)
        input.tick([.wheel(dx: 0, dy: 5, position: Point(x: 195, y: 422), modifiers: [])])
        input.settle()
        XCTAssertNil(input.world.viewer.zoom.frame)
        XCTAssertEqual(input.sprite(.page(slot: 1)).current.frame, fit)
        input.tick([.wheel(dx: 0, dy: 5, position: Point(x: 195, y: 422), modifiers: [.control])])
        XCTAssertNotNil(input.world.viewer.zoom.frame)
    }

    func testWhileAPageIsZoomedItsNeighboursAreDrawnAtFit() {
        var input = pager(on: 4)
        zoomIn(&input)
        // At rest, the neighbours wait a page pitch either side, at fit.
        XCTAssertEqual(input.sprite(.page(slot: 0)).current.frame, fit.offsetBy(dx: -pagePitch, dy: 0))
        XCTAssertEqual(input.sprite(.page(slot: 2)).current.frame, fit.offsetBy(dx: pagePitch, dy: 0))
        // Dragged 400 pt right, the zoomed photo's left edge (at −292.5) reaches the window's
        // edge after 292.5 pt; the other 107.5 pt page, and photo 3 slides in at fit.
        input.drag(through: [Point(x: 100, y: 422), Point(x: 110, y: 422), Point(x: 510, y: 422)], release: false)
        // The pages as drawn (the grid's cells are drawn too, beneath the black backdrop).
        let slots = (0..<3).map { input.sprite(.page(slot: $0)) }
        XCTAssertEqual(slots.map(\.content), [.photo(3), .photo(4), .photo(5)])
        let drawn = Dictionary(
            uniqueKeysWithValues: slots.map { s -> (Int, Rect) in
                guard case .photo(let p) = s.content else { return (-1, .zero) }
                return (p, s.current.frame)
            })
        XCTAssertEqual(
            drawn[5]?.distance(to: fit.offsetBy(dx: 107.5 + pagePitch, dy: 0)) ?? .infinity, 0, accuracy: 1e-9,
            "off screen, at fit")
        XCTAssertEqual(
            drawn[3]?.distance(to: fit.offsetBy(dx: 107.5 - pagePitch, dy: 0)) ?? .infinity, 0, accuracy: 1e-9)
        XCTAssertEqual(
            drawn[4]?.distance(to: Rect(x: 107.5, y: 97, width: 975, height: 650)) ?? .infinity, 0, accuracy: 1e-9)
    }

    func testAZoomedPhotoPulledDownPastItsEdgeFollowsTheFingerDownRubberBanded() {
        var input = pager(on: 4)
        zoomIn(&input)
        // The first move (10 pt) decides a pan; the next pulls 100 pt further down. The photo is
        // centred vertically, so all of it is overscroll: shown (1 − 1/(x·c/d + 1))·d below its place.
        input.drag(through: [Point(x: 195, y: 400), Point(x: 195, y: 410), Point(x: 195, y: 510)], release: false)
        let pulled = 100.0
        let c = 0.55
        let d = 844.0
        let shown = 97 + (1 - 1 / (pulled * c / d + 1)) * d
        let frame = input.sprite(.page(slot: 1)).current.frame
        XCTAssertEqual(frame.y, shown, accuracy: 1e-9)
        XCTAssertGreaterThan(frame.y, 97, "moved the way the finger did")
        XCTAssertEqual(frame.x, -292.5, accuracy: 1e-9)
    }

    func testAResizeOnTheTickAfterATapStillOpensTheTappedPhoto() {
        var input = ScriptedInput(photos: photoInfos(count: 60), viewport: viewport)
        input.tapCell(17)
        input.tick([.resize(Size(width: 300, height: 844))])
        input.settle()
        XCTAssertEqual(input.world.viewer.phase, .pager)
        XCTAssertEqual(input.world.viewer.currentIndex, 17)
        // 300 pt wide: pages 316 pt apart.
        XCTAssertEqual(input.world.viewer.paging.offset, 17 * 316, accuracy: 1e-9)
        XCTAssertEqual(input.sprite(.page(slot: 1)).content, .photo(17))
    }
}
