/// A moment where the recorded input under another tuning (B) goes otherwise than the
/// recording (A): a landing some milliseconds later, a dismissal that cancels instead of
/// finishing, a phase one reaches and the other does not.
public struct MomentDifference: Equatable, Sendable, Codable {
    /// B's tick of the moment; A's where B has none.
    public var tick: Int
    /// `landing in the pager 42 ms later`: what B does, against A.
    public var text: String

    public init(tick: Int, text: String) {
        self.tick = tick
        self.text = text
    }

    /// `tick 65 · landing in the pager 42 ms later`.
    public var label: String { "tick \(tick) · \(text)" }
}

/// Compares two sims driven by the same input, tick by tick, by their phase moves (an opening,
/// a landing, a dismissal let go): each move of A is paired with B's next, in order. A pair on
/// different ticks is a timing difference; a pair that leaves the same phase for different
/// ones is a different outcome, and what follows it is its consequence, so nothing more is
/// said until both rest in the same phase again.
public struct MomentComparison: Sendable {
    /// One sim's phase changing over a tick.
    struct PhaseMove: Equatable, Sendable {
        var tick: Int
        var from: ViewerPhase
        var to: ViewerPhase
    }

    /// The differences found so far; `atEnd` adds what is still unpaired.
    public private(set) var found: [MomentDifference] = []
    /// Each sim's phase after the last tick observed.
    private var phaseA: ViewerPhase, phaseB: ViewerPhase
    /// Each sim's moves not yet paired with the other's.
    private var unpairedA: [PhaseMove] = [], unpairedB: [PhaseMove] = []
    /// After a different outcome, until both rest in the same phase.
    private var apart = false
    private let tickRate: Double

    /// A comparison starting where `recording` starts.
    public init(_ recording: SessionRecording) {
        let start = (recording.header.state ?? recording.header.world).viewer.phase
        phaseA = start
        phaseB = start
        tickRate = recording.header.loop.tickRate
    }

    /// The differences between `recording` and its input replayed under `tuning`.
    public static func differences(_ recording: SessionRecording, comparedWith tuning: Tuning) -> [MomentDifference] {
        differences(recording, beside: .tuning(tuning))
    }

    /// Where `beside` goes otherwise than `recording`.
    public static func differences(_ recording: SessionRecording, beside: SessionReplay.Beside) -> [MomentDifference] {
        var comparison = MomentComparison(recording)
        _ = SessionReplay.run(recording, beside: beside) { comparison.observe($0, $1) }
        return comparison.atEnd
    }

    /// Notes the tick `a` (the recording) and `b` (under the other tuning) have just run.
    public mutating func observe(_ a: Simulation, _ b: Simulation) {
        let nowA = a.world.viewer.phase
        let nowB = b.world.viewer.phase
        defer {
            phaseA = nowA
            phaseB = nowB
        }
        let restingTogether = nowA == nowB && nowA.isRestPhase
        if apart {
            apart = !restingTogether
            return
        }
        if nowA != phaseA { unpairedA.append(PhaseMove(tick: a.world.tick, from: phaseA, to: nowA)) }
        if nowB != phaseB { unpairedB.append(PhaseMove(tick: b.world.tick, from: phaseB, to: nowB)) }
        while let first = unpairedA.first, let other = unpairedB.first {
            unpairedA.removeFirst()
            unpairedB.removeFirst()
            if first.from == other.from, first.to == other.to {
                if first.tick != other.tick {
                    found.append(MomentDifference(tick: other.tick, text: timing(other, against: first)))
                }
            } else {
                found.append(MomentDifference(tick: other.tick, text: Self.outcome(other, insteadOf: first)))
                unpairedA.removeAll()
                unpairedB.removeAll()
                apart = true
                return
            }
        }
        // Both resting in one phase with moves of one side unpaired: that side went round and
        // came back, and the other never left.
        if restingTogether, let lone = unpaired {
            found.append(lone)
            unpairedA.removeAll()
            unpairedB.removeAll()
        }
    }

