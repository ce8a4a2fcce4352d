import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// The closed-form spring against independent 100-digit mpmath solutions of the same ODE.
final class SpringAccuracyTests: XCTestCase {
    func motion(_ c: SpringReference.Case) throws -> SpringMotion<Double> {
        let p = try SpringParameters(mass: c.mass, stiffness: c.stiffness, damping: c.damping)
        return SpringMotion(parameters: p, from: c.from, velocity: c.velocity, target: c.to)
    }

    func testEveryReferenceTrajectoryIsMatchedWithinABillionthOfItsScale() throws {
        let reference = try SpringReference.load()
        XCTAssertEqual(reference.cases.count, 15)
        for c in reference.cases {
            let m = try motion(c)
            for s in c.samples {
                let got = m.state(at: s.t)
                XCTAssertEqual(got.value, s.value, accuracy: 1e-9 * c.distanceScale, "\(c.name) value at t=\(s.t)")
                XCTAssertEqual(
                    got.velocity, s.velocity, accuracy: 1e-9 * c.velocityScale, "\(c.name) velocity at t=\(s.t)")
            }
        }
    }

    func testNearCriticalDampingIsAsAccurateAsTheRestOnBothSides() throws {
        let reference = try SpringReference.load()
        for name in ["near_critical_below", "near_critical_above", "critical"] {
            let c = reference[name]
            let m = try motion(c)
            let worst = c.samples.map { abs(m.value(at: $0.t) - $0.value) }.max()!
            XCTAssertLessThan(worst, 1e-13, "\(name): the regime's form must not cancel near ζ = 1")
        }
    }

    func testAVeryLargeDampingRatioKeepsItsSlowRootOverThousandsOfSeconds() throws {
        let c = try SpringReference.load()["overdamped_zeta_5000"]
        let m = try motion(c)
        for s in c.samples {
            // Relative accuracy of the remaining distance, not just of the scale: the slow root
            // computed as −c + √(c² − 4km) would lose about half its digits here.
            let remaining = abs(s.value - c.to)
            XCTAssertEqual(abs(m.value(at: s.t) - c.to), remaining, accuracy: 1e-12 + 1e-9 * remaining, "t=\(s.t)")
        }
    }

    func testAVeryStiffSpringStepsAtHalfMillisecondTicksExactly() throws {
        let c = try SpringReference.load()["very_stiff"]
        let p = try SpringParameters(mass: c.mass, stiffness: c.stiffness, damping: c.damping)
        var track = SpringTrack(
            parameters: p, from: c.from, velocity: c.velocity, to: c.to, startTick: 0,
            threshold: RestThreshold(value: 0, velocity: 0))
        for s in c.samples where s.t > 0 {
            let tick = Int((s.t * 2000).rounded())
            XCTAssertEqual(Double(tick) / 2000, s.t, "reference times are whole 0.5 ms ticks")
            _ = track.advance(to: tick, tickRate: 2000)
            XCTAssertEqual(track.value, s.value, accuracy: 1e-9 * c.distanceScale, "t=\(s.t)")
        }
    }

    func testMassScaledTwinsMoveIdentically() throws {
        let reference = try SpringReference.load()
        let a = try motion(reference["mass_scaled_a"])
        let b = try motion(reference["mass_scaled_b"])
        for t in stride(from: 0.0, through: 3, by: 0.01) {
            XCTAssertEqual(a.value(at: t), b.value(at: t), accuracy: 1e-12 * 50)
        }
    }

    func testNothingEverComesOutNaNOrInfinite() throws {
        let stiffnesses = [1e-6, 1, 100, 1e7, 1e12]
        let ratios = [0, 1e-9, 0.5, 1 - 1e-12, 1, 1 + 1e-12, 3, 5000, 1e8]
        let times = [0, 1e-9, 0.001, 1, 60, 1e4, 1e9, Double.greatestFiniteMagnitude]
        for k in stiffnesses {
            for z in ratios {
                let p = try SpringParameters(mass: 1, stiffness: k, damping: 2 * z * k.squareRoot())
                let m = SpringMotion(parameters: p, from: -1e6, velocity: 1e6, target: 1e6)
                for t in times {
                    let s = m.state(at: t)
                    XCTAssert(s.value.isFinite && s.velocity.isFinite, "k=\(k) ζ=\(z) t=\(t): \(s)")
                }
            }
        }
    }
}
