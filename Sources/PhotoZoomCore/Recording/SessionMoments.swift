/// A moment in a session worth a look: where a timeline puts its markers and a contact sheet
/// its frames. Read off the recorded input and the replayed phases, so the same recording
/// always gives the same moments.
public struct SessionMoment: Equatable, Sendable, Codable {
    public enum Kind: String, Equatable, Sendable, Codable, CaseIterable {
        /// A pointer went down (a mouse button or a finger).
        case press
        /// A pointer came up, or was cancelled.
        case release
        /// A flight came to rest: the zoom-in in the pager, or the way home in the grid.
        case landing
        case resize
        case tuningReload
    }

    public var tick: Int
    public var kind: Kind
    /// The phase after the tick.
    public var phase: ViewerPhase

    public init(tick: Int, kind: Kind, phase: ViewerPhase) {
        self.tick = tick
        self.kind = kind
        self.phase = phase
    }

    /// `tick 120 · press · pager`: what a contact sheet writes under the frame.
    public var label: String { "tick \(tick) · \(kind.words) · \(phase.name)" }
}

extension SessionMoment.Kind {
    public var words: String {
        switch self {
        case .press: "press"
        case .release: "release"
        case .landing: "landing"
        case .resize: "resize"
        case .tuningReload: "tuning reload"
        }
    }
}

extension ViewerPhase {
    /// The phase in a word or two, for labels.
    public var name: String {
        switch self {
        case .grid: "grid"
        case .presenting: "presenting"
        case .pager: "pager"
        case .dismissing(interactive: true): "dragging"
        case .dismissing(interactive: false): "dismissing"
        }
    }
}

/// Collects a session's moments while it replays: feed it the sim after every tick.
public struct SessionMoments: Sendable {
    public private(set) var all: [SessionMoment] = []
    private let inputs: [Int: [InputEvent]]
    private var phase: ViewerPhase

    public init(_ recording: SessionRecording) {
        var inputs: [Int: [InputEvent]] = [:]
        for entry in recording.ticks { if let input = entry.input { inputs[entry.tick] = input } }
        self.inputs = inputs
        phase = recording.header.world.viewer.phase
    }

    /// Notes what happened in the tick `sim` has just run.
    public mutating func observe(_ sim: Simulation) {
        let tick = sim.world.tick
        let now = sim.world.viewer.phase
        func note(_ kind: SessionMoment.Kind) {
            if all.last?.tick != tick || all.last?.kind != kind {
                all.append(SessionMoment(tick: tick, kind: kind, phase: now))
            }
        }
        for event in inputs[tick] ?? [] {
            switch event {
            case .pointer(let p) where p.phase == .down: note(.press)
            case .pointer(let p) where p.phase == .up || p.phase == .cancelled: note(.release)
            case .resize: note(.resize)
            case .tuningReloaded: note(.tuningReload)
            default: break
            }
        }
        switch (phase, now) {
        case (.presenting, .pager), (.dismissing(interactive: false), .grid): note(.landing)
        default: break
        }
        phase = now
    }
}
