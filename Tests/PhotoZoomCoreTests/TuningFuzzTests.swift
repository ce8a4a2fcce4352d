import Foundation
@testable import PhotoZoomCore
import XCTest

/// The tuning-file decoder against what fuzzing found in it.
final class TuningFuzzTests: XCTestCase {
    /// Found by the fuzzing: a key or a value quoted in a message could carry a line break.
    func testAMessageQuotingALineBreakStaysOneLine() {
        let reading = TuningFile.read("{\"dismissal\": {\"rule\": \"seed\\n\\u2028x\"}, \"grid\": {\"cell\\r\\nGap\\u0000\": 1}}")
        XCTAssertEqual(reading.problems.map(\.description), [
            "error: dismissal.rule: expected one of \"projection\", \"seed\" or \"percent\", got \"seed\\n\\u2028x\" (line 1, column 24)",
            "warning: unknown key grid.cell\\r\\nGap\\u0000 — did you mean cellGap? (line 1, column 72)",
        ])
        XCTAssertEqual(TuningFile.read("{\"a\": 1 \"b\nc\"}").problems.map(\.description),
                       ["error: line 1, column 9: expected ',' or '}', got \"b\\nc\""])
    }

    /// Found by the fuzzing: spring numbers each in range gave an infinite stiffness.
    func testASpringWhoseConstantsOverflowIsRefused() {
        let reading = TuningFile.read("{\"springs\": {\"zoomIn\": {\"response\": 1e-300, \"dampingRatio\": 1}, \"cancel\": {\"uikitDuration\": 1e-10, \"dampingRatio\": 1e10}}}")
        XCTAssertEqual(reading.problems.map(\.description), [
            "error: springs.zoomIn: out of range: as physical constants, spring stiffness must be a finite number, got inf (line 1, column 24)",
            "error: springs.cancel: out of range: as physical constants, spring stiffness must be a finite number, got inf (line 1, column 75)",
        ])
        XCTAssertEqual(reading.file.tuning, Tuning(), "both springs keep their defaults")
    }

    /// Found while timing the property test: an unknown key a megabyte long took seconds to
    /// compare with the known keys (a 100 000-character one, a second in debug), and the
    /// warning quoted all of it.
    func testAHugeKeyOrNumberIsQuotedShortAndQuickly() {
        let key = String(repeating: "k", count: 1_000_000), digits = "1" + String(repeating: "0", count: 1000)
        var problems: [String] = []
        let elapsed = ContinuousClock().measure {
            problems = TuningFile.read("{\"grid\": {\"\(key)\": 1, \"cellGap\": \(digits)}, \"\(key)\": 2}").problems.map(\.description)
        }
        let shortKey = String(repeating: "k", count: 40) + "…", shortDigits = "1" + String(repeating: "0", count: 39) + "…"
        XCTAssertEqual(problems, [
            "warning: unknown key grid.\(shortKey); grid has minimumCellSize, cellGap, wheelPointsPerUnit or wheelSpring (line 1, column 1000015)",
            "error: grid.cellGap: must be a finite number, got \(shortDigits) (line 1, column 1000029)",
            "warning: unknown key \(shortKey); the file has $schema, grid, scroll, gestures, springs, pager, zoom, dismissal or chrome (line 1, column 2001037)",
        ])
        XCTAssertLessThan(elapsed, .seconds(2), "reading a file with a megabyte-long key")
    }
}
