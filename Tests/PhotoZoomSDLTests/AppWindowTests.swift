import Foundation
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

    /// X's input method is given an empty Compose table, which PhotoZoom, reading no typed text,
    /// has no use for and which took 11-16 ms to parse; one the user names is kept.
    func testTheInputMethodIsGivenNoComposeTableUnlessTheUserNamesOne() throws {
        let before = ProcessInfo.processInfo.environment["XCOMPOSEFILE"]
        defer { if let before { setenv("XCOMPOSEFILE", before, 1) } else { unsetenv("XCOMPOSEFILE") } }
        unsetenv("XCOMPOSEFILE")
        _ = try AppWindow(title: "PhotoZoom test", size: Size(width: 320, height: 400))
        XCTAssertEqual(getenv("XCOMPOSEFILE").map { String(cString: $0) }, "/dev/null")
        setenv("XCOMPOSEFILE", "/home/someone/.XCompose", 1)
        _ = try AppWindow(title: "PhotoZoom test", size: Size(width: 320, height: 400))
        XCTAssertEqual(getenv("XCOMPOSEFILE").map { String(cString: $0) }, "/home/someone/.XCompose")
    }
}
