/// A recording as a sim that can stand at any of its ticks: what the replay window plays,
/// steps and scrubs. Seeking re-simulates, so every tick shown is one the systems computed, not
/// a stored picture; a copy of the sim kept every so often (it is a value) means a seek
/// re-simulates at most one interval, not the whole session.
public struct SessionPlayer: Sendable {
    /// The tick the recording starts at: 0, or where F5 began it mid-session.
    public let firstTick: Int
    public let lastTick: Int
    public private(set) var sim: Simulation
    private let inputs: [Int: [InputEvent]]
    /// `checkpoints[k]` is the sim at `firstTick + k * interval`, kept as playing or seeking
    /// first passes it.
    private var checkpoints: [Simulation]
    private let interval: Int

    /// By default at most 1,024 copies are kept, whatever the session's length, so their memory
    /// stays bounded and a seek re-simulates at most a thousandth of the session; and they are
    /// at least 240 ticks apart, so a short session's seek re-simulates two seconds at most.
    public init(_ recording: SessionRecording, keepingAtMost copies: Int = 1024, apart shortestInterval: Int = 240) {
        let start = SessionReplay.startingSim(recording)
        var inputs: [Int: [InputEvent]] = [:]
        for entry in recording.ticks { if let input = entry.input { inputs[entry.tick] = input } }
        self.inputs = inputs
        firstTick = start.world.tick
        lastTick = max(recording.lastTick, firstTick)
        sim = start
        checkpoints = [start]
        let span = lastTick - firstTick
        interval = max(shortestInterval, 1, (span + copies - 1) / max(copies, 1))
    }

    public var tick: Int { sim.world.tick }
    public var atEnd: Bool { tick >= lastTick }

    /// The input the recording stamped for `tick`.
    public func input(at tick: Int) -> [InputEvent] { inputs[tick] ?? [] }

    /// Runs the next tick with its recorded input; at the end, does nothing.
    public mutating func step() {
        guard !atEnd else { return }
        sim.step(input(at: tick + 1))
        let offset = tick - firstTick
        if offset % interval == 0, offset / interval == checkpoints.count { checkpoints.append(sim) }
    }

    /// Stands at `target` (clamped to the recording): from the nearest kept copy at or before
    /// it, never further back than the current tick when that is nearer.
    public mutating func seek(to target: Int) {
        let target = min(max(target, firstTick), lastTick)
        let k = min((target - firstTick) / interval, checkpoints.count - 1)
        if target < tick || firstTick + k * interval > tick { sim = checkpoints[k] }
        while tick < target { step() }
    }

    /// Plays from the start to the end, showing `each` the sim after every tick, and stands at
    /// the start again with every copy kept.
    public mutating func playThrough(_ each: (Simulation) -> Void) {
        seek(to: firstTick)
        while !atEnd {
            step()
            each(sim)
        }
        seek(to: firstTick)
    }
}
