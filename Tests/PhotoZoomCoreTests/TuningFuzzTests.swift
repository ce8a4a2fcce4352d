import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore

/// The tuning-file decoder against broken files: the defaults and the seed corpus
/// (`Tests/Fixtures/tuning-corpus/`) mutated at random — bytes flipped, slices cut or
/// repeated, JSON tokens and extreme numbers put in, the text cut short, nesting far past the
/// limit. Whatever the text, the reading must not trap, must say what is wrong in one-line
/// messages, must give a tuning the program can take, must be the same every time, and must
/// write back as a file that reads clean to the same tuning. `scripts/fuzz-tuning.sh` holds
/// libFuzzer to the same properties for longer.
final class TuningFuzzTests: XCTestCase {
    /// Bases to mutate: the defaults as written, then each corpus file.
    func bases() throws -> [[UInt8]] {
        let folder = PackagePaths.fixtures.appendingPathComponent("tuning-corpus")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
            .sorted()
        XCTAssertGreaterThanOrEqual(names.count, 5, "the corpus is in \(folder.path)")
        return try [Array(TuningFile().text.utf8)]
            + names.map { try Array(Data(contentsOf: folder.appendingPathComponent($0))) }
    }

    /// What a mutation puts in: JSON's own tokens, numbers at and past the edges of a double,
    /// words that are not JSON, escapes, odd unicode and the file's keys.
    static let tokens: [String] =
        [
            "{", "}", "[", "]", "\"", ":", ",", "-", "+", ".", "e", "\\", "\\u", "\\ud800", "\\udc00", "\\u0000", "\\n",
            "0", "-0", "1", "-1", "0.5", "1e999", "-1e999", "1e-999", "5e-324", "1.7976931348623157e308", "1e308",
            "1e-300", "1e300", "00", "01", "1.", ".5", "1e", "NaN", "Infinity", "-Infinity", "nan", "inf",
            "true", "false", "null", "\"\"", "{}", "[]", "\n", "\r\n", "\t", "\u{0}", "\u{7F}", "\u{85}", "\u{2028}",
            "\u{FEFF}", "é", "e\u{301}", "𝄞", "😀",
        ] + TuningFile.keys.flatMap { $0.split(separator: ".").map { "\"\($0)\"" } }
        + [
            "\"response\"", "\"dampingRatio\"", "\"duration\"", "\"bounce\"", "\"uikitDuration\"",
            "\"mass\"", "\"stiffness\"", "\"damping\"", "\"value\"", "\"velocity\"", "\"$schema\"",
        ]

