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
}
