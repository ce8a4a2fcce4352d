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
        // The user's alone: it holds their log and their photos' names. The sheet and the schema
        // are written otherwise than the text files, and are held to it too.
        XCTAssertEqual(Self.mode(of: first), 0o700, "the folder")
        for name in names { XCTAssertEqual(Self.mode(of: first + "/" + name), 0o600, name) }
    }

    /// The permission bits of `path`.
    static func mode(of path: String) -> mode_t {
        var info = stat()
        stat(path, &info)
        return info.st_mode & 0o7777
    }

    /// A name as a hostile folder may hold it: a terminal title, a screen cleared, a newline and
    /// a forged log line, a C1 CSI and a right-to-left override. Every text file of the report
    /// has it escaped as stderr has it, one line.
    func testNamesAreEscapedInEveryTextFile() throws {
        let hostile =
            "a\u{1B}]0;owned\u{7}b\u{1B}[2Jc\n2026-01-01T00:00:00.000+00:00 photozoom: forged\u{9B}31m\u{202E}gnp.exe"
        let escaped =
            "a\\u{1B}]0;owned\\u{7}b\\u{1B}[2Jc\\n2026-01-01T00:00:00.000+00:00 photozoom: forged\\u{9B}31m\\u{202E}gnp.exe"
        let tail = LogTail()
        tail.keep("photozoom: cannot read \(hostile)")
        let window = try AppWindow(title: "PhotoZoom test", size: Size(width: 200, height: 200))
        // A folder that is not there: the README says the sheet could not be drawn, naming it.
        var hostileReport = try report(photosFolder: parent + "/" + hostile)
        hostileReport.log = tail.text
        hostileReport.facts = SystemFacts.of(
            window: window, app: "photozoom test", tickRate: 120, photos: 1, photosFolder: parent + "/" + hostile)
        let folder = try hostileReport.write(into: parent)
        for name in ["log.txt", "system.txt", "README.txt"] {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            let raw = text.unicodeScalars.filter {
                $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.properties.isBidiControl)
            }
            XCTAssertEqual(raw.map { String($0.value, radix: 16) }, [], "\(name) holds them raw:\n\(text)")
            XCTAssertTrue(text.contains(escaped), "\(name):\n\(text)")
        }
        let log = try String(contentsOfFile: folder + "/log.txt", encoding: .utf8)
        XCTAssertEqual(log.split(separator: "\n").count, 1, log)
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
