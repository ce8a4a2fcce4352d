import Foundation

/// A spring's motion from rest as the stops of a CSS `linear()` easing: progress (0 at the start,
/// 1 at the target, above 1 where it overshoots) at fractions of the settling time, joined by
/// straight lines that stay within `tolerance` of the exact spring everywhere in between.
///
/// The stops start at the spring's peaks, where an under-damped curve turns, and each span
/// between two stops is split where the line strays furthest from the curve until the line
/// provably stays within the tolerance, so the stops crowd where the curve bends and thin out
/// where it runs straight. The numbers are kept on the decimal grid they are written on, and
/// every check is made against those written numbers, so the guarantee holds for the text.
struct SpringLinearEasing: Hashable, Sendable {
    public struct Stop: Hashable, Sendable {
        /// Where the stop falls, in millionths of the duration: a percentage with four decimals.
        public let position: Int
        /// The progress there, in hundred-thousandths of the distance: five decimals.
        public let value: Int
    }

    /// How far the easing may stray from the spring, as a fraction of the distance.
    public static let tolerance = 0.005
    /// The grid the stops are written on: a position of this many is the whole duration, a
    /// value of this many the whole distance.
    public static let positionsPerDuration = 1_000_000
    public static let valuesPerDistance = 100_000
    /// Where a span is checked, besides its ends; the bound on the curve's bending covers what
    /// lies between them.
    private static let checksPerSpan = 32
    /// The most stops an easing may have: every spring `SpringBounds` allows needs far fewer,
    /// and a spring that needs more (ζ 1e-9 swings for hours) gets no easing rather than an
    /// export that runs for seconds and megabytes.
    public static let maximumStops = 2000

    /// Seconds: the time the stops' positions are fractions of.
    public let duration: Double
    /// From (0, 0) to (1, 1), in order of position.
    public let stops: [Stop]

    /// The easing of `parameters` over `duration`, which must be its settling time (so that the
    /// last stop may be the target itself: the spring is within the settling threshold of it);
    /// nil when it needs more than `maximumStops` stops.
    init?(_ parameters: SpringParameters, duration: Double) {
        self.duration = duration
        let curve = Curve(parameters, duration: duration)
        let end = Self.positionsPerDuration
        var marks = [0]
        if case .underdamped(_, let omegaD) = curve.solution.regime {
            // From rest, the spring's velocity is zero, and its progress peaks, at every multiple of π/ωd.
            var n = 1.0
            while n * Double.pi / omegaD < duration {
                guard marks.count < Self.maximumStops else { return nil }
                let position = curve.position(at: n * Double.pi / omegaD)
                if position > marks.last!, position < end { marks.append(position) }
                n += 1
            }
        }
        marks.append(end)
        var stops = [curve.stop(at: 0)]
        for mark in marks.dropFirst() {
            guard curve.refine(from: stops.last!, to: curve.stop(at: mark), into: &stops) else { return nil }
        }
        self.stops = stops
    }

    /// The spring's progress from rest over the settling time, and the splitting of its spans.
    private struct Curve {
        let solution: SpringSolution
        let duration: Double
        let omega: Double
        let zeta: Double

        init(_ parameters: SpringParameters, duration: Double) {
            solution = SpringSolution(parameters)
            self.duration = duration
            omega = parameters.naturalFrequency
            zeta = parameters.dampingRatio
        }

        /// Progress at `fraction` of the duration.
        func progress(_ fraction: Double) -> Double { 1 - solution.basis(at: fraction * duration).c0 }

        /// The grid position nearest `time` seconds.
        func position(at time: Double) -> Int {
            Int((time / duration * Double(SpringLinearEasing.positionsPerDuration)).rounded())
        }

        func fraction(_ position: Int) -> Double { Double(position) / Double(SpringLinearEasing.positionsPerDuration) }

        func progress(written value: Int) -> Double { Double(value) / Double(SpringLinearEasing.valuesPerDistance) }

        /// The stop at `position`, its value on the grid; the last is the target.
        func stop(at position: Int) -> Stop {
            let distance = SpringLinearEasing.valuesPerDistance
            guard position < SpringLinearEasing.positionsPerDuration else {
                return Stop(position: position, value: distance)
            }
            let value = progress(fraction(position))
            // Started at rest the spring never goes back past its start, so a value below 0 is rounding.
            return Stop(position: position, value: max(0, Int((value * Double(distance)).rounded())))
        }

        /// Appends the stops after `start` up to and including `end`, splitting the span until the
        /// line between each two stays within the tolerance; false, leaving off, once there would
        /// be more than `maximumStops`.
        func refine(from start: Stop, to end: Stop, into stops: inout [Stop]) -> Bool {
            var pending = [end]
            var from = start
            while let to = pending.last {
                guard stops.count + pending.count <= SpringLinearEasing.maximumStops else { return false }
                if let split = split(from, to) {
                    pending.append(split)
                } else {
                    stops.append(to)
                    pending.removeLast()
                    from = to
                }
            }
            return true
        }

        /// Nil when the line from `a` to `b` stays within the tolerance of the curve; otherwise
        /// the stop to put between them: where the line strays furthest, or halfway when only the
        /// bound between the checked points fails. The points checked are on the grid, so a split
        /// falls exactly on one.
        private func split(_ a: Stop, _ b: Stop) -> Stop? {
            let n = SpringLinearEasing.checksPerSpan
            let span = b.position - a.position
            let v0 = progress(written: a.value)
            let v1 = progress(written: b.value)
            func gap(at position: Int) -> Double {
                abs(progress(fraction(position)) - (v0 + (v1 - v0) * Double(position - a.position) / Double(span)))
            }
            var worst = max(gap(at: a.position), gap(at: b.position))
            var worstAt: Int?
            for i in 1..<n {
                let position = a.position + span * i / n
                let here = gap(at: position)
                if here > worst {
                    worst = here
                    worstAt = position
                }
            }
            // Between two checked points the gap can exceed theirs by at most h²/8 times the
            // curve's largest bend there (h the seconds between them).
            let h = fraction((span + n - 1) / n) * duration
            guard worst + h * h / 8 * bendBound(from: fraction(a.position) * duration) > SpringLinearEasing.tolerance
            else { return nil }
            let at = worstAt ?? a.position + span / 2
            // A span one grid step wide cannot be split: its line is as close as written numbers get.
            guard at > a.position, at < b.position else { return nil }
            return stop(at: at)
        }

        /// A bound on |x''| from `time` on, for the displacement x left of a unit distance.
        /// x'' = −2ζω₀x' − ω₀²x, and the energy x'² + ω₀²x² only falls, which bounds both terms.
        /// Past critical damping x is two decaying exponentials, whose bends bound it far more
        /// tightly once the fast one has died away.
        private func bendBound(from time: Double) -> Double {
            let state = solution.basis(at: time)
            let rootEnergy = (state.d0 * state.d0 + omega * omega * state.c0 * state.c0).squareRoot()
            let byEnergy = (2 * zeta + 1) * omega * rootEnergy
            guard case .overdamped(let r1, let r2, let delta) = solution.regime else { return byEnergy }
            let byExponentials = omega * omega * (-r2 * exp(r2 * time) - r1 * exp(r1 * time)) / delta
            return min(byEnergy, byExponentials)
        }
    }
}
