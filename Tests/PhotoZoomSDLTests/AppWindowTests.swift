import Foundation
import PhotoZoomCore
@testable import PhotoZoomSDL
import XCTest

/// The window itself, under the offscreen driver the tests ask for.
final class AppWindowTests: XCTestCase {
    func testAWindowAskedForSmallerThanTheChromeFitsOpensAtTheMinimum() throws {
        let window = try AppWindow(title: "PhotoZoom test", size: Size(width: 100, height: 100))
        XCTAssertEqual(window.sizeInPoints, Size(width: 320, height: 400))
        XCTAssertEqual(AppWindow.minimumSize, Size(width: 320, height: 400))
    }

    /// X's input method is given an empty Compose table, which PhotoZoom, reading no typed text,
    /// has no use for and which is slow to parse; one the user names is kept. Only for
    /// X11: Wayland's xkbcommon reads the same variable and complains of /dev/null at every start.
    func testTheInputMethodIsGivenNoComposeTableOnlyOnX11() throws {
        XCTAssertTrue(AppWindow.skipsComposeTable(["DISPLAY": ":1"]))
        XCTAssertTrue(AppWindow.skipsComposeTable(["DISPLAY": ":1", "SDL_VIDEODRIVER": "x11"]))
        XCTAssertTrue(AppWindow.skipsComposeTable(["DISPLAY": ":1", "WAYLAND_DISPLAY": "wayland-0", "SDL_VIDEODRIVER": "x11,wayland"]))
        XCTAssertFalse(AppWindow.skipsComposeTable(["DISPLAY": ":1", "WAYLAND_DISPLAY": "wayland-0", "SDL_VIDEODRIVER": "wayland"]))
        XCTAssertFalse(AppWindow.skipsComposeTable(["WAYLAND_DISPLAY": "wayland-0"]), "no X display: SDL opens Wayland")
        XCTAssertFalse(AppWindow.skipsComposeTable(["DISPLAY": ":1", "XCOMPOSEFILE": "/home/someone/.XCompose"]), "the user's own is kept")
        // The tests' offscreen driver is no X11: the window leaves the variable alone.
        let before = ProcessInfo.processInfo.environment["XCOMPOSEFILE"]
        defer { if let before { setenv("XCOMPOSEFILE", before, 1) } else { unsetenv("XCOMPOSEFILE") } }
        unsetenv("XCOMPOSEFILE")
        _ = try AppWindow(title: "PhotoZoom test", size: Size(width: 320, height: 400))
        XCTAssertNil(getenv("XCOMPOSEFILE"))
    }
}
