import Foundation
import PhotoZoomCore
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

    func report() throws -> BugReport {
        let session = try String(contentsOf: PackagePaths.fixtures.appendingPathComponent("sessions/tap.jsonl"), encoding: .utf8)
        return BugReport(session: session, tuning: TuningFile().text, screenshot: nil, log: "a line\n", facts: SystemFacts())
    }

    func testTheFolderHoldsEachFileAndNeverReplacesAnother() throws {
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        var drawn: [Int] = []
        let sheet: (SessionRecording, String) throws -> Void = { recording, path in
            drawn.append(recording.lastTick)
            try "sheet".write(toFile: path, atomically: false, encoding: .utf8)
        }
        let first = try report().write(into: parent, at: date, contactSheet: sheet)
        let second = try report().write(into: parent, at: date, contactSheet: sheet)
        XCTAssertNotEqual(first, second)
        XCTAssertTrue(second.hasSuffix(URL(fileURLWithPath: first).lastPathComponent + "-2"), second)
        XCTAssertEqual(drawn, [152, 152], "the sheet is drawn from the report's own recording")
        let names = try FileManager.default.contentsOfDirectory(atPath: first).sorted()
        XCTAssertEqual(names, BugReport.files.filter { $0 != "screenshot.png" }.sorted())
        XCTAssertEqual(try String(contentsOfFile: first + "/log.txt", encoding: .utf8), "a line\n")
        XCTAssertTrue(try String(contentsOfFile: first + "/README.txt", encoding: .utf8).contains("photozoom replay session.jsonl --verify"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent).filter { $0.hasPrefix(".") }, [], "no half-built folder left")
        var info = stat()
        stat(first, &info)
        XCTAssertNotEqual(info.st_mode & 0o044, 0, "readable as any new folder is, not the owner's alone")
    }

    func testASheetThatFailsIsSaidAndTheRestIsWritten() throws {
        let folder = try report().write(into: parent) { _, _ in throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no font"]) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/contact-sheet.png"))
        XCTAssertTrue(try String(contentsOfFile: folder + "/README.txt", encoding: .utf8).contains("The contact sheet could not be drawn: "))
    }

    func testAFolderThatCannotBeMadeIsOneError() throws {
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        let file = parent + "/not-a-folder"
        try "x".write(toFile: file, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try report().write(into: file + "/reports") { _, _ in }) { error in
            XCTAssertEqual("\(error)", "cannot write a bug report in '\(file)/reports': Not a directory")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent), ["not-a-folder"])
    }
}
