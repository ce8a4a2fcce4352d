import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

final class SceneTests: XCTestCase {
    func testRenderInterpolatesBetweenThePreviousAndCurrentTick() {
        var input = ScriptedInput(photos: photoInfos(count: 200), viewport: Size(width: 390, height: 800))
        input.drag(from: Point(x: 50, y: 700), to: Point(x: 50, y: 400), ticks: 30)
        input.ticks(3)  // coasting: cells move every tick
        let half = input.sim.drawList(interpolation: 0.5)[0]
        guard case .photo(let index) = half.content else { return XCTFail("expected a photo cell") }
        let cell = input.world.sprite(.cell(photo: index))!
        XCTAssertNotEqual(cell.previous.frame.minY, cell.current.frame.minY)
        XCTAssertEqual(half.frame.minY, (cell.previous.frame.minY + cell.current.frame.minY) / 2, accuracy: 1e-9)
    }

    func testDrawListCullsOffscreenSpritesAndSortsByZ() {
        var scene = Scene()
        let bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        scene.spawn(
            Sprite(
                role: .cell(photo: 0), content: .photo(0), z: 5,
                visual: Visual(frame: Rect(x: 0, y: 0, width: 10, height: 10))))
        scene.spawn(
            Sprite(
                role: .cell(photo: 1), content: .photo(1), z: 1,
                visual: Visual(frame: Rect(x: 0, y: 0, width: 10, height: 10))))
        scene.spawn(
            Sprite(
                role: .cell(photo: 2), content: .photo(2), z: 0,
                visual: Visual(frame: Rect(x: 0, y: 200, width: 10, height: 10))))
        var hidden = Sprite(
            role: .cell(photo: 3), content: .photo(3), z: 9,
            visual: Visual(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        hidden.hidden = true
        scene.spawn(hidden)
        XCTAssertEqual(scene.drawList(interpolation: 1, bounds: bounds).map(\.content), [.photo(1), .photo(0)])
    }
}
