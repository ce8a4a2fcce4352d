import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore

/// `SpringBounds` over the range a tuning file may hold: springs drawn at and near the edge of
/// every bound, in every vocabulary, are read as a file. Each one the reading takes animates
/// to finite values that settle (through the real `SpringTrack`, and the real `Simulation`
/// flying a photo on it) and exports in every form within a size cap; each one it refuses is
/// one error naming the bound it breaks.
final class SpringBoundsTests: XCTestCase {
    /// Every form `tuning export` prints.
    static let forms: [TuningExport.Form] = [
        .swiftUI, .uikit, .coreAnimation, .compose, .css, .framerMotion, .reanimated,
    ]
    /// The most an export of a file may print; the defaults' largest form is under 6 KB.
    static let exportCap = 64 * 1024

    /// What a refusal names, by bound.
    static let boundNames = [
        "mass": "must lie in [0.01, 100]", "dampingRatio": "must lie in [0.05, 10]",
        "naturalFrequency": "must lie in [0.7, 200] rad/s", "settling": "the settling time must be at most 10 s",
    ]

    /// A number at or near an edge of `range`: the edge, a hair either side of it, up to twice
    /// or half of it, or anywhere inside (log-uniform).
    static func nearEdge(_ range: ClosedRange<Double>, _ g: inout SeededGenerator) -> Double {
        let edge = Bool.random(using: &g) ? range.lowerBound : range.upperBound
        switch Int.random(in: 0..<5, using: &g) {
        case 0: return edge
        case 1: return edge * (1 + Double.random(in: -1e-7...1e-7, using: &g))
        case 2: return edge * exp(Double.random(in: -log(2)...log(2), using: &g))
        case 3: return exp(Double.random(in: log(range.lowerBound)...log(range.upperBound), using: &g))
        default: return edge * exp(Double.random(in: -0.01...0.01, using: &g))
        }
    }

    /// A spring of ratio `zeta`, frequency `omega` and mass `mass` in the vocabulary `kind`
    /// picks, as a file writes it (a vocabulary without a mass has 1).
    static func spec(kind: Int, zeta: Double, omega: Double, mass: Double) -> SpringSpec {
        switch kind {
        case 0: return .swiftUI(response: 2 * Double.pi / omega, dampingRatio: zeta)
        case 1: return .iOS17(duration: 2 * Double.pi / omega, bounce: zeta <= 1 ? 1 - zeta : 1 / zeta - 1)
        case 2:
            let decayPerOmega = zeta <= 1 ? zeta : zeta - (zeta * zeta - 1).squareRoot()
            return .uikit(duration: log(1000) / (omega * decayPerOmega), dampingRatio: zeta)
        default: return .physical(mass: mass, stiffness: omega * omega * mass, damping: 2 * zeta * omega * mass)
        }
    }

    static func text(_ spec: SpringSpec) -> String {
        "{\"springs\": {\"zoomIn\": {"
            + spec.members.map { "\"\($0.key)\": \(TuningFile.number($0.value))" }.joined(separator: ", ") + "}}}"
    }

    func testEverySpringTheReadingTakesAnimatesSettlesAndExportsBounded() throws {
        var g = try SeededGenerator(fixedSeed: 0x5B_0035)
        var taken = 0
        var refusedBy: [String: Int] = [:]
        var flown = 0
        for i in 0..<240 {
            let zeta = Self.nearEdge(SpringBounds.dampingRatio, &g)
            let omega = Self.nearEdge(SpringBounds.naturalFrequency, &g)
            let mass = Self.nearEdge(SpringBounds.mass, &g)
            let spec = Self.spec(kind: i % 4, zeta: zeta, omega: omega, mass: mass)
            let text = Self.text(spec)
            let message = "\(text), \(g)"
            let reading = TuningFile.read(text)
            guard reading.problems.isEmpty else {
                XCTAssertEqual(reading.problems.count, 1, message)
                let problem = try XCTUnwrap(reading.problems.first, message)
                XCTAssertEqual(problem.severity, .error, message)
                XCTAssertTrue(problem.message.hasPrefix("springs.zoomIn"), "\(problem): \(message)")
                let bound = Self.boundNames.first { problem.message.contains($0.value) }?.key
                XCTAssertNotNil(bound, "names the bound: \(problem): \(message)")
                refusedBy[bound ?? "?", default: 0] += 1
                XCTAssertEqual(reading.file.tuning, Tuning(), "the default stands: \(message)")
                // A spring well inside every bound is never refused.
                if inside(zeta, SpringBounds.dampingRatio), inside(omega, SpringBounds.naturalFrequency),
                    inside(mass, SpringBounds.mass) || i % 4 != 3,
                    let settling = try? spec.parameters().settlingDuration(threshold: SpringExport.settlingThreshold),
                    settling < SpringBounds.longestSettling * 0.999
                {
                    XCTFail("a spring inside every bound was refused: \(problem): \(message)")
                }
                continue
            }
            taken += 1
            let parameters = reading.file.tuning.zoomInSpring
            // Held to the bounds by numbers of its own, not the checker's.
            XCTAssertTrue(
                (0.05 * (1 - 1e-6)...10 * (1 + 1e-6)).contains(parameters.dampingRatio), "ζ: \(message)")
            XCTAssertTrue(
                (0.7 * (1 - 1e-6)...200 * (1 + 1e-6)).contains(parameters.naturalFrequency), "ω₀: \(message)")
            XCTAssertTrue((0.01 * (1 - 1e-6)...100 * (1 + 1e-6)).contains(parameters.mass), "mass: \(message)")
            assertAnimatesAndSettles(parameters, message)
            if taken % 8 == 1 {
                assertFliesAPhoto(reading.file.tuning, message)
                flown += 1
            }
            for form in Self.forms {
                let code = TuningExport.code(reading.file, form: form)
                XCTAssertLessThan(code.utf8.count, Self.exportCap, "\(form): \(message)")
                XCTAssertFalse(
                    code.contains("nan") || code.contains("inf") || code.contains("withDuration: 0.0"),
                    "\(form) writes finite numbers: \(message)")
            }
            let export = try SpringExport(spec)
            let easing = try XCTUnwrap(export.linearEasing, "a CSS easing: \(message)")
            XCTAssertLessThanOrEqual(easing.stops.count, SpringLinearEasing.maximumStops, message)
            if let animate = export.uiView {
                XCTAssertTrue(animate.duration > 0 && animate.duration.isFinite, "UIView.animate: \(message)")
            }
        }
        XCTAssertGreaterThan(taken, 60, "springs taken, \(g)")
        XCTAssertGreaterThan(flown, 5)
        for bound in Self.boundNames.keys {
            XCTAssertGreaterThan(refusedBy[bound, default: 0], 0, "a spring refused by the \(bound) bound, \(g)")
        }
        print("SpringBounds: \(taken) taken, refused by \(refusedBy), \(flown) flown in the sim")
    }

