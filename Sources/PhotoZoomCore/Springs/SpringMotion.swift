/// A value a spring can move: points, sizes, rects, alphas, or any bundle of them. A rect moves
/// as one unit — every channel shares the spring's parameters and start time.
public protocol SpringVector: Equatable, Sendable, Codable {
    static var zero: Self { get }
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    func scaled(by factor: Double) -> Self
    /// The largest absolute channel, for rest detection.
    var largestMagnitude: Double { get }
}

extension Double: SpringVector {
    @inlinable public func scaled(by factor: Double) -> Double { self * factor }
    @inlinable public var largestMagnitude: Double { Swift.abs(self) }
}

extension Point: SpringVector {
    public func scaled(by factor: Double) -> Point { self * factor }
    public var largestMagnitude: Double { Swift.max(Swift.abs(x), Swift.abs(y)) }
}

extension Rect: SpringVector {
    public static func + (a: Rect, b: Rect) -> Rect {
        Rect(x: a.x + b.x, y: a.y + b.y, width: a.width + b.width, height: a.height + b.height)
    }
    public static func - (a: Rect, b: Rect) -> Rect {
        Rect(x: a.x - b.x, y: a.y - b.y, width: a.width - b.width, height: a.height - b.height)
    }
    public func scaled(by f: Double) -> Rect { Rect(x: x * f, y: y * f, width: width * f, height: height * f) }
    public var largestMagnitude: Double { Swift.max(Swift.abs(x), Swift.abs(y), Swift.abs(width), Swift.abs(height)) }
}

/// How close to its target a spring must be, in value and speed, to count as at rest.
/// Scaled to what it animates: a hundredth of a point is invisible, a hundredth of an alpha is not.
public struct RestThreshold: Hashable, Sendable, Codable {
    public var value: Double
    public var velocity: Double
    public init(value: Double, velocity: Double) {
        self.value = value
        self.velocity = velocity
    }
    public static let points = RestThreshold(value: 0.01, velocity: 0.1)
    public static let scale = RestThreshold(value: 0.0005, velocity: 0.005)
    public static let alpha = RestThreshold(value: 0.001, velocity: 0.01)
}

/// One spring flight: a start state, a target and the parameters, evaluated in closed form at
/// any elapsed time. Immutable; retargeting makes a new motion from the current state, which is
/// what makes interruption seamless.
public struct SpringMotion<Value: SpringVector>: Sendable, Equatable, Codable {
    public let parameters: SpringParameters
    public let solution: SpringSolution
    public let from: Value
    public let initialVelocity: Value
    public let target: Value

    // The solution follows from the parameters, so it is neither stored nor compared.
    enum CodingKeys: String, CodingKey { case parameters, from, initialVelocity, target }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            parameters: try c.decode(SpringParameters.self, forKey: .parameters),
            from: try c.decode(Value.self, forKey: .from),
            velocity: try c.decode(Value.self, forKey: .initialVelocity),
            target: try c.decode(Value.self, forKey: .target))
    }

    public static func == (a: SpringMotion, b: SpringMotion) -> Bool {
        a.parameters == b.parameters && a.from == b.from && a.initialVelocity == b.initialVelocity
            && a.target == b.target
    }

    public init(parameters: SpringParameters, from: Value, velocity: Value = .zero, target: Value) {
        self.parameters = parameters
        self.solution = SpringSolution(parameters)
        self.from = from
        self.initialVelocity = velocity
        self.target = target
    }

    /// Value and velocity `t` seconds after the start.
    @inlinable
    public func state(at t: Double) -> (value: Value, velocity: Value) {
        // The start state exactly, not target + (from − target): a flight's first frame is
        // the frame it started from, to the last bit.
        guard t > 0 else { return (from, initialVelocity) }
        let b = solution.basis(at: t)
        let y0 = from - target
        let value = target + y0.scaled(by: b.c0) + initialVelocity.scaled(by: b.c1)
        let velocity = y0.scaled(by: b.d0) + initialVelocity.scaled(by: b.d1)
        return (value, velocity)
    }

    public func value(at t: Double) -> Value { state(at: t).value }

    /// The same flight continued from its state at `t` toward a new target (and optionally new
    /// parameters): position and velocity carry over exactly.
    public func retargeted(at t: Double, to newTarget: Value, parameters newParameters: SpringParameters? = nil)
        -> SpringMotion
    {
        let now = state(at: t)
        return SpringMotion(
            parameters: newParameters ?? parameters, from: now.value, velocity: now.velocity, target: newTarget)
    }

    public func isAtRest(at t: Double, threshold: RestThreshold) -> Bool {
        let s = state(at: t)
        return (s.value - target).largestMagnitude <= threshold.value
            && s.velocity.largestMagnitude <= threshold.velocity
    }
}
