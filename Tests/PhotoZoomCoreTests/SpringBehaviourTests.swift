import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

final class SpringBehaviourTests: XCTestCase {
    let zoomIn = try! SpringParameters.uikit(duration: 0.5, dampingRatio: 0.8)

    /// The same spring solved here: the UIKit duration is where the envelope e^(−ζω0·t) has
    /// fallen to 1/1000, so ω0 = ln 1000 / (0.5 · 0.8); ζ = 0.8, ωd = ω0·√(1 − ζ²). Released
    /// from rest, the fraction of the distance still to go after `t` seconds.
    func zoomInRemaining(at t: Double) -> Double {
        let zeta = 0.8
        let omega0 = log(1000) / (0.5 * 0.8)
        let a = zeta * omega0
        let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
        return exp(-a * t) * (cos(omegaD * t) + a / omegaD * sin(omegaD * t))
    }

    func testTheSameMomentGivesTheSameValueAtThirtySixtyOneTwentyAndTwoFortyHertz() {
        func value(at rate: Double) -> (Double, Double) {
            var track = SpringTrack(
                parameters: zoomIn, from: 10, velocity: -300, to: 250, startTick: 0, threshold: .points)
            for tick in 1...Int(rate / 2) { _ = track.advance(to: tick, tickRate: rate) }
            return (track.value, track.velocity)
        }
        let reference = value(at: 120)
        for rate in [30.0, 60, 240] {
            XCTAssertEqual(value(at: rate).0, reference.0, "\(rate) Hz")
            XCTAssertEqual(value(at: rate).1, reference.1, "\(rate) Hz")
        }
    }

    func testRandomFrameStepsLandOnTheSameValueAsEvenOnes() throws {
        var generator = try SeededGenerator(fixedSeed: 0x5EED)
        var even = SpringTrack(parameters: zoomIn, from: 0, to: 1, startTick: 0, threshold: .scale)
        for tick in 1...60 { _ = even.advance(to: tick, tickRate: 120) }
        for _ in 0..<20 {
            var track = SpringTrack(parameters: zoomIn, from: 0, to: 1, startTick: 0, threshold: .scale)
            var tick = 0
            while tick < 60 {
                tick = min(60, tick + Int.random(in: 1...9, using: &generator))
                _ = track.advance(to: tick, tickRate: 120)
            }
            XCTAssertEqual(track.value, even.value, "\(generator)")
        }
        // A stepped integrator would drift with the step; ours is the closed form at t = 0.5 s:
        // 1.000738222095742640549… (mpmath, 40 digits), 0.07 % past the target.
        XCTAssertEqual(even.value, 1.0007382220957426, accuracy: 1e-14)
        XCTAssertEqual(1 - zoomInRemaining(at: 0.5), 1.0007382220957426, accuracy: 1e-14, "the closed form, by hand")
    }

    func testAppleDocumentedConversionsHold() throws {
        let p = try SpringParameters.duration(0.5, bounce: 0.3)
        XCTAssertEqual(p.mass, 1)
        XCTAssertEqual(p.stiffness, 157.9, accuracy: 0.05)
        XCTAssertEqual(p.damping, 17.6, accuracy: 0.05)
        let q = try SpringParameters(mass: 1, stiffness: 100, damping: 10)
        XCTAssertEqual(q.response, 0.63, accuracy: 0.005)
        XCTAssertEqual(q.dampingRatio, 0.5, accuracy: 1e-12)
        // Negative bounce over-damps: ζ = 1/(1 + bounce).
        XCTAssertEqual(try SpringParameters.duration(0.5, bounce: -0.5).dampingRatio, 2, accuracy: 1e-12)
        let r = try SpringParameters.response(0.5, dampingRatio: 0.8)
        XCTAssertEqual(r.response, 0.5, accuracy: 1e-12)
        XCTAssertEqual(r.dampingRatio, 0.8, accuracy: 1e-12)
    }

    func testUIKitDurationIsWhereTheEnvelopeHasDecayedToOneThousandth() throws {
        for (duration, ratio) in [(0.5, 0.8), (0.5, 0.9), (0.25, 1.0), (1.0, 0.3), (0.4, 3.0)] {
            let p = try SpringParameters.uikit(duration: duration, dampingRatio: ratio)
            XCTAssertEqual(p.dampingRatio, ratio, accuracy: 1e-12)
            let omega = p.naturalFrequency
            let decay = ratio <= 1 ? ratio * omega : omega * (ratio - (ratio * ratio - 1).squareRoot())
            XCTAssertEqual(exp(-decay * duration), 0.001, accuracy: 1e-12, "\(duration) s, ζ \(ratio)")
        }
    }

    func testTheSeedSpringsAreExpressibleExactly() throws {
        let zoom = try SpringParameters.uikit(duration: 0.5, dampingRatio: 0.8)
        let cancel = try SpringParameters.uikit(duration: 0.5, dampingRatio: 0.9)
        let finish = try SpringParameters.uikit(duration: 0.25, dampingRatio: 1)
        XCTAssertEqual(zoom.dampingRatio, 0.8, accuracy: 1e-15)
        XCTAssertEqual(cancel.dampingRatio, 0.9, accuracy: 1e-15)
        XCTAssertEqual(finish.dampingRatio, 1, accuracy: 1e-15)
        // Each has visibly finished by its duration: within 1 % of the distance, 0.2 % for ζ < 1.
        for (p, d, limit) in [(zoom, 0.5, 0.002), (cancel, 0.5, 0.002), (finish, 0.25, 0.01)] {
            XCTAssertLessThan(abs(SpringMotion(parameters: p, from: 0.0, target: 1).value(at: d) - 1), limit)
        }
    }

