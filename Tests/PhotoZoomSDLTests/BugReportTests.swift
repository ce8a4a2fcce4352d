import Foundation
import PhotoZoomCore
import PhotoZoomLibrary
import PhotoZoomSDL
import PhotoZoomTestSupport
import XCTest

/// The bug report folder: every file there, never over another folder, nothing left behind
/// when it cannot be written.
final class BugReportTests: XCTestCase {
    var parent: String!

    override func setUpWithError() throws {
        parent = FileManager.default.temporaryDirectory.appendingPathComponent("pz-report-\(UUID().uuidString)").path
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: parent)
    }

    /// The tap fixture, its photos looked for in `photosFolder`.
    func report(photosFolder: String = PhotoFolder.bundledFolder()) throws -> BugReport {
        let session = try String(
            contentsOf: PackagePaths.fixtures.appendingPathComponent("sessions/tap.jsonl"), encoding: .utf8)
        return BugReport(
            session: session, tuning: TuningFile().text, screenshot: nil, log: "a line\n", facts: SystemFacts(),
            photosFolder: photosFolder)
    }

    func testTheFolderHoldsEachFileAndNeverReplacesAnother() throws {
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try report().write(into: parent, at: date)
        let second = try report().write(into: parent, at: date)
        XCTAssertNotEqual(first, second)
        XCTAssertTrue(second.hasSuffix(URL(fileURLWithPath: first).lastPathComponent + "-2"), second)
        // The tap's press (on tick 1, the first frame), release and landing, and its last tick:
        // four tiles of its 390x700 window at 201x360, in one row under the title.
        let sheet = try ReferenceImage(contentsOf: first + "/contact-sheet.png")
        XCTAssertEqual(
            [sheet.width, sheet.height], [2 * 16 + 4 * 201 + 3 * 12, 2 * 16 + 30 + 360 + 22],
            "the sheet of the report's own recording")
        let names = try FileManager.default.contentsOfDirectory(atPath: first).sorted()
        XCTAssertEqual(names, BugReport.files.filter { $0 != "screenshot.png" }.sorted())
        XCTAssertEqual(try String(contentsOfFile: first + "/log.txt", encoding: .utf8), "a line\n")
        // The schema tuning.json names is beside it, for an editor.
        XCTAssertTrue(
            try String(contentsOfFile: first + "/tuning.json", encoding: .utf8).contains(
                "\"$schema\": \"tuning.schema.json\""))
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: first + "/tuning.schema.json")),
            try Data(contentsOf: PackagePaths.root.appendingPathComponent("assets/tuning.schema.json")))
        XCTAssertTrue(
            try String(contentsOfFile: first + "/README.txt", encoding: .utf8).contains(
                "photozoom replay session.jsonl --verify"))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: parent).filter { $0.hasPrefix(".") }, [],
            "no half-built folder left")
        var info = stat()
        stat(first, &info)
        XCTAssertNotEqual(info.st_mode & 0o044, 0, "readable as any new folder is, not the owner's alone")
    }

    /// The README names the moment F6 was pressed (the tick the session ends on, 152 in the
    /// tap) and the command that opens the replay there, which works as written; system.txt
    /// names the tick too. docs/recording.md calls `--at TICK` "the moment a bug report names".
    func testTheReportNamesTheTickF6WasPressedOnAndTheCommandThatOpensIt() throws {
        let folder = try report().write(into: parent)
        let readme = try String(contentsOfFile: folder + "/README.txt", encoding: .utf8)
        XCTAssertTrue(readme.contains("up to the moment of the report, tick 152, when F6 was pressed"), readme)
        let line = try XCTUnwrap(
            readme.components(separatedBy: "\n").first { $0.contains("photozoom replay session.jsonl --at 152 ") },
            readme)
        // The command, up to the note in brackets after it.
        let command = line.components(separatedBy: "(")[0].trimmingCharacters(in: .whitespaces)
        XCTAssertTrue(
            try String(contentsOfFile: folder + "/system.txt", encoding: .utf8).contains("F6 pressed at: tick 152\n"))

        let words = command.split(separator: " ").map(String.init)
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "offscreen"
        environment["SDL_RENDER_DRIVER"] = "software"
        let replay = try ChildProcess.run(
            PackagePaths.executable, Array(words.dropFirst()) + ["--exit-after-frames", "2"], environment: environment,
            directory: URL(fileURLWithPath: folder), timeout: 60)
        XCTAssertEqual(replay.status, 0, "\(command): \(replay.stderr)")
    }

    /// The photos' folder gone since the session ran: the sheet cannot be drawn, and says why.
    func testASheetThatFailsIsSaidAndTheRestIsWritten() throws {
        let folder = try report(photosFolder: parent + "/gone").write(into: parent)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/contact-sheet.png"))
        let readme = try String(contentsOfFile: folder + "/README.txt", encoding: .utf8)
        XCTAssertTrue(readme.contains("The contact sheet could not be drawn: "), readme)
        XCTAssertTrue(readme.contains("\(parent!)/gone"), readme)
        XCTAssertEqual(
            Set(try FileManager.default.contentsOfDirectory(atPath: folder)),
            Set(BugReport.files).subtracting(["screenshot.png", "contact-sheet.png"]))
    }

    func testAFolderThatCannotBeMadeIsOneError() throws {
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        let file = parent + "/not-a-folder"
        try "x".write(toFile: file, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try report().write(into: file + "/reports")) { error in
            XCTAssertEqual("\(error)", "cannot write a bug report in '\(file)/reports': Not a directory")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent), ["not-a-folder"])
    }
}
