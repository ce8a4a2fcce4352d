import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// A sprite the cell pool hands to another photo shows that photo at once: in its place, with
/// its crop and its name, never blended from (or left behind at) the photo it showed before.
final class CellPoolRecyclingTests: XCTestCase {
    let viewport = Size(width: 390, height: 844)
    /// 390 pt: 3 columns of (390 − 2·2)/3 pt cells, 2 pt apart.
    let cell = (390.0 - 4) / 3
    var pitch: Double { cell + 2 }

    func wheel(_ units: Double) -> InputEvent {
        .wheel(dx: 0, dy: units, position: Point(x: 100, y: 100), modifiers: [])
    }

    /// The drawn photo cells, by photo.
    func drawnCells(_ input: ScriptedInput, interpolation: Double) -> [(photo: Int, item: DrawItem)] {
        input.sim.drawList(interpolation: interpolation).compactMap { item in
            guard case .photo(let p) = item.content else { return nil }
            return (p, item)
        }
    }

    func testARecycledSpriteIsNeverDrawnBlendedFromThePhotoItShowedBefore() {
        var input = ScriptedInput(photos: photoInfos(count: 3000), viewport: viewport)
        input.ticks(2)
        var recycled = 0
        var stray: [String] = []
        for step in 0..<240 {
            let before = input.world.grid.offset
            let had = input.world.cells.photos
            // Smooth wheel scrolling, six notches down every 20 ticks: nothing jumps, so kept
            // sprites blend; rows entering the margin take sprites from rows that left it.
            input.tick(step % 20 == 0 ? [wheel(-6)] : [])
            let now = input.world.grid.offset
            recycled += input.world.cells.photos.filter { !had.contains($0) }.count
            // Halfway between two ticks each photo is drawn between where its row was and is.
            for (p, item) in drawnCells(input, interpolation: 0.5) {
                let top = Double(p / 3) * pitch
                let (a, b) = (top - before, top - now)
                if item.frame.minY < min(a, b) - 1e-6 || item.frame.minY > max(a, b) + 1e-6
                    || abs(item.frame.minX - Double(p % 3) * pitch) > 1e-6
                {
                    stray.append(
                        "tick \(input.world.tick): photo \(p) drawn at \(item.frame), its row moved \(a) → \(b)")
                }
            }
        }
        XCTAssertGreaterThan(recycled, 60, "the scroll recycled sprites")
        XCTAssertEqual(stray, [])
    }

    func testSpritesGivenBackOnAResizeAreHiddenNotLeftWhereTheyWere() {
        var input = ScriptedInput(photos: photoInfos(count: 100), viewport: viewport)
        input.ticks(2)
        XCTAssertEqual(input.world.cells.photos, 0..<27)
        input.tick([.resize(Size(width: 200, height: 400))])
        // 200 pt: one column of 200 pt cells, 202 pt apart. Rows 0 and 1 reach into the 400 pt
        // window; rows 2 and 3 are the margin below it.
        XCTAssertEqual(input.world.cells.photos, 0..<4)
        let drawn = drawnCells(input, interpolation: 1).sorted { $0.photo < $1.photo }
        XCTAssertEqual(drawn.map(\.photo), [0, 1], "only the photos in the window are drawn")
        XCTAssertEqual(
            drawn.map(\.item.frame),
            [Rect(x: 0, y: 0, width: 200, height: 200), Rect(x: 0, y: 202, width: 200, height: 200)])
        XCTAssertEqual(input.world.cells.spare.count, 23)
        for e in input.world.cells.spare {
            XCTAssertTrue(input.world.scene[e].hidden, "spare sprite \(e.index) is hidden")
        }
    }

    func testARecycledSpriteIsCroppedForItsNewPhoto() {
        // Landscape and portrait in turn: with 3 columns, a sprite recycled from a row that left
        // the window often comes back for a photo of the other orientation.
        let sizes = (0..<900).map { $0 % 2 == 0 ? Size(width: 600, height: 400) : Size(width: 400, height: 600) }
        var input = ScriptedInput(photos: photoInfos(sizes), viewport: viewport)
        // The centred square of a 3:2 photo is its middle two thirds across; of a 2:3 one, down.
        let landscape = Rect(x: 1.0 / 6, y: 0, width: 2.0 / 3, height: 1)
        let portrait = Rect(x: 0, y: 1.0 / 6, width: 1, height: 2.0 / 3)
        var wrong: [String] = []
        var seen = Set<Int>()
        for step in 0..<300 {
            input.tick(step % 25 == 0 ? [wheel(-5)] : [])
            for (p, item) in drawnCells(input, interpolation: 1) {
                seen.insert(p)
                let expected = p % 2 == 0 ? landscape : portrait
                if item.crop.distance(to: expected) > 1e-12 {
                    wrong.append("tick \(input.world.tick): photo \(p) cropped \(item.crop)")
                }
            }
        }
        XCTAssertGreaterThan(seen.count, 60, "the scroll showed rows that came in on recycled sprites")
        XCTAssertEqual(wrong.prefix(5), [])
    }

    func testCellsFollowADraggingFingerWithoutAFrameOfLag() {
        var input = ScriptedInput(photos: photoInfos(count: 300), viewport: viewport)
        input.ticks(2)
        input.pointer(.down, Point(x: 200, y: 600))
        for i in 1...20 {
            input.pointer(.moved, Point(x: 200, y: 600 - Double(i) * 12))
            // 12 pt a tick is past the 8 pt slop at once, and the drag begins there: the content
            // follows the later moves, 12·(i − 1) pt up.
            let offset = Double(i - 1) * 12
            XCTAssertEqual(input.world.grid.offset, offset, accuracy: 1e-9)
            // Drawn at the newest position even with no interpolation toward it.
            for (p, item) in drawnCells(input, interpolation: 0) {
                XCTAssertEqual(
                    item.frame.minY, Double(p / 3) * pitch - offset, accuracy: 1e-9, "photo \(p) at move \(i)")
            }
        }
    }

    func testEverySpriteInThePoolIsNamedForThePhotoItShows() {
        var input = ScriptedInput(photos: photoInfos(count: 3000), viewport: viewport)
        for _ in 0..<10 {
            input.tick([wheel(-7)])
            input.ticks(10)
        }
        input.settleGrid()
        XCTAssertGreaterThan(input.world.cells.photos.lowerBound, 27, "every sprite has been recycled at least once")
        for photo in input.world.cells.photos {
            let sprite = input.world.sprite(.cell(photo: photo))
            XCTAssertEqual(sprite?.role, .cell(photo: photo))
            XCTAssertEqual(sprite?.content, .photo(photo))
        }
        for s in input.world.scene.sprites.compactMap({ $0 }) where !s.hidden {
            if case .cell(let photo) = s.role {
                XCTAssertTrue(input.world.cells.photos.contains(photo), "a shown cell sprite of photo \(photo)")
            }
        }
    }
}
