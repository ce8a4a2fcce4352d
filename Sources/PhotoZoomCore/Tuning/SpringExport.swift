import Foundation

/// One spring's numbers in the forms animation APIs take, each chosen so that the API's
/// spring, read the way this project reads that vocabulary, moves as ours does: the numbers the
/// spec wrote where the form is its own vocabulary, otherwise converted exactly up to rounding.
///
/// A spring's motion depends only on k/m and c/m (the ODE divided by m), so any mass maps onto
/// a unit-mass form; only the rounding of √ and π stands between the two.
struct SpringExport: Hashable, Sendable {
    /// SwiftUI's `Animation` forms.
    public enum SwiftUISpring: Hashable, Sendable {
        /// `.spring(response:dampingFraction:)`: a unit-mass spring.
        case response(response: Double, dampingFraction: Double)
        /// `.spring(duration:bounce:)`, iOS 17's vocabulary.
        case duration(duration: Double, bounce: Double)
        /// `.interpolatingSpring(mass:stiffness:damping:initialVelocity:)`: the constants as written.
        case interpolating(mass: Double, stiffness: Double, damping: Double)
    }

    /// `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)`'s
    /// numbers, the duration in this project's convention (`SpringParameters.uikit`).
    public struct UIViewSpring: Hashable, Sendable {
        public let duration: Double
        public let dampingRatio: Double
    }

    public let spec: SpringSpec
    /// The spec's physical constants: what `UISpringTimingParameters` and `CASpringAnimation` take.
    public let parameters: SpringParameters
    /// ζ as the spec states it, so a spring written critically damped stays exactly 1 (from the
    /// constants, c/(2√(km)) may round to just above 1 and read as over-damped).
    public let dampingRatio: Double

    public init(_ spec: SpringSpec) throws {
        self.init(spec, parameters: try spec.parameters())
    }

    /// `parameters` must be what `spec` gives.
    init(_ spec: SpringSpec, parameters: SpringParameters) {
        self.spec = spec
        self.parameters = parameters
        switch spec {
        case .swiftUI(_, let dampingRatio), .uikit(_, let dampingRatio): self.dampingRatio = dampingRatio
        // As SpringParameters.duration(_:bounce:) maps the bounce.
        case .iOS17(_, let bounce): dampingRatio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        case .physical: dampingRatio = parameters.dampingRatio
        }
    }

    /// SwiftUI's period of the undamped oscillation, from the spec's own number where it has one.
    var response: Double {
        switch spec {
        case .swiftUI(let response, _): return response
        case .iOS17(let duration, _): return duration
        case .uikit, .physical: return parameters.response
        }
    }

    /// The SwiftUI form matching how the spring was written. A physical spring whose mass is not
    /// 1 keeps its constants bit for bit in `interpolatingSpring`, rather than being folded into
    /// a unit-mass response and fraction; so does one of mass 1 whose response or fraction
    /// would overflow a double. (When overlapping animations share a spring, interpolatingSpring's
    /// adding up of their effects is the same motion as spring's retargeting: the ODE is linear.)
    public var swiftUI: SwiftUISpring {
        switch spec {
        case .swiftUI(let response, let dampingRatio):
            return .response(response: response, dampingFraction: dampingRatio)
        case .iOS17(let duration, let bounce): return .duration(duration: duration, bounce: bounce)
        case .uikit: return .response(response: response, dampingFraction: dampingRatio)
        case .physical(let mass, let stiffness, let damping):
            guard mass == 1, response.isFinite, dampingRatio.isFinite else {
                return .interpolating(mass: mass, stiffness: stiffness, damping: damping)
            }
            return .response(response: response, dampingFraction: dampingRatio)
        }
    }

    /// The UIView.animate form, inverting `SpringParameters.uikit(duration:dampingRatio:)`: for
    /// ζ ≤ 1 the envelope decays as e^(−ζω₀t), so duration = ln(1000)/(ζ·ω₀). Nil where that form
    /// cannot say the spring: over-damped (UIView.animate takes ratios up to 1) or undamped (the
    /// duration would be infinite).
    public var uiView: UIViewSpring? {
        if case .uikit(let duration, let dampingRatio) = spec, dampingRatio <= 1 {
            return UIViewSpring(duration: duration, dampingRatio: dampingRatio)
        }
        guard dampingRatio > 0, dampingRatio <= 1 else { return nil }
        let duration = log(1000) * response / (2 * Double.pi * dampingRatio)
        // A duration that rounds to 0 (a spring of ω₀ 1e300) is no animation at all.
        return duration.isFinite && duration > 0 ? UIViewSpring(duration: duration, dampingRatio: dampingRatio) : nil
    }

