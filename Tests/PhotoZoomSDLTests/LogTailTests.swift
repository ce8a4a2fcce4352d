import Foundation
import XCTest

@testable import PhotoZoomSDL

/// The log's last lines for a bug report: each with the local time it was logged at, however
/// long after the report asks.
final class LogTailTests: XCTestCase {
    func testEachLineKeepsTheTimeItWasLoggedAtNotTheTimeItIsRead() throws {
        let tail = LogTail(capacity: 2)
        let logged = Date()
        var passedOn: [String] = []
        let log = tail.logging { passedOn.append($0) }
        log("photozoom: first")
        log("photozoom: second")
        log("photozoom: third")
        let loggedBy = Date()
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertEqual(passedOn, ["photozoom: first", "photozoom: second", "photozoom: third"])
        let lines = tail.text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 3, "two lines, each ending in a newline")
        XCTAssertEqual(lines.last, "")
        let parser = ISO8601DateFormatter()
        parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for (line, text) in zip(lines, ["photozoom: second", "photozoom: third"]) {
            let parts = line.split(separator: " ", maxSplits: 1)
            XCTAssertEqual(parts.count, 2, String(line))
            XCTAssertEqual(parts.last.map(String.init), text)
            let stamp = try XCTUnwrap(parser.date(from: String(parts[0])), String(line))
            // Between the moments before and after the logging, to the stamp's millisecond; the
            // text was read 0.3 s after that.
            XCTAssertGreaterThanOrEqual(stamp, logged - 0.001, "the time it was logged: \(line)")
            XCTAssertLessThanOrEqual(stamp, loggedBy + 0.001, "the time it was logged, not read: \(line)")
            let zone = TimeZone.current.secondsFromGMT(for: stamp)
            XCTAssertTrue(zone == 0 ? parts[0].hasSuffix("Z") : !parts[0].hasSuffix("Z"), "local time: \(line)")
        }
    }
}
