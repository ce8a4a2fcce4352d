import Foundation
import XCTest

/// `photozoom monkey`: a short run of the real executable breaks nothing, and a seed is a replay.
final class MonkeyCommandTests: PhotozoomCLITestCase {
    func testAShortRunBreaksNoInvariantAndTheSeedDecidesTheRun() throws {
        let out = try temporaryFolder()
        var summaries: [String] = []
        for _ in 0..<2 {
            let r = try photozoom(["monkey", "--minutes", "0.005", "--seed", "7", "--out", out.path])
            XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
            XCTAssertTrue(r.stdout.hasSuffix("(seed 7): no invariant broken\n"), r.stdout)
            // "monkey: E episodes, T ticks in S s …": the episodes and ticks, not the time.
            summaries.append(r.stdout.components(separatedBy: " in ").first ?? "")
        }
        XCTAssertEqual(summaries[0], summaries[1])
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: out.path), [], "nothing broke, so no recording")
    }

    /// `--help` says each option's default once, in words.
    func testHelpSaysTheDefaultFolderOnce() throws {
        let help = try photozoom(["monkey", "--help"]).stdout
        let out = try XCTUnwrap(
            help.components(separatedBy: "\n  --out").dropFirst().first?.components(separatedBy: "\n  -").first, help)
        XCTAssertEqual(out.components(separatedBy: "default").count - 1, 1, "--out's help:\(out)")
    }

    func testAnAbsurdDurationIsOneLineAndExit2() throws {
        for minutes in ["0", "-1", "nan", "1e9"] {
            let r = try photozoom(["monkey", "--minutes", minutes])
            XCTAssertEqual(r.status, 2, minutes)
            XCTAssertEqual(r.errorLines.count, 1, r.stderr)
        }
    }
}
