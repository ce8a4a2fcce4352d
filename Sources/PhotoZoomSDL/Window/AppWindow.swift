import CSDL2
import Foundation
import PhotoZoomCore

/// Why the window could not open. `noDisplay` is the usual one on a headless machine.
public enum WindowError: Error, CustomStringConvertible {
    case noDisplay(String)
    case failed(SDLError)
    public var description: String {
        switch self {
        case .noDisplay(let reason):
            return "no display available (\(reason)); use `photozoom snapshot --out grid.png` to render headless"
        case .failed(let e): return "\(e)"
        }
    }
}

/// The SDL window and its renderer: opening, event polling, sizes in points and pixels, present.
public final class AppWindow {
    let window: OpaquePointer
    public let renderer: OpaquePointer
    /// The renderer waits for vertical sync; without it the loop paces itself.
    public let hasVSync: Bool
    private var translator = EventTranslator()
    /// Wakes a `poll` that is waiting, from any thread.
    public let wakeSignal: WakeSignal
    /// SDL's video drivers that open no visible window ("evdev" is the dummy driver with
    /// keyboard input from /dev/input).
    static let invisibleDrivers: Set<String> = ["offscreen", "dummy", "evdev"]

    /// The smallest window the chrome fits in without overlapping: the back button and the
    /// counter side by side, the top bar, a row of cells and the tab bar one above another.
    public static let minimumSize = Size(width: 320, height: 400)

    /// Which renderer draws it, and how (see `RendererChoice`).
    let rendererChoice: RendererChoice
    /// The window is on screen; one made hidden waits for `show`.
    public private(set) var isShown: Bool

    /// Whether SDL will open X11 (a display named, and no other driver asked for first), where
    /// the Compose table may be skipped. Wayland's xkbcommon reads the same variable and says
    /// it cannot read /dev/null as a Compose file, at every start.
    static func skipsComposeTable(_ environment: [String: String]) -> Bool {
        guard environment["XCOMPOSEFILE"] == nil, !(environment["DISPLAY"] ?? "").isEmpty else { return false }
        let asked = (environment["SDL_VIDEODRIVER"] ?? "").split(separator: ",").first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        return asked == nil || asked == "x11"
    }

