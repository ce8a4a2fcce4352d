import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// Defects found trying PhotoZoom as a new user would, each driven through the real systems.
final class NewUserDefectTests: XCTestCase {
    let phone = Size(width: 390, height: 844)
    var pitch: Double { 390 + 16 }

    func pager(on index: Int, photos: [PhotoInfo] = photoInfos(count: 18), viewport: Size? = nil) -> ScriptedInput {
        .pager(on: index, photos: photos, viewport: viewport ?? phone)
    }

    // MARK: Resizes

    func testGrowingTheWindowTallerReclampsAGridScrolledToItsEnd() {
        var input = ScriptedInput(photos: photoInfos(count: 60), viewport: Size(width: 393, height: 400))
        input.tick([.wheel(dx: 0, dy: -200, position: Point(x: 100, y: 100), modifiers: [])])
        input.settleGrid()
        input.tick([.resize(Size(width: 393, height: 852))])
        // 60 photos in 3 columns: 20 rows of 389/3 pt with 2 pt gaps, plus the 50 pt tab bar inset.
        let rows: Double = 20 * 389.0 / 3
        let gaps: Double = 19 * 2
        let end: Double = rows + gaps + 50 - 852
        XCTAssertEqual(input.world.grid.offset, end, accuracy: 1e-9, "no void below the last row")
        input.tick([.wheel(dx: 0, dy: -1, position: Point(x: 100, y: 100), modifiers: [])])
        input.settleGrid()
        XCTAssertEqual(input.world.grid.offset, end, accuracy: 1e-9, "a wheel notch down at the end moves nothing")
    }

    func testGrowingTheWindowTallerReclampsAZoomedPhoto() {
        var input = pager(on: 0, viewport: Size(width: 390, height: 400))
        input.pointer(.down, Point(x: 195, y: 380))
        input.pointer(.up, Point(x: 195, y: 380))
        input.ticks(3)
        input.pointer(.down, Point(x: 195, y: 380))
        input.pointer(.up, Point(x: 195, y: 380))
        input.settle()
        let zoomed = input.world.viewer.zoom.frame!
        XCTAssertEqual(zoomed.width, 2.5 * 390, accuracy: 1e-6)
        input.tick([.resize(Size(width: 390, height: 900))])
        input.settle()
        // The 3:2 photo at 2.5× is 975 × 650 pt: shorter than the window, so centred vertically.
        let f = input.world.viewer.zoom.frame ?? input.fitFrame(0)
        XCTAssertEqual(f.minY, (900 - f.height) / 2, accuracy: 1e-6, "no black void: \(f)")
        XCTAssertLessThanOrEqual(f.minX, 0)
        XCTAssertGreaterThanOrEqual(f.maxX, 390)
    }

    func testAResizeWhileDraggingThePhotoDownKeepsItsCellOnScreen() {
        var input = ScriptedInput(photos: photoInfos(count: 60), viewport: phone)
        input.tapCell(1)
        input.settle()
        for _ in 0..<40 {
            input.tick([.key(.right, modifiers: [])])
            input.ticks(40)
        }
        input.settle()
        XCTAssertEqual(input.world.viewer.currentIndex, 41)
        input.drag(from: Point(x: 195, y: 300), to: Point(x: 195, y: 450), ticks: 10, release: false)
        input.tick([.resize(Size(width: 390, height: 300))])
        input.ticks(2)
        let cell = input.cellFrame(41)
        XCTAssertGreaterThanOrEqual(cell.minY, 0, "cell 41 at \(cell)")
        XCTAssertLessThanOrEqual(cell.maxY, 300 - 50, "cell 41 at \(cell), above the tab bar")
    }

    // MARK: Flights caught and let go

    func testAClickOnAPhotoFlyingHomeLetsItLandInItsCell() {
        var input = pager(on: 4)
        input.tick([.key(.escape, modifiers: [])])
        input.ticks(8)  // 70 ms: most of the way home
        let at = input.world.viewer.transition!.frame.center
        input.pointer(.down, at)
        input.pointer(.up, at)
        var phases: [ViewerPhase] = []
        input.settle { phases.append($0.viewer.phase) }
        XCTAssertFalse(phases.contains(.presenting), "never re-expands")
        XCTAssertEqual(input.world.viewer.phase, .grid)
    }

