import Foundation
import PhotoZoomCore

/// The debug overlay's memory: the last two seconds of the transition sprite (fed once per sim
/// tick) and the last frames' costs (fed once per drawn frame), in fixed-size ring buffers so a
/// window left open for hours holds no more than one left open for a second.
///
/// It reads the world through public API only, like any observer outside the core.
public struct DebugHistory: Equatable {
    /// How far back the traces reach, in seconds of sim time.
    public static let seconds = 2.0

    /// One tick's view of the transition sprite.
    struct Sample: Equatable {
        /// The sprite's centre y in points; nil when no transition sprite exists.
        var centreY: Double?
        /// The sprite's width over the width of its photo fitted to the window (1 = the pager's
        /// size); nil when no transition sprite exists.
        var scale: Double?
        /// The pager background's alpha: 0 in the grid, 1 in the pager, the flight's between.
        var background: Double
    }

    /// What the readout's text says, from the last recorded tick.
    struct Latest: Equatable {
        var tick: Int
        var phase: ViewerPhase
        var currentIndex: Int
        var photoCount: Int
        var viewport: Size
    }

    /// Ticks per second of the sim being recorded; sets how many ticks make `seconds`.
    public private(set) var tickRate: Double
    private(set) var samples: RingBuffer<Sample>
    /// Seconds per frame and seconds of ticks per frame, as the loop measured them.
    private(set) var frameCosts: RingBuffer<Double>
    private(set) var tickCosts: RingBuffer<Double>
    private var latest: Latest?

    public init(tickRate: Double = LoopSettings().tickRate) {
        self.tickRate = tickRate
        let capacity = Self.capacity(tickRate: tickRate)
        samples = RingBuffer(capacity: capacity)
        frameCosts = RingBuffer(capacity: capacity)
        tickCosts = RingBuffer(capacity: capacity)
    }

    /// Ticks in `seconds` at `tickRate`: 240 at 120 Hz. At least one, and bounded, whatever
    /// rate a settings file asked for.
    static func capacity(tickRate: Double) -> Int {
        let ticks = (seconds * tickRate).rounded()
        return ticks.isFinite && ticks >= 1 ? Int(min(ticks, 100_000)) : 1
    }

    /// How many ticks (and frames) the history holds at most.
    public var capacity: Int { samples.capacity }
    /// How many ticks it holds now.
    public var count: Int { samples.count }

    /// Records the world after a tick. A world ticking at another rate than the history was
    /// made for starts the history afresh at that rate, so two seconds stay two seconds.
    public mutating func record(_ world: World) {
        if world.clock.rate != tickRate { self = DebugHistory(tickRate: world.clock.rate) }
        let viewer = world.viewer
        var sample = Sample(centreY: nil, scale: nil, background: viewer.backgroundAlpha)
        if let t = viewer.transition {
            sample.centreY = t.frame.center.y
            let photo = world.photos.indices.contains(t.photo) ? world.photos[t.photo].pixelSize : world.viewport
            let fit = world.bounds.aspectFit(photo)
            sample.scale = fit.width > 0 ? t.frame.width / fit.width : nil
        }
        samples.append(sample)
        latest = Latest(
            tick: world.tick, phase: viewer.phase, currentIndex: viewer.currentIndex,
            photoCount: world.photos.count, viewport: world.viewport)
    }

    /// Records one drawn frame: its whole wall time and the part of it the sim's ticks took.
    public mutating func recordFrame(frameSeconds: Double, tickSeconds: Double) {
        frameCosts.append(frameSeconds)
        tickCosts.append(tickSeconds)
    }

    /// What the debug overlay shows now.
    public func readout(sandboxGaps: [String] = []) -> DebugReadout {
        let recorded = samples.elements
        // Slots not yet recorded lie at the left, so the newest value is always at the right edge.
        let gap = [Sample?](repeating: nil, count: capacity - recorded.count)
        let slots = gap + recorded.map { Optional($0) }
        let centres = slots.map { $0?.centreY }
        let scales = slots.map { $0?.scale }
        let backgrounds = slots.map { $0?.background }
        let last = recorded.last
        let height = max(latest?.viewport.height ?? 1, 1)
        // The scale plot spans at least 0…1 (cell to pager) and grows to show a pinch beyond.
        let topScale = max(1, scales.compactMap { $0 }.filter(\.isFinite).max() ?? 1)
        let traces = [
            DebugReadout.Trace(
                label: "centre y " + Self.format(last?.centreY, "%.0f pt"), values: centres, range: 0...height),
            DebugReadout.Trace(
                label: "scale " + Self.format(last?.scale, "%.2f×"), values: scales, range: 0...topScale),
            DebugReadout.Trace(
                label: "background " + Self.format(last?.background, "%.2f"), values: backgrounds, range: 0...1),
        ]
        return DebugReadout(
            frame: Self.timing(frameCosts), tick: Self.timing(tickCosts),
            phase: latest.map { Self.words($0.phase) } ?? "–",
            currentIndex: latest?.currentIndex ?? 0, photoCount: latest?.photoCount ?? 0,
            tickNumber: latest?.tick ?? 0, traces: traces, sandboxGaps: sandboxGaps)
    }

    /// The latest cost and the 99th percentile, in milliseconds; nil before any was recorded.
    static func timing(_ costs: RingBuffer<Double>) -> DebugReadout.Timing? {
        guard let last = costs.last else { return nil }
        return DebugReadout.Timing(last: last * 1000, p99: percentile(0.99, of: costs.elements) * 1000)
    }

    /// The nearest-rank percentile: the smallest value at least `p` of the values do not exceed.
    /// Of 240 frames, the third slowest; of 100, the second slowest.
    static func percentile(_ p: Double, of values: [Double]) -> Double {
        let sorted = values.sorted()
        // Less a hair, so 0.99 × 100 rounding to 99.000…01 still ranks 99, not 100.
        let rank = Int((p * Double(sorted.count) - 1e-9).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    static func words(_ phase: ViewerPhase) -> String {
        switch phase {
        case .grid: return "grid"
        case .presenting: return "presenting"
        case .pager: return "pager"
        case .dismissing(interactive: true): return "dismissing (held)"
        case .dismissing(interactive: false): return "dismissing"
        }
    }

    private static func format(_ value: Double?, _ format: String) -> String {
        value.map { String(format: format, $0) } ?? "–"
    }
}
