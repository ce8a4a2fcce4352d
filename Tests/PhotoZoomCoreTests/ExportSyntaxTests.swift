import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore

/// The Kotlin and JavaScript `tuning export` prints are code their compilers take. The Kotlin is
/// held to a grammar of the few declarations it uses, and compiled where kotlinc is installed
/// (`KotlinExportCompileTests`); the
/// JavaScript is parsed by `JavaScriptSubset` and, where node is installed, by `node --check`.
final class ExportSyntaxTests: XCTestCase {
    /// The defaults, the tuning corpus, a file with the springs that need a form's care (masses
    /// other than 1, the stiffest and the least damped a file may have, an over-damped one),
    /// and one set in code past `SpringBounds`, whose code is a comment saying why there is none.
    func files() throws -> [(name: String, file: TuningFile)] {
        let reading = TuningFile.read(
            """
            {"springs": {"zoomIn": {"mass": 0.01, "stiffness": 400, "damping": 4}, "cancel": {"mass": 3, "stiffness": 300, "damping": 200},
                         "finish": {"response": 0.4, "dampingRatio": 0.05}}, "chrome": {"fadeSpring": {"uikitDuration": 0.6, "dampingRatio": 3}}}
            """)
        XCTAssertEqual(reading.problems, [])
        var past = TuningFile()
        past.tuning.zoomInSpring = try SpringParameters(mass: 1e-300, stiffness: 1e300, damping: 1e-300)
        past.tuning.finishSpring = try SpringParameters(mass: 1, stiffness: 100, damping: 0)
        return try PlatformExportTests.tuningFiles() + [("odd springs", reading.file), ("past the bounds", past)]
    }

    // MARK: Kotlin