    func testADoubleClickOnACellKeepsTheZoomInGoing() {
        var alone = ScriptedInput(photos: photoInfos(count: 18), viewport: phone)
        alone.tapCell(4)
        let undisturbed = alone.settle()
        var input = ScriptedInput(photos: photoInfos(count: 18), viewport: phone)
        input.tapCell(4)
        input.ticks(10)
        let at = input.world.viewer.transition!.frame.center
        input.pointer(.down, at)
        input.pointer(.up, at)
        var frames: [Rect] = []
        let ticks = 12 + input.settle { if let t = $0.viewer.transition { frames.append(t.frame) } }
        XCTAssertEqual(input.world.viewer.phase, .pager)
        // The caught flight goes on as it was going: it lands with the undisturbed zoom-in give
        // or take the tick it was held, rather than starting a slower spring from a standstill.
        XCTAssertLessThanOrEqual(
            ticks, undisturbed + 2, "landed \(ticks) ticks after the first click, undisturbed \(undisturbed)")
        let growing = zip(frames, frames.dropFirst()).prefix(10).allSatisfy { $1.width > $0.width }
        XCTAssertTrue(growing, "it keeps growing at once")
    }

    func testAClickBesideAPhotoFlyingHomeOpensTheCellUnderIt() {
        var input = pager(on: 4)
        input.tick([.key(.escape, modifiers: [])])
        input.ticks(10)
        let other = input.cellFrame(12).center
        XCTAssertFalse(input.world.viewer.transition!.frame.contains(other))
        input.pointer(.down, other)
        input.pointer(.up, other)
        XCTAssertEqual(input.world.viewer.phase, .presenting)
        XCTAssertEqual(input.world.viewer.currentIndex, 12)
    }

    // MARK: The pager

    func testTheOpeningFlightIsDrawnUnderTheTabBar() {
        var input = ScriptedInput(photos: photoInfos(count: 18), viewport: phone)
        input.tapCell(16)
        input.ticks(2)
        let order = input.sim.drawList(interpolation: 1).map(\.content)
        let photo = order.lastIndex(of: .photo(16))!
        let bar = order.firstIndex(of: .fill(Color(r: 247, g: 247, b: 247)))!
        XCTAssertLessThan(photo, bar, "the photo flies out from under the fading tab bar")
        // Held, it is on top: a photo under a finger is never hidden by the bar fading back in.
        input.settle()
        input.drag(from: Point(x: 195, y: 300), to: Point(x: 195, y: 700), ticks: 20, release: false)
        let held = input.sim.drawList(interpolation: 1).map(\.content)
        XCTAssertGreaterThan(
            held.lastIndex(of: .photo(16))!, held.firstIndex(of: .fill(Color(r: 247, g: 247, b: 247)))!)
    }

    func testEndGoesToTheLastPhotoWithoutShowingThoseBetween() {
        var input = pager(on: 0)
        var shown = Set<Int>()
        input.tick([.key(.end, modifiers: [])])
        input.settle { shown.insert($0.viewer.currentIndex) }
        XCTAssertEqual(input.world.viewer.currentIndex, 17)
        XCTAssertTrue(shown.isSubset(of: [0, 16, 17]), "counter showed \(shown.sorted())")
    }

    func testEscapeEarlyInASlideSettlesBackOnThePageMostlyShownThenSendsItHome() {
        var input = pager(on: 4)
        input.tick([.key(.right, modifiers: [])])
        input.ticks(3)
        let offset = input.world.viewer.paging.offset
        XCTAssertGreaterThan(offset, 4 * pitch)
        XCTAssertLessThan(offset, 4.5 * pitch, "page 4 is still the one mostly shown")
        input.tick([.key(.escape, modifiers: [])])
        XCTAssertEqual(input.world.viewer.phase, .pager, "no page vanishes mid-slide")
        XCTAssertFalse(input.sprite(.page(slot: 2)).hidden, "the incoming page slides back out")
        for _ in 0..<120 where input.world.viewer.transition == nil {
            XCTAssertFalse(input.sim.isIdle, "an Escape waiting for the slide keeps the window awake")
            input.tick()
        }
        guard let start = input.world.viewer.transition else { return XCTFail("the photo never left") }
        XCTAssertEqual(input.world.viewer.paging.offset, 4 * 406, "the pager settled on page 4 first")
        XCTAssertEqual(start.frame.minX, 0, "the flight starts from the settled page")
        var photos: Set<Int> = [start.photo]
        input.settle { if let t = $0.viewer.transition { photos.insert(t.photo) } }
        XCTAssertEqual(photos, [4])
        XCTAssertEqual(input.world.viewer.phase, .grid)
    }

