import Foundation

/// The springs a tuning file may hold: every one of them animates to finite values, comes to
/// rest, and exports in bounded time and size. Each bound lies beyond any spring a designer
/// would use:
///
/// - the damping ratio ζ from 0.05 (some 22 visible swings before it settles) to 10 (so slow
///   to leave the start that a designer would shorten it instead);
/// - the natural frequency ω₀ = √(k/m) from 0.7 rad/s (a SwiftUI response of 9 s; below
///   0.66 rad/s no ratio settles in 10 s) to 200 rad/s (a response of 31 ms: it settles in
///   46 ms critically damped, three frames at 60 Hz; anything faster is a jump);
/// - the mass from 0.01 to 100 (motion depends on k/m and c/m alone, so the mass only scales
///   the constants an export writes; this keeps them well inside a Float);
/// - the settling time, to 0.001 of the distance from rest, at most 10 s.
///
/// Outside them the closed form meets 0 × ∞ (a NaN in the window), a CSS easing needs a stop
/// for every swing (ζ 1e-9 is 18 MB of them), and UIKit's duration rounds to 0.
public enum SpringBounds {
    public static let mass: ClosedRange<Double> = 0.01...100
    public static let dampingRatio: ClosedRange<Double> = 0.05...10
    /// Radians per second.
    public static let naturalFrequency: ClosedRange<Double> = 0.7...200
    /// Seconds, to `SpringExport.settlingThreshold` of the distance from rest.
    public static let longestSettling = 10.0

    /// Rounding lets a spring written at a bound, as its constants, land a few ulps past it
    /// (a bounce of −0.9 gives ζ = 10.000000000000002): that much is still inside.
    static let slack = 1e-9

    /// A bound a spring breaks: the key the file wrote the number at (nil when no one key
    /// gives it, as for the settling time) and why, naming the bound.
    public struct Breach: Error, Hashable, Sendable, CustomStringConvertible {
        public let field: String?
        public let reason: String
        public var description: String { (field.map { $0 + ": " } ?? "") + reason }
    }

    /// The first bound `spec` breaks, of its mass, its damping ratio, its natural frequency and
    /// its settling time; nil when it keeps them all. `parameters` must be what `spec` gives.
    public static func breach(_ spec: SpringSpec, parameters: SpringParameters) -> Breach? {
        let stated = Stated(spec, parameters: parameters)
        if let mass = stated.mass, !allows(mass, in: Self.mass) {
            return Breach(field: "mass", reason: "must lie in \(text(Self.mass)), got \(TuningFile.number(mass))")
        }
        if !allows(stated.dampingRatio, in: dampingRatio) {
            return Breach(
                field: stated.dampingRatioField,
                reason:
                    "\(stated.dampingRatioName) must lie in \(text(dampingRatio)), got \(TuningFile.number(stated.dampingRatio))"
            )
        }
        if !allows(stated.naturalFrequency, in: naturalFrequency) {
            return Breach(
                field: stated.naturalFrequencyField,
                reason:
                    "\(stated.naturalFrequencyName) must lie in \(text(naturalFrequency)) rad/s, got \(TuningFile.number(stated.naturalFrequency))"
            )
        }
        let settling = parameters.settlingDuration(threshold: SpringExport.settlingThreshold)
        guard let settling, settling <= longestSettling * (1 + slack) else {
            let took =
                settling.map { "settles in \(TuningFile.number(($0 * 1000).rounded() / 1000)) s" } ?? "never settles"
            return Breach(
                field: nil,
                reason:
                    "the settling time must be at most \(TuningFile.number(longestSettling)) s (to \(SpringExport.settlingThreshold) of the distance, from rest); this spring \(took)"
            )
        }
        return nil
    }

    private static func allows(_ value: Double, in range: ClosedRange<Double>) -> Bool {
        value >= range.lowerBound * (1 - slack) && value <= range.upperBound * (1 + slack)
    }

    private static func text(_ range: ClosedRange<Double>) -> String {
        "[\(TuningFile.number(range.lowerBound)), \(TuningFile.number(range.upperBound))]"
    }

    /// A spring's mass, ζ and ω₀ from the numbers its vocabulary states, each with the key that
    /// states it and how the message names it.
    private struct Stated {
        var mass: Double?
        var dampingRatio: Double
        var dampingRatioField: String
        var dampingRatioName = "the damping ratio ζ"
        var naturalFrequency: Double
        var naturalFrequencyField: String
        var naturalFrequencyName: String

        init(_ spec: SpringSpec, parameters: SpringParameters) {
            switch spec {
            case .swiftUI(let response, let zeta):
                dampingRatio = zeta
                dampingRatioField = "dampingRatio"
                naturalFrequency = 2 * Double.pi / response
                naturalFrequencyField = "response"
                naturalFrequencyName = "the natural frequency ω₀ = 2π/response"
            case .iOS17(let duration, let bounce):
                dampingRatio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
                dampingRatioField = "bounce"
                dampingRatioName = "the damping ratio ζ (1 − bounce, or 1/(1 + bounce) below 0)"
                naturalFrequency = 2 * Double.pi / duration
                naturalFrequencyField = "duration"
                naturalFrequencyName = "the natural frequency ω₀ = 2π/duration"
            case .uikit(_, let zeta):
                dampingRatio = zeta
                dampingRatioField = "dampingRatio"
                naturalFrequency = parameters.naturalFrequency
                naturalFrequencyField = "uikitDuration"
                naturalFrequencyName = "the natural frequency ω₀ it gives"
            case .physical(let mass, _, _):
                self.mass = mass
                dampingRatio = parameters.dampingRatio
                dampingRatioField = "damping"
                dampingRatioName = "the damping ratio ζ = damping/(2√(stiffness·mass))"
                naturalFrequency = parameters.naturalFrequency
                naturalFrequencyField = "stiffness"
                naturalFrequencyName = "the natural frequency ω₀ = √(stiffness/mass)"
            }
        }
    }
}
