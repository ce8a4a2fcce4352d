/// Keeps the loop near the sim rate instead of spinning a core: it sleeps out what is left of a
/// frame, unless the frame's present already waited for the display (vsync) for the most of it.
/// A driver that says it waits but returns at once is paced all the same.
public struct FramePacer {
    private let frameNanoseconds: UInt64
    private var start: UInt64

    /// The first frame starts at `now`.
    public init(framesPerSecond: Double, at now: UInt64) {
        frameNanoseconds = UInt64(1e9 / framesPerSecond)
        start = now
    }

    /// Ends this frame and starts the next, asleep on `clock` for what is left of it.
    /// `presentWaitsForVSync`: the frame was presented to a renderer that says it waits for
    /// vsync; taken at its word only when the frame did take half its share of time or more.
    public mutating func endFrame<Clock: WallClock>(presentWaitsForVSync: Bool = false, clock: inout Clock) {
        let elapsed = clock.now() &- start
        let pacedByTheDisplay = presentWaitsForVSync && elapsed >= frameNanoseconds / 2
        if !pacedByTheDisplay, elapsed < frameNanoseconds { clock.sleep(until: start + frameNanoseconds) }
        start = clock.now()
    }
}
