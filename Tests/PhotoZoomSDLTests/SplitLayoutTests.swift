import PhotoZoomCore
import XCTest

@testable import PhotoZoomSDL

/// One picture shared by two sessions: halves of one size, whatever the picture's size, the
/// divider taking what they cannot share, and a point of the picture found in its half.
final class SplitLayoutTests: XCTestCase {
    func testAnOddWidthGivesBothHalvesTheSameWidthAndTheDividerTheOddPoint() {
        let whole = Rect(x: 0, y: 0, width: 901, height: 640)
        let layout = SplitLayout(count: 2, sharing: whole.size)
        XCTAssertEqual(layout.split, .across, "wider than tall: side by side")
        let areas = layout.areas(in: whole)
        XCTAssertEqual(areas, [Rect(x: 0, y: 0, width: 446, height: 640), Rect(x: 455, y: 0, width: 446, height: 640)])
        XCTAssertEqual(
            layout.dividerArea(in: whole), Rect(x: 446, y: 0, width: 9, height: 640), "8 points and the odd one")
        XCTAssertEqual(areas[1].maxX, whole.maxX, "nothing left over past B")
    }

    func testAnOddHeightStacksHalvesOfOneHeight() {
        let whole = Rect(x: 10, y: 20, width: 400, height: 601)
        let layout = SplitLayout(count: 2, sharing: whole.size)
        XCTAssertEqual(layout.split, .down)
        let areas = layout.areas(in: whole)
        XCTAssertEqual(areas.map(\.size), [Size(width: 400, height: 296), Size(width: 400, height: 296)])
        XCTAssertEqual(areas.map(\.origin), [Point(x: 10, y: 20), Point(x: 10, y: 325)])
        XCTAssertEqual(layout.dividerArea(in: whole), Rect(x: 10, y: 316, width: 400, height: 9))
    }

    func testOneSessionHasTheWholeAndNoDivider() {
        let whole = Rect(x: 0, y: 0, width: 393, height: 560)
        let layout = SplitLayout(count: 1, sharing: whole.size)
        XCTAssertEqual(layout.areas(in: whole), [whole])
        XCTAssertNil(layout.dividerArea(in: whole))
        XCTAssertEqual(layout.place(of: Point(x: 392, y: 5), in: whole).at, Point(x: 392, y: 5))
    }

    /// A replay's picture of two windows: it holds each whole, and splits back into them.
    func testAPairOfWindowsKeepsNearTheirShapeAndSplitsBackIntoThem() {
        let tall = Size(width: 393, height: 560)
        let wide = Size(width: 800, height: 301)
        XCTAssertEqual(SplitLayout.pair(of: tall).split, .across)
        XCTAssertEqual(SplitLayout.pair(of: wide).split, .down)
        for window in [tall, wide] {
            let layout = SplitLayout.pair(of: window)
            let whole = Rect(origin: .zero, size: layout.size(holding: window))
            XCTAssertEqual(layout.areas(in: whole).map(\.size), [window, window], "\(window)")
            XCTAssertEqual(layout.dividerArea(in: whole).map { min($0.width, $0.height) }, SplitLayout.standardDivider)
        }
    }

    func testAPointOfThePictureIsTheSamePointOfItsHalf() {
        let whole = Rect(x: 0, y: 0, width: 901, height: 640)
        let layout = SplitLayout(count: 2, sharing: whole.size)
        XCTAssertTrue(layout.place(of: Point(x: 60, y: 70), in: whole) == (0, Point(x: 60, y: 70)))
        XCTAssertTrue(
            layout.place(of: Point(x: 455 + 60, y: 70), in: whole) == (1, Point(x: 60, y: 70)), "B's 60 is A's 60")
        XCTAssertTrue(
            layout.place(of: Point(x: 900, y: 639), in: whole) == (1, Point(x: 445, y: 639)), "B's last point")
        // On the divider, the nearer half.
        XCTAssertEqual(layout.place(of: Point(x: 447, y: 70), in: whole).side, 0)
        XCTAssertEqual(layout.place(of: Point(x: 454, y: 70), in: whole).side, 1)
    }
}