    func testRetargetingMidFlightIsContinuousInValueAndVelocity() throws {
        let stiff = try SpringParameters(mass: 1, stiffness: 900, damping: 12)
        var t = 0.013
        var motion = SpringMotion(
            parameters: zoomIn, from: Rect(x: 0, y: 0, width: 100, height: 100), velocity: .zero,
            target: Rect(x: 300, y: 500, width: 390, height: 260))
        for (i, target) in [
            Rect(x: -40, y: 20, width: 120, height: 120), Rect(x: 1e4, y: 7, width: 1, height: 2), Rect.zero,
        ].enumerated() {
            let before = motion.state(at: t)
            motion = motion.retargeted(at: t, to: target, parameters: i == 1 ? stiff : nil)
            let after = motion.state(at: 0)
            XCTAssertLessThanOrEqual((after.value - before.value).largestMagnitude, 1e-12 * 1e4)
            XCTAssertLessThanOrEqual((after.velocity - before.velocity).largestMagnitude, 1e-12 * 1e4)
            t = 0.021 * Double(i + 1)
        }
    }

    func testARectMovesAsOneUnitWithEveryChannelOnTheSameSpring() {
        let from = Rect(x: 10, y: 20, width: 30, height: 40)
        let to = Rect(x: 200, y: -50, width: 390, height: 260)
        let rect = SpringMotion(parameters: zoomIn, from: from, target: to)
        for t in stride(from: 0.0, through: 1, by: 0.05) {
            // Every channel is its own target less its own distance times the one remaining fraction.
            let left = zoomInRemaining(at: t)
            let v = rect.value(at: t)
            XCTAssertEqual(v.x, 200 - 190 * left, accuracy: 1e-11, "x at \(t)")
            XCTAssertEqual(v.y, -50 + 70 * left, accuracy: 1e-11, "y at \(t)")
            XCTAssertEqual(v.width, 390 - 360 * left, accuracy: 1e-11, "width at \(t)")
            XCTAssertEqual(v.height, 260 - 220 * left, accuracy: 1e-11, "height at \(t)")
        }
    }

    func testASpringSnapsToItsTargetAndReportsRestExactlyOnce() {
        var track = SpringTrack(parameters: zoomIn, from: 0, velocity: 50, to: 390, startTick: 0, threshold: .points)
        var completions: [Int] = []
        for tick in 1...600 where track.advance(to: tick, tickRate: 120) { completions.append(tick) }
        XCTAssertEqual(track.value, 390)
        XCTAssertEqual(track.velocity, 0)
        // The threshold decides, not a timer: by the closed form (mpmath, 40 digits), at tick 98
        // the spring is 0.0025 pt short but still moving at 0.115 pt/s, over the 0.1 pt/s
        // threshold; at tick 99 it is 0.0016 pt short at 0.096 pt/s, within 0.01 pt and 0.1 pt/s.
        XCTAssertEqual(completions, [99], "at rest once, on tick 99 (0.825 s)")
    }

    func testInvalidParametersAreRejectedNamingTheField() {
        func field(_ make: () throws -> SpringParameters) -> String? {
            do {
                _ = try make()
                return nil
            } catch let e as SpringParameterError { return e.field } catch { return "?" }
        }
        XCTAssertEqual(field { try SpringParameters(mass: 0, stiffness: 1, damping: 1) }, "mass")
        XCTAssertEqual(field { try SpringParameters(mass: -2, stiffness: 1, damping: 1) }, "mass")
        XCTAssertEqual(field { try SpringParameters(mass: 1, stiffness: 0, damping: 1) }, "stiffness")
        XCTAssertEqual(field { try SpringParameters(mass: 1, stiffness: 1, damping: -0.1) }, "damping")
        XCTAssertEqual(field { try SpringParameters(mass: 1, stiffness: .nan, damping: 1) }, "stiffness")
        XCTAssertEqual(field { try SpringParameters(mass: .infinity, stiffness: 1, damping: 1) }, "mass")
        XCTAssertEqual(field { try SpringParameters.response(0, dampingRatio: 0.5) }, "response")
        XCTAssertEqual(field { try SpringParameters.response(-1, dampingRatio: 0.5) }, "response")
        XCTAssertEqual(field { try SpringParameters.response(0.5, dampingRatio: -1) }, "dampingRatio")
        XCTAssertEqual(field { try SpringParameters.duration(0.5, bounce: -1) }, "bounce")
        XCTAssertEqual(field { try SpringParameters.duration(0.5, bounce: 1.5) }, "bounce")
        XCTAssertEqual(field { try SpringParameters.duration(.nan, bounce: 0) }, "duration")
        XCTAssertEqual(field { try SpringParameters.uikit(duration: 0.5, dampingRatio: 0) }, "dampingRatio")
        XCTAssertNil(field { try SpringParameters(mass: 1, stiffness: 1, damping: 0) }, "undamped is allowed")
        let json = Data(#"{"mass": 1, "stiffness": -5, "damping": 1}"#.utf8)
        XCTAssertThrowsError(try JSONDecoder().decode(SpringParameters.self, from: json)) { error in
            XCTAssertEqual((error as? SpringParameterError)?.field, "stiffness")
        }
    }
}
