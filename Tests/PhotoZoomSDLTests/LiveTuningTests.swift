import Foundation
import PhotoZoomCore
import PhotoZoomSDL
import PhotoZoomTestSupport
import XCTest

/// Real files in a temporary folder and real inotify: every way editors save is one reload,
/// a bad save never replaces the last good values, and the file may vanish and come back.
final class LiveTuningTests: XCTestCase {
    var folder: URL!
    var path: String { folder.appendingPathComponent("tuning.json").path }
    var live: LiveTuning!
    var watcher: TuningWatcher!
    let saves = SaveCounter()
    /// Saves made so far, each of which must be reported exactly once.
    var expectedSaves = 0

    final class SaveCounter: @unchecked Sendable {
        let signal = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var n = 0
        var count: Int {
            lock.lock()
            defer { lock.unlock() }
            return n
        }
        func settled() {
            lock.lock()
            n += 1
            lock.unlock()
            signal.signal()
        }
    }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let started = try LiveTuning.start(path: path)
        XCTAssertEqual(started.lines, ["tuning: wrote the defaults to '\(path)' — edit and save it to tune live"])
        XCTAssertEqual(
            try String(contentsOfFile: path, encoding: .utf8), TuningFile().text, "the defaults were written")
        live = started.live
        let saves = saves
        watcher = try TuningWatcher(path: path) { saves.settled() }
    }

    override func tearDownWithError() throws {
        watcher = nil
        try? FileManager.default.removeItem(at: folder)
    }

    /// Waits for the save to settle, checks it was reported once, and reloads. A save in place
    /// is steps the watcher joins when they come within its debounce, which a busy machine can
    /// part; the tests save by renaming over the file (one step, `save`) unless the steps are
    /// their subject, and then watch with a debounce that joins them however slow the machine.
    func reloadAfterSave(file: StaticString = #filePath, line: UInt = #line) -> LiveTuning.Outcome {
        expectedSaves += 1
        XCTAssertEqual(
            saves.signal.wait(timeout: .now() + HangGuard.seconds), .success,
            HangGuard.failure("the save was not noticed"),
            file: file, line: line)
        // One save is one reload: nothing more arrives once it has settled.
        Thread.sleep(forTimeInterval: 0.15)
        XCTAssertEqual(saves.count, expectedSaves, "one save, one report", file: file, line: line)
        while saves.signal.wait(timeout: .now()) == .success {}
        return live.reload()
    }

    func changes(_ outcome: LiveTuning.Outcome) -> [String] {
        guard case .applied(_, let changes, _, _) = outcome else { return ["not applied: \(outcome)"] }
        return changes.map(\.description)
    }

    func cellGap(_ gap: Int) -> String { "{\"grid\": {\"cellGap\": \(gap)}}\n" }

    /// Saves `text` in one step: written and closed beside the file, then renamed over it.
    /// Foundation's atomic write is two, as it closes its file after the rename.
    func save(_ text: String) throws {
        let written = folder.appendingPathComponent(".tuning.json.new")
        try text.write(to: written, atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(written.path, path), 0)
    }

    /// Watches again with a debounce of hang-guard length: no busy machine parts two of a test's
    /// system calls by so much, so a save's steps are joined by the rule under test, not by speed.
    func watchWithALongDebounce() throws {
        watcher = nil
        let saves = saves
        watcher = try TuningWatcher(path: path, debounce: HangGuard.seconds(2)) { saves.settled() }
    }

    func testAnInPlaceWriteIsOneReload() throws {
        try watchWithALongDebounce()
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        // A pause between truncating and writing, as a slow editor makes: still one save.
        Thread.sleep(forTimeInterval: 0.005)
        try handle.write(contentsOf: Data(cellGap(4).utf8))
        try handle.close()
        let outcome = reloadAfterSave()
        XCTAssertEqual(changes(outcome), ["grid.cellGap 2 → 4"])
        XCTAssertEqual(LiveTuning.lines(outcome, path: path), ["tuning reloaded: grid.cellGap 2 → 4"])
        XCTAssertEqual(live.good.tuning.cellGap, 4)
    }

    func testAnAtomicRenameIsOneReload() throws {
        let temporary = folder.appendingPathComponent(".tuning.json.swp")
        try cellGap(6).write(to: temporary, atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(temporary.path, path), 0)
        XCTAssertEqual(changes(reloadAfterSave()), ["grid.cellGap 2 → 6"])
    }

    func testDeleteAndRecreateIsOneReload() throws {
        try watchWithALongDebounce()
        try FileManager.default.removeItem(atPath: path)
        try cellGap(3).write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertEqual(changes(reloadAfterSave()), ["grid.cellGap 2 → 3"])
    }

    func testADeletedFileKeepsTheLastGoodValuesAndIsTakenUpWhenItReturns() throws {
        try save(cellGap(5))
        XCTAssertEqual(changes(reloadAfterSave()), ["grid.cellGap 2 → 5"])
        try FileManager.default.removeItem(atPath: path)
        let gone = reloadAfterSave()
        XCTAssertEqual(
            LiveTuning.lines(gone, path: path),
            [
                "tuning: '\(path)' is gone; still running on the last good values, and it is taken up again when it returns"
            ])
        XCTAssertEqual(live.good.tuning.cellGap, 5, "the last good values stay")
        XCTAssertFalse(live.problems.isEmpty, "and the window says so")
        try save(cellGap(7))
        XCTAssertEqual(changes(reloadAfterSave()), ["grid.cellGap 5 → 7"])
        XCTAssertEqual(live.problems, [])
    }

    func testAFileReplacedByAFolderKeepsTheLastGoodValues() throws {
        try FileManager.default.removeItem(atPath: path)
        _ = reloadAfterSave()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let outcome = reloadAfterSave()
        XCTAssertEqual(
            LiveTuning.lines(outcome, path: path),
            ["tuning: '\(path)' is now a folder; still running on the last good values until it is a file again"])
        XCTAssertEqual(live.good, TuningFile())
        try FileManager.default.removeItem(atPath: path)
        _ = reloadAfterSave()
        try save(cellGap(9))
        XCTAssertEqual(changes(reloadAfterSave()), ["grid.cellGap 2 → 9"])
    }

    /// A FIFO (or a link to a device) put in the file's place is refused by its type, unread:
    /// reading it would block the window until something wrote to it.
    func testAFIFOOrADeviceInTheFilesPlaceIsRefusedByItsType() throws {
        let fifo = folder.appendingPathComponent("tuning.fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertEqual(rename(fifo, path), 0)
        let started = Date()
        let outcome = reloadAfterSave()
        XCTAssertLessThan(Date().timeIntervalSince(started), HangGuard.seconds, HangGuard.failure("it was waited on"))
        XCTAssertEqual(
            LiveTuning.lines(outcome, path: path),
            [
                "tuning: cannot read '\(path)': it is not a regular file (a FIFO, a device or a socket); still running on the last good values"
            ])
        try FileManager.default.removeItem(atPath: path)
        _ = reloadAfterSave()
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        XCTAssertEqual(
            LiveTuning.lines(reloadAfterSave(), path: path),
            [
                "tuning: cannot read '\(path)': it is not a regular file (a FIFO, a device or a socket); still running on the last good values"
            ])
        XCTAssertEqual(live.good, TuningFile())
    }

    /// Thousands of problems are listed as the first 20 and a count, not a line each.
    func testASaveWithThousandsOfProblemsListsTwentyAndACount() throws {
        let repeated = (0..<3000).map { _ in "\"cellGap\": 3" }.joined(separator: ", ")
        try save("{\"grid\": {\(repeated)}}\n")
        let lines = LiveTuning.lines(reloadAfterSave(), path: path)
        XCTAssertEqual(lines.count, 1 + LiveTuning.listedProblems + 1, "\(lines.prefix(3))")
        XCTAssertEqual(lines.last, "\(path): and 2979 more problems (photozoom tuning check '\(path)' lists them all)")
    }

    func testAnInvalidSaveIsRefusedUntilAValidOneClearsIt() throws {
        try save(cellGap(4))
        _ = reloadAfterSave()
        try save("{\"grid\": {\"cellGap\": 8,}}\n")
        let bad = reloadAfterSave()
        guard case .rejected(let lines) = bad else { return XCTFail("refused: \(bad)") }
        XCTAssertEqual(lines.count, 1)
        XCTAssertTrue(lines[0].hasPrefix("\(path): error: "), lines[0])
        XCTAssertTrue(lines[0].contains("line 1, column 24"), lines[0])
        XCTAssertEqual(
            LiveTuning.lines(bad, path: path).first,
            "tuning: '\(path)' not applied, still running on the last good values:")
        XCTAssertEqual(live.good.tuning.cellGap, 4, "the last good values stay")
        XCTAssertEqual(live.problems, lines, "shown until a good save")

        try save("{\"springs\": {\"zoomIn\": {\"uikitDuration\": 0.5, \"dampingRatio\": \"0.8\"}}}")
        guard case .rejected(let typed) = reloadAfterSave() else { return XCTFail("a type error is refused") }
        XCTAssertTrue(typed[0].contains("springs.zoomIn.dampingRatio: expected a number, got \"0.8\""), typed[0])

        try save(cellGap(4))
        XCTAssertEqual(reloadAfterSave(), .unchanged(warnings: []), "the good file again, no change")
        XCTAssertEqual(live.problems, [], "cleared")
    }

    func testAnEmptyFileIsASaveInProgressNotAnError() throws {
        try save("")
        let outcome = reloadAfterSave()
        XCTAssertEqual(outcome, .empty)
        XCTAssertEqual(live.problems, [])
        XCTAssertEqual(live.good, TuningFile())
    }

    func testTheTickRateAppliesAtTheNextStart() throws {
        try save("{\"debug\": {\"tickRate\": 240}, \"grid\": {\"cellGap\": 3}}")
        let outcome = reloadAfterSave()
        XCTAssertEqual(
            LiveTuning.lines(outcome, path: path),
            ["tuning reloaded: grid.cellGap 2 → 3, debug.tickRate 120 → 240 (applies at the next start)"])
        XCTAssertEqual(live.good.loop.tickRate, 120, "the running loop keeps its rate")
    }

    /// The texture budget applies at once; the photo limits, which every photo read so far was
    /// read under, wait for the next start.
    func testTheTextureBudgetAppliesAtOnceThePhotoLimitsAtTheNextStart() throws {
        try save("{\"library\": {\"textureBudgetMiB\": 64, \"maximumMegapixels\": 20}}")
        let outcome = reloadAfterSave()
        XCTAssertEqual(
            LiveTuning.lines(outcome, path: path),
            [
                "tuning reloaded: library.textureBudgetMiB 256 → 64, library.maximumMegapixels 100 → 20 (applies at the next start)"
            ])
        XCTAssertEqual(live.good.library, LibraryLimits(textureBudgetMiB: 64))
    }

    /// A watcher let go stops: its thread holds none of it, so it is freed, and its saves go unreported.
    func testAWatcherLetGoIsFreed() throws {
        weak var letGo = watcher
        watcher = nil
        XCTAssertNil(letGo, "the watcher's thread still holds it")
    }

    func testOtherFilesInTheFolderAreIgnored() throws {
        try "x".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        XCTAssertEqual(saves.signal.wait(timeout: .now() + 0.3), .timedOut)
    }

    func testAStartOnAFileWithErrorsRunsOnTheDefaultsAndShowsThem() throws {
        try "{\"grid\": {\"cellGap\": -1}}".write(toFile: path, atomically: true, encoding: .utf8)
        let started = try LiveTuning.start(path: path)
        XCTAssertEqual(started.live.good, TuningFile())
        XCTAssertEqual(started.lines.count, 2)
        XCTAssertEqual(
            started.lines[1], "\(path): error: grid.cellGap: must lie in [0, 100], got -1 (line 1, column 22)")
        XCTAssertEqual(started.live.problems, [started.lines[1]])
        XCTAssertThrowsError(try LiveTuning.start(path: folder.path)) { error in
            XCTAssertEqual("\(error)", "cannot read '\(folder.path)': Is a directory")
        }
    }
}
