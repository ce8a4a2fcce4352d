import Foundation

/// Turns a running sim into a session's lines, tick by tick. Pure: the platform writes the
/// lines where it likes and flushes them as it must.
public struct SessionRecorder {
    /// A tick without input still gets a digest line this often, so a replay checks the
    /// motion between inputs too.
    public static let digestInterval = 30
    /// The whole state goes with a digest this often, for a readable diff where a replay
    /// differs.
    public static let stateInterval = 240
    /// A library of more photos than this has its whole state written that many times less
    /// often: a state holds every photo, and one of 200,000 every 240 ticks was a 16 MB line
    /// encoded every two seconds, which the window's cores spent more on than on its frames.
    /// The bytes of states per tick stay those of a library this size.
    public static let statePhotos = 1_000

    /// Ticks between whole states for a library of `photos`.
    public static func stateInterval(photos: Int) -> Int { stateInterval * max(1, photos / statePhotos) }

    private let encoder: JSONEncoder
    private var lastState = 0
    /// Marks every line but the header's (which says it itself) as this side's: "B" in a
    /// recording of two sessions compared.
    private let side: String?

    public init(side: String? = nil) {
        self.side = side
        encoder = JSONEncoder()
        // Keys sorted: the same state writes the same line.
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    }

    public func headerLine(_ header: SessionHeader) throws -> String { try line(header) }

    /// The line for the tick `sim` has just run with `input`, if that tick gets one.
    public mutating func line(after sim: Simulation, input: [InputEvent]) throws -> String? {
        let tick = sim.world.tick
        guard !input.isEmpty || tick % Self.digestInterval == 0 else { return nil }
        var entry = SessionTick(
            tick: tick, input: input.isEmpty ? nil : input, digest: sim.digest.description, side: side)
        if tick - lastState >= Self.stateInterval(photos: sim.world.photos.count) {
            entry.state = sim.world
            lastState = tick
        }
        return try line(entry)
    }

    public func endLine(_ sim: Simulation) throws -> String {
        try line(SessionEnd(end: sim.world.tick, digest: sim.digest.description, side: side))
    }

    private func line<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