    /// Jetpack Compose's `spring(dampingRatio:stiffness:)` and Android's `SpringForce`, both a
    /// unit-mass spring: a mass m is folded in keeping ω₀ = √(k/m) and ζ, so the stiffness is
    /// k/m and the ratio the stated ζ.
    public struct ComposeSpring: Hashable, Sendable {
        public let dampingRatio: Double
        public let stiffness: Double
    }

    /// See `ComposeSpring`.
    public var compose: ComposeSpring {
        ComposeSpring(dampingRatio: dampingRatio, stiffness: parameters.stiffness / parameters.mass)
    }

    /// The CSS `linear()` form: the motion from rest over the settling time. Nil for a spring
    /// that never settles, which no easing over a duration can say, or that needs more than
    /// `SpringLinearEasing.maximumStops` stops to say it.
    public var linearEasing: SpringLinearEasing? {
        settlingDuration.flatMap { SpringLinearEasing(parameters, duration: $0) }
    }

    /// Whether the spring is damped past critical, by its stated ratio.
    var isOverDamped: Bool { dampingRatio > 1 }

    /// The settling threshold, as a fraction of the distance: the epsilon SwiftUI documents for
    /// `Spring.settlingDuration` (Core Animation does not document its own).
    public static let settlingThreshold = 0.001

    /// See `SpringParameters.settlingDuration(threshold:)`.
    public var settlingDuration: Double? { parameters.settlingDuration(threshold: Self.settlingThreshold) }
}

extension SpringParameters {
    /// Seconds until a spring started at rest stays within `threshold` × the distance of its
    /// target for good: the first double t with |x(t) − target| ≤ threshold·distance from which
    /// on it never leaves, found by bisection on the closed form to the last bit. Nil for a
    /// spring that never settles (undamped) or settles beyond `SpringSolution.longestTime`.
    /// `threshold` lies in (0, 1).
    public func settlingDuration(threshold: Double) -> Double? {
        let solution = SpringSolution(self)
        // The displacement left of a unit distance, started at rest.
        func left(_ t: Double) -> Double { solution.basis(at: t).c0 }
        switch solution.regime {
        case .underdamped(let a, let omegaD):
            guard a > 0 else { return nil }
            // |left| peaks at t_n = nπ/ωd, at e^(−a·t_n), and is monotone between peaks. The last
            // peak above the threshold is n; from there it falls through 0 and rises to a peak
            // no higher than the threshold, so it crosses the threshold once, between t_n and t_n+1.
            let halfPeriod = Double.pi / omegaD
            let n = (-log(threshold) / (a * halfPeriod)).rounded(.up) - 1
            let start = n * halfPeriod
            guard start < SpringSolution.longestTime else { return nil }
            // A spring critical as written may round a hair under, its half period longer than
            // any time that matters: it has settled long before the end of time, where we stop.
            let end = min(start + halfPeriod, SpringSolution.longestTime)
            let sign: Double = left(start) < 0 ? -1 : 1
            guard sign * left(end) <= threshold else { return nil }
            return Self.firstTime(from: start, to: end) { sign * left($0) <= threshold }
        case .critical, .overdamped:
            // Started at rest, a spring at or past critical damping never overshoots: it falls
            // monotonically to 0, crossing the threshold once.
            // From a normal double up, however stiff the spring: an ω₀ of infinity would start
            // at 0 and double for ever (the hang of issue 35's spring).
            var end = max(1 / naturalFrequency, .leastNormalMagnitude)
            while left(end) > threshold {
                end *= 2
                if end > SpringSolution.longestTime { return nil }
            }
            return Self.firstTime(from: 0, to: end) { left($0) <= threshold }
        }
    }

    /// The first double in (`start`, `end`] where `settled` holds, given that it holds at `end`
    /// and, once it holds, goes on holding.
    private static func firstTime(from start: Double, to end: Double, _ settled: (Double) -> Bool) -> Double {
        var lo = start
        var hi = end
        while true {
            let mid = lo + (hi - lo) / 2
            if mid <= lo || mid >= hi { return hi }
            if settled(mid) { hi = mid } else { lo = mid }
        }
    }
}
