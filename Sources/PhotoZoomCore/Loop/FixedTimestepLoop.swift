/// Turns frame deltas into whole sim ticks. The sim advances only in fixed steps; whatever
/// time is left over becomes the interpolation alpha the renderer blends with.
public struct FixedTimestepLoop: Sendable {
    public let tickDuration: Double
    public let maxFrameDelta: Double
    public private(set) var accumulator: Double = 0

    public init(tickRate: Double, maxFrameDelta: Double) {
        tickDuration = 1 / tickRate
        self.maxFrameDelta = maxFrameDelta
    }

    public init(_ settings: LoopSettings) {
        self.init(tickRate: settings.tickRate, maxFrameDelta: settings.maxFrameDelta)
    }

    /// Adds a frame's elapsed time and returns how many ticks to run now. The delta is clamped
    /// so that after a stall (a debugger, a dragged window) the sim does not try to catch up.
    public mutating func advance(by frameDelta: Double) -> Int {
        let delta = Swift.min(Swift.max(frameDelta, 0), maxFrameDelta)
        accumulator += delta
        var ticks = 0
        // A frame of exactly 1/60 s must give exactly two 1/120 s ticks, so decimal rounding in
        // the deltas is forgiven by a millionth of a tick.
        while accumulator + tickDuration * 1e-6 >= tickDuration {
            accumulator = Swift.max(accumulator - tickDuration, 0)
            ticks += 1
        }
        return ticks
    }

    /// How far between the previous and the current sim state the present moment lies, 0…1.
    public var interpolationAlpha: Double { Swift.min(Swift.max(accumulator / tickDuration, 0), 1) }
}

/// A clock the loop can be driven by. The window uses the monotonic clock; tests and headless
/// modes use a virtual one, so the same frames always produce the same ticks.
public protocol FrameClock {
    /// Seconds since the previous call.
    mutating func nextFrameDelta() -> Double
}

/// A clock that advances by a fixed or scripted amount per frame.
struct VirtualClock: FrameClock {
    public var frameDurations: [Double]
    private var index = 0
    public init(frameDuration: Double) { frameDurations = [frameDuration] }
    public init(frameDurations: [Double]) { self.frameDurations = frameDurations }
    public mutating func nextFrameDelta() -> Double {
        defer { index += 1 }
        return frameDurations[index % frameDurations.count]
    }
}
