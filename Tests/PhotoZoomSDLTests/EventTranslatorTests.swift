import CSDL2
import PhotoZoomCore
import XCTest

@testable import PhotoZoomSDL

/// SDL events built by hand, as SDL would deliver them, fed through the translator.
final class EventTranslatorTests: XCTestCase {
    static let window = Size(width: 400, height: 800)

    // MARK: Event builders

    static func mouseButton(
        _ type: SDL_EventType, _ x: Int32, _ y: Int32, which: UInt32 = 0, button: Int32 = SDL_BUTTON_LEFT,
        clicks: UInt8 = 1
    ) -> SDL_Event {
        var e = SDL_Event()
        e.type = type.rawValue
        e.button.which = which
        e.button.button = UInt8(button)
        e.button.x = x
        e.button.y = y
        e.button.clicks = clicks
        return e
    }

    func testAnExposedOrRestoredWindowAsksForARedraw() {
        var t = EventTranslator()
        for id in [SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_RESTORED] {
            var e = SDL_Event()
            e.type = SDL_WINDOWEVENT.rawValue
            e.window.event = UInt8(id.rawValue)
            XCTAssertEqual(t.translate(e, windowSize: Self.window, modState: KMOD_NONE), [.redraw], "\(id)")
        }
    }

    func testTheDesktopsClickCountReachesTheSim() {
        var t = EventTranslator()
        let events = Self.pointers(
            Self.run(
                [
                    Self.mouseButton(SDL_MOUSEBUTTONDOWN, 5, 5, clicks: 2),
                    Self.mouseButton(SDL_MOUSEBUTTONUP, 5, 5, clicks: 2),
                ], &t))
        XCTAssertEqual(events.map(\.clicks), [2, 2])
    }

