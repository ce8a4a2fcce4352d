import CSDL2
import Foundation
import PhotoZoomCore
import XCTest

@testable import PhotoZoomSDL

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
        XCTAssertTrue(
            AppWindow.skipsComposeTable([
                "DISPLAY": ":1", "WAYLAND_DISPLAY": "wayland-0", "SDL_VIDEODRIVER": "x11,wayland",
            ]))
        XCTAssertFalse(
            AppWindow.skipsComposeTable(["DISPLAY": ":1", "WAYLAND_DISPLAY": "wayland-0", "SDL_VIDEODRIVER": "wayland"])
        )
        XCTAssertFalse(AppWindow.skipsComposeTable(["WAYLAND_DISPLAY": "wayland-0"]), "no X display: SDL opens Wayland")
        XCTAssertFalse(
            AppWindow.skipsComposeTable(["DISPLAY": ":1", "XCOMPOSEFILE": "/home/someone/.XCompose"]),
            "the user's own is kept")
        // The tests' offscreen driver is no X11: the window leaves the variable alone.
        let before = ProcessInfo.processInfo.environment["XCOMPOSEFILE"]
        defer { if let before { setenv("XCOMPOSEFILE", before, 1) } else { unsetenv("XCOMPOSEFILE") } }
        unsetenv("XCOMPOSEFILE")
        _ = try AppWindow(title: "PhotoZoom test", size: Size(width: 320, height: 400))
        XCTAssertNil(getenv("XCOMPOSEFILE"))
    }

    /// Ctrl+Q through the window's real event path (issue 33, item 22): once, late in a long
    /// session, `xdotool key ctrl+q` did not quit and the next Ctrl+Q did. SDL flags a key press
    /// as a repeat when its own key state says the key is already down, which a missed key-up
    /// leaves behind; the first Ctrl+Q was then taken for a held key and ignored, and its own
    /// key-up set SDL's state right. Only the event's own modifiers say whether Control is held.
    func testControlQQuitsByTheKeysOwnModifiersWhateverTheTrackedState() throws {
        let window = try AppWindow(title: "PhotoZoom test", size: Size(width: 393, height: 700))
        _ = window.poll()
        defer { SDL_SetModState(KMOD_NONE) }
        func push(_ events: SDL_Event...) { for var event in events { XCTAssertEqual(SDL_PushEvent(&event), 1) } }
        let q = SDL_KeyCode(SDLK_q.rawValue)
        let control = SDL_KeyCode(SDLK_LCTRL.rawValue)

        // Control went down and its key-up never came (SDL's state still holds it); focus went.
        SDL_SetModState(KMOD_LCTRL)
        push(
            EventTranslatorTests.keyDown(control, KMOD_LCTRL),
            EventTranslatorTests.windowEvent(SDL_WINDOWEVENT_FOCUS_LOST),
            EventTranslatorTests.keyDown(q))
        var polled = window.poll()
        XCTAssertFalse(polled.quit, "a plain q after the focus went is no Ctrl+Q")
        XCTAssertEqual(polled.events, [.focusLost])

        // The tracked state missed Control's key-down; the key's own modifiers have it.
        SDL_SetModState(KMOD_NONE)
        push(EventTranslatorTests.keyDown(q, KMOD_LCTRL))
        XCTAssertTrue(window.poll().quit, "Ctrl+Q, by the event's own modifiers")

        // SDL's state still held q down from a key-up it missed: the press comes flagged a repeat.
        push(EventTranslatorTests.keyDown(q, KMOD_LCTRL, repeating: true))
        polled = window.poll()
        XCTAssertTrue(polled.quit, "Ctrl+Q that SDL took for a held key")
    }
}
