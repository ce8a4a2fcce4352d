/// A spring-driven value as a component: the active motion, the tick it started on, and the
/// value it produced this tick. Time comes from tick counts, never from summed float steps, so
/// a track is exact and identical at every tick rate.
public struct SpringTrack<Value: SpringVector>: Sendable {
    public private(set) var motion: SpringMotion<Value>
    public private(set) var startTick: Int
    public let threshold: RestThreshold
    public private(set) var value: Value
    public private(set) var velocity: Value
    /// Snapped to the target; stays so until retargeted.
    public private(set) var isAtRest = false

    public init(parameters: SpringParameters, from: Value, velocity: Value = .zero, to target: Value,
                startTick: Int, threshold: RestThreshold) {
        motion = SpringMotion(parameters: parameters, from: from, velocity: velocity, target: target)
        self.startTick = startTick
        self.threshold = threshold
        value = from
        self.velocity = velocity
    }

    public var target: Value { motion.target }

    /// Evaluates the motion at `tick`. Returns true exactly once: on the tick it comes to rest,
    /// when the value snaps to the target.
    public mutating func advance(to tick: Int, tickRate: Double) -> Bool {
        guard !isAtRest else { return false }
        let t = Double(Swift.max(tick - startTick, 0)) / tickRate
        let s = motion.state(at: t)
        if (s.value - motion.target).largestMagnitude <= threshold.value, s.velocity.largestMagnitude <= threshold.velocity {
            value = motion.target
            velocity = .zero
            isAtRest = true
            return true
        }
        value = s.value
        velocity = s.velocity
        return false
    }

    /// Continues from the current value and velocity toward a new target (and parameters, as
    /// after a tuning reload), starting at `tick`. Nothing jumps.
    public mutating func retarget(to target: Value, at tick: Int, parameters: SpringParameters? = nil) {
        motion = SpringMotion(parameters: parameters ?? motion.parameters, from: value, velocity: velocity, target: target)
        startTick = tick
        isAtRest = false
    }
}
