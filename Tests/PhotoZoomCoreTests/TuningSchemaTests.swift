import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// `assets/tuning.schema.json`, the Swift mapping and `assets/tuning.json` agree: the same keys,
/// the same ranges, and the schema (checked by Python's jsonschema) accepts what the code reads.
final class TuningSchemaTests: XCTestCase {
    var assets: URL { PackagePaths.root.appendingPathComponent("assets") }

    func json(_ name: String) throws -> [String: Any] {
        try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: assets.appendingPathComponent(name))) as? [String: Any])
    }

    /// `group.key` for every key under the groups of a file, or of the schema's properties.
    func keys(_ groups: [String: Any]) -> [String] {
        groups.compactMap { group, value in (value as? [String: Any]).map { (group, $0) } }
            .flatMap { group, keys in keys.keys.map { "\(group).\($0)" } }.sorted()
    }

    func schemaProperties() throws -> [String: Any] {
        let properties = try XCTUnwrap(try json("tuning.schema.json")["properties"] as? [String: Any])
        return properties.compactMapValues { ($0 as? [String: Any])?["properties"] }
    }

    func testTheSchemaTheMappingAndTheDefaultsFileHaveTheSameKeys() throws {
        XCTAssertEqual(keys(try schemaProperties()), TuningFile.keys.sorted(), "the schema's keys")
        XCTAssertEqual(keys(try json("tuning.json")), TuningFile.keys.sorted(), "the defaults file's keys")
    }

    /// At each end of every number's range in the schema, the Swift reading agrees: a bound the
    /// schema includes is read without a problem, one it excludes (or a step past) is an error.
    func testTheSchemasRangesAreTheOnesTheFileIsReadWith() throws {
        // A key in a rule with others (TuningFile.relations, the loader's memory) is read beside
        // them at the end of their ranges that lets it take any value of its own.
        let partners = [
            "zoom.doubleTapZoom": [("zoom.maximumZoom", 100.0)], "zoom.maximumZoom": [("zoom.doubleTapZoom", 1.0)],
            "gridZoom.smallestCell": [("grid.minimumCellSize", 16384.0)],
            "grid.minimumCellSize": [("gridZoom.smallestCell", 8.0)],
            "library.loaderMemoryMiB": [("library.maximumMegapixels", 1.0), ("library.maximumFileMiB", 1.0)],
        ]
        func problems(_ path: String, _ value: Double) -> [TuningProblem] {
            var groups: [String: [String]] = [:]
            for (key, number) in [(path, value)] + (partners[path] ?? []) {
                let parts = key.split(separator: ".")
                groups[String(parts[0]), default: []].append("\"\(parts[1])\": \(number)")
            }
            let text =
                "{" + groups.map { "\"\($0.key)\": {\($0.value.joined(separator: ", "))}" }.joined(separator: ", ")
                + "}"
            return TuningFile.read(text).problems
        }
        var checked = 0
        for (group, keys) in try schemaProperties() {
            for (key, schema) in try XCTUnwrap(keys as? [String: Any]) {
                let schema = try XCTUnwrap(schema as? [String: Any])
                let path = "\(group).\(key)"
                guard schema["type"] as? String == "number" else { continue }
                checked += 1
                if let low = schema["minimum"] as? Double {
                    XCTAssertEqual(problems(path, low), [], "\(path) takes its minimum \(low)")
                    XCTAssertEqual(
                        problems(path, low - 0.001).map(\.severity), [.error], "\(path) refuses below \(low)")
                } else {
                    let low = try XCTUnwrap(schema["exclusiveMinimum"] as? Double, "\(path) has a lower bound")
                    XCTAssertEqual(problems(path, low).map(\.severity), [.error], "\(path) refuses \(low)")
                }
                if let high = schema["maximum"] as? Double {
                    XCTAssertEqual(problems(path, high), [], "\(path) takes its maximum \(high)")
                    XCTAssertEqual(
                        problems(path, high + 0.001).map(\.severity), [.error], "\(path) refuses above \(high)")
                } else if let high = schema["exclusiveMaximum"] as? Double {
                    XCTAssertEqual(problems(path, high).map(\.severity), [.error], "\(path) refuses \(high)")
                } else {
                    XCTAssertEqual(problems(path, 1e300), [], "\(path) has no upper bound")
                }
            }
        }
        XCTAssertEqual(checked, 45, "every number key")
    }

    /// At each end of every spring number's range in the schema, the Swift reading agrees: the
    /// bound itself is read without a problem, beside numbers that let the spring keep its other
    /// bounds (the settling time most of all); a millionth past it, or the excluded end, is an
    /// error at that key; a number without an upper end in the schema is refused at 1e300 by
    /// a bound the schema cannot state (`SpringBounds`).
    func testTheSchemasSpringRangesAreTheOnesTheFileIsReadWith() throws {
        let defs = try XCTUnwrap(try json("tuning.schema.json")["$defs"] as? [String: Any])
        let vocabularies = try XCTUnwrap((defs["spring"] as? [String: Any])?["oneOf"] as? [[String: Any]])
        // The other numbers of a spring whose key is at its lower or upper end.
        let base: [String: [String: Double]] = [
            "SwiftUI": ["response": 0.3, "dampingRatio": 1], "iOS 17": ["duration": 0.3, "bounce": 0],
            "UIKit": ["uikitDuration": 2, "dampingRatio": 1], "physical": ["mass": 1, "stiffness": 100, "damping": 20],
        ]
        let partners: [String: [String: Double]] = [
            // The slowest spring that settles within 10 s does so at a ratio near 0.92.
            "SwiftUI.response.upper": ["dampingRatio": 0.92], "iOS 17.duration.upper": ["bounce": 0.08],
            "physical.mass.lower": ["stiffness": 1, "damping": 0.2],
            "physical.mass.upper": ["stiffness": 40000, "damping": 4000],
            "physical.stiffness.upper": ["mass": 100, "damping": 40000],
            "physical.damping.upper": ["mass": 100, "stiffness": 4_000_000],
        ]
        func problems(_ vocabulary: String, _ key: String, _ value: Double, end: String) -> [TuningProblem] {
            var numbers = base[vocabulary]!
            numbers.merge(partners["\(vocabulary).\(key).\(end)"] ?? [:]) { $1 }
            numbers[key] = value
            let members = numbers.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \(TuningFile.number($0.value))" }
            return TuningFile.read("{\"springs\": {\"zoomIn\": {\(members.joined(separator: ", "))}}}").problems
        }
        func refusedAt(_ key: String, _ problems: [TuningProblem]) -> Bool {
            problems.count == 1 && problems[0].severity == .error
                && problems[0].message.hasPrefix("springs.zoomIn.\(key): ")
        }
        var checked = 0
        for vocabulary in vocabularies {
            let title = try XCTUnwrap(vocabulary["title"] as? String)
            let properties = try XCTUnwrap(vocabulary["properties"] as? [String: [String: Any]])
            XCTAssertEqual(Set(properties.keys), Set(base[title]!.keys), title)
            for (key, schema) in properties {
                let path = "\(title) \(key)"
                checked += 1
                if let low = schema["minimum"] as? Double {
                    XCTAssertEqual(problems(title, key, low, end: "lower"), [], "\(path) takes its minimum \(low)")
                    let below = problems(title, key, low - 1e-6 * abs(low), end: "lower")
                    XCTAssertTrue(refusedAt(key, below), "\(path) refuses below \(low): \(below)")
                } else {
                    let low = try XCTUnwrap(schema["exclusiveMinimum"] as? Double, "\(path) has a lower bound")
                    let at = problems(title, key, low, end: "lower")
                    XCTAssertTrue(refusedAt(key, at), "\(path) refuses \(low): \(at)")
                }
                if let high = schema["maximum"] as? Double {
                    XCTAssertEqual(problems(title, key, high, end: "upper"), [], "\(path) takes its maximum \(high)")
                    let above = problems(title, key, high + 1e-6 * abs(high), end: "upper")
                    XCTAssertTrue(refusedAt(key, above), "\(path) refuses above \(high): \(above)")
                } else {
                    let huge = problems(title, key, 1e300, end: "upper")
                    XCTAssertTrue(refusedAt(key, huge), "\(path) refuses 1e300: \(huge)")
                }
            }
        }
        XCTAssertEqual(checked, 9, "every spring number")
    }

    /// Python's jsonschema (installed by `scripts/setup.sh --test`) finds the schema valid
    /// draft 2020-12, accepts the defaults and each spring vocabulary, and refuses a typo.
    func testJSONSchemaAcceptsTheDefaultsAndEachSpringVocabulary() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files: [(String, String, Bool)] = [
            ("defaults", try String(contentsOf: assets.appendingPathComponent("tuning.json"), encoding: .utf8), true),
            ("swiftUI", "{\"springs\": {\"zoomIn\": {\"response\": 0.5, \"dampingRatio\": 0.8}}}", true),
            ("iOS17", "{\"springs\": {\"zoomIn\": {\"duration\": 0.5, \"bounce\": 0.2}}}", true),
            ("uikit", "{\"springs\": {\"zoomIn\": {\"uikitDuration\": 0.5, \"dampingRatio\": 0.8}}}", true),
            ("physical", "{\"springs\": {\"zoomIn\": {\"mass\": 1, \"stiffness\": 157.9, \"damping\": 17.6}}}", true),
            ("typo", "{\"springs\": {\"zoomIn\": {\"uikitDuration\": 0.5, \"dampingRaito\": 0.8}}}", false),
            ("mixed", "{\"springs\": {\"zoomIn\": {\"response\": 0.5, \"bounce\": 0.2}}}", false),
            ("range", "{\"grid\": {\"cellGap\": -1}}", false),
            (
                "spring bounds", "{\"springs\":{\"zoomIn\":{\"mass\":1e-300,\"stiffness\":1e300,\"damping\":1e-300}}}",
                false
            ),
            ("undamped", "{\"springs\": {\"zoomIn\": {\"response\": 0.5, \"dampingRatio\": 0}}}", false),
        ]
        var paths: [String] = []
        for (name, text, valid) in files {
            let url = folder.appendingPathComponent(name + ".json")
            try text.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
            XCTAssertEqual(TuningFile.read(text).problems.isEmpty, valid, "the Swift reading agrees about \(name)")
        }
        let script = """
            import json, sys
            try:
                import jsonschema
            except ImportError:
                sys.exit("jsonschema is not installed; run scripts/setup.sh --test")
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)
            for path in sys.argv[2:]:
                print("valid" if validator.is_valid(json.load(open(path))) else "invalid")
            """
        let outcome = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "-c", script, assets.appendingPathComponent("tuning.schema.json").path] + paths,
            environment: ProcessInfo.processInfo.environment, timeout: 60)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(outcome.stdout.split(separator: "\n").map(String.init), files.map { $0.2 ? "valid" : "invalid" })
    }
}
