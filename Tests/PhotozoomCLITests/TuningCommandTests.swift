import Foundation
import PhotoZoomTestSupport
import XCTest

/// `photozoom tuning init` and `photozoom tuning check`, run as a person would.
final class TuningCommandTests: PhotozoomCLITestCase {
    var bundledDefaults: String {
        get throws {
            try String(contentsOf: PackagePaths.root.appendingPathComponent("assets/tuning.json"), encoding: .utf8)
        }
    }

    func testInitWritesTheDefaultsAndSaysWhere() throws {
        let path = try temporaryFolder().appendingPathComponent("tuning.json").path
        let result = try photozoom(["tuning", "init", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "wrote the default tuning to '\(path)'\n")
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), try bundledDefaults)
    }

    func testInitReplacesAFileOnlyWithForce() throws {
        let path = try temporaryFolder().appendingPathComponent("mine.json").path
        try "mine".write(toFile: path, atomically: true, encoding: .utf8)
        let refused = try photozoom(["tuning", "init", path])
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.errorLines, ["photozoom: '\(path)' already exists; pass --force to replace it"])
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "mine", "the person's file is untouched")

        let forced = try photozoom(["tuning", "init", path, "--force"])
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), try bundledDefaults)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent).sorted(),
            ["mine.json", "tuning.schema.json"], "no temporary file is left beside it, only the schema it names")
    }

    func testCheckPassesTheDefaults() throws {
        let result = try photozoom(["tuning", "check", "assets/tuning.json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "assets/tuning.json: no problems\n")
        XCTAssertEqual(result.stderr, "")
    }

    func testCheckExitsOneForWarningsOnly() throws {
        let path = try temporaryFolder().appendingPathComponent("typo.json").path
        try "{\"springs\": {\"zoomIn\": {\"response\": 0.5, \"dampingRatio\": 0.8, \"dampingRaito\": 1}}}".write(
            toFile: path, atomically: true, encoding: .utf8)
        let result = try photozoom(["tuning", "check", path])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.errorLines,
            [
                "\(path): warning: unknown key springs.zoomIn.dampingRaito — did you mean dampingRatio? (line 1, column 79)"
            ])
    }

    /// A file written when the direction rule was called "seed" is a warning naming the new name.
    func testCheckNamesTheDismissalRulesNewName() throws {
        let path = try temporaryFolder().appendingPathComponent("old.json").path
        try "{\"dismissal\": {\"rule\": \"seed\"}}".write(toFile: path, atomically: true, encoding: .utf8)
        let result = try photozoom(["tuning", "check", path])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.errorLines,
            ["\(path): warning: dismissal.rule: \"seed\" is now called \"direction\"; write that (line 1, column 24)"])
    }

    func testCheckExitsTwoForErrorsAndListsEveryProblem() throws {
        let path = try temporaryFolder().appendingPathComponent("bad.json").path
        try "{\"grid\": {\"cellGap\": -1, \"celGap\": 1}, \"zoom\": {\"maximumZoom\": \"4\"}}".write(
            toFile: path, atomically: true, encoding: .utf8)
        let result = try photozoom(["tuning", "check", path])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(
            result.errorLines,
            [
                "\(path): error: grid.cellGap: must lie in [0, 100], got -1 (line 1, column 22)",
                "\(path): warning: unknown key grid.celGap — did you mean cellGap? (line 1, column 36)",
                "\(path): error: zoom.maximumZoom: expected a number, got \"4\" (line 1, column 64)",
            ])
        XCTAssertEqual(result.stdout, "")
    }

    /// Issue 35's spring: valid constants, but ω₀ 1e300 and ζ 5e-301, which the window animated
    /// to NaN and `export --css` wrote stops for without end. Refused, naming the bound it
    /// breaks first; an export of it says the same and prints nothing, and ends (an export
    /// without end runs past the run's hang guard).
    func testASpringPastItsBoundsIsRefusedByCheckAndExport() throws {
        let folder = try temporaryFolder()
        let cases = [
            (
                "{\"springs\":{\"zoomIn\":{\"mass\":1e-300,\"stiffness\":1e300,\"damping\":1e-300}}}",
                "springs.zoomIn.mass: must lie in [0.01, 100], got 1e-300 (line 1, column 22)"
            ),
            (
                "{\"springs\":{\"zoomIn\":{\"response\":0.5,\"dampingRatio\":1e-9}}}",
                "springs.zoomIn.dampingRatio: the damping ratio ζ must lie in [0.05, 10], got 1e-09 (line 1, column 22)"
            ),
        ]
        for (index, (text, message)) in cases.enumerated() {
            let path = folder.appendingPathComponent("spring\(index).json").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let check = try photozoom(["tuning", "check", path])
            XCTAssertEqual(check.status, 2, text)
            XCTAssertEqual(check.errorLines, ["\(path): error: \(message)"])
            for form in ["--css", "--uikit"] {
                let export = try photozoom(["tuning", "export", path, form])
                XCTAssertEqual(export.status, 2, "\(form): \(text)")
                XCTAssertEqual(export.errorLines, ["\(path): error: \(message)"], form)
                XCTAssertEqual(export.stdout, "", form)
            }
        }
    }

    func testCheckRefusesWhatItCannotRead() throws {
        let folder = try temporaryFolder()
        let missing = folder.appendingPathComponent("missing.json").path
        // A FIFO would block a read until something writes to it: refused by its type, at once.
        let fifo = folder.appendingPathComponent("fifo.json").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let huge = folder.appendingPathComponent("huge.json").path
        FileManager.default.createFile(atPath: huge, contents: Data(count: 2 << 20))
        let notText = folder.appendingPathComponent("binary.json").path
        try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: notText))
        for (path, line) in [
            (missing, "photozoom: cannot read '\(missing)': No such file or directory"),
            (folder.path, "photozoom: cannot read '\(folder.path)': Is a directory"),
            (notText, "photozoom: '\(notText)' is not UTF-8 text"),
            (
                "/dev/zero",
                "photozoom: cannot read '/dev/zero': it is not a regular file (a FIFO, a device or a socket)"
            ),
            (fifo, "photozoom: cannot read '\(fifo)': it is not a regular file (a FIFO, a device or a socket)"),
            (huge, "photozoom: '\(huge)' is larger than 1 MB, too large for a tuning file"),
        ] {
            let result = try photozoom(["tuning", "check", path])
            XCTAssertEqual(result.status, 2, path)
            XCTAssertEqual(result.errorLines, [line])
        }
    }
}