    func testEscapeLateInASlideSendsHomeTheIncomingPage() {
        var input = pager(on: 4)
        input.tick([.key(.right, modifiers: [])])
        input.ticks(12)
        XCTAssertGreaterThan(input.world.viewer.paging.offset, 4.5 * pitch)
        input.tick([.key(.escape, modifiers: [])])
        var photos = Set<Int>()
        input.settle { if let t = $0.viewer.transition { photos.insert(t.photo) } }
        XCTAssertEqual(photos, [5])
        XCTAssertEqual(input.world.viewer.phase, .grid)
    }

    func testAnUpwardDragAtFitRubberBandsThePhotoAndSpringsBack() {
        var input = pager(on: 4)
        input.drag(from: Point(x: 195, y: 500), to: Point(x: 195, y: 300), ticks: 10, release: false)
        guard let held = input.world.viewer.transition?.frame else { return XCTFail("the photo is not held") }
        XCTAssertLessThan(held.center.y, input.fitFrame(4).center.y - 10, "it follows the finger up, banded")
        XCTAssertGreaterThan(held.center.y, input.fitFrame(4).center.y - 200, "but less than the finger moved")
        input.pointer(.up, Point(x: 195, y: 300))
        input.settle()
        XCTAssertEqual(input.world.viewer.phase, .pager)
    }

    func testTwoClicksTheDesktopCallsADoubleClickZoomEvenAThirdOfASecondApart() {
        var input = pager(on: 4)
        let p = Point(x: 195, y: 422)
        input.pointer(.down, p)
        input.pointer(.up, p)
        input.ticks(40)  // 350 ms: past a finger's double-tap interval, within the desktop's double-click time
        input.pointer(.down, p)
        input.pointer(.up, p)
        var chromeChanged = false
        input.settle { if !$0.viewer.chrome.visible { chromeChanged = true } }
        XCTAssertEqual(input.world.viewer.zoom.frame?.width ?? 0, 2.5 * 390, accuracy: 1e-6, "zoomed to 2.5×")
        XCTAssertFalse(chromeChanged, "the first click did not also toggle the top bar")
    }

    func testASecondSingleClickElsewhereLetsTheFirstCountAtOnce() {
        var input = pager(on: 4)
        input.pointer(.down, Point(x: 100, y: 400))
        input.pointer(.up, Point(x: 100, y: 400))
        input.ticks(20)
        // 200 pt away: the desktop counts it as a first click, so the first was a single click.
        input.pointer(.down, Point(x: 300, y: 400))
        input.pointer(.up, Point(x: 300, y: 400))
        XCTAssertFalse(input.world.viewer.chrome.visible, "the first click hid the top bar")
        input.settle()
        XCTAssertTrue(input.world.viewer.chrome.visible, "the second showed it again")
        XCTAssertNil(input.world.viewer.zoom.frame)
    }

    func testAHorizontalTrackpadSwipeTurnsOnePage() {
        var input = pager(on: 4)
        // A trackpad sends a stream of small horizontal units, then a tail after the fingers lift.
        for _ in 0..<30 { input.tick([.wheel(dx: 0.3, dy: 0.02, position: Point(x: 195, y: 400), modifiers: [])]) }
        input.settle()
        XCTAssertEqual(input.world.viewer.currentIndex, 5, "one swipe, one page")
        input.ticks(30)
        for _ in 0..<5 { input.tick([.wheel(dx: -0.4, dy: 0, position: Point(x: 195, y: 400), modifiers: [])]) }
        input.settle()
        XCTAssertEqual(input.world.viewer.currentIndex, 4, "a swipe the other way goes back")
    }

    func testACtrlWheelNotchEasesTheZoomInsteadOfJumping() {
        var input = pager(on: 4)
        input.tick([.wheel(dx: 0, dy: 1, position: Point(x: 195, y: 422), modifiers: .control)])
        input.tick()
        let width = input.world.viewer.zoom.frame?.width ?? 390
        XCTAssertLessThan(width, 390 * 1.05, "one tick after a notch the zoom is on its way, not there")
        input.settle()
        XCTAssertEqual(input.world.viewer.zoom.frame?.width ?? 0, 390 * exp(0.12), accuracy: 1e-6)
    }

    func testEveryDragDirectionInThePagerDoesSomething() {
        for degrees in stride(from: 0.0, through: 180, by: 5) {
            var input = pager(on: 4)
            let r = degrees * .pi / 180
            input.drag(
                from: Point(x: 195, y: 400), to: Point(x: 195 + 150 * sin(r), y: 400 + 150 * cos(r)), ticks: 10,
                release: false)
            let moved = input.world.viewer.paging.offset != 4 * pitch || input.world.viewer.transition != nil
            XCTAssertTrue(moved, "a drag \(degrees)° from straight down moved nothing")
        }
    }

