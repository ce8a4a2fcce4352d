/// A spring-driven value as a component: the active motion, the tick it started on, and the
/// value it produced this tick. Time comes from tick counts, never from summed float steps, so
/// a track is exact and identical at every tick rate.
public struct SpringTrack<Value: SpringVector>: Sendable, Equatable, Codable {
    // Stored internally and read through getters so the hot `advance` can be inlined into (and
    // specialized by) other modules: a generic call per spring per tick is what costs.
    @usableFromInline var _motion: SpringMotion<Value>
    @usableFromInline var _startTick: Int
    @usableFromInline var _value: Value
    @usableFromInline var _velocity: Value
    @usableFromInline var _isAtRest = false
    public private(set) var threshold: RestThreshold
    /// The tuning's spring this track runs on, if it runs on one: a reload retunes it.
    public let tuned: TunedSpring?

    enum CodingKeys: String, CodingKey {
        case _motion = "motion"
        case _startTick = "startTick"
        case _value = "value"
        case _velocity = "velocity"
        case _isAtRest = "isAtRest"
        case threshold, tuned
    }

    public init(
        parameters: SpringParameters, from: Value, velocity: Value = .zero, to target: Value,
        startTick: Int, threshold: RestThreshold, tuned: TunedSpring? = nil
    ) {
        _motion = SpringMotion(parameters: parameters, from: from, velocity: velocity, target: target)
        _startTick = startTick
        self.threshold = threshold
        self.tuned = tuned
        _value = from
        _velocity = velocity
    }

    public var motion: SpringMotion<Value> { _motion }
    public var startTick: Int { _startTick }
    public var value: Value { _value }
    public var velocity: Value { _velocity }
    /// Snapped to the target; stays so until retargeted.
    public var isAtRest: Bool { _isAtRest }
    public var target: Value { _motion.target }

    /// Evaluates the motion at `tick`. Returns true exactly once: on the tick it comes to rest,
    /// when the value snaps to the target.
    @inlinable
    public mutating func advance(to tick: Int, tickRate: Double) -> Bool {
        guard !_isAtRest else { return false }
        let t = Double(Swift.max(tick - _startTick, 0)) / tickRate
        let s = _motion.state(at: t)
        if (s.value - _motion.target).largestMagnitude <= threshold.value,
            s.velocity.largestMagnitude <= threshold.velocity
        {
            _value = _motion.target
            _velocity = .zero
            _isAtRest = true
            return true
        }
        _value = s.value
        _velocity = s.velocity
        return false
    }

    /// Continues from the current value and velocity toward a new target (and parameters, as
    /// after a tuning reload), starting at `tick`. Nothing jumps.
    public mutating func retarget(to target: Value, at tick: Int, parameters: SpringParameters? = nil) {
        _motion = SpringMotion(
            parameters: parameters ?? _motion.parameters, from: _value, velocity: _velocity, target: target)
        _startTick = tick
        _isAtRest = false
    }

    /// Takes the reloaded tuning's values for the spring this track runs on. The track's value
    /// and velocity are its state at `tick - 1`, the last tick it was advanced, so the new
    /// motion starts there: the reload's tick is the first of the new motion, and neither the
    /// value nor the velocity jumps.
    public mutating func retune(_ tuning: Tuning, at tick: Int) {
        guard let tuned, !_isAtRest else { return }
        let parameters = tuned.parameters(in: tuning)
        threshold = tuned.threshold(in: tuning)
        guard parameters != _motion.parameters else { return }
        _motion = SpringMotion(parameters: parameters, from: _value, velocity: _velocity, target: _motion.target)
        _startTick = tick - 1
    }
}