/// `photozoom tuning diff A B`, as a person comparing two feels runs it.
final class TuningDiffCommandTests: PhotozoomCLITestCase {
    func file(_ text: String) throws -> String {
        let path = try temporaryFolder().appendingPathComponent("b.json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testEachValueThatDiffersIsOneLineAndTheExitIsOne() throws {
        let b = try file(
            #"{"springs": {"zoomIn": {"uikitDuration": 0.4, "dampingRatio": 0.8}}, "dismissal": {"shrink": 0.6}}"#)
        let result = try photozoom(["tuning", "diff", "assets/tuning.json", b])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, "springs.zoomIn.uikitDuration 0.5 | 0.4\ndismissal.shrink 0.5 | 0.6\n")
        XCTAssertEqual(result.stderr, "")
    }

    func testTheSameSpringInAnotherVocabularyIsSaidToBeTheSame() throws {
        // The default fade: response 0.25 s, critically damped, written as SwiftUI's duration and bounce.
        let b = try file(#"{"chrome": {"fadeSpring": {"duration": 0.25, "bounce": 0}}}"#)
        let result = try photozoom(["tuning", "diff", "assets/tuning.json", b])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(
            result.stdout,
            "chrome.fadeSpring {response: 0.25, dampingRatio: 1} | {duration: 0.25, bounce: 0} (the same spring)\n")
    }

    func testNothingDiffersExitsZeroAndAFileWithErrorsTwo() throws {
        let same = try photozoom(["tuning", "diff", "assets/tuning.json", try file("{}")])
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertTrue(same.stdout.hasSuffix(": no differences\n"), same.stdout)
        let broken = try file(#"{"dismissal": {"shrink": 1}}"#)
        let bad = try photozoom(["tuning", "diff", "assets/tuning.json", broken])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stdout, "")
        XCTAssertEqual(
            bad.errorLines, ["\(broken): error: dismissal.shrink: must lie in [0, 1), got 1 (line 1, column 26)"])
    }
}
