import Foundation
import PhotoZoomTestSupport
import XCTest

/// What a person sees when they mistype: one line on stderr naming the problem, exit 2, and
/// nothing on stdout; negative numbers are values, so a rule about them is what gets reported.
final class UsageErrorTests: PhotozoomCLITestCase {
    func testEveryUsageAndValidationErrorIsOneLineAndExitsTwo() throws {
        let out = try temporaryFolder().appendingPathComponent("never.png").path
        let cases: [[String]] = [
            ["curve", "--stiffness", "3", "--damping", "1", "--bogus"],
            ["curve", "--stiffness", "3"],
            ["curve", "--stiffness", "3", "--damping", "1", "--step"],
            ["snapshot"],
            ["snapshot", "--out", out, "--size", "0x5"],
            ["snapshot", "--out", out, "--scale", "9"],
            ["bench", "--repeats", "many"],
            ["run", "--exit-after-frames", "0"],
            ["frobnicate"],
        ]
        for arguments in cases {
            let r = try photozoom(arguments)
            let what = arguments.joined(separator: " ")
            XCTAssertEqual(r.status, 2, "\(what): \(r.stderr)")
            XCTAssertEqual(r.errorLines.count, 1, "\(what): one line, not the usage block: \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("photozoom: "), "\(what): \(r.stderr)")
            XCTAssertEqual(r.stdout, "", what)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        let size = try photozoom(["snapshot", "--out", out, "--size", "0x5"])
        XCTAssertTrue(
            size.stderr.contains("--size must lie between 1x1 and 16384x16384 points, got 0x5"),
            "the rule is named: \(size.stderr)")
    }

    func testHelpStillPrintsTheWholeHelpToStdout() throws {
        for arguments in [["--help"], ["curve", "--help"], ["snapshot", "-h"]] {
            let r = try photozoom(arguments)
            XCTAssertEqual(r.status, 0, "\(arguments): \(r.stderr)")
            XCTAssertEqual(r.stderr, "", "\(arguments)")
            XCTAssertTrue(r.stdout.contains("USAGE:") && r.stdout.contains("OPTIONS:"), "\(arguments): \(r.stdout)")
        }
    }

    /// A negative number after an option is its value, so the option's own rule is reported
    /// (never "Missing value for …").
    func testANegativeValueIsCheckedAgainstTheOptionsRule() throws {
        let spring = ["--stiffness", "3", "--damping", "1"]
        let cases: [(arguments: [String], message: String)] = [
            (["curve"] + spring + ["--step", "-0.1"], "--step must be greater than 0, got -0.1"),
            (["curve"] + spring + ["--duration", "-2"], "--duration must not be negative, got -2.0"),
            (["curve", "--stiffness", "-3", "--damping", "1"], "--stiffness must be greater than 0, got -3.0"),
            (["curve", "--stiffness", "3", "--damping", "-1"], "--damping must not be negative, got -1.0"),
            (["curve", "--mass", "-2"] + spring, "--mass must be greater than 0, got -2.0"),
            (["curve", "--response", "-0.5", "--damping-ratio", "1"], "--response must be greater than 0, got -0.5"),
            (
                ["curve", "--response", "0.5", "--damping-ratio", "-1"],
                "--damping-ratio must not be negative, got -1.0"
            ),
            (
                ["curve", "--spring-duration", "-1", "--bounce", "0"],
                "--spring-duration must be greater than 0, got -1.0"
            ),
            (
                ["curve", "--uikit-duration", "-1", "--damping-ratio", "1"],
                "--uikit-duration must be greater than 0, got -1.0"
            ),
            (["snapshot", "--out", "never.png", "--scale", "-1"], "--scale must lie in (0, 4], got -1.0"),
            (["run", "--exit-after-frames", "-1"], "--exit-after-frames must be at least 1, got -1"),
            (["bench", "--repeats", "-1"], "--repeats must lie in 1...1000, got -1"),
        ]
        for (arguments, message) in cases {
            let r = try photozoom(arguments)
            let what = arguments.joined(separator: " ")
            XCTAssertEqual(r.status, 2, "\(what): \(r.stderr)")
            XCTAssertEqual(r.stderr, "photozoom: \(message)\n", what)
        }
    }

    /// Negative values that mean something are taken: a start below zero, a velocity
    /// downwards, and a scroll above the top, which the wheel stops at the top as it always does.
    func testNegativeValuesThatMeanSomethingAreAccepted() throws {
        let r = try photozoom([
            "curve", "--stiffness", "3", "--damping", "1", "--from", "-3", "--velocity", "-100", "--step", "1",
            "--duration", "0",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "t,value,velocity\n0.0,-3.0,-100.0\n")

        let folder = try temporaryFolder()
        let top = folder.appendingPathComponent("top.png")
        let above = folder.appendingPathComponent("above.png")
        XCTAssertEqual(try photozoom(["snapshot", "--out", top.path]).status, 0)
        let scrolled = try photozoom(["snapshot", "--out", above.path, "--scroll", "-50"])
        XCTAssertEqual(scrolled.status, 0, scrolled.stderr)
        XCTAssertEqual(
            try Data(contentsOf: above), try Data(contentsOf: top), "scrolling up from the top stays at the top")
    }

    /// A file name is the user's to choose, control characters included; ours to print safely:
    /// never a raw newline (a second line) or ESC (a terminal command).
    func testControlCharactersInPathsArePrintedEscaped() throws {
        let folder = try temporaryFolder()
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: PackagePaths.bundledPhotos + "/" + firstBundledPhoto(),
            toPath: photos.appendingPathComponent("good.jpg").path)
        let badName = "bad\u{1B}[31mred\nline.png"
        try Data("not a png".utf8).write(to: photos.appendingPathComponent(badName))

        let r = try photozoom([
            "snapshot", "--photos", photos.path, "--out", folder.appendingPathComponent("s.png").path,
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.errorLines.count, 1, "one line for the broken photo: \(r.stderr)")
        XCTAssertFalse(
            r.stderr.dropLast().contains { $0.asciiValue.map { $0 < 0x20 } ?? false },
            "no raw control characters: \(r.stderr)")
        XCTAssertTrue(r.stderr.contains("bad\\u{1B}[31mred\\nline.png"), r.stderr)

        let missing = folder.appendingPathComponent("no\nsuch").path
        let m = try photozoom(["snapshot", "--photos", missing, "--out", folder.appendingPathComponent("t.png").path])
        XCTAssertEqual(m.status, 2)
        XCTAssertEqual(m.errorLines.count, 1, m.stderr)
        XCTAssertTrue(m.stderr.contains("no\\nsuch"), m.stderr)
    }

    /// A right-to-left override shows the rest of a name backwards (`photo\u{202E}gnp.exe`
    /// reads as `photoexe.png`), and a C1 CSI drives a terminal as ESC [ does: every
    /// bidirectional control and C1 control is printed escaped, as the C0 ones are.
    func testBidirectionalAndC1ControlsInPathsArePrintedEscaped() throws {
        let folder = try temporaryFolder()
        let controls: [Unicode.Scalar] = [
            "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}",
            "\u{2069}", "\u{200E}", "\u{200F}", "\u{9B}", "\u{85}",
        ]
        for control in controls {
            let missing = folder.appendingPathComponent("photo\(control)gnp.exe").path
            let r = try photozoom(
                ["snapshot", "--photos", missing, "--out", folder.appendingPathComponent("t.png").path])
            XCTAssertEqual(r.status, 2)
            XCTAssertEqual(r.errorLines.count, 1, r.stderr)
            let escaped = "photo\\u{\(String(control.value, radix: 16, uppercase: true))}gnp.exe"
            XCTAssertTrue(r.stderr.contains(escaped), "\(escaped) in \(r.stderr)")
            XCTAssertFalse(r.stderr.unicodeScalars.contains(control), r.stderr)
        }
    }

    private func firstBundledPhoto() throws -> String {
        try XCTUnwrap(
            try FileManager.default.contentsOfDirectory(atPath: PackagePaths.bundledPhotos).sorted().first {
                $0.hasSuffix(".jpg")
            })
    }
}
