import Foundation

/// Why a spring description was refused; names the offending field so a tuning file or a
/// command line can say exactly what to fix.
public struct SpringParameterError: Error, Equatable, CustomStringConvertible, Sendable {
    public let field: String
    public let reason: String
    public var description: String { "spring \(field) \(reason)" }
}

/// The physical constants of a damped harmonic oscillator: m·x'' + c·x' + k·(x − target) = 0.
/// Every parameterization people use (SwiftUI, iOS 17, UIKit) maps onto these three numbers,
/// so there is exactly one solver and tuning files can use whichever vocabulary they know.
public struct SpringParameters: Hashable, Sendable, Codable {
    public let mass: Double
    public let stiffness: Double
    public let damping: Double

    /// Physical constants, validated: mass > 0, stiffness > 0, damping ≥ 0, all finite.
    public init(mass: Double = 1, stiffness: Double, damping: Double) throws {
        try Self.require(mass, "mass", positive: true)
        try Self.require(stiffness, "stiffness", positive: true)
        try Self.require(damping, "damping", positive: false)
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    private init(unchecked mass: Double, _ stiffness: Double, _ damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    private static func require(_ value: Double, _ field: String, positive: Bool) throws {
        guard value.isFinite else {
            throw SpringParameterError(field: field, reason: "must be a finite number, got \(value)")
        }
        if positive, value <= 0 {
            throw SpringParameterError(field: field, reason: "must be greater than 0, got \(value)")
        }
        if !positive, value < 0 {
            throw SpringParameterError(field: field, reason: "must not be negative, got \(value)")
        }
    }

    /// SwiftUI's `response` (seconds per undamped oscillation) and `dampingFraction` (ζ):
    /// k = (2π/response)²·m, c = 4π·ζ·m/response.
    public static func response(_ response: Double, dampingRatio: Double, mass: Double = 1) throws -> SpringParameters {
        try require(response, "response", positive: true)
        try require(dampingRatio, "dampingRatio", positive: false)
        try require(mass, "mass", positive: true)
        let omega = 2 * Double.pi / response
        return SpringParameters(unchecked: mass, omega * omega * mass, 4 * Double.pi * dampingRatio * mass / response)
    }

    /// iOS 17's `Spring(duration:bounce:)`: the response is the duration, and
    /// ζ = 1 − bounce for bounce ≥ 0 or 1/(1 + bounce) below 0. Bounce must lie in (−1, 1].
    public static func duration(_ duration: Double, bounce: Double, mass: Double = 1) throws -> SpringParameters {
        try require(duration, "duration", positive: true)
        guard bounce.isFinite, bounce > -1, bounce <= 1 else {
            throw SpringParameterError(field: "bounce", reason: "must lie in (-1, 1], got \(bounce)")
        }
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        return try response(duration, dampingRatio: zeta, mass: mass)
    }

    /// UIKit's `animate(withDuration:usingSpringWithDamping:…)`. UIKit states no formula, so we
    /// pick the stiffness whose envelope has decayed to 0.001 of the distance at `duration`:
    /// the envelope is e^(−λt) with λ = ζ·ω₀ (under-damped) or ω₀·(ζ − √(ζ²−1)) (the slow root,
    /// over-damped), so ω₀ = ln(1000) / (duration · λ/ω₀). The ratio must be positive.
    public static func uikit(duration: Double, dampingRatio: Double, mass: Double = 1) throws -> SpringParameters {
        try require(duration, "duration", positive: true)
        try require(dampingRatio, "dampingRatio", positive: true)
        try require(mass, "mass", positive: true)
        let zeta = dampingRatio
        let decayPerOmega = zeta <= 1 ? zeta : zeta - (zeta * zeta - 1).squareRoot()
        let omega = log(1000) / (duration * decayPerOmega)
        return SpringParameters(unchecked: mass, omega * omega * mass, 2 * zeta * omega * mass)
    }

    /// Like `response(_:dampingRatio:)` for constants known to be valid at compile time.
    static func response(_ response: Double, dampingRatio: Double) -> SpringParameters {
        let omega = 2 * Double.pi / response
        return SpringParameters(unchecked: 1, omega * omega, 4 * Double.pi * dampingRatio / response)
    }

    /// Like `uikit(duration:dampingRatio:)` for constants known to be valid at compile time.
    static func uikitUnchecked(duration: Double, dampingRatio: Double) -> SpringParameters {
        try! uikit(duration: duration, dampingRatio: dampingRatio)
    }

    /// Undamped angular frequency ω₀ = √(k/m).
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    /// ζ = c / (2√(k·m)).
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }
    /// SwiftUI's response: the period of the undamped oscillation.
    public var response: Double { 2 * Double.pi / naturalFrequency }

    // Decoding goes through the validating initializer so a tuning file cannot smuggle in a NaN.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            mass: c.decodeIfPresent(Double.self, forKey: .mass) ?? 1,
            stiffness: c.decode(Double.self, forKey: .stiffness),
            damping: c.decode(Double.self, forKey: .damping))
    }
}
