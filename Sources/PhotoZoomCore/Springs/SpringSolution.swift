import Foundation

/// The closed-form solution of a spring, reduced to the linear map from the start state to
/// the state at time t:
///
///     y(t)  = c0·y0 + c1·v0        (y = x − target)
///     y'(t) = d0·y0 + d1·v0
///
/// Evaluating from the start state and the elapsed time (never by stepping) makes a spring
/// exact at any tick rate. Each damping regime uses a form that stays accurate where the
/// naive one cancels: near critical damping, for very large ζ, and over long times.
public struct SpringSolution: Hashable, Sendable {
    public struct Basis: Hashable, Sendable {
        public var c0, c1, d0, d1: Double
        @inlinable init(c0: Double, c1: Double, d0: Double, d1: Double) {
            self.c0 = c0
            self.c1 = c1
            self.d0 = d0
            self.d1 = d1
        }
    }

    @usableFromInline enum Regime: Hashable, Sendable {
        /// ζ < 1: decay `a`, damped angular frequency `omegaD`.
        case underdamped(a: Double, omegaD: Double)
        case critical(a: Double)
        /// ζ > 1: roots r1 (slow) and r2 (fast), difference `delta` = r1 − r2 > 0.
        case overdamped(r1: Double, r2: Double, delta: Double)
    }

    @usableFromInline let regime: Regime
    @usableFromInline let omega0Squared: Double

    public init(_ p: SpringParameters) {
        let m = p.mass
        let k = p.stiffness
        let c = p.damping
        omega0Squared = k / m
        let a = c / (2 * m)
        // The discriminant decides the regime; fma keeps c² − 4km exact to one rounding.
        let disc = (-4 * k * m).addingProduct(c, c)
        if disc < 0 {
            regime = .underdamped(a: a, omegaD: (-disc).squareRoot() / (2 * m))
        } else if disc == 0 {
            regime = .critical(a: a)
        } else {
            let root = disc.squareRoot()
            // The slow root from Vieta's formula avoids −c + √disc cancelling for large ζ.
            let r2 = -(c + root) / (2 * m)
            let r1 = -2 * k / (c + root)
            regime = .overdamped(r1: r1, r2: r2, delta: root / m)
        }
    }

    /// Beyond this many seconds (about 30,000 years) time stops mattering; capping it keeps an
    /// undamped spring's phase finite, so no time whatever yields a NaN.
    @usableFromInline static let longestTime = 1e12

    /// The start-state → state-at-`t` map; `t` ≥ 0 in seconds.
    @inlinable
    public func basis(at time: Double) -> Basis {
        let t = time.isNaN ? 0 : Swift.min(Swift.max(time, 0), Self.longestTime)
        switch regime {
        case .underdamped(let a, let omegaD):
            let e = exp(-a * t)
            let cosine = cos(omegaD * t)
            // sin(ωd·t)/ωd stays accurate as ωd → 0 (near critical) since sin is accurate there.
            let sd = omegaD * t == 0 ? t : sin(omegaD * t) / omegaD
            return Basis(
                c0: e * (cosine + a * sd), c1: e * sd,
                d0: -omega0Squared * e * sd, d1: e * (cosine - a * sd))
        case .critical(let a):
            let e = exp(-a * t)
            return Basis(c0: e * (1 + a * t), c1: e * t, d0: -omega0Squared * e * t, d1: e * (1 - a * t))
        case .overdamped(let r1, let r2, let delta):
            let e2 = exp(r2 * t)
            if delta * t < 1 {
                // Near critical the two exponentials almost coincide: expm1 keeps their difference.
                let q = expm1(delta * t) / delta
                return Basis(
                    c0: e2 * (1 - r2 * q), c1: e2 * q,
                    d0: -omega0Squared * e2 * q, d1: e2 * (1 + r1 * q))
            }
            let e1 = exp(r1 * t)
            return Basis(
                c0: (r1 * e2 - r2 * e1) / delta, c1: (e1 - e2) / delta,
                d0: -omega0Squared * (e1 - e2) / delta, d1: (r1 * e1 - r2 * e2) / delta)
        }
    }
}
