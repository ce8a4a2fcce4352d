import Foundation
import PhotoZoomTestSupport
import XCTest

/// `photozoom run --tuning FILE`, the real executable under the offscreen driver.
final class RunTuningTests: PhotozoomCLITestCase {
    func testAMissingFileIsWrittenWithTheDefaultsAndSaidSo() throws {
        let path = try temporaryFolder().appendingPathComponent("my.json").path
        let r = try photozoom(["run", "--tuning", path, "--exit-after-frames", "3"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(
            r.errorLines, ["photozoom: tuning: wrote the defaults to '\(path)' — edit and save it to tune live"])
        XCTAssertTrue(
            try String(contentsOfFile: path, encoding: .utf8).contains(
                "\"zoomIn\": {\"uikitDuration\": 0.5, \"dampingRatio\": 0.8}"))
        // The second run finds it and says it watches it; it is not rewritten.
        try "{\"grid\": {\"cellGap\": 4}}".write(toFile: path, atomically: true, encoding: .utf8)
        let again = try photozoom(["run", "--tuning", path, "--exit-after-frames", "3"])
        XCTAssertEqual(again.errorLines, ["photozoom: tuning: watching '\(path)' — edit and save it to tune live"])
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "{\"grid\": {\"cellGap\": 4}}")
    }

    /// A plain run says how to tune on stdout, as advice: not on stderr, where it read as a
    /// warning, and so not in a bug report's log either.
    func testAPlainRunSaysHowToTuneOnStandardOutput() throws {
        let app = try RunningPhotozoom(["run"], outputIn: try temporaryFolder())
        XCTAssertTrue(app.wait { $0.stdout.contains("--tuning FILE") }, "stdout: \(app.stdout)\nstderr: \(app.stderr)")
        XCTAssertEqual(
            app.stdout,
            "tuning: run with --tuning FILE to tune live (FILE is written with the defaults if it does not exist)\n")
        XCTAssertFalse(app.stderr.contains("--tuning"), app.stderr)
    }

    /// docs/tuning.md's example of a reload is what the window says when the file it wrote
    /// with the defaults gets the doc's edit: the spring's value in it, from the old to the new.
    func testTheDocsReloadExampleIsWhatTheWindowSaysForThatEdit() throws {
        let doc = try String(contentsOf: PackagePaths.root.appendingPathComponent("docs/tuning.md"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        let example = try XCTUnwrap(
            CommandLineDocTests.captures(#"\((`photozoom: tuning reloaded: [^`]+`)\)"#, in: doc).first,
            "the doc's example")
        let line = String(example.dropFirst().dropLast())
        let parts = try XCTUnwrap(Self.reload(line), "one value, `springs.SPRING.KEY OLD → NEW`: \(line)")

        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("my.json").path
        let app = try RunningPhotozoom(["run", "--tuning", path], outputIn: folder)
        XCTAssertTrue(app.wait { $0.errorLines.count == 1 }, app.stderr)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let at = try XCTUnwrap(
            lines.firstIndex { $0.contains("\"\(parts.spring)\": {") && $0.contains("\"\(parts.key)\": \(parts.old)") },
            "the defaults hold \(parts.spring).\(parts.key) = \(parts.old):\n\(text)")
        var edited = lines
        edited[at] = lines[at].replacingOccurrences(
            of: "\"\(parts.key)\": \(parts.old)", with: "\"\(parts.key)\": \(parts.new)")
        try edited.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertTrue(app.wait { $0.errorLines.count == 2 }, app.stderr)
        XCTAssertEqual(app.errorLines.last, line)
    }

    /// `photozoom: tuning reloaded: springs.SPRING.KEY OLD → NEW`, in its parts.
    static func reload(_ line: String) -> (spring: String, key: String, old: String, new: String)? {
        let pattern = try! NSRegularExpression(
            pattern: #"^photozoom: tuning reloaded: springs\.(\w+)\.(\w+) (\S+) → (\S+)$"#)
        guard let match = pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) else { return nil }
        let group = { (i: Int) in String(line[Range(match.range(at: i), in: line)!]) }
        return (group(1), group(2), group(3), group(4))
    }

    /// A folder is no tuning file (exit 2); a missing folder is a write the system refuses (exit 1).
    func testAFolderOrAMissingFolderIsOneLine() throws {
        let folder = try temporaryFolder()
        let r = try photozoom(["run", "--tuning", folder.path, "--exit-after-frames", "3"])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.errorLines, ["photozoom: cannot read '\(folder.path)': Is a directory"])
        let nowhere = folder.appendingPathComponent("no/such/my.json").path
        let missing = try photozoom(["run", "--tuning", nowhere, "--exit-after-frames", "3"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.errorLines.count, 1, missing.stderr)
        XCTAssertTrue(missing.stderr.hasPrefix("photozoom: cannot write the default tuning: "), missing.stderr)
    }

    /// The running window takes a save: one stderr line naming the change, and a bad save is
    /// refused with its problem while the window keeps running.
    func testTheRunningWindowReloadsOnSave() throws {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("my.json").path
        let (process, waitForLines) = try running(["run", "--tuning", path], in: folder)
        defer { ChildProcess.stop(process) }
        XCTAssertEqual(
            waitForLines(1).first, "photozoom: tuning: wrote the defaults to '\(path)' — edit and save it to tune live")
        try "{\"springs\": {\"zoomIn\": {\"response\": 0.4, \"dampingRatio\": 0.8}}}".write(
            toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(
            waitForLines(2).last,
            "photozoom: tuning reloaded: springs.zoomIn {uikitDuration: 0.5, dampingRatio: 0.8} → {response: 0.4, dampingRatio: 0.8}"
        )
        try "{\"springs\": {\"zoomIn\": {\"response\": -1, \"dampingRatio\": 0.8}}}".write(
            toFile: path, atomically: true, encoding: .utf8)
        let refused = waitForLines(4)
        XCTAssertEqual(
            refused.dropFirst(2).first,
            "photozoom: tuning: '\(path)' not applied, still running on the last good values:")
        XCTAssertEqual(
            refused.last,
            "\(path): error: springs.zoomIn.response: must be greater than 0, got -1.0 (line 1, column 24)")
        XCTAssertTrue(process.isRunning, "the window keeps running")
    }

    /// Issue 33, item 9: beside another session, the reload line says which side took the save.
    func testAComparedSessionsReloadSaysWhichSide() throws {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("b.json").path
        try "{\"grid\": {\"cellGap\": 4}}".write(toFile: path, atomically: true, encoding: .utf8)
        let (process, waitForLines) = try running(["run", "--compare", path], in: folder)
        defer { ChildProcess.stop(process) }
        let started = waitForLines(3)
        XCTAssertEqual(
            started.last, "photozoom: tuning: watching '\(path)' — edit and save it to tune live", "\(started)")
        try "{\"grid\": {\"cellGap\": 6}}".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(
            waitForLines(started.count + 1).dropFirst(started.count).first,
            "photozoom: B: tuning reloaded: grid.cellGap 4 → 6")
    }

    /// `arguments` run under the offscreen driver until the test ends, and a wait for their
    /// stderr to have a number of lines (at most 20 s) that returns those it has.
    private func running(_ arguments: [String], in folder: URL) throws -> (Process, (Int) -> [String]) {
        let window = try RunningPhotozoom(arguments, outputIn: folder)
        addTeardownBlock { window.stop() }
        return (
            window.process,
            { count in
                window.wait { $0.errorLines.count >= count }
                return window.errorLines
            }
        )
    }
}
