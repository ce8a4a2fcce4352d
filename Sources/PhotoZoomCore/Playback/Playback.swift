/// How fast the loop feeds ticks to the sim against the wall clock: slow motion and pause, as
/// the iOS Simulator's Slow Animations. Part of the state, and changed only by input events,
/// so a recording replays at the pace it was made; no system reads it, since a tick is the
/// same tick at any pace.
public struct Playback: Hashable, Sendable, Codable {
    public internal(set) var slowMotion: SlowMotion = .off
    /// No ticks run but the one each step asks for.
    public internal(set) var paused = false

    public init() {}

    /// Sim seconds per wall second.
    public var speed: Double { slowMotion.speed }
}

/// The slow-motion settings a person cycles through.
public enum SlowMotion: String, Hashable, Sendable, Codable, CaseIterable {
    case off, quarter, tenth

    public var speed: Double {
        switch self {
        case .off: return 1
        case .quarter: return 0.25
        case .tenth: return 0.1
        }
    }

    /// ×1 → ×0.25 → ×0.1 → ×1.
    public var next: SlowMotion {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// As a person reads it: ×1, ×0.25, ×0.1.
    public var label: String {
        switch self {
        case .off: return "×1"
        case .quarter: return "×0.25"
        case .tenth: return "×0.1"
        }
    }
}

/// What a developer key asks of the loop's pace.
public enum DeveloperControl: String, Hashable, Sendable, Codable {
    case cycleSlowMotion
    case togglePause
    /// Run one tick and stay paused (pausing first when running).
    case step
}