    /// A window made `hidden` is drawn into only once `show` puts it on screen: it can open
    /// with its first picture rather than with a blank one.
    public init(title: String, size: Size, hidden: Bool = false) throws {
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "1")
        // Nothing here reads typed text, so X's input method needs no Compose table: parsing
        // the locale's (thousands of lines) was a large part of opening the display. A table
        // the user names is left as it is.
        if Self.skipsComposeTable(ProcessInfo.processInfo.environment) { setenv("XCOMPOSEFILE", "/dev/null", 0) }
        // Mesa keeps compiled shaders in the user's cache folder, with four threads of its own:
        // a full disk there ended the program (SIGBUS) as the renderer was made. The renderer
        // compiles a few small shaders, quickly, on a GPU or not. A choice the user made stands.
        setenv("MESA_SHADER_CACHE_DISABLE", "true", 0)
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            throw WindowError.noDisplay(String(cString: SDL_GetError()))
        }
        // With no X11, Wayland or KMSDRM display, SDL falls back to a driver that draws nowhere
        // and the window would wait, unseen, for a close that never comes. Those drivers are
        // only useful when asked for by name, as the tests do.
        let asked = SDL_GetHint(SDL_HINT_VIDEODRIVER).map { String(cString: $0) } ?? ""
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        if asked.isEmpty, Self.invisibleDrivers.contains(driver) {
            SDL_Quit()
            throw WindowError.noDisplay("no X11, Wayland or KMSDRM display; SDL fell back to its \(driver) driver")
        }
        let centred = Int32(bitPattern: 0x2FFF_0000)  // SDL_WINDOWPOS_CENTERED
        let flags =
            SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
            | (hidden ? SDL_WINDOW_HIDDEN.rawValue : 0)
        guard let window = SDL_CreateWindow(title, centred, centred, Int32(size.width), Int32(size.height), flags)
        else {
            throw WindowError.failed(SDLError("cannot create the window"))
        }
        // SDL also grows a window asked for smaller than this.
        SDL_SetWindowMinimumSize(window, Int32(Self.minimumSize.width), Int32(Self.minimumSize.height))
        self.window = window
        isShown = !hidden
        rendererChoice = RendererChoice.forWindow(window)
        guard let renderer = rendererChoice.makeRenderer(for: window) else {
            SDL_DestroyWindow(window)
            throw WindowError.failed(SDLError("cannot create a renderer"))
        }
        self.renderer = renderer
        wakeSignal = WakeSignal(type: SDL_RegisterEvents(1))
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        // SDL's software renderer says it waits for vertical sync whatever it draws into; into X
        // shared memory nothing waits, and the loop paces itself.
        hasVSync = rendererChoice == .accelerated && info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        SDL_Quit()
    }

    /// The drawable area in points (SDL's window coordinates).
    public var sizeInPoints: Size {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return Size(width: Double(w), height: Double(h))
    }

    /// Pixels per point: 2 on a 2× screen. Logic stays in points; drawing uses pixels.
    public var pixelScale: Double {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        let points = sizeInPoints
        return points.width > 0 && w > 0 ? Double(w) / points.width : 1
    }

    /// What one poll gathered.
    public struct Polled {
        public var events: [InputEvent] = []
        /// Overlays to show or hide, in the order their keys were pressed.
        public var toggles: [EventTranslator.Overlay] = []
        /// Another thread sent `wakeSignal`.
        public var woken = false
        /// F5 was pressed this many times.
        public var recordingToggles = 0
        /// F6 was pressed.
        public var bugReport = false
        /// Tab was pressed this many times.
        public var sideSwitches = 0
        /// The window was closed.
        public var quit = false
        /// The window must be drawn again though the scene did not change.
        public var redraw = false
        public init(events: [InputEvent] = []) { self.events = events }
    }

    /// Every pending event, translated. With `wait` > 0 and nothing pending, sleeps up to that
    /// many seconds for the first event instead of returning at once.
    public func poll(wait: Double = 0) -> Polled {
        var polled = Polled()
        for event in pendingEvents(wait: wait) {
            if event.type == wakeSignal.type {
                polled.woken = true
                continue
            }
            for output in translator.translate(event, windowSize: sizeInPoints, modState: SDL_GetModState()) {
                switch output {
                case .input(let e): polled.events.append(e)
                case .quit: polled.quit = true
                case .redraw: polled.redraw = true
                case .toggle(let overlay): polled.toggles.append(overlay)
                case .toggleRecording: polled.recordingToggles += 1
                case .bugReport: polled.bugReport = true
                case .switchSide: polled.sideSwitches += 1
                }
            }
        }
        return polled
    }

    /// Every pending SDL event as it came, for a window with controls of its own (the
    /// replay's); `wait` as for `poll`.
    public func pendingEvents(wait: Double = 0) -> [SDL_Event] {
        var events: [SDL_Event] = []
        var event = SDL_Event()
        var have = wait > 0 ? SDL_WaitEventTimeout(&event, Int32(wait * 1000)) != 0 : SDL_PollEvent(&event) != 0
        while have {
            events.append(event)
            have = SDL_PollEvent(&event) != 0
        }
        return events
    }

    public func present() { SDL_RenderPresent(renderer) }

    /// Whether a quit (Ctrl-C, the window closed) waits in the event queue; the queue is left as
    /// it is, for `poll`.
    public var quitRequested: Bool {
        SDL_PumpEvents()
        return SDL_PeepEvents(nil, 0, SDL_PEEKEVENT, SDL_QUIT.rawValue, SDL_QUIT.rawValue) > 0
    }

    /// Asks the window's loop to end, as a close does, from any thread (Ctrl-C's handler); false
    /// when no window's events are set up yet to take it.
    public static func postQuit() -> Bool {
        guard SDL_WasInit(SDL_INIT_EVENTS) != 0 else { return false }
        var quit = SDL_Event()
        quit.type = SDL_QUIT.rawValue
        return SDL_PushEvent(&quit) == 1
    }

    /// Puts a window made hidden on screen.
    public func show() {
        guard !isShown else { return }
        SDL_ShowWindow(window)
        isShown = true
    }
}

extension AppWindow.Polled: FramePoll {}

extension AppWindow: FrameInput {
    /// SDL's wait, on SDL's clock: a window's poll is woken by its events, whatever the clock.
    public func poll<Clock: WallClock>(wait: Double, clock: inout Clock) -> Polled { poll(wait: wait) }
    public var presentWaitsForVSync: Bool { hasVSync }
}
