import PhotoZoomCore
import PhotoZoomSDL
import XCTest

/// The window itself, under the offscreen driver the tests ask for.
final class AppWindowTests: XCTestCase {
    func testAWindowAskedForSmallerThanTheChromeFitsOpensAtTheMinimum() throws {
        let window = try AppWindow(title: "PhotoZoom test", size: Size(width: 100, height: 100))
        XCTAssertEqual(window.sizeInPoints, Size(width: 320, height: 400))
        XCTAssertEqual(AppWindow.minimumSize, Size(width: 320, height: 400))
    }
}
