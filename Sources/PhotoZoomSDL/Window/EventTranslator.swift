import CSDL2
import PhotoZoomCore

/// Turns SDL events into the core's input events. Mouse and touch become the same pointer
/// events in points; touch-synthesized mouse events are dropped so a finger is never handled
/// twice; losing focus cancels whatever pointers are down. Holds only the finger → id map.
public struct EventTranslator {
    public enum Output: Equatable {
        case input(InputEvent)
        case quit
        /// The window's content was lost or shown anew (exposed, restored): draw it again
        /// even though nothing in the scene changed.
        case redraw
        /// Show or hide an overlay of the window's own; nothing the sim sees.
        case toggle(Overlay)
        /// Start or stop recording the session.
        case toggleRecording
        /// Write a bug report.
        case bugReport
        /// Comparing two tunings: the next of both sides, A only, B only driven.
        case switchSide
    }

    public enum Overlay: Equatable {
        case help, debug
    }

    /// SDL_TOUCH_MOUSEID: mouse events SDL made up from touches.
    static let touchMouseID = UInt32.max
    private var fingerIDs: [SDL_FingerID: Int] = [:]
    private var mouseDown = false

    public init() {}

    /// `windowSize` is in points (SDL's window coordinates), needed because touch positions
    /// arrive normalised to 0…1. `modState` is SDL_GetModState() at the time of the event.
    public mutating func translate(_ event: SDL_Event, windowSize: Size, modState: SDL_Keymod) -> [Output] {
        let mods = Self.modifiers(modState)
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            return [.quit]
        case SDL_MOUSEBUTTONDOWN
        where event.button.which != Self.touchMouseID && event.button.button == UInt8(SDL_BUTTON_LEFT):
            guard !mouseDown else { return [] }
            mouseDown = true
            return [
                mouse(.down, Double(event.button.x), Double(event.button.y), mods, clicks: Int(event.button.clicks))
            ]
        case SDL_MOUSEBUTTONUP
        where event.button.which != Self.touchMouseID && event.button.button == UInt8(SDL_BUTTON_LEFT):
            guard mouseDown else { return [] }
            mouseDown = false
            return [mouse(.up, Double(event.button.x), Double(event.button.y), mods, clicks: Int(event.button.clicks))]
        case SDL_MOUSEMOTION where event.motion.which != Self.touchMouseID:
            // Hover means nothing to the interaction; only a held button moves a pointer.
            guard mouseDown else { return [] }
            return [mouse(.moved, Double(event.motion.x), Double(event.motion.y), mods)]
        case SDL_MOUSEWHEEL where event.wheel.which != Self.touchMouseID:
            let flip: Float = event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            let position = Point(x: Double(event.wheel.mouseX), y: Double(event.wheel.mouseY))
            return [
                .input(
                    .wheel(
                        dx: Double(event.wheel.preciseX * flip), dy: Double(event.wheel.preciseY * flip),
                        position: position, modifiers: mods))
            ]
        case SDL_FINGERDOWN:
            // A finger SDL says went down again without lifting: end the old one first, so no
            // pointer is ever left stuck down.
            let stale =
                fingerIDs.removeValue(forKey: event.tfinger.fingerId).map {
                    [finger($0, .cancelled, event.tfinger, windowSize, mods)]
                } ?? []
            let id = (1...).first { !fingerIDs.values.contains($0) }!
            fingerIDs[event.tfinger.fingerId] = id
            return stale + [finger(id, .down, event.tfinger, windowSize, mods)]
        case SDL_FINGERMOTION:
            guard let id = fingerIDs[event.tfinger.fingerId] else { return [] }
            return [finger(id, .moved, event.tfinger, windowSize, mods)]
        case SDL_FINGERUP:
            guard let id = fingerIDs.removeValue(forKey: event.tfinger.fingerId) else { return [] }
            return [finger(id, .up, event.tfinger, windowSize, mods)]
        case SDL_KEYDOWN:
            // The modifiers held when the key went down, not when its event is read: a batch of
            // events read at once (a busy frame) took Ctrl+Q's Control as already let go.
            let mods = Self.modifiers(SDL_Keymod(UInt32(event.key.keysym.mod)))
            // Ctrl+Q and Ctrl+W close the window, as they do a desktop program's, repeat or
            // not: SDL calls a press a repeat when its own state has the key down already, and
            // a key-up it missed left one Ctrl+Q taken for a held key and ignored.
            if Self.quits(event.key.keysym.sym, mods) { return [.quit] }
            if let output = Self.developerKey(event.key.keysym.sym, mods, isRepeat: event.key.repeat != 0) {
                return [output]
            }
            guard let key = Self.key(event.key.keysym.sym) else { return [] }
            return [.input(.key(key, modifiers: mods))]
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED:
                return [.input(.resize(Size(width: Double(event.window.data1), height: Double(event.window.data2))))]
            case SDL_WINDOWEVENT_FOCUS_LOST, SDL_WINDOWEVENT_HIDDEN, SDL_WINDOWEVENT_MINIMIZED:
                fingerIDs.removeAll()
                mouseDown = false
                return [.input(.focusLost)]
            case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED, SDL_WINDOWEVENT_MAXIMIZED:
                return [.redraw]
            default:
                return []
            }
        default:
            return []
        }
    }

    private func mouse(_ phase: PointerPhase, _ x: Double, _ y: Double, _ mods: Modifiers, clicks: Int = 1) -> Output {
        .input(
            .pointer(
                PointerEvent(
                    id: 0, source: .mouse, phase: phase, position: Point(x: x, y: y), modifiers: mods,
                    clicks: max(clicks, 1))))
    }

    private func finger(_ id: Int, _ phase: PointerPhase, _ f: SDL_TouchFingerEvent, _ size: Size, _ mods: Modifiers)
        -> Output
    {
        let p = Point(x: Double(f.x) * size.width, y: Double(f.y) * size.height)
        return .input(.pointer(PointerEvent(id: id, source: .touch, phase: phase, position: p, modifiers: mods)))
    }

    static func modifiers(_ m: SDL_Keymod) -> Modifiers {
        var out: Modifiers = []
        if m.rawValue & KMOD_SHIFT.rawValue != 0 { out.insert(.shift) }
        if m.rawValue & KMOD_CTRL.rawValue != 0 { out.insert(.control) }
        if m.rawValue & KMOD_ALT.rawValue != 0 { out.insert(.alt) }
        return out
    }

    /// Whether the key closes the window: Ctrl+Q or Ctrl+W, Alt not held.
    static func quits(_ sym: SDL_Keycode, _ mods: Modifiers) -> Bool {
        mods.contains(.control) && !mods.contains(.alt)
            && (sym == SDL_Keycode(SDLK_q.rawValue) || sym == SDL_Keycode(SDLK_w.rawValue))
    }

    /// The developer keys, as the help's table binds them: slow motion, pause and step go to
    /// the sim as input (so they are recorded); the overlays are the window's. A held key
    /// repeats only the step.
    static func developerKey(_ sym: SDL_Keycode, _ mods: Modifiers, isRepeat: Bool) -> Output? {
        switch HelpOverlay.command(for: sym, modifiers: mods) {
        case .step: return .input(.developer(.step))
        case _ where isRepeat: return nil
        case .slowMotion: return .input(.developer(.cycleSlowMotion))
        case .pause: return .input(.developer(.togglePause))
        case .debug: return .toggle(.debug)
        case .help: return .toggle(.help)
        case .record: return .toggleRecording
        case .bugReport: return .bugReport
        case .switchSide: return .switchSide
        case nil: return nil
        }
    }

    static func key(_ sym: SDL_Keycode) -> Key? {
        switch Int(sym) {
        case Int(SDLK_LEFT.rawValue): return .left
        case Int(SDLK_RIGHT.rawValue): return .right
        case Int(SDLK_UP.rawValue): return .up
        case Int(SDLK_DOWN.rawValue): return .down
        case Int(SDLK_HOME.rawValue): return .home
        case Int(SDLK_END.rawValue): return .end
        case Int(SDLK_PAGEUP.rawValue): return .pageUp
        case Int(SDLK_PAGEDOWN.rawValue): return .pageDown
        case Int(SDLK_ESCAPE.rawValue): return .escape
        case Int(SDLK_BACKSPACE.rawValue): return .backspace
        case Int(SDLK_RETURN.rawValue): return .enter
        case Int(SDLK_SPACE.rawValue): return .space
        // `+` is Shift-`=` on most layouts; either zooms in, as in a browser.
        case Int(SDLK_PLUS.rawValue), Int(SDLK_EQUALS.rawValue), Int(SDLK_KP_PLUS.rawValue): return .plus
        case Int(SDLK_MINUS.rawValue), Int(SDLK_KP_MINUS.rawValue): return .minus
        default: return nil
        }
    }
}