    /// Kotlin's DoubleLiteral: a point with digits after it, or digits with an exponent, or both.
    static let double = #"(?:[0-9]*\.[0-9]+(?:[eE][+-]?[0-9]+)?|[0-9]+[eE][+-]?[0-9]+)"#
    static let name = #"[a-zA-Z_][a-zA-Z0-9_]*"#
    /// Every line the Compose export may print, as the declarations Kotlin takes.
    static let kotlinLines: [(kind: String, pattern: String)] = [
        ("blank", #"^$"#),
        ("comment", #"^(?:    )?//.*$"#),
        ("import", #"^import [a-z][a-z0-9]*(?:\.[a-zA-Z][a-zA-Z0-9]*)+$"#),
        ("object", #"^object (\#(name)) \{$"#),
        ("close", #"^\}$"#),
        ("constant", #"^    const val (\#(name)) = (\#(double))f?$"#),
        (
            "threshold",
            #"^    fun (\#(name))\(distance: Float\): Float = abs\(distance\) \* (\#(name))$"#
        ),
        (
            "spring",
            #"^    fun <T> (\#(name))\(visibilityThreshold: T\): SpringSpec<T> = spring\(dampingRatio = (\#(double))f, stiffness = (\#(double))f, visibilityThreshold = visibilityThreshold\)$"#
        ),
        (
            "force",
            #"^    fun (\#(name))\(\): SpringForce = SpringForce\(\)\.setDampingRatio\((\#(double))f\)\.setStiffness\((\#(double))f\)$"#
        ),
    ]

    /// Kotlin's hard keywords, which no declaration may take as its name.
    static let kotlinKeywords: Set<String> = [
        "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface",
        "is", "null", "object", "package", "return", "super", "this", "throw", "true", "try", "typealias",
        "typeof", "val", "var", "when", "while",
    ]

    /// What is wrong with `code` as Kotlin, one message a fault.
    static func kotlinFaults(_ code: String) -> [String] {
        var faults: [String] = []
        var names = Set<String>()
        var declared = false
        var depth = 0
        for (number, line) in code.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            .enumerated()
        {
            let matches = kotlinLines.compactMap { kind, pattern -> (String, [String])? in
                let regex = try! NSRegularExpression(pattern: pattern)
                guard let match = regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) else {
                    return nil
                }
                return (kind, (1..<match.numberOfRanges).map { String(line[Range(match.range(at: $0), in: line)!]) })
            }
            guard let (kind, groups) = matches.first else {
                faults.append("line \(number + 1) is no declaration: \(line)")
                continue
            }
            if kind == "import", declared { faults.append("line \(number + 1): an import after a declaration") }
            if ["constant", "threshold", "spring", "force"].contains(kind) {
                declared = true
                if kotlinKeywords.contains(groups[0]) || !names.insert(groups[0]).inserted {
                    faults.append("line \(number + 1): the name \(groups[0])")
                }
            }
            if kind == "force", !groups[0].hasSuffix("Force") {
                faults.append("line \(number + 1): a SpringForce named \(groups[0])")
            }
            // A Float literal that rounds to infinity is refused, and one that rounds to 0 is another spring.
            for literal in kind == "spring" || kind == "force" ? groups.dropFirst() : [] {
                let value = Double(literal)!
                let float = Float(value)
                if !float.isFinite || (float == 0 && value != 0) {
                    faults.append("line \(number + 1): \(literal)f is no Float")
                }
            }
            // The object's braces span its members; every other bracket closes on its line.
            if !["comment", "object", "close"].contains(kind) {
                for character in line {
                    if "([{<".contains(character) { depth += 1 }
                    if ")]}>".contains(character) { depth -= 1 }
                    if depth < 0 { faults.append("line \(number + 1): \(character) closes nothing") }
                }
                if depth != 0 { faults.append("line \(number + 1) leaves a bracket open") }
                depth = 0
            }
        }
        if !code.hasSuffix("\n") { faults.append("no line break at the end") }
        return faults
    }

    func testTheComposeExportIsKotlinOfTheDeclarationsItUses() throws {
        for (name, file) in try files() {
            let code = TuningExport.code(file, form: .compose)
            XCTAssertEqual(Self.kotlinFaults(code), [], "\(name):\n\(code)")
            for spring in TuningExport.namedSprings(file) {
                let block = PlatformExportTests.blocks(code, open: "//")[spring.path] ?? ""
                if spring.refusal == nil {
                    XCTAssertTrue(
                        block.contains("fun <T> \(spring.name)(visibilityThreshold: T): SpringSpec<T> = spring(")
                            && block.contains("fun \(spring.name)Force(): SpringForce"), "\(name): \(block)")
                } else {
                    XCTAssertTrue(block.contains("\n    // No code: \(spring.path)"), "\(name): \(block)")
                    XCTAssertFalse(block.contains("fun "), "\(name): \(block)")
                }
            }
        }
        // The grammar refuses what Kotlin would.
        for (broken, why) in [
            ("const val zoom = 1.", "no digits after the point"),
            (
                "    fun <T> a(visibilityThreshold: T): SpringSpec<T> = spring(dampingRatio = 1e39f, stiffness = 1.0f, visibilityThreshold = visibilityThreshold)",
                "beyond a Float"
            ),
            (
                "    fun <T> a(visibilityThreshold: T): SpringSpec<T> = spring(dampingRatio = 1.0f, stiffness = 1.0f, visibilityThreshold = visibilityThreshold",
                "an open bracket"
            ),
            ("val zoomIn = spring(1f)", "no such declaration"),
        ] {
            XCTAssertNotEqual(Self.kotlinFaults(broken + "\n"), [], why)
        }
    }

    // MARK: JavaScript

    func testTheFramerMotionAndReanimatedExportsAreModulesOfConstants() throws {
        let constants = [
            "dismissalAngle", "dismissalShrink", "dismissalScaleDistance", "dismissalFadeDistance",
            "dismissalFinishDistance",
            "projectionDecelerationRate", "dismissalPinchFinishScale",
        ]
        for (name, file) in try files() {
            for (form, keys) in [
                (TuningExport.Form.framerMotion, ["type", "stiffness", "damping", "mass"]),
                (.reanimated, ["mass", "stiffness", "damping"]),
            ] {
                let code = TuningExport.code(file, form: form)
                let exports: [(name: String, value: JavaScriptSubset.Value)]
                do { exports = try JavaScriptSubset.parse(code) } catch {
                    XCTFail("\(name), \(form): \(error)\n\(code)")
                    continue
                }
                // A spring past SpringBounds is a comment, not a constant.
                let springs = TuningExport.namedSprings(file).filter { $0.refusal == nil }
                XCTAssertEqual(exports.map(\.name), constants + springs.map(\.name), "\(name), \(form)")
                for (spring, export) in zip(springs, exports.dropFirst(constants.count)) {
                    guard case .object(let members) = export.value else {
                        XCTFail("\(name): \(export)")
                        continue
                    }
                    XCTAssertEqual(members.map(\.key), keys, "\(name), \(form): \(spring.path)")
                    let p = spring.export.parameters
                    let values = Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value) })
                    XCTAssertEqual(
                        ["stiffness", "damping", "mass"].map { values[$0] },
                        [.number(p.stiffness), .number(p.damping), .number(p.mass)],
                        "\(name), \(form): \(spring.path), the constants bit for bit")
                    if form == .framerMotion { XCTAssertEqual(members.first?.value, .string("spring")) }
                }
            }
        }
        for broken in [
            "export const a = 1", "export const a = { mass: 1, mass: 2 };", "export const new = 1;",
            "export const a = 01;", "export const a = 1.;", "const a = 1;",
        ] {
            XCTAssertThrowsError(try JavaScriptSubset.parse(broken), broken)
        }
    }

    func testNodeChecksTheFramerMotionAndReanimatedExports() throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        guard
            let node = path.split(separator: ":").map({
                URL(fileURLWithPath: String($0)).appendingPathComponent("node")
            })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
        else {
            throw XCTSkip("node is not installed; JavaScriptSubset has parsed the code")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func check(_ code: String, _ name: String) throws -> ChildProcess.Outcome {
            let module = folder.appendingPathComponent("\(name).mjs")
            try code.write(to: module, atomically: true, encoding: .utf8)
            return try ChildProcess.run(
                node, ["--check", module.path], environment: ProcessInfo.processInfo.environment, timeout: 60)
        }
        for (index, (name, file)) in try files().enumerated() {
            for form in [TuningExport.Form.framerMotion, .reanimated] {
                let outcome = try check(TuningExport.code(file, form: form), "export-\(index)-\(form)")
                XCTAssertEqual(outcome.status, 0, "\(name), \(form): \(outcome.stderr)")
            }
        }
        XCTAssertNotEqual(
            try check("export const a = { mass: 1 ;\n", "broken").status, 0, "node --check refuses a broken module")
    }
}
