import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore

/// The grid zoom's tuning as a file gives it: the column counts are a list, read whole or not
/// at all, each problem one line with where it is; and the grid zooms through what was read.
final class GridZoomTuningTests: XCTestCase {
    func testAListOfCountsIsReadAndWrittenBack() {
        let reading = TuningFile.read(
            "{\"gridZoom\": {\"columns\": [2, 4, 6.0, 30], \"smallestCell\": 20, \"spring\": {\"duration\": 0.3, \"bounce\": 0.1}}}"
        )
        XCTAssertEqual(reading.problems, [])
        XCTAssertEqual(reading.file.tuning.gridZoom.columns, [2, 4, 6, 30])
        XCTAssertEqual(reading.file.tuning.gridZoom.smallestCell, 20)
        XCTAssertTrue(reading.file.text.contains("    \"columns\": [2, 4, 6, 30],\n"), reading.file.text)
        XCTAssertTrue(reading.file.text.contains("    \"spring\": {\"duration\": 0.3, \"bounce\": 0.1}\n"))
        XCTAssertEqual(TuningFile.read(reading.file.text).file, reading.file)
        XCTAssertEqual(
            TuningFile().changes(to: reading.file).first.map(String.init(describing:)),
            "gridZoom.columns [1, 2, 3, 4, 5, 7, 9, 12, 16, 21, 28, 36] → [2, 4, 6, 30]")
    }

    func testABadListIsRefusedWholeNamingEachBadCount() {
        func problems(_ columns: String) -> [String] {
            let reading = TuningFile.read("{\"gridZoom\": {\"columns\": \(columns)}}")
            XCTAssertEqual(reading.file.tuning.gridZoom, GridZoomTuning(), "\(columns): the default list stands")
            return reading.problems.map(\.description)
        }
        XCTAssertEqual(
            problems("5"),
            [
                "error: gridZoom.columns: expected a list of column counts, fewest first, like [3, 5, 7], got 5 (line 1, column 26)"
            ])
        XCTAssertEqual(problems("[]"), ["error: gridZoom.columns: must hold 1 to 32 counts, got 0 (line 1, column 26)"])
        XCTAssertEqual(
            problems("[" + (1...33).map(String.init).joined(separator: ",") + "]"),
            ["error: gridZoom.columns: must hold 1 to 32 counts, got 33 (line 1, column 26)"])
        XCTAssertEqual(
            problems("[1, 2.5, \"3\", 0, 101, 1e999, 7, 7, 6]"),
            [
                "error: gridZoom.columns[1]: must be a whole number in [1, 100], got 2.5 (line 1, column 30)",
                "error: gridZoom.columns[2]: expected a number, got \"3\" (line 1, column 35)",
                "error: gridZoom.columns[3]: must be a whole number in [1, 100], got 0 (line 1, column 40)",
                "error: gridZoom.columns[4]: must be a whole number in [1, 100], got 101 (line 1, column 43)",
                "error: gridZoom.columns[5]: must be a finite number, got 1e999 (line 1, column 48)",
                "error: gridZoom.columns[7]: 7 comes after 7; the counts go from fewest to most, each once (line 1, column 58)",
                "error: gridZoom.columns[8]: 6 comes after 7; the counts go from fewest to most, each once (line 1, column 61)",
            ])
    }

    func testAListNoFileCouldGiveIsNamed() {
        var file = TuningFile()
        file.tuning.gridZoom.columns = [3, 0]
        XCTAssertEqual(
            TuningFile.violations(in: file), ["gridZoom.columns[1]: must be a whole number in [1, 100], got 0"])
        file.tuning.gridZoom.columns = [5, 3]
        XCTAssertEqual(
            TuningFile.violations(in: file),
            ["gridZoom.columns[1]: 3 comes after 5; the counts go from fewest to most, each once"])
    }

    /// The levels are the file's counts that fit the window, and always the count the grid
    /// opens with: at 393 pt with [2, 6, 50], 2, 3 (opening) and 6; 50 would be cells of 5.9 pt.
    func testTheGridZoomsThroughTheCountsReadAndTheOneItOpensWith() {
        let tuning = TuningFile.read("{\"gridZoom\": {\"columns\": [2, 6, 50]}}").file.tuning
        var input = ScriptedInput(
            photos: photoInfos(count: 200), viewport: Size(width: 393, height: 852), tuning: tuning)
        var seen: [Int] = []
        for key in [Key.minus, .minus, .minus, .plus, .plus, .plus] {
            input.tick([.key(key, modifiers: [])])
            input.settle()
            seen.append(input.world.grid.layout!.columns)
        }
        XCTAssertEqual(seen, [6, 6, 6, 3, 2, 2])
    }
}
