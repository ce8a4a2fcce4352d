import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

final class GridLayoutTests: XCTestCase {
    func testColumnCountFollowsTheWindowWidth() {
        let tuning = Tuning()
        func columns(_ w: Double) -> Int {
            GridLayout(viewport: Size(width: w, height: 800), count: 18, tuning: tuning).columns
        }
        XCTAssertEqual(columns(390), 3)
        XCTAssertEqual(columns(393), 3)
        XCTAssertEqual(columns(306), 3)  // 3·100 + 2·2 = 304 fits
        XCTAssertEqual(columns(303), 2)
        XCTAssertEqual(columns(820), 8)
        XCTAssertEqual(columns(50), 1)
        XCTAssertEqual(columns(0), 1)
    }

    func testCellsAreSquareWithTwoPointGapsAndFillTheWidth() {
        let layout = GridLayout(viewport: Size(width: 390, height: 800), count: 7, tuning: Tuning())
        XCTAssertEqual(layout.cellSize, (390 - 4) / 3, accuracy: 1e-12)
        let f0 = layout.frame(of: 0)
        let f1 = layout.frame(of: 1)
        let f2 = layout.frame(of: 2)
        let f3 = layout.frame(of: 3)
        XCTAssertEqual(f1.minX - f0.maxX, 2, accuracy: 1e-12)
        XCTAssertEqual(f3.minY - f0.maxY, 2, accuracy: 1e-12)
        XCTAssertEqual(f2.maxX, 390, accuracy: 1e-12)
        XCTAssertEqual(f0.width, f0.height)
        XCTAssertEqual(layout.rows, 3)
        XCTAssertEqual(layout.contentHeight, 390, accuracy: 1e-12, "3 rows of 386/3 pt and 2 gaps")
    }

    func testAspectFillCropsCutTheLongerSideCentred() {
        let square = Size(width: 100, height: 100)
        // 3:2 landscape keeps full height, 2/3 of the width, centred.
        let landscape = Rect.aspectFillCrop(photo: Size(width: 600, height: 400), frame: square)
        XCTAssertEqual(landscape.width, 2.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(landscape.minX, 1.0 / 6, accuracy: 1e-12)
        XCTAssertEqual(landscape.height, 1)
        // Portrait 267×400 keeps full width.
        let portrait = Rect.aspectFillCrop(photo: Size(width: 267, height: 400), frame: square)
        XCTAssertEqual(portrait.height, 267.0 / 400, accuracy: 1e-12)
        XCTAssertEqual(portrait.center.y, 0.5, accuracy: 1e-12)
        // 3:1 panorama shows its middle third.
        let panorama = Rect.aspectFillCrop(photo: Size(width: 640, height: 213), frame: square)
        XCTAssertEqual(panorama.width, 213.0 / 640, accuracy: 1e-12)
        XCTAssertEqual(panorama.center.x, 0.5, accuracy: 1e-12)
        // 1:2 tall shows its middle half.
        let tall = Rect.aspectFillCrop(photo: Size(width: 705, height: 1411), frame: square)
        XCTAssertEqual(tall.height, 705.0 / 1411, accuracy: 1e-12)
        XCTAssertEqual(Rect.aspectFillCrop(photo: square, frame: square), .unit)
    }

    func testCellSpritesUseTheLayoutFrameAndTheirPhotosCrop() {
        let sizes = [
            Size(width: 600, height: 400), Size(width: 267, height: 400), Size(width: 640, height: 213),
            Size(width: 705, height: 1411),
        ]
        let input = ScriptedInput(photos: photoInfos(sizes), viewport: Size(width: 390, height: 800))
        // 386/3 pt squares, 392/3 apart: three in row 0, the fourth starting row 1.
        let side = 386.0 / 3
        let pitch = 392.0 / 3
        let frames = [
            Rect(x: 0, y: 0, width: side, height: side), Rect(x: pitch, y: 0, width: side, height: side),
            Rect(x: 2 * pitch, y: 0, width: side, height: side), Rect(x: 0, y: pitch, width: side, height: side),
        ]
        // The centred square crops, by hand: the longer side keeps shorter/longer of itself.
        let crops = [
            Rect(x: 1.0 / 6, y: 0, width: 2.0 / 3, height: 1),
            Rect(x: 0, y: 133.0 / 800, width: 1, height: 267.0 / 400),
            Rect(x: 427.0 / 1280, y: 0, width: 213.0 / 640, height: 1),
            Rect(x: 0, y: 353.0 / 1411, width: 1, height: 705.0 / 1411),
        ]
        for i in sizes.indices {
            let v = input.world.sprite(.cell(photo: i))!.current
            XCTAssertLessThan(v.frame.distance(to: frames[i]), 1e-12, "cell \(i): \(v.frame)")
            XCTAssertLessThan(v.crop.distance(to: crops[i]), 1e-12, "cell \(i)")
        }
    }

    func testResizeKeepsThePhotoAtTheTopOfTheViewInPlace() {
        var input = ScriptedInput(photos: photoInfos(count: 60), viewport: Size(width: 390, height: 600))
        // Scroll so row 5 (photos 15…17) sits at the top, a quarter of it hidden.
        let pitch = input.world.grid.layout!.rowPitch
        input.tick([
            .wheel(
                dx: 0, dy: -(5.25 * pitch) / Tuning().wheelPointsPerUnit, position: Point(x: 100, y: 100), modifiers: []
            )
        ])
        input.settleGrid()
        XCTAssertEqual(input.world.grid.offset, 5.25 * 392 / 3, accuracy: 0.01, "686 pt: rows 392/3 apart")
        XCTAssertEqual(input.world.grid.layout!.firstVisibleIndex(atOffset: input.world.grid.offset), 15)

        input.tick([.resize(Size(width: 820, height: 500))])
        let layout = input.world.grid.layout!
        XCTAssertEqual(layout.columns, 8)
        let top = layout.firstVisibleIndex(atOffset: input.world.grid.offset)
        XCTAssertEqual(top, 8, "photo 15 is in the row that starts with photo 8 at 8 columns")
        // At 820 pt: cells of (820 − 14)/8 = 100.75 pt, rows 102.75 apart. Photo 15 is in row 1
        // (top 102.75); a quarter of its row hidden: offset 102.75 + 0.25 · 102.75 = 128.4375.
        XCTAssertEqual(input.world.grid.offset, 128.4375, accuracy: 1e-9)
        // Photo 15's cell is drawn at the top of the window, a quarter of its row above it.
        let frame = input.world.sprite(.cell(photo: 15))!.current.frame
        XCTAssertEqual(frame.minY, -0.25 * 102.75, accuracy: 1e-9)
        // A relayout teleports: no blending from the old frames.
        XCTAssertEqual(input.world.sprite(.cell(photo: 15))!.previous, input.world.sprite(.cell(photo: 15))!.current)
    }

    func testAZeroSizeWindowLaysOutWithoutCrashingAndDrawsNothing() {
        var input = ScriptedInput(photos: photoInfos(count: 18), viewport: Size(width: 390, height: 800))
        input.tick([.resize(.zero)])
        input.ticks(3)
        XCTAssertTrue(input.sim.drawList(interpolation: 0.5).isEmpty)
        input.tick([.resize(Size(width: 390, height: 800))])
        let photos = input.sim.drawList(interpolation: 1).filter {
            if case .photo = $0.content { return true } else { return false }
        }
        XCTAssertEqual(photos.count, 18)
    }
}
