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
}