    func testADragAfterAPressOnTheBackdropDuringTheZoomInMovesThePhoto() {
        var input = ScriptedInput(photos: photoInfos(count: 18), viewport: phone)
        input.tapCell(4)
        input.ticks(20)
        input.pointer(.down, Point(x: 195, y: 780))  // on the backdrop, below the flying photo
        input.ticks(80)
        XCTAssertEqual(input.world.viewer.phase, .pager)
        for i in 1...10 { input.pointer(.moved, Point(x: 195 - Double(i) * 12, y: 780)) }
        XCTAssertNotEqual(input.world.viewer.paging.offset, 4 * pitch, "the held pointer pages")
    }

    func testAFlickPastTheLastPageCarriesOnlyThePagesDrawnSpeedIntoTheSnapBack() {
        var input = pager(on: 17)
        // 200 pt in 6 ticks: 4000 pt/s. The first move (33.3 pt) crosses the slop and the drag
        // begins there, so the finger pulls 166.7 pt past the end.
        input.drag(from: Point(x: 300, y: 400), to: Point(x: 100, y: 400), ticks: 6)
        guard case .snapping(let track) = input.world.viewer.paging.motion else { return XCTFail("snapping back") }
        // The band shows a pull x as (1 − 1/(x·c/d + 1))·d, whose slope is c/(x·c/d + 1)².
        let slope = 0.55 / pow(500.0 / 3 * 0.55 / 390 + 1, 2)
        XCTAssertEqual(track.motion.initialVelocity, 4000 * slope, accuracy: 10)
        var furthest = 0.0
        input.settle { furthest = max(furthest, $0.viewer.paging.offset - 17 * 406) }
        XCTAssertLessThan(furthest, 100, "swung \(furthest) pt past the end")
    }

    func testAPhotoOnePixelTallIsStillDrawn() {
        let photos = [PhotoInfo(name: "strip", pixelSize: Size(width: 4000, height: 1))] + photoInfos(count: 3)
        let input = pager(on: 0, photos: photos)
        let page = input.sprite(.page(slot: 1))
        XCTAssertGreaterThanOrEqual(page.current.frame.height, 1)
        XCTAssertTrue(input.sim.drawList(interpolation: 1).contains { $0.content == .photo(0) })
    }

    // MARK: The grid

    func testAGridDragStartsScrollingFromWhereTheSlopIsCrossed() {
        var input = ScriptedInput(photos: photoInfos(count: 60), viewport: phone)
        input.pointer(.down, Point(x: 100, y: 500))
        var offsets: [Double] = []
        for dy in [4.0, 8, 12, 16, 20] {
            input.pointer(.moved, Point(x: 100, y: 500 - dy))
            offsets.append(input.world.grid.offset)
        }
        // The slop is 8 pt: nothing moves until it is crossed, then the content follows the
        // finger from there, with no jump.
        XCTAssertEqual(offsets, [0, 0, 0, 4, 8])
    }

    func testAPressDimsTheCellUnderItAtOnceUntilItLiftsOrDrags() {
        var input = ScriptedInput(photos: photoInfos(count: 60), viewport: phone)
        let cell = input.cellFrame(4)
        input.pointer(.down, cell.center)
        var dim = input.sim.drawList(interpolation: 1).first { $0.content == .fill(.black) }
        XCTAssertEqual(dim?.frame, cell, "the pressed cell is covered")
        XCTAssertEqual(dim?.alpha ?? 0, 0.3, accuracy: 1e-12)
        input.pointer(.moved, cell.center - Point(x: 0, y: 20))  // past the slop: a scroll, not a press
        dim = input.sim.drawList(interpolation: 1).first { $0.content == .fill(.black) }
        XCTAssertNil(dim, "a drag is no press")
        input.pointer(.up, cell.center - Point(x: 0, y: 20))
        input.pointer(.down, cell.center)
        input.pointer(.up, cell.center)
        XCTAssertFalse(
            input.sim.drawList(interpolation: 1).contains { $0.content == .fill(.black) && $0.frame == cell },
            "lifted: no dimming")
    }

    func testASlowClickOnACellOpensIt() {
        var input = ScriptedInput(photos: photoInfos(count: 18), viewport: phone)
        let c = input.cellFrame(4).center
        input.pointer(.down, c)
        input.ticks(48)  // 0.4 s
        input.pointer(.up, c)
        XCTAssertEqual(input.world.viewer.phase, .presenting)
        XCTAssertEqual(input.world.viewer.currentIndex, 4)
    }
}