    /// The second guard: a tuning set in code, which no reading checked, with the issue's
    /// springs. Every form says which bound each breaks instead of its code, and the easing of
    /// a spring that swings for hours stops at its cap rather than running on.
    func testTheExportsRefuseASpringPastTheBoundsSetInCode() throws {
        var file = TuningFile()
        file.tuning.zoomInSpring = try SpringParameters(mass: 1e-300, stiffness: 1e300, damping: 1e-300)
        file.tuning.cancelSpring = try .response(0.5, dampingRatio: 1e-9, mass: 1)
        // Critically damped, but settling in some 1e20 s: its reason is its frequency, not that
        // it never comes to rest.
        file.tuning.finishSpring = try SpringParameters(mass: 1, stiffness: 1e-40, damping: 2e-20)
        for form in Self.forms {
            let code = TuningExport.code(file, form: form)
            XCTAssertLessThan(code.utf8.count, Self.exportCap, "\(form)")
            XCTAssertTrue(code.contains("No code: springs.zoomIn.mass: must lie in [0.01, 100], got 1e-300"), "\(form)")
            XCTAssertTrue(
                code.contains("No code: springs.cancel.damping: the damping ratio ζ = damping/(2√(stiffness·mass))"),
                "\(form)")
            XCTAssertTrue(
                code.contains(
                    "No code: springs.finish.stiffness: the natural frequency ω₀ = √(stiffness/mass) must lie in [0.7, 200] rad/s, got 1e-20"
                ), "\(form):\n\(code)")
            XCTAssertFalse(code.contains("never comes to rest"), "\(form):\n\(code)")
            XCTAssertFalse(code.contains("nan") || code.contains("withDuration: 0.0"), "\(form):\n\(code)")
        }
        XCTAssertNil(try SpringExport(.swiftUI(response: 0.5, dampingRatio: 1e-9)).linearEasing)
        let physical = try SpringExport(.physical(mass: 1e-300, stiffness: 1e300, damping: 1e-300))
        XCTAssertNil(physical.uiView, "no UIView.animate of duration 0")
    }

    func inside(_ value: Double, _ range: ClosedRange<Double>) -> Bool {
        value > range.lowerBound * 1.001 && value < range.upperBound * 0.999
    }

    /// A flight of 400 points from rest and one flicked at 8,000 points per second, at the tick
    /// rates a loop may run at: every value finite, at rest within 30 seconds.
    func assertAnimatesAndSettles(
        _ parameters: SpringParameters, _ message: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        for (tickRate, kick) in [(30.0, 0.0), (120, 8000), (1000, -8000)] {
            var track = SpringTrack(
                parameters: parameters, from: 0.0, velocity: kick, to: 400, startTick: 0, threshold: .points)
            var tick = 0
            let limit = Int(30 * tickRate)
            while !track.isAtRest, tick < limit {
                tick += 1
                _ = track.advance(to: tick, tickRate: tickRate)
                guard track.value.isFinite, track.velocity.isFinite else {
                    return XCTFail(
                        "\(track.value) at \(tick) ticks of \(tickRate) Hz: \(message)", file: file, line: line)
                }
            }
            XCTAssertTrue(track.isAtRest, "at rest within 30 s at \(tickRate) Hz: \(message)", file: file, line: line)
        }
    }

    /// The photo flies in on the zoom-in spring, every sprite finite on every tick, and lands.
    func assertFliesAPhoto(_ tuning: Tuning, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        var input = ScriptedInput(
            photos: photoInfos(count: 12), viewport: Size(width: 390, height: 844), tuning: tuning)
        input.tapCell(4)
        var bad: String?
        let check: (World) -> Void = { world in
            guard bad == nil else { return }
            for sprite in world.scene.sprites.compactMap({ $0 }) {
                let f = sprite.current.frame
                if ![f.x, f.y, f.width, f.height, sprite.current.alpha].allSatisfy(\.isFinite) {
                    bad = "\(sprite.role) at tick \(world.tick): \(sprite.current)"
                }
            }
        }
        input.settle(limit: 30 * 120, each: check, file: file, line: line)
        XCTAssertNil(bad, message, file: file, line: line)
        XCTAssertEqual(input.world.viewer.phase, .pager, "it lands on the page: \(message)", file: file, line: line)
    }
}
