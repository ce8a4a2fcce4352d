import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// `photozoom curve`: the CSV a person pastes into a plot, the PNG they look at, and the errors.
final class CurveCommandTests: PhotozoomCLITestCase {
    func rows(_ csv: String) -> [[Double]] {
        csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map { Double(String($0))! } }
    }

    /// The numbers as printed, row by row.
    func fields(_ csv: String) -> [[String]] {
        csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
    }

    /// Distance still to go, as a fraction, of a spring with natural frequency ω0 and damping
    /// ratio ζ released from rest: the textbook solution for each damping regime.
    func remaining(omega0 w: Double, zeta z: Double, at t: Double) -> Double {
        if z < 1 {
            let a = z * w
            let wd = w * (1 - z * z).squareRoot()
            return exp(-a * t) * (cos(wd * t) + a / wd * sin(wd * t))
        }
        if z == 1 { return exp(-w * t) * (1 + w * t) }
        let root = (z * z - 1).squareRoot()
        let r1 = -w * (z - root)
        let r2 = -w * (z + root)
        return (r1 * exp(r2 * t) - r2 * exp(r1 * t)) / (r1 - r2)
    }

    func testPhysicalFlagsPrintFloorOfDurationOverStepPlusOneRowsOfTheSolvedSpringInShortestRoundTripForm() throws {
        let r = try photozoom([
            "curve", "--mass", "2", "--stiffness", "300", "--damping", "20", "--from", "-5", "--to", "7",
            "--velocity", "-40", "--step", "0.0125", "--duration", "0.7",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n").first, "t,value,velocity")
        let table = rows(r.stdout)
        XCTAssertEqual(table.count, 57)  // floor(0.7 / 0.0125) + 1
        // m = 2, k = 300, c = 20, solved by hand: decay a = c/2m = 5, ω0² = k/m = 150,
        // ωd = √(150 − 25) = √125. With y = x − 7 from y0 = −12 at v0 = −40:
        //   y(t)  = e^(−at)·(y0·cos ωd·t + (v0 + a·y0)/ωd · sin ωd·t)
        //   y'(t) = e^(−at)·(v0·cos ωd·t − (a·v0 + ω0²·y0)/ωd · sin ωd·t)
        let a = 5.0
        let w0Squared = 150.0
        let wd = 125.0.squareRoot()
        let y0 = -12.0
        let v0 = -40.0
        for (i, row) in table.enumerated() {
            XCTAssertEqual(row[0], Double("\(i * 125)e-4"), "t = i·step in decimal, not summed steps")
            let t = row[0]
            let e = exp(-a * t)
            let y = e * (y0 * cos(wd * t) + (v0 + a * y0) / wd * sin(wd * t))
            let v = e * (v0 * cos(wd * t) - (a * v0 + w0Squared * y0) / wd * sin(wd * t))
            // Measured against this evaluation: at most 2.7e-15 off in value (|x| < 10) and 1.4e-14
            // in velocity (|v| < 91). The tolerances leave a wide margin for another libm, yet a
            // value printed to 13 significant digits (up to 5e-13 off) would not pass.
            XCTAssertEqual(row[1], 7 + y, accuracy: 1e-13, "value at \(t)")
            XCTAssertEqual(row[2], v, accuracy: 1e-12, "velocity at \(t)")
        }
        // Every number is printed in Swift's shortest form that reads back to the same double.
        for line in fields(r.stdout) {
            for text in line { XCTAssertEqual("\(Double(text)!)", text, "printed as the double it reads back as") }
        }
        XCTAssertEqual(table[0][1], -5)
        XCTAssertEqual(table[0][2], -40)
    }

    func testEveryParameterizationGivesTheSpringItNames() throws {
        // Each vocabulary's spring as natural frequency ω0 and damping ratio ζ, by hand:
        // SwiftUI's response is the undamped period, so ω0 = 2π/0.5 = 4π; its duration and
        // bounce are a response and ζ = 1 − bounce, or 1/(1 + bounce) for a negative bounce;
        // UIKit's duration is where e^(−ζω0·t) reaches 1/1000, so ω0 = ln 1000/(0.25 · 1).
        let cases: [([String], omega0: Double, zeta: Double)] = [
            (["--response", "0.5", "--damping-ratio", "0.8"], 4 * .pi, 0.8),
            (["--spring-duration", "0.5", "--bounce", "0.3"], 4 * .pi, 0.7),
            (["--spring-duration", "0.5", "--bounce", "-0.4"], 4 * .pi, 1 / 0.6),
            (["--uikit-duration", "0.25", "--damping-ratio", "1"], log(1000) / 0.25, 1),
        ]
        for (flags, omega0, zeta) in cases {
            let r = try photozoom(["curve"] + flags + ["--step", "0.1", "--duration", "1"])
            XCTAssertEqual(r.status, 0, "\(flags): \(r.stderr)")
            let table = rows(r.stdout)
            XCTAssertEqual(table.count, 11, "\(flags)")
            for row in table {
                // Measured: within 2.3e-16 of this evaluation.
                XCTAssertEqual(
                    row[1], 1 - remaining(omega0: omega0, zeta: zeta, at: row[0]), accuracy: 1e-14,
                    "\(flags) at \(row[0])")
            }
        }
        let uikit = try photozoom([
            "curve", "--uikit-duration", "0.5", "--damping-ratio", "0.8", "--from", "10", "--to", "20",
            "--uikit-initial-velocity", "3", "--step", "1", "--duration", "0",
        ])
        XCTAssertEqual(
            rows(uikit.stdout)[0][2], 30, "UIKit's initial velocity is a fraction of the distance per second")
    }

    func testBadFlagsExitTwoWithAMessageNamingTheProblem() throws {
        let cases: [([String], String)] = [
            (["--mass", "0", "--stiffness", "1", "--damping", "1"], "mass"),
            (["--stiffness", "-3", "--damping", "1"], "stiffness"),
            (["--stiffness", "3", "--damping", "-1"], "damping"),
            (["--stiffness", "nan", "--damping", "1"], "stiffness"),
            (["--response", "0", "--damping-ratio", "1"], "response"),
            (["--spring-duration", "0.5", "--bounce", "2"], "bounce"),
            (["--response", "0.5"], "--damping-ratio"),
            (["--response", "0.5", "--damping-ratio", "1", "--stiffness", "4"], "exactly one way"),
            (["--stiffness", "3", "--damping", "1", "--step", "0"], "--step"),
            (["--stiffness", "3", "--damping", "1", "--bogus"], "--bogus"),
            ([], "exactly one way"),
        ]
        for (flags, named) in cases {
            let r = try photozoom(["curve"] + flags)
            XCTAssertEqual(r.status, 2, "\(flags)")
            XCTAssertTrue(r.stderr.contains(named), "\(flags): \(r.stderr)")
            XCTAssertEqual(r.stdout, "", "\(flags)")
        }
    }

    /// t is i × step as the step was written, so 3 × 0.3 prints 0.9, not 0.8999999999999999;
    /// without --step the rows are the ticks of a 120 Hz loop, i / 120. Each row's values are
    /// the spring's state at the t printed.
    func testTimesArePrintedAtTheStepsOwnPrecision() throws {
        let spring = ["--stiffness", "100", "--damping", "10"]
        let motion = SpringMotion(parameters: try SpringParameters(stiffness: 100, damping: 10), from: 0.0, target: 1)
        let cases: [(flags: [String], times: [String])] = [
            (["--step", "0.3", "--duration", "1"], ["0.0", "0.3", "0.6", "0.9"]),
            (["--step", "0.1", "--duration", "0.7"], ["0.0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7"]),
            (["--step", "1e-7", "--duration", "3e-7"], ["0.0", "1e-07", "2e-07", "3e-07"]),
            (
                ["--duration", "0.05"],
                [
                    "0.0", "0.008333333333333333", "0.016666666666666666", "0.025", "0.03333333333333333",
                    "0.041666666666666664", "0.05",
                ]
            ),
        ]
        for (flags, times) in cases {
            let r = try photozoom(["curve"] + spring + flags)
            XCTAssertEqual(r.status, 0, "\(flags): \(r.stderr)")
            let lines = r.stdout.split(separator: "\n").dropFirst()
            XCTAssertEqual(lines.map { String($0.prefix { $0 != "," }) }, times, "\(flags)")
            for row in rows(r.stdout) { XCTAssertEqual(row[1], motion.value(at: row[0]), "\(flags) at \(row[0])") }
        }
    }

    /// A row that would print nan or inf is refused before any row is printed.
    func testInputsWhoseRowsWouldNotBeFiniteAreRefusedInOneLine() throws {
        let cases: [([String], String)] = [
            (
                ["--stiffness", "3", "--damping", "1", "--velocity", "inf"],
                "--velocity must be a finite number, got inf"
            ),
            (["--stiffness", "3", "--damping", "1", "--from", "-1e308", "--to", "1e308"], "not finite"),
            (["--mass", "1e-300", "--stiffness", "1e300", "--damping", "1"], "not finite"),
            (
                ["--uikit-duration", "0.5", "--damping-ratio", "1", "--to", "1e308", "--uikit-initial-velocity", "10"],
                "not finite"
            ),
        ]
        for (flags, named) in cases {
            for output in [[], ["--png", try temporaryFolder().appendingPathComponent("c.png").path]] {
                let r = try photozoom(["curve"] + flags + output)
                let what = (flags + output).joined(separator: " ")
                XCTAssertEqual(r.status, 2, "\(what): \(r.stdout.prefix(200))")
                XCTAssertEqual(r.errorLines.count, 1, "\(what): \(r.stderr)")
                XCTAssertTrue(r.stderr.contains(named), "\(what): \(r.stderr)")
                XCTAssertEqual(r.stdout, "", what)
            }
        }
    }

    /// The settle mark is looked for on a bounded grid, so a plot over ten million seconds (or
    /// 1e300) is drawn, where a search tick by tick would run past the run's hang guard, and
    /// never traps.
    func testAPlotOverAnyDurationIsDrawn() throws {
        let folder = try temporaryFolder()
        for (duration, step) in [("1e7", "1e4"), ("1e300", "1e299")] {
            let out = folder.appendingPathComponent("\(duration).png")
            let r = try photozoom([
                "curve", "--response", "0.5", "--damping-ratio", "0.5", "--duration", duration, "--step", step, "--png",
                out.path,
            ])
            XCTAssertEqual(r.status, 0, "--duration \(duration): \(r.stderr)")
            XCTAssertNotNil(pngSize(try Data(contentsOf: out)))
        }
    }

    func testThePNGIsWrittenAtTheAskedSizeAndNeverOverwrittenUnasked() throws {
        let out = try temporaryFolder().appendingPathComponent("curve.png")
        let r = try photozoom([
            "curve", "--response", "0.5", "--damping-ratio", "0.5", "--duration", "2", "--png", out.path, "--png-size",
            "400x300",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        let data = try Data(contentsOf: out)
        let size = pngSize(data)
        XCTAssertEqual(size?.width, 400)
        XCTAssertEqual(size?.height, 300)
        let again = try photozoom(["curve", "--response", "0.5", "--damping-ratio", "0.5", "--png", out.path])
        XCTAssertEqual(again.status, 2, "never replaces a file without --overwrite")
        XCTAssertEqual(try Data(contentsOf: out), data)
    }
}
