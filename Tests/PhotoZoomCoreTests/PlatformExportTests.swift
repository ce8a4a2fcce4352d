import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore

/// `tuning export`'s Android and web forms against the exact spring, read back out of the code
/// they print: Compose's and Framer Motion's numbers give the file's ω₀ and ζ, and the CSS
/// `linear()` easing stays within 0.005 of the closed form, for the defaults and every file of
/// the tuning corpus.
final class PlatformExportTests: XCTestCase {
    /// The defaults and each file of `Tests/Fixtures/tuning-corpus/` as read: a file with
    /// problems keeps what it could read, which is what an export would print.
    static func tuningFiles() throws -> [(name: String, file: TuningFile)] {
        let folder = PackagePaths.fixtures.appendingPathComponent("tuning-corpus")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
            .sorted()
        XCTAssertGreaterThanOrEqual(names.count, 5, "the corpus is in \(folder.path)")
        return try [("defaults", TuningFile())]
            + names.map { name in
                (
                    name,
                    TuningFile.read(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)).file
                )
            }
    }

    /// The code's spring blocks by path: each starts with a comment line holding only the path.
    static func blocks(_ code: String, open: String, close: String = "") -> [String: String] {
        var blocks: [String: String] = [:]
        for block in code.components(separatedBy: "\n\n") {
            let first = block.prefix { $0 != "\n" }.trimmingCharacters(in: .whitespaces)
            guard first.hasPrefix(open), first.hasSuffix(close) else { continue }
            let path = first.dropFirst(open.count).dropLast(close.count).trimmingCharacters(in: .whitespaces)
            if !path.contains(" ") { blocks[path] = block }
        }
        return blocks
    }

    /// The number written after `label` in `text` (a Kotlin Float's `f` is not part of it).
    static func number(after label: String, in text: String) -> Double? {
        guard let range = text.range(of: label) else { return nil }
        return Double(String(text[range.upperBound...].prefix { "0123456789.-+e".contains($0) }))
    }

    /// Whether `got` is `expected` within 1e-12 of it.
    func assertClose(
        _ got: Double?, _ expected: Double, _ message: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let got else { return XCTFail("no number: \(message)", file: file, line: line) }
        XCTAssertLessThanOrEqual(
            abs(got - expected), 1e-12 * abs(expected), "\(got) for \(expected): \(message)", file: file, line: line)
    }

    func testComposeAndFramerMotionGiveEachSpringsFrequencyAndDampingRatio() throws {
        var checked = 0
        var otherMasses = 0
        for (name, file) in try Self.tuningFiles() {
            let compose = Self.blocks(TuningExport.code(file, form: .compose), open: "//")
            let framer = Self.blocks(TuningExport.code(file, form: .framerMotion), open: "//")
            let reanimated = Self.blocks(TuningExport.code(file, form: .reanimated), open: "//")
            for spring in TuningExport.namedSprings(file) {
                let p = spring.export.parameters
                let message = "\(name): \(spring.path)"
                let omega = p.naturalFrequency
                let zeta = p.dampingRatio
                let kotlin = try XCTUnwrap(compose[spring.path], message)
                let call = try XCTUnwrap(kotlin.range(of: "= spring(").map { String(kotlin[$0.lowerBound...]) }, kotlin)
                let stiffness = Self.number(after: "stiffness = ", in: call)
                let ratio = Self.number(after: "dampingRatio = ", in: call)
                assertClose(
                    stiffness.map { $0.squareRoot() }, omega, "\(message): Compose's ω₀ = √stiffness, \(kotlin)")
                assertClose(ratio, zeta, "\(message): Compose's ζ, \(kotlin)")
                // The View system's SpringForce takes the same two numbers.
                XCTAssertEqual(Self.number(after: ".setStiffness(", in: kotlin), stiffness, message)
                XCTAssertEqual(Self.number(after: ".setDampingRatio(", in: kotlin), ratio, message)
                if p.mass != 1 {
                    otherMasses += 1
                    XCTAssertTrue(
                        kotlin.contains(
                            "stiffness = \(p.stiffness) / \(p.mass), dampingRatio = \(p.damping) / (2 * sqrt(\(p.stiffness) * \(p.mass)))"
                        ), kotlin)
                }

                let js = try XCTUnwrap(framer[spring.path], message)
                let k = try XCTUnwrap(Self.number(after: "stiffness: ", in: js))
                let c = try XCTUnwrap(Self.number(after: "damping: ", in: js))
                let m = try XCTUnwrap(Self.number(after: "mass: ", in: js))
                assertClose((k / m).squareRoot(), omega, "\(message): Framer Motion's ω₀, \(js)")
                assertClose(c / (2 * (k * m).squareRoot()), zeta, "\(message): Framer Motion's ζ, \(js)")
                // Reanimated's config is the same three constants, bit for bit, but for an
                // over-damped spring, which Reanimated cannot run (JavaScriptLibraryTests).
                let config = try XCTUnwrap(reanimated[spring.path], message)
                if spring.export.isOverDamped {
                    XCTAssertTrue(
                        config.contains("No Reanimated config: over-damped") || config.contains("Over-damped"))
                    checked += 1
                    continue
                }
                XCTAssertEqual(
                    ["mass: ", "stiffness: ", "damping: "].map { Self.number(after: $0, in: config) }, [m, k, c], config
                )
                checked += 1
            }
        }
        XCTAssertEqual(checked, 8 * 9, "nine springs in each of the defaults and seven corpus files")
        XCTAssertGreaterThan(otherMasses, 0, "the corpus has a spring whose mass is not 1")
    }

    /// The stops of `linear(…)` in `text`: (fraction of the duration, progress). The first
    /// and last may leave out their positions, 0% and 100%; every other stop must give one.
    func linearStops(_ text: String, _ message: String) throws -> [(Double, Double)] {
        let start = try XCTUnwrap(text.range(of: "linear("), message)
        let end = try XCTUnwrap(text.range(of: ")", range: start.upperBound..<text.endIndex), message)
        let parts = text[start.upperBound..<end.lowerBound].split(separator: ",").map {
            $0.split(whereSeparator: \.isWhitespace)
        }
        return try parts.enumerated().map { index, words in
            let value = try XCTUnwrap(Double(String(words[0])), "\(words) in \(message)")
            guard words.count == 2 else {
                XCTAssertTrue(index == 0 || index == parts.count - 1, "a stop with no position: \(message)")
                return (index == 0 ? 0 : 1, value)
            }
            XCTAssertTrue(words[1].hasSuffix("%"), "\(words): \(message)")
            return (try XCTUnwrap(Double(String(words[1].dropLast())), "\(words): \(message)") / 100, value)
        }
    }

    func testTheCSSEasingStaysWithinToleranceOfTheSpringEverywhere() throws {
        var checked = 0
        var largest = 0.0
        var stopCounts: [Int] = []
        for (name, file) in try Self.tuningFiles() {
            let css = Self.blocks(TuningExport.code(file, form: .css), open: "/*", close: "*/")
            for spring in TuningExport.namedSprings(file) {
                let p = spring.export.parameters
                let message = "\(name): \(spring.path)"
                let block = try XCTUnwrap(css[spring.path], message)
                guard let settling = spring.export.settlingDuration else {
                    XCTAssertFalse(block.contains("linear("), "\(message): a spring that never settles has no easing")
                    continue
                }
                let duration = try XCTUnwrap(Self.number(after: "\(spring.name)-duration: ", in: block), block)
                XCTAssertEqual(duration, settling, "\(message): the duration is the settling time, in full")
                XCTAssertTrue(block.contains("--photozoom-\(spring.name)-duration: \(settling)s;"), block)
                let stops = try linearStops(block, message)
                let gap = SpringLinearEasingTests.largestGap(stops, p, duration: duration, message)
                XCTAssertLessThanOrEqual(gap, SpringLinearEasing.tolerance, "\(message): \(block)")
                largest = max(largest, gap)
                stopCounts.append(stops.count)
                checked += 1
            }
        }
        XCTAssertEqual(checked, 8 * 9)
        print(
            "CSS linear(): \(checked) springs, largest gap \(largest), stops \(stopCounts.min()!)–\(stopCounts.max()!)")
    }
}
