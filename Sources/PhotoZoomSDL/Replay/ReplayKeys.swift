import CSDL2
import PhotoZoomCore

/// The replay window's keys and pointer, in one table: the hint drawn under the timeline and
/// the line printed when the window opens are made from it, so they cannot drift from what
/// the keys do. Nothing here reaches the sim: a replay's input is the recording's.
public enum ReplayKeys {
    public struct Binding: Equatable {
        public let caps: String
        public let action: String
    }

    public static let bindings: [Binding] = [
        Binding(caps: "space", action: "play/pause"),
        Binding(caps: "← →", action: "tick"),
        Binding(caps: "⇧← →", action: "moment"),
        Binding(caps: "home end", action: "start/end"),
        Binding(caps: "S", action: "speed"),
        Binding(caps: "drag", action: "scrub"),
        Binding(caps: "Q", action: "close"),
    ]

    /// `space play/pause · ← → tick · …`
    public static var hint: String { bindings.map { "\($0.caps) \($0.action)" }.joined(separator: " · ") }

    /// What one SDL event asks of the replay window.
    public enum Output: Equatable {
        case control(ReplayControl)
        case quit
        /// The window's content was lost, or its size changed: draw again.
        case redraw
    }

    /// Tracks whether the mouse button is down, so only a held button drags.
    public struct Translator {
        private var mouseDown = false
        public init() {}

        public mutating func translate(_ event: SDL_Event) -> Output? {
            switch SDL_EventType(event.type) {
            case SDL_QUIT:
                return .quit
            case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT):
                mouseDown = true
                return .control(.press(Point(x: Double(event.button.x), y: Double(event.button.y))))
            case SDL_MOUSEMOTION where mouseDown:
                return .control(.drag(Point(x: Double(event.motion.x), y: Double(event.motion.y))))
            case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT) && mouseDown:
                mouseDown = false
                return .control(.release)
            case SDL_KEYDOWN:
                let shift = event.key.keysym.mod & UInt16(KMOD_SHIFT.rawValue) != 0
                return ReplayKeys.output(for: event.key.keysym.sym, shift: shift, isRepeat: event.key.repeat != 0)
            case SDL_WINDOWEVENT:
                switch SDL_WindowEventID(UInt32(event.window.event)) {
                case SDL_WINDOWEVENT_FOCUS_LOST:
                    guard mouseDown else { return nil }
                    mouseDown = false
                    return .control(.release)
                case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN,
                    SDL_WINDOWEVENT_RESTORED,
                    SDL_WINDOWEVENT_MAXIMIZED:
                    return .redraw
                default:
                    return nil
                }
            default:
                return nil
            }
        }
    }

    /// A key's output; a held key repeats only the steps.
    static func output(for sym: SDL_Keycode, shift: Bool, isRepeat: Bool) -> Output? {
        switch Int(sym) {
        case Int(SDLK_LEFT.rawValue): return .control(shift ? .jumpToMoment(forward: false) : .step(-1))
        case Int(SDLK_RIGHT.rawValue): return .control(shift ? .jumpToMoment(forward: true) : .step(1))
        case _ where isRepeat: return nil
        case Int(SDLK_SPACE.rawValue): return .control(.togglePlay)
        case Int(SDLK_HOME.rawValue): return .control(.toStart)
        case Int(SDLK_END.rawValue): return .control(.toEnd)
        case Int(SDLK_s.rawValue): return .control(.cycleSpeed)
        case Int(SDLK_q.rawValue), Int(SDLK_ESCAPE.rawValue): return .quit
        default: return nil
        }
    }
}
