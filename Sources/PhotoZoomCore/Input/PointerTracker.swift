/// Follows the pointers that are down: where each started, where it is, and enough recent
/// history to estimate the release velocity the way UIKit does (over a short recent window, so
/// a finger that stops before lifting releases with no speed).
public struct PointerTracker: Equatable, Sendable, Codable {
    public struct Sample: Hashable, Sendable, Codable {
        public var tick: Int
        public var position: Point
    }

    public struct Pointer: Hashable, Sendable, Codable {
        public var id: Int
        public var source: PointerSource
        public var start: Point
        public var startTick: Int
        public var position: Point
        public var modifiers: Modifiers
        /// The pointer has moved beyond the tap slop at some point: it is a drag, not a tap.
        public var movedBeyondSlop = false
        public internal(set) var samples: [Sample] = []
    }

    public private(set) var pointers: [Pointer] = []

    public init() {}

    public func pointer(_ id: Int) -> Pointer? { pointers.first { $0.id == id } }

    /// Applies one pointer event; returns the pointer as it is after the event (for `up` and
    /// `cancelled`, as it was when it left).
    @discardableResult
    public mutating func apply(_ e: PointerEvent, clock: SimClock, tuning: Tuning) -> Pointer {
        let tick = clock.tick
        switch e.phase {
        case .down:
            pointers.removeAll { $0.id == e.id }
            var p = Pointer(
                id: e.id, source: e.source, start: e.position, startTick: tick, position: e.position,
                modifiers: e.modifiers)
            p.samples = [Sample(tick: tick, position: e.position)]
            pointers.append(p)
            return p
        case .moved, .up, .cancelled:
            guard let i = pointers.firstIndex(where: { $0.id == e.id }) else {
                return Pointer(
                    id: e.id, source: e.source, start: e.position, startTick: tick, position: e.position,
                    modifiers: e.modifiers)
            }
            pointers[i].position = e.position
            pointers[i].modifiers = e.modifiers
            if (e.position - pointers[i].start).length > tuning.tapSlop { pointers[i].movedBeyondSlop = true }
            // Lifting where the last move left off says nothing about speed; a still finger
            // sends no moves, and the sample window already catches that.
            if e.phase == .moved || e.position != pointers[i].samples.last?.position {
                pointers[i].samples.append(Sample(tick: tick, position: e.position))
            }
            let horizon = tick - clock.ticks(covering: tuning.velocitySampleWindow)
            pointers[i].samples.removeAll { $0.tick < horizon }
            let p = pointers[i]
            if e.phase != .moved { pointers.remove(at: i) }
            return p
        }
    }

    /// Removes every pointer, returning them so their gestures can end.
    public mutating func cancelAll() -> [Pointer] {
        defer { pointers.removeAll() }
        return pointers
    }
}

extension PointerTracker.Pointer {
    /// Release velocity in points per second: a least-squares slope over the recent samples,
    /// measured up to `tick`. Zero if the pointer sat still for the whole window.
    public func velocity(at clock: SimClock, tuning: Tuning) -> Point {
        let horizon = clock.tick - clock.ticks(covering: tuning.velocitySampleWindow)
        let recent = samples.filter { $0.tick >= horizon }
        guard recent.count >= 2, let first = recent.first, let last = recent.last, last.tick > first.tick else {
            return .zero
        }
        let n = Double(recent.count)
        let ts = recent.map { Double($0.tick) / clock.rate }
        let meanT = ts.reduce(0, +) / n
        let meanX = recent.reduce(0) { $0 + $1.position.x } / n
        let meanY = recent.reduce(0) { $0 + $1.position.y } / n
        var sxx = 0.0
        var sxy = 0.0
        var syy = 0.0
        for (t, s) in zip(ts, recent) {
            let dt = t - meanT
            sxx += dt * dt
            sxy += dt * (s.position.x - meanX)
            syy += dt * (s.position.y - meanY)
        }
        guard sxx > 0 else { return .zero }
        return Point(x: sxy / sxx, y: syy / sxx)
    }

    /// Whether this pointer, on release now, was a tap: it stayed within the slop, and a finger
    /// was quick (a held finger means something else on a touch screen; a slow click is a click).
    public func isTap(releasedAt clock: SimClock, tuning: Tuning) -> Bool {
        !movedBeyondSlop && (source == .mouse || clock.seconds(since: startTick) <= tuning.tapMaximumDuration)
    }
}
