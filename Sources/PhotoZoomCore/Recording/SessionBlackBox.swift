/// The window's flight recorder: the session so far, kept in memory from the first tick, so a
/// bug report holds a recording of what led up to it though nobody pressed record. Memory is
/// bounded: the lines are kept in two segments, and when the newer one is full the older is
/// dropped and a new one starts from the whole state there. The recording a report gets then
/// starts mid-session, at the older segment's start: the last one to two segments' worth.
public struct SessionBlackBox {
    private struct Segment: Sendable {
        /// The world the segment starts from, and whether that is mid-session (a header with
        /// the whole state) or the session's first tick.
        let start: World
        let midSession: Bool
        var lines: [String] = []
        var bytes = 0
    }

    /// A segment is full after this many ticks or bytes of lines, whichever comes first.
    public let segmentTicks: Int
    public let segmentBytes: Int
    private var older: Segment?
    private var newer: Segment
    private var recorder = SessionRecorder()

    /// Starts at `world` as it is before the first input (tick 0 of a session).
    public init(world: World, segmentTicks: Int, segmentBytes: Int) {
        self.segmentTicks = max(segmentTicks, 1)
        self.segmentBytes = max(segmentBytes, 1)
        newer = Segment(start: world, midSession: world.tick > 0)
    }

    /// After each tick: keeps its line, if it gets one, and starts a new segment when the
    /// current one is full.
    public mutating func record(_ sim: Simulation, input: [InputEvent]) {
        if sim.world.tick - newer.start.tick >= segmentTicks || newer.bytes >= segmentBytes {
            older = newer
            newer = Segment(start: sim.world, midSession: true)
            recorder = SessionRecorder()
            // The tick that starts the segment is in its header's state; its line, if it had
            // input, belongs to the segment before.
        }
        guard let line = try? recorder.line(after: sim, input: input) else { return }
        if sim.world.tick == newer.start.tick, newer.midSession {
            older?.lines.append(line)
            older?.bytes += line.utf8.count
            return
        }
        newer.lines.append(line)
        newer.bytes += line.utf8.count
    }

    /// The recording so far, ending at `sim` with a footer: a header made by `header` from the
    /// world it starts at (the caller knows the app, platform and photo hashes), then every
    /// kept line.
    public func recording(endingAt sim: Simulation, header: (World, _ midSession: Bool) -> SessionHeader) throws
        -> String
    {
        let first = older ?? newer
        var text = try recorder.headerLine(header(first.start, first.midSession))
        for line in (older?.lines ?? []) + newer.lines { text += line }
        return text + (try recorder.endLine(sim))
    }

    /// The bytes of lines held: each segment stops growing at the first line that reaches
    /// `segmentBytes`.
    public var keptBytes: Int { (older?.bytes ?? 0) + newer.bytes }

    /// The tick the kept recording starts at.
    public var firstTick: Int { (older ?? newer).start.tick }
}
