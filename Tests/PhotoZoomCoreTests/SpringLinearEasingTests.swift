import Foundation
import XCTest

@testable import PhotoZoomCore

/// `SpringLinearEasing` against the closed form: read between its stops by straight lines, as
/// CSS reads `linear()`, it stays within its tolerance of the spring from rest.
final class SpringLinearEasingTests: XCTestCase {
    /// The spring's progress from rest toward a unit distance, from ω₀ and ζ by the textbook
    /// formulas, apart from the solver's.
    static func exactProgress(_ p: SpringParameters, at t: Double) -> Double {
        let w = p.naturalFrequency
        let z = p.dampingRatio
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            return 1 - exp(-z * w * t) * (cos(wd * t) + z * w * (wd * t == 0 ? t : sin(wd * t) / wd))
        }
        if z == 1 { return 1 - exp(-w * t) * (1 + w * t) }
        let s = w * (z * z - 1).squareRoot()
        let r1 = -z * w + s
        let r2 = -z * w - s
        return 1 - (r1 * exp(r2 * t) - r2 * exp(r1 * t)) / (r1 - r2)
    }

    /// The largest gap between the easing and the spring over 10,000 even steps of the
    /// duration, the easing read between its stops as CSS does, by straight lines.
    static func largestGap(_ stops: [(Double, Double)], _ p: SpringParameters, duration: Double, _ message: String)
        -> Double
    {
        XCTAssertEqual(stops.first?.0, 0, message)
        XCTAssertEqual(stops.last?.0, 1, message)
        XCTAssertTrue(zip(stops, stops.dropFirst()).allSatisfy { $0.0 < $1.0 }, "positions rise: \(message)")
        var gap = 0.0
        var segment = 0
        let samples = 10_000
        for i in 0...samples {
            let u = Double(i) / Double(samples)
            while segment < stops.count - 2, stops[segment + 1].0 < u { segment += 1 }
            let (u0, v0) = stops[segment]
            let (u1, v1) = stops[segment + 1]
            let eased = v0 + (v1 - v0) * (u - u0) / (u1 - u0)
            gap = max(gap, abs(eased - exactProgress(p, at: u * duration)))
        }
        return gap
    }

    /// Every vocabulary at every damping, and springs drawn at random.
    func testTheEasingOfEverySpringOfTheSpreadStaysWithinTolerance() throws {
        let (specs, seed) = try SpringExportTests.springs()
        var largest = 0.0
        var most = 0
        for spec in specs {
            let export = try SpringExport(spec)
            guard let easing = export.linearEasing else {
                XCTAssertNil(export.settlingDuration, "\(spec)")
                continue
            }
            let stops = easing.stops.map {
                (
                    Double($0.position) / Double(SpringLinearEasing.positionsPerDuration),
                    Double($0.value) / Double(SpringLinearEasing.valuesPerDistance)
                )
            }
            let gap = Self.largestGap(stops, export.parameters, duration: easing.duration, "\(spec), \(seed)")
            XCTAssertLessThanOrEqual(gap, SpringLinearEasing.tolerance, "\(spec), \(seed)")
            largest = max(largest, gap)
            most = max(most, stops.count)
        }
        print("linear() over the spread: largest gap \(largest), at most \(most) stops")
    }

    func testTheStopsCrowdWhereTheCurveBendsAndSitOnItsPeaks() throws {
        let whole = SpringLinearEasing.positionsPerDuration
        let critical = try XCTUnwrap(SpringExport(.swiftUI(response: 0.4, dampingRatio: 1)).linearEasing)
        let early = critical.stops.filter { $0.position < whole / 4 }.count
        let late = critical.stops.filter { $0.position >= whole * 3 / 4 }.count
        XCTAssertGreaterThan(early, 2 * late, "\(critical.stops)")
        // An under-damped spring's overshoot is a stop of its own, at the first peak (t = π/ωd).
        let spec = SpringSpec.swiftUI(response: 0.5, dampingRatio: 0.3)
        let p = try spec.parameters()
        let bouncy = try XCTUnwrap(SpringExport(spec).linearEasing)
        let peak = Double.pi / (p.naturalFrequency * (1 - 0.09).squareRoot())
        let highest = try XCTUnwrap(bouncy.stops.max { $0.value < $1.value })
        XCTAssertEqual(Double(highest.position), peak / bouncy.duration * Double(whole), accuracy: 1)
        XCTAssertEqual(
            Double(highest.value) / Double(SpringLinearEasing.valuesPerDistance), Self.exactProgress(p, at: peak),
            accuracy: 1e-5)
    }
}
