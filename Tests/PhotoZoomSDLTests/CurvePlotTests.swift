import PhotoZoomCore
import XCTest

@testable import PhotoZoomSDL

final class CurvePlotTests: XCTestCase {
    func testThePlotDrawsTheTargetLineTheSettleMarkAndTheCurve() throws {
        let motion = SpringMotion(parameters: try .response(0.5, dampingRatio: 0.6), from: 0.0, target: 1)
        let samples = (0...200).map { i -> (t: Double, value: Double) in
            (Double(i) / 100, motion.value(at: Double(i) / 100))
        }
        let size = Size(width: 400, height: 300)
        let canvas = try CurvePlot.render(samples: samples, from: 0, target: 1, settleTime: 1.2, size: size)
        func color(_ x: Int, _ y: Int) -> Color {
            let p = canvas.pixel(x: x, y: y)
            return Color(r: p.r, g: p.g, b: p.b)
        }
        // Axes as CurvePlot lays them out: 24 pt margins, the values padded by 8 % of their span.
        let lo = min(samples.map(\.value).min()!, 0)
        let hi = max(samples.map(\.value).max()!, 1)
        let pad = (hi - lo) * 0.08
        func y(_ v: Double) -> Int { Int(300 - 24 - (v - (lo - pad)) / (hi - lo + 2 * pad) * 252) }
        func x(_ t: Double) -> Int { Int(24 + t / 2 * 352) }
        XCTAssertEqual(color(x(1.9) - 40, y(1)), CurvePlot.curve, "late in the flight the curve lies on the target")
        XCTAssertEqual(color(x(0.05), y(1)), CurvePlot.targetLine, "early on the target line shows on its own")
        XCTAssertEqual(color(x(1.2), 40), CurvePlot.settleLine)
        XCTAssertEqual(color(x(0.7) + 3, 40), CurvePlot.background)
        // The overshoot of ζ = 0.6 rises above the target line.
        let peak = samples.max { $0.value < $1.value }!
        XCTAssertGreaterThan(peak.value, 1.05)
        XCTAssertEqual(color(x(peak.t), y(peak.value)), CurvePlot.curve)
    }

    /// Values near the largest double: their span overflows if taken as hi − lo, which once
    /// drew every curve along the bottom edge; a flat curve there divided by zero and drew
    /// nothing. Both must be drawn where they lie.
    func testValuesNearTheLargestDoubleAreDrawnWhereTheyLie() throws {
        let size = Size(width: 400, height: 300)
        func curveRows(_ canvas: HeadlessCanvas, x: Int) -> [Int] {
            (0..<300).filter { y in
                let p = canvas.pixel(x: x, y: y)
                return Color(r: p.r, g: p.g, b: p.b) == CurvePlot.curve
            }
        }
        // A straight rise from −8e307 to 8e307: at half time it passes mid-height.
        let rise = (0...100).map { i -> (t: Double, value: Double) in (Double(i) / 100, -8e307 + Double(i) * 1.6e306) }
        let steep = try CurvePlot.render(samples: rise, from: -8e307, target: 8e307, settleTime: nil, size: size)
        let middle = curveRows(steep, x: 200)
        XCTAssertFalse(middle.isEmpty, "the curve crosses the middle column")
        XCTAssertTrue(middle.allSatisfy { abs($0 - 150) <= 3 }, "at mid-height, not along an edge: rows \(middle)")

        let flat = (0...100).map { i -> (t: Double, value: Double) in (Double(i) / 100, 1e300) }
        let level = try CurvePlot.render(samples: flat, from: 1e300, target: 1e300, settleTime: nil, size: size)
        let rows = curveRows(level, x: 200)
        XCTAssertFalse(rows.isEmpty, "a flat curve is drawn")
        XCTAssertTrue(rows.allSatisfy { abs($0 - 150) <= 3 }, "a flat curve lies at mid-height: rows \(rows)")
    }
}