    /// Every difference in the order found, once the replay has ended: a move of one sim the
    /// other never made by the end is one more.
    public var atEnd: [MomentDifference] { found + [unpaired].compactMap { $0 } }

    /// The first move only one side made: A's is missing from B, B's is B's own.
    private var unpaired: MomentDifference? {
        if let move = unpairedA.first { return MomentDifference(tick: move.tick, text: "no " + move.noun) }
        if let move = unpairedB.first { return MomentDifference(tick: move.tick, text: "extra " + move.noun) }
        return nil
    }

    /// `landing in the pager 42 ms later`.
    private func timing(_ b: PhaseMove, against a: PhaseMove) -> String {
        let milliseconds = Int((Double(abs(b.tick - a.tick)) * 1000 / tickRate).rounded())
        return "\(b.noun) \(milliseconds) ms \(b.tick > a.tick ? "later" : "earlier")"
    }

    /// `dismissal cancels instead of finishing`.
    static func outcome(_ b: PhaseMove, insteadOf a: PhaseMove) -> String {
        guard a.from == b.from, let subject = a.from.subject, let did = b.verb, let instead = a.verb else {
            return "\(b.noun) instead of \(a.noun)"
        }
        return "\(subject) \(did.present) instead of \(instead.gerund)"
    }

    /// A move as what the phase it leaves does, in two forms: `cancels`, `cancelling`.
    struct Verb: Equatable, Sendable {
        var present: String
        var gerund: String
        init(_ present: String, _ gerund: String) {
            self.present = present
            self.gerund = gerund
        }
    }
}

extension ViewerPhase {
    /// Where a person leaves it be: nothing flies or follows a finger.
    var isRestPhase: Bool { self == .grid || self == .pager }

    /// What moves out of this phase, in an outcome's words.
    var subject: String? {
        switch self {
        case .grid: nil
        case .presenting: "zoom-in"
        case .pager: "photo"
        case .dismissing(interactive: true): "dismissal"
        case .dismissing(interactive: false): "way home"
        }
    }
}

extension MomentComparison.PhaseMove {
    /// The move as a thing that happens: `landing in the pager`.
    var noun: String {
        switch (from, to) {
        case (.grid, .presenting): "opening"
        case (.presenting, .pager): "landing in the pager"
        case (.presenting, .dismissing(interactive: true)): "grab in flight"
        case (.presenting, .dismissing(interactive: false)): "turn back home"
        case (.pager, .dismissing(interactive: true)): "pick-up by a drag"
        case (.pager, .dismissing(interactive: false)): "dismissal"
        case (.dismissing(interactive: true), .presenting): "cancelled dismissal"
        case (.dismissing(interactive: true), .dismissing(interactive: false)): "dismissal let go"
        case (.dismissing(interactive: false), .grid): "landing in the grid"
        case (.dismissing(interactive: false), .dismissing(interactive: true)): "grab on the way home"
        default: "move from \(from.name) to \(to.name)"
        }
    }

    /// The move as what its subject (the phase it leaves) does.
    var verb: MomentComparison.Verb? {
        switch (from, to) {
        case (.presenting, .pager), (.dismissing(interactive: false), .grid): .init("lands", "landing")
        case (.presenting, .dismissing(interactive: true)),
            (.dismissing(interactive: false), .dismissing(interactive: true)):
            .init("is grabbed", "being grabbed")
        case (.presenting, .dismissing(interactive: false)): .init("turns back", "turning back")
        case (.pager, .dismissing(interactive: true)): .init("is picked up", "being picked up")
        case (.pager, .dismissing(interactive: false)): .init("goes home", "going home")
        case (.dismissing(interactive: true), .presenting): .init("cancels", "cancelling")
        case (.dismissing(interactive: true), .dismissing(interactive: false)): .init("finishes", "finishing")
        default: nil
        }
    }
}