    static func mouseMotion(_ x: Int32, _ y: Int32, which: UInt32 = 0) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_MOUSEMOTION.rawValue
        e.motion.which = which
        e.motion.x = x
        e.motion.y = y
        return e
    }

    /// A finger at (x, y) in points, delivered normalised to the window as SDL does.
    static func finger(_ type: SDL_EventType, id: Int64, _ x: Double, _ y: Double, window: Size = window) -> SDL_Event {
        var e = SDL_Event()
        e.type = type.rawValue
        e.tfinger.touchId = 1
        e.tfinger.fingerId = SDL_FingerID(id)
        e.tfinger.x = Float(x / window.width)
        e.tfinger.y = Float(y / window.height)
        return e
    }

    static func windowEvent(_ id: SDL_WindowEventID, _ data1: Int32 = 0, _ data2: Int32 = 0) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_WINDOWEVENT.rawValue
        e.window.event = UInt8(id.rawValue)
        e.window.data1 = data1
        e.window.data2 = data2
        return e
    }

    static func wheel(
        preciseX: Float = 0, preciseY: Float, flipped: Bool = false, at x: Int32 = 150, _ y: Int32 = 300,
        which: UInt32 = 0
    ) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_MOUSEWHEEL.rawValue
        e.wheel.which = which
        // The integer fields are rounded; the translator must use the precise ones.
        e.wheel.x = Int32(preciseX.rounded(.towardZero))
        e.wheel.y = Int32(preciseY.rounded(.towardZero))
        e.wheel.preciseX = preciseX
        e.wheel.preciseY = preciseY
        e.wheel.direction = flipped ? SDL_MOUSEWHEEL_FLIPPED.rawValue : SDL_MOUSEWHEEL_NORMAL.rawValue
        e.wheel.mouseX = x
        e.wheel.mouseY = y
        return e
    }

    static func event(_ type: SDL_EventType) -> SDL_Event {
        var e = SDL_Event()
        e.type = type.rawValue
        return e
    }

    /// A key pressed with `m` held (the event's own modifiers), a held key's repeat if `repeating`.
    static func keyDown(_ sym: SDL_KeyCode, _ m: SDL_Keymod = KMOD_NONE, repeating: Bool = false) -> SDL_Event {
        var e = event(SDL_KEYDOWN)
        e.key.keysym.sym = SDL_Keycode(sym.rawValue)
        e.key.keysym.mod = UInt16(m.rawValue)
        e.key.repeat = repeating ? 1 : 0
        return e
    }

    // MARK: Helpers

    /// Translates `events` in order and returns every output.
    static func run(_ events: [SDL_Event], _ t: inout EventTranslator, modState: SDL_Keymod = KMOD_NONE)
        -> [EventTranslator.Output]
    {
        events.flatMap { t.translate($0, windowSize: window, modState: modState) }
    }

    static func pointers(_ outputs: [EventTranslator.Output]) -> [PointerEvent] {
        outputs.compactMap { if case .input(.pointer(let p)) = $0 { return p } else { return nil } }
    }

    func assertPositions(_ a: [PointerEvent], _ b: [PointerEvent], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.count, b.count, file: file, line: line)
        for (p, q) in zip(a, b) {
            XCTAssertEqual(p.position.x, q.position.x, accuracy: 1e-3, file: file, line: line)
            XCTAssertEqual(p.position.y, q.position.y, accuracy: 1e-3, file: file, line: line)
        }
    }

    static let path: [(Double, Double)] = [(100, 200), (110, 230), (125, 275), (125, 275)]

    // MARK: Mouse and touch

    func testMouseAndTouchDragGiveTheSamePointerPhasesAndPositionsInPoints() {
        var t = EventTranslator()
        let p = Self.path
        let mouse = Self.pointers(
            Self.run(
                [
                    Self.mouseButton(SDL_MOUSEBUTTONDOWN, Int32(p[0].0), Int32(p[0].1)),
                    Self.mouseMotion(Int32(p[1].0), Int32(p[1].1)),
                    Self.mouseMotion(Int32(p[2].0), Int32(p[2].1)),
                    Self.mouseButton(SDL_MOUSEBUTTONUP, Int32(p[3].0), Int32(p[3].1)),
                ], &t))
        let touch = Self.pointers(
            Self.run(
                [
                    Self.finger(SDL_FINGERDOWN, id: 42, p[0].0, p[0].1),
                    Self.finger(SDL_FINGERMOTION, id: 42, p[1].0, p[1].1),
                    Self.finger(SDL_FINGERMOTION, id: 42, p[2].0, p[2].1),
                    Self.finger(SDL_FINGERUP, id: 42, p[3].0, p[3].1),
                ], &t))

        XCTAssertEqual(mouse.map(\.phase), [.down, .moved, .moved, .up])
        XCTAssertEqual(touch.map(\.phase), mouse.map(\.phase))
        assertPositions(touch, mouse)
        XCTAssertEqual(mouse.map(\.position), p.map { Point(x: $0.0, y: $0.1) }, "mouse positions are already points")
        // Only who made them differs.
        XCTAssertEqual(Set(mouse.map(\.id)), [0])
        XCTAssertEqual(Set(mouse.map(\.source)), [.mouse])
        XCTAssertEqual(Set(touch.map(\.id)), [1])
        XCTAssertEqual(Set(touch.map(\.source)), [.touch])
    }

    func testTouchPositionsScaleWithTheWindowSize() {
        var t = EventTranslator()
        var e = Self.finger(SDL_FINGERDOWN, id: 1, 0, 0)
        e.tfinger.x = 0.25
        e.tfinger.y = 0.5
        let out = Self.pointers(t.translate(e, windowSize: Size(width: 1000, height: 600), modState: KMOD_NONE))
        XCTAssertEqual(out.map(\.position), [Point(x: 250, y: 300)])
    }

    func testTouchSynthesizedMouseEventsProduceNothing() {
        XCTAssertEqual(EventTranslator.touchMouseID, UInt32.max, "SDL_TOUCH_MOUSEID is (Uint32)-1")
        var t = EventTranslator()
        let synthesized = [
            Self.mouseButton(SDL_MOUSEBUTTONDOWN, 10, 20, which: UInt32.max),
            Self.mouseMotion(30, 40, which: UInt32.max),
            Self.mouseButton(SDL_MOUSEBUTTONUP, 30, 40, which: UInt32.max),
            Self.wheel(preciseY: 1, which: UInt32.max),
        ]
        for e in synthesized {
            XCTAssertEqual(t.translate(e, windowSize: Self.window, modState: KMOD_NONE), [], "event type \(e.type)")
        }
        // The synthesized press did not leave the mouse held: real hover is still nothing.
        XCTAssertEqual(Self.run([Self.mouseMotion(50, 60)], &t), [])
    }

    func testTouchInterleavedWithItsSynthesizedMouseEventsIsOnePointerSequence() {
        var t = EventTranslator()
        let p = Self.path
        var events: [SDL_Event] = []
        events.append(Self.finger(SDL_FINGERDOWN, id: 7, p[0].0, p[0].1))
        events.append(Self.mouseButton(SDL_MOUSEBUTTONDOWN, Int32(p[0].0), Int32(p[0].1), which: UInt32.max))
        for q in p[1...2] {
            events.append(Self.finger(SDL_FINGERMOTION, id: 7, q.0, q.1))
            events.append(Self.mouseMotion(Int32(q.0), Int32(q.1), which: UInt32.max))
        }
        events.append(Self.finger(SDL_FINGERUP, id: 7, p[3].0, p[3].1))
        events.append(Self.mouseButton(SDL_MOUSEBUTTONUP, Int32(p[3].0), Int32(p[3].1), which: UInt32.max))

        let out = Self.run(events, &t)
        let pointers = Self.pointers(out)
        XCTAssertEqual(out.count, pointers.count, "only pointer events")
        XCTAssertEqual(pointers.map(\.phase), [.down, .moved, .moved, .up])
        XCTAssertEqual(Set(pointers.map(\.id)), [1])
        XCTAssertEqual(Set(pointers.map(\.source)), [.touch])
    }

    func testHoverWithoutAPressProducesNothing() {
        var t = EventTranslator()
        XCTAssertEqual(Self.run([Self.mouseMotion(10, 10), Self.mouseMotion(20, 25)], &t), [], "hover")
        XCTAssertEqual(Self.run([Self.mouseButton(SDL_MOUSEBUTTONUP, 20, 25)], &t), [], "a release without a press")
        XCTAssertEqual(
            Self.run(
                [Self.mouseButton(SDL_MOUSEBUTTONDOWN, 20, 25, button: SDL_BUTTON_RIGHT), Self.mouseMotion(30, 30)], &t),
            [],
            "the right button is no pointer")
        XCTAssertEqual(Self.run([Self.mouseButton(SDL_MOUSEBUTTONUP, 30, 30, button: SDL_BUTTON_RIGHT)], &t), [])

        // A held left button moves the pointer; after the release motion is hover again.
        let held = Self.pointers(
            Self.run(
                [
                    Self.mouseButton(SDL_MOUSEBUTTONDOWN, 30, 30), Self.mouseMotion(35, 40),
                    Self.mouseButton(SDL_MOUSEBUTTONUP, 35, 40), Self.mouseMotion(50, 50),
                ], &t))
        XCTAssertEqual(held.map(\.phase), [.down, .moved, .up])
        XCTAssertEqual(held.map(\.position), [Point(x: 30, y: 30), Point(x: 35, y: 40), Point(x: 35, y: 40)])
    }

    func testSecondFingerGetsIdTwoAndIdsAreReusedAfterRelease() {
        var t = EventTranslator()
        func ids(_ e: SDL_EventType, _ finger: Int64) -> [Int] {
            Self.pointers(Self.run([Self.finger(e, id: finger, 100, 100)], &t)).map(\.id)
        }
        // SDL's finger ids are arbitrary numbers; ours count from 1.
        XCTAssertEqual(ids(SDL_FINGERDOWN, 9001), [1])
        XCTAssertEqual(ids(SDL_FINGERDOWN, 17), [2])
        XCTAssertEqual(ids(SDL_FINGERMOTION, 9001), [1])
        XCTAssertEqual(ids(SDL_FINGERMOTION, 17), [2])
        XCTAssertEqual(ids(SDL_FINGERUP, 9001), [1])
        // The lowest free id is reused; the finger still down keeps its own.
        XCTAssertEqual(ids(SDL_FINGERDOWN, 555), [1])
        XCTAssertEqual(ids(SDL_FINGERMOTION, 17), [2])
        XCTAssertEqual(ids(SDL_FINGERDOWN, 556), [3])
        XCTAssertEqual(ids(SDL_FINGERUP, 17), [2])
        XCTAssertEqual(ids(SDL_FINGERUP, 555), [1])
        XCTAssertEqual(ids(SDL_FINGERDOWN, 9001), [1])
        XCTAssertEqual(ids(SDL_FINGERDOWN, 4), [2])
        // A finger SDL never said was down is nobody.
        XCTAssertEqual(ids(SDL_FINGERMOTION, 12345), [])
        XCTAssertEqual(ids(SDL_FINGERUP, 12345), [])
    }

    // MARK: Window

    func testFocusLostCancelsAndLaterEventsOfEarlierPointersAreIgnored() {
        var t = EventTranslator()
        XCTAssertEqual(
            Self.pointers(
                Self.run(
                    [Self.finger(SDL_FINGERDOWN, id: 5, 10, 10), Self.mouseButton(SDL_MOUSEBUTTONDOWN, 50, 50)], &t)
            ).count, 2)
        XCTAssertEqual(Self.run([Self.windowEvent(SDL_WINDOWEVENT_FOCUS_LOST)], &t), [.input(.focusLost)])
        // The finger and the button that were down before are gone for the translator too.
        XCTAssertEqual(
            Self.run([Self.finger(SDL_FINGERMOTION, id: 5, 20, 20)], &t), [], "motion of a finger down before the loss")
        XCTAssertEqual(Self.run([Self.finger(SDL_FINGERUP, id: 5, 20, 20)], &t), [])
        XCTAssertEqual(Self.run([Self.mouseMotion(60, 60), Self.mouseButton(SDL_MOUSEBUTTONUP, 60, 60)], &t), [])
        // New touches start again from id 1.
        XCTAssertEqual(Self.pointers(Self.run([Self.finger(SDL_FINGERDOWN, id: 6, 10, 10)], &t)).map(\.id), [1])
    }

    func testHiddenAndMinimizedCancelLikeFocusLost() {
        for id in [SDL_WINDOWEVENT_HIDDEN, SDL_WINDOWEVENT_MINIMIZED] {
            var t = EventTranslator()
            _ = Self.run([Self.finger(SDL_FINGERDOWN, id: 5, 10, 10)], &t)
            XCTAssertEqual(Self.run([Self.windowEvent(id)], &t), [.input(.focusLost)], "window event \(id.rawValue)")
            XCTAssertEqual(Self.run([Self.finger(SDL_FINGERMOTION, id: 5, 20, 20)], &t), [])
        }
    }

    func testSizeChangedGivesResizeInPointsAndOtherWindowEventsNothing() {
        var t = EventTranslator()
        XCTAssertEqual(
            Self.run([Self.windowEvent(SDL_WINDOWEVENT_SIZE_CHANGED, 640, 480)], &t),
            [.input(.resize(Size(width: 640, height: 480)))])
        XCTAssertEqual(
            Self.run(
                [Self.windowEvent(SDL_WINDOWEVENT_MOVED, 10, 10), Self.windowEvent(SDL_WINDOWEVENT_FOCUS_GAINED)], &t),
            [])
    }

    func testQuitGivesQuit() {
        var t = EventTranslator()
        XCTAssertEqual(Self.run([Self.event(SDL_QUIT)], &t), [.quit])
    }

    /// Ctrl+Q and Ctrl+W close the window as a desktop program's; without Control (or with Alt
    /// too) they are no shortcut of ours. A press SDL flags as a repeat closes it too: SDL's key
    /// state, stale after a missed key-up, is what makes the flag.
    func testControlQAndControlWQuit() {
        var t = EventTranslator()
        func key(_ sym: SDL_KeyCode, _ m: SDL_Keymod, repeating: Bool = false) -> [EventTranslator.Output] {
            t.translate(Self.keyDown(sym, m, repeating: repeating), windowSize: Self.window, modState: m)
        }
        XCTAssertEqual(key(SDLK_q, KMOD_LCTRL), [.quit])
        XCTAssertEqual(key(SDLK_w, KMOD_RCTRL), [.quit])
        XCTAssertEqual(key(SDLK_q, KMOD_NONE), [])
        XCTAssertEqual(key(SDLK_w, SDL_Keymod(KMOD_LCTRL.rawValue | KMOD_LALT.rawValue)), [])
        XCTAssertEqual(key(SDLK_q, KMOD_LCTRL, repeating: true), [.quit])
        // Read in a batch after Control was let go: the key's own modifiers count, not the
        // keyboard's state when the event is read.
        XCTAssertEqual(
            t.translate(Self.keyDown(SDLK_q, KMOD_LCTRL), windowSize: Self.window, modState: KMOD_NONE), [.quit])
    }

    // MARK: Wheel, modifiers, keys

    func testWheelUsesThePreciseAmountAndThePointerPosition() {
        var t = EventTranslator()
        XCTAssertEqual(
            Self.run([Self.wheel(preciseX: -0.25, preciseY: 1.5, at: 150, 300)], &t),
            [.input(.wheel(dx: -0.25, dy: 1.5, position: Point(x: 150, y: 300), modifiers: []))])
        // A trackpad's fraction of a notch, whose integer amount is 0, still scrolls.
        XCTAssertEqual(
            Self.run([Self.wheel(preciseY: 0.375)], &t),
            [.input(.wheel(dx: 0, dy: 0.375, position: Point(x: 150, y: 300), modifiers: []))])
    }

    func testFlippedWheelDirectionNegatesTheAmount() {
        var t = EventTranslator()
        XCTAssertEqual(
            Self.run([Self.wheel(preciseX: 0.5, preciseY: 1.5, flipped: true)], &t),
            [.input(.wheel(dx: -0.5, dy: -1.5, position: Point(x: 150, y: 300), modifiers: []))])
    }

    func testModifierKeysBecomeModifiers() {
        var t = EventTranslator()
        func wheelModifiers(_ m: SDL_Keymod) -> Modifiers? {
            if case .input(.wheel(_, _, _, let mods))? = t.translate(
                Self.wheel(preciseY: 1), windowSize: Self.window, modState: m
            ).first {
                return mods
            }
            return nil
        }
        XCTAssertEqual(wheelModifiers(KMOD_LCTRL), [.control])
        XCTAssertEqual(wheelModifiers(KMOD_RCTRL), [.control])
        XCTAssertEqual(wheelModifiers(KMOD_NONE), [])
        XCTAssertEqual(wheelModifiers(SDL_Keymod(KMOD_LSHIFT.rawValue | KMOD_RALT.rawValue)), [.shift, .alt])
        XCTAssertEqual(wheelModifiers(SDL_Keymod(KMOD_NUM.rawValue | KMOD_CAPS.rawValue)), [], "locks are no modifiers")

        // Pointers carry them too.
        let press = Self.pointers(
            t.translate(Self.mouseButton(SDL_MOUSEBUTTONDOWN, 1, 1), windowSize: Self.window, modState: KMOD_LALT))
        XCTAssertEqual(press.map(\.modifiers), [[.alt]])
        let touch = Self.pointers(
            t.translate(Self.finger(SDL_FINGERDOWN, id: 3, 1, 1), windowSize: Self.window, modState: KMOD_LCTRL))
        XCTAssertEqual(touch.map(\.modifiers), [[.control]])
    }

    func testKnownKeysBecomeKeyEventsAndOthersNothing() {
        var t = EventTranslator()
        func key(_ sym: SDL_KeyCode, _ m: SDL_Keymod = KMOD_NONE) -> [EventTranslator.Output] {
            t.translate(Self.keyDown(sym, m), windowSize: Self.window, modState: m)
        }
        XCTAssertEqual(key(SDLK_LEFT), [.input(.key(.left, modifiers: []))])
        XCTAssertEqual(key(SDLK_ESCAPE), [.input(.key(.escape, modifiers: []))])
        XCTAssertEqual(key(SDLK_HOME, KMOD_LSHIFT), [.input(.key(.home, modifiers: [.shift]))])
        XCTAssertEqual(key(SDLK_END, KMOD_LCTRL), [.input(.key(.end, modifiers: [.control]))])
        XCTAssertEqual(key(SDLK_PAGEUP), [.input(.key(.pageUp, modifiers: []))])
        XCTAssertEqual(key(SDLK_PAGEDOWN), [.input(.key(.pageDown, modifiers: []))])
        XCTAssertEqual(key(SDLK_a), [])
    }

    /// The grid's zoom keys: `+` is Shift-`=` on most layouts, so `=` zooms in too, and both
    /// keypad keys count.
    func testPlusEqualsMinusAndTheKeypadsZoomKeysBecomeTheZoomKeys() {
        var t = EventTranslator()
        func key(_ sym: SDL_KeyCode, _ m: SDL_Keymod = KMOD_NONE) -> [EventTranslator.Output] {
            t.translate(Self.keyDown(sym, m), windowSize: Self.window, modState: m)
        }
        XCTAssertEqual(key(SDLK_EQUALS, KMOD_LSHIFT), [.input(.key(.plus, modifiers: [.shift]))])
        XCTAssertEqual(key(SDLK_EQUALS), [.input(.key(.plus, modifiers: []))])
        XCTAssertEqual(key(SDLK_PLUS), [.input(.key(.plus, modifiers: []))])
        XCTAssertEqual(key(SDLK_KP_PLUS), [.input(.key(.plus, modifiers: []))])
        XCTAssertEqual(key(SDLK_MINUS, KMOD_LCTRL), [.input(.key(.minus, modifiers: [.control]))])
        XCTAssertEqual(key(SDLK_KP_MINUS), [.input(.key(.minus, modifiers: []))])
    }

    /// Slow motion, pause and step reach the sim as input; the overlays stay the window's. A
    /// held key repeats only the step, and ctrl or alt with a letter is left alone.
    func testDeveloperKeys() {
        var t = EventTranslator()
        func key(_ sym: SDL_KeyCode, _ m: SDL_Keymod = KMOD_NONE, repeating: Bool = false) -> [EventTranslator.Output] {
            t.translate(Self.keyDown(sym, m, repeating: repeating), windowSize: Self.window, modState: m)
        }
        XCTAssertEqual(key(SDLK_s), [.input(.developer(.cycleSlowMotion))])
        XCTAssertEqual(key(SDLK_p), [.input(.developer(.togglePause))])
        XCTAssertEqual(key(SDLK_PERIOD), [.input(.developer(.step))])
        XCTAssertEqual(key(SDLK_PERIOD, repeating: true), [.input(.developer(.step))], "holding the step key steps on")
        XCTAssertEqual(key(SDLK_p, repeating: true), [], "holding pause does not flicker it")
        XCTAssertEqual(key(SDLK_d), [.toggle(.debug)])
        XCTAssertEqual(key(SDLK_F1), [.toggle(.help)])
        XCTAssertEqual(key(SDLK_SLASH, KMOD_LSHIFT), [.toggle(.help)], "? on a US layout")
        XCTAssertEqual(key(SDLK_SLASH), [])
        XCTAssertEqual(key(SDLK_s, KMOD_LCTRL), [], "ctrl+S is not slow motion")
        XCTAssertEqual(key(SDLK_F5), [.toggleRecording])
        XCTAssertEqual(key(SDLK_F5, repeating: true), [], "holding F5 does not start and stop")
    }
}
