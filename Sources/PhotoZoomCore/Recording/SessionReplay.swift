/// Replays a recording with this build's systems and checks every recorded digest. This is how
/// a fix is proven: the session that showed the bug replays to the digest of the fixed state,
/// and one recorded before a change in behaviour says at which tick it first matters.
public enum SessionReplay {
    public enum Outcome: Equatable, Sendable {
        /// Every digest matched, through the `ticks` ticks replayed (a recording resumed from a
        /// state, as a bug report's is, counts from that state's tick).
        case verified(ticks: Int, digests: Int)
        case diverged(Divergence)
    }

    /// Where a replay first differs from its recording, and how.
    public struct Divergence: Equatable, Sendable {
        public var tick: Int
        public var recorded: String
        public var replayed: String
        /// The tick of the recorded state the differences are against: the first at or after
        /// `tick`; nil when the recording holds none after it.
        public var stateTick: Int?
        /// `key.path: recorded → replayed`, for each value that differs there.
        public var differences: [String]
    }

    public static func run(_ recording: SessionRecording) -> Outcome { run(recording, each: { _ in }) }

    /// Replays `recording`; `each` sees the sim after every tick, to draw frames from.
    public static func run(_ recording: SessionRecording, each: (Simulation) throws -> Void) rethrows -> Outcome {
        try run(recording, stepped: { sim, _ in try each(sim) })
    }

    /// Replays `recording`, checking its digests, and beside it the same input under `tuning`
    /// (B): `each` sees the recorded sim and B's after every tick. A reload of the recorded
    /// tuning is the recording's alone: B keeps its own throughout.
    public static func run(
        _ recording: SessionRecording, comparedWith tuning: Tuning, each: (Simulation, Simulation) throws -> Void
    ) rethrows -> Outcome {
        try run(recording, beside: .tuning(tuning), each: each)
    }

    /// What runs beside a replay, tick for tick: the recorded input under another tuning, or
    /// the other session of a recording of two compared, as it was recorded.
    public enum Beside: Equatable, Sendable {
        case tuning(Tuning)
        case recorded(SessionRecording)
    }

    /// Replays `recording`, checking its digests, with `beside` run to the same tick after each
    /// of its ticks; `each` sees both.
    public static func run(_ recording: SessionRecording, beside: Beside, each: (Simulation, Simulation) throws -> Void)
        rethrows -> Outcome
    {
        switch beside {
        case .tuning(let tuning):
            var other = startingSim(recording.header, tuning: tuning)
            return try run(
                recording,
                stepped: { sim, input in
                    other.step(input.filter { if case .tuningReloaded = $0 { return false } else { return true } })
                    try each(sim, other)
                })
        case .recorded(let b):
            var other = startingSim(b)
            var next = 0
            return try run(
                recording,
                stepped: { sim, _ in
                    // B's own input on its own ticks; a B the recording ends before stays where it ended.
                    while other.world.tick < min(sim.world.tick, b.lastTick) {
                        while next < b.ticks.count, b.ticks[next].tick <= other.world.tick { next += 1 }
                        let input =
                            next < b.ticks.count && b.ticks[next].tick == other.world.tick + 1
                            ? b.ticks[next].input ?? [] : []
                        other.step(input)
                    }
                    try each(sim, other)
                })
        }
    }

    /// The replay's loop: `stepped` sees the sim after each tick and the input it was given.
    private static func run(_ recording: SessionRecording, stepped each: (Simulation, [InputEvent]) throws -> Void)
        rethrows -> Outcome
    {
        var sim = startingSim(recording)
        let firstTick = sim.world.tick
        var digests = 1
        func digest() -> String { recordedDigest(of: sim, in: recording.header) }
        if digest() != recording.header.start {
            return .diverged(
                Divergence(
                    tick: 0, recorded: recording.header.start, replayed: digest(), stateTick: nil,
                    differences: ["the first frame's layout differs: a different build, library or window"]))
        }
        var divergence: Divergence?
        for (index, entry) in recording.ticks.enumerated() {
            while sim.world.tick < entry.tick - 1 {
                sim.step()
                try each(sim, [])
            }
            sim.step(entry.input ?? [])
            try each(sim, entry.input ?? [])
            let replayed = digest()
            if divergence == nil, replayed != entry.digest {
                divergence = Divergence(
                    tick: entry.tick, recorded: entry.digest, replayed: replayed, stateTick: nil, differences: [])
            }
            if var found = divergence {
                // The first recorded state at or after the divergence says how the states differ.
                guard let state = recording.state(at: index) else { continue }
                found.stateTick = entry.tick
                found.differences = changes(from: state, to: sim.world)
                return .diverged(found)
            }
            digests += 1
        }
        while sim.world.tick < recording.lastTick {
            sim.step()
            try each(sim, [])
        }
        if let divergence { return .diverged(divergence) }
        if let end = recording.end, digest() != end.digest {
            return .diverged(
                Divergence(tick: end.end, recorded: end.digest, replayed: digest(), stateTick: nil, differences: []))
        }
        return .verified(ticks: sim.world.tick - firstTick, digests: digests + (recording.end == nil ? 0 : 1))
    }

    /// The sim as the recording starts: resumed from the header's state, or laid out on tick 0.
    static func startingSim(_ recording: SessionRecording) -> Simulation {
        guard let state = recording.header.state else { return Simulation(world: recording.header.world) }
        return Simulation(resuming: state, messages: recording.startMessages)
    }

    /// The same under `tuning` in place of the recorded one; its digests are checked against nothing.
    static func startingSim(_ header: SessionHeader, tuning: Tuning) -> Simulation {
        var world = header.state ?? header.world
        world.tuning = tuning
        return header.state == nil ? Simulation(world: world) : Simulation(resuming: world)
    }

    /// The digest `header`'s recording holds for the state of `sim`, in the recording's format.
    static func recordedDigest(of sim: Simulation, in header: SessionHeader) -> String {
        if header.isFormatOne { return sim.formatOneDigest.description }
        return (header.digestsLibraryInOrder ? sim.formatTwoDigest : sim.digest).description
    }

    /// The digest a recording's header should start from, as the replay takes it.
    static func startDigest(of recording: SessionRecording) -> String {
        recordedDigest(of: startingSim(recording), in: recording.header)
    }

    /// `key.path: recorded → replayed` for every value that differs.
    static func changes(from recorded: World, to replayed: World) -> [String] {
        StateDump(of: recorded).changes(to: StateDump(of: replayed)).map {
            "\($0.key): \($0.old ?? "(absent)") → \($0.new ?? "(absent)")"
        }
    }
}

extension SessionRecording {
    /// The recorded input under `tuning` from the recording's start, its own reloads left out,
    /// as `SessionReplay.run(_:comparedWith:each:)` runs B: for a player (whose digests are
    /// the recording's, and do not hold).
    public func under(_ tuning: Tuning) -> SessionRecording {
        var b = self
        b.header.tuning = tuning
        b.header.state?.tuning = tuning
        b.ticks = ticks.map { entry in
            var entry = entry
            entry.input = entry.input?.filter { if case .tuningReloaded = $0 { return false } else { return true } }
            return entry
        }
        return b
    }
}