    /// One to four mutations of `base`.
    static func mutate(_ base: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var bytes = base
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let at = Int.random(in: 0...bytes.count, using: &generator)
            let span = Int.random(in: 0...Swift.min(64, bytes.count - at), using: &generator)
            switch Int.random(in: 0..<100, using: &generator) {
            case 0..<15:
                if at < bytes.count { bytes[at] ^= 1 << UInt8.random(in: 0...7, using: &generator) }
            case 15..<25:
                if at < bytes.count { bytes[at] = UInt8.random(in: 0...255, using: &generator) }
            case 25..<40:
                bytes.removeSubrange(at..<at + span)
            case 40..<70:
                let token = tokens.randomElement(using: &generator)!
                bytes.insert(contentsOf: token.utf8, at: at)
            case 70..<80:
                // A number, wherever one starts, swapped for another.
                if let start = bytes[at...].firstIndex(where: {
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-")
                }) {
                    let end = bytes[start...].firstIndex { !"0123456789.eE+-".utf8.contains($0) } ?? bytes.endIndex
                    let number = [
                        "0", "-0", "1e999", "-1e999", "5e-324", "1e-300", "1e300", "1.7976931348623157e308", "-1", "1",
                        "2", "0.999999999999", "1e10", "1e-10",
                    ]
                    bytes.replaceSubrange(start..<end, with: number.randomElement(using: &generator)!.utf8)
                }
            case 80..<90:
                let slice = Array(bytes[at..<at + span])
                bytes.insert(contentsOf: slice, at: Int.random(in: 0...bytes.count, using: &generator))
            case 90..<96:
                bytes.removeSubrange(at...)
            default:
                let depth = [65, 1000, 100_000].randomElement(using: &generator)!
                let opener = ["[", "{\"a\":", "{\"grid\":"].randomElement(using: &generator)!
                bytes.insert(contentsOf: String(repeating: opener, count: depth).utf8, at: at)
            }
        }
        return bytes
    }

    /// Whatever a terminal or an editor may start a new line at.
    static func breaksLine(_ scalar: Unicode.Scalar) -> Bool {
        ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar)
    }

    /// Why the reading of `text` breaks a property, or nil.
    static func broken(_ text: String) -> String? {
        let reading = TuningFile.read(text)
        if let problem = reading.problems.first(where: {
            $0.message.isEmpty || $0.message.unicodeScalars.contains(where: breaksLine)
        }) {
            return "a message that is empty or not one line: \(problem.message.debugDescription)"
        }
        let violations = TuningFile.violations(in: reading.file)
        if !violations.isEmpty { return "a tuning the program cannot take: \(violations)" }
        let again = TuningFile.read(text)
        if again.problems != reading.problems || again.file != reading.file { return "two readings of one text differ" }
        let back = TuningFile.read(reading.file.text)
        if !back.problems.isEmpty { return "the file written back has problems: \(back.problems)" }
        if back.file.tuning != reading.file.tuning { return "the file written back reads as another tuning" }
        return nil
    }

    func testMutatedFilesGiveMessagesAndAValidTuningAndWriteBackClean() throws {
        var generator = try SeededGenerator(fixedSeed: 0x7E57_F11E)
        let bases = try bases()
        var failures = 0
        for round in 0..<3000 {
            let bytes = Self.mutate(bases[round % bases.count], using: &generator)
            let text = String(decoding: bytes, as: UTF8.self)
            guard let why = Self.broken(text) else { continue }
            let shown = text.count > 2000 ? String(text.prefix(2000)) + "…" : text
            XCTFail("\(generator), round \(round): \(why)\n--- input ---\n\(shown)")
            failures += 1
            if failures == 3 { break }
        }
    }

    func testNestingFarPastTheLimitIsRefusedWithAMessage() {
        for opener in ["[", "{\"a\":", "{\"grid\": {\"cellGap\": "] {
            let text = String(repeating: opener, count: 100_000)
            let reading = TuningFile.read(text)
            XCTAssertEqual(reading.problems.count, 1, opener)
            XCTAssertTrue(
                reading.problems.first?.message.contains("nesting deeper than \(JSONReader.maximumDepth) levels")
                    == true,
                "\(opener): \(reading.problems)")
            XCTAssertEqual(reading.file, TuningFile(), "nothing is taken from a file that is not JSON")
        }
    }

    /// Found by the fuzzing: a key or a value quoted in a message could carry a line break.
    func testAMessageQuotingALineBreakStaysOneLine() {
        let reading = TuningFile.read(
            "{\"dismissal\": {\"rule\": \"seed\\n\\u2028x\"}, \"grid\": {\"cell\\r\\nGap\\u0000\": 1}}")
        XCTAssertEqual(
            reading.problems.map(\.description),
            [
                "error: dismissal.rule: expected one of \"projection\", \"direction\" or \"percent\", got \"seed\\n\\u2028x\" (line 1, column 24)",
                "warning: unknown key grid.cell\\r\\nGap\\u0000 — did you mean cellGap? (line 1, column 72)",
            ])
        XCTAssertEqual(
            TuningFile.read("{\"a\": 1 \"b\nc\"}").problems.map(\.description),
            ["error: line 1, column 9: expected ',' or '}', got \"b\\nc\""])
    }

    /// Found by the fuzzing: spring numbers each in range gave an infinite stiffness; each is
    /// now refused by the bound it breaks (`SpringBounds`).
    func testASpringWhoseConstantsOverflowIsRefused() {
        let reading = TuningFile.read(
            "{\"springs\": {\"zoomIn\": {\"response\": 1e-300, \"dampingRatio\": 1}, \"cancel\": {\"uikitDuration\": 1e-10, \"dampingRatio\": 1e10}}}"
        )
        XCTAssertEqual(
            reading.problems.map(\.description),
            [
                "error: springs.zoomIn.response: the natural frequency ω₀ = 2π/response must lie in [0.7, 200] rad/s, got 6.283185307179586e+300 (line 1, column 24)",
                "error: springs.cancel.dampingRatio: the damping ratio ζ must lie in [0.05, 10], got 10000000000 (line 1, column 75)",
            ])
        XCTAssertEqual(reading.file.tuning, Tuning(), "both springs keep their defaults")
    }

    /// Found while timing the property test: an unknown key a megabyte long took seconds to
    /// compare with the known keys (a 100 000-character one, a second in debug), and the
    /// warning quoted all of it. How long the read takes is a speed: bench's "tuning file with
    /// a megabyte-long key read".
    func testAHugeKeyOrNumberIsQuotedShort() {
        let key = String(repeating: "k", count: 1_000_000)
        let digits = "1" + String(repeating: "0", count: 1000)
        let problems = TuningFile.read("{\"grid\": {\"\(key)\": 1, \"cellGap\": \(digits)}, \"\(key)\": 2}").problems
            .map(\.description)
        let shortKey = String(repeating: "k", count: 40) + "…"
        let shortDigits = "1" + String(repeating: "0", count: 39) + "…"
        XCTAssertEqual(
            problems,
            [
                "warning: unknown key grid.\(shortKey); grid has minimumCellSize, cellGap, wheelPointsPerUnit or wheelSpring (line 1, column 1000015)",
                "error: grid.cellGap: must be a finite number, got \(shortDigits) (line 1, column 1000029)",
                "warning: unknown key \(shortKey); the file has $schema, grid, gridZoom, scroll, gestures, springs, pager, zoom, dismissal, chrome, library or debug (line 1, column 2001037)",
            ])
    }
}
