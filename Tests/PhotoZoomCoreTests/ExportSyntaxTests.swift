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
    static func files() throws -> [(name: String, file: TuningFile)] {
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
        for (name, file) in try Self.files() {
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

    func testTheFramerMotionAndReanimatedExportsAreOneFrozenObject() throws {
        let constants = [
            "dismissalAngle", "dismissalShrink", "dismissalScaleDistance", "dismissalFadeDistance",
            "dismissalFinishDistance",
            "projectionDecelerationRate", "dismissalPinchFinishScale",
        ]
        for (name, file) in try Self.files() {
            for (form, keys) in [
                (TuningExport.Form.framerMotion, ["type", "stiffness", "damping", "mass", "restDelta", "restSpeed"]),
                (
                    .reanimated,
                    [
                        "mass", "stiffness", "damping", "restDisplacementThreshold", "restSpeedThreshold",
                        "energyThreshold",
                    ]
                ),
            ] {
                let code = TuningExport.code(file, form: form)
                let exports: [(name: String, value: JavaScriptSubset.Value)]
                do { exports = try JavaScriptSubset.parse(code) } catch {
                    XCTFail("\(name), \(form): \(error)\n\(code)")
                    continue
                }
                XCTAssertEqual(
                    exports.map(\.name), ["photoZoom"], "\(name), \(form): one name, which no platform's takes")
                guard case .frozen(.object(let members)) = exports.first?.value else {
                    XCTFail("\(name), \(form): \(code)")
                    continue
                }
                // A spring past SpringBounds is a comment, not a member; so is one Reanimated refuses.
                let springs = TuningExport.namedSprings(file).filter { $0.refusal == nil }
                let written = springs.filter { spring in
                    members.contains { $0.key == spring.name }
                }
                XCTAssertEqual(members.map(\.key), constants + written.map(\.name), "\(name), \(form)")
                for spring in springs where !written.contains(where: { $0.name == spring.name }) {
                    XCTAssertEqual(form, .reanimated, "\(name): only Reanimated refuses \(spring.path)")
                    XCTAssertTrue(spring.export.isOverDamped, "\(name): \(spring.path)")
                    XCTAssertTrue(
                        code.contains("  // \(spring.path)\n  // No Reanimated config: over-damped"),
                        "\(name): \(spring.path) says why it has no config")
                }
                for spring in written {
                    let value = members.first { $0.key == spring.name }!.value
                    XCTAssertEqual(value.members?.map(\.key), ["points", "unit"], "\(name), \(form): \(spring.path)")
                    for scale in ["points", "unit"] {
                        guard case .frozen(.object(let config)) = value[scale] else {
                            XCTFail("\(name), \(form): \(spring.path).\(scale) is no frozen object")
                            continue
                        }
                        XCTAssertEqual(config.map(\.key), keys, "\(name), \(form): \(spring.path)")
                        guard form == .framerMotion || !spring.export.isOverDamped else { continue }
                        let p = spring.export.parameters
                        XCTAssertEqual(
                            ["stiffness", "damping", "mass"].map { value[scale]?[$0] },
                            [.number(p.stiffness), .number(p.damping), .number(p.mass)],
                            "\(name), \(form): \(spring.path), the constants bit for bit")
                        if form == .framerMotion { XCTAssertEqual(config.first?.value, .string("spring")) }
                    }
                }
            }
        }
        for broken in [
            "export const a = 1", "export const a = { mass: 1, mass: 2 };", "export const new = 1;",
            "export const a = 01;", "export const a = 1.;", "const a = 1;", "export const a = Object.freeze({ a: 1 };",
            "export const a = Object.seal({ a: 1 });",
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
        for (index, (name, file)) in try Self.files().enumerated() {
            for form in [TuningExport.Form.framerMotion, .reanimated] {
                let outcome = try check(TuningExport.code(file, form: form), "export-\(index)-\(form)")
                XCTAssertEqual(outcome.status, 0, "\(name), \(form): \(outcome.stderr)")
            }
        }
        XCTAssertNotEqual(
            try check("export const a = { mass: 1 ;\n", "broken").status, 0, "node --check refuses a broken module")
    }

    /// Motion's `Transition` (framer-motion `src/types.ts`: the spring transition and the types
    /// it is one of) and Reanimated's `SpringConfig`s (3.x `springUtils.ts`, 4.x
    /// `springConfigs.ts`), as far as a spring config meets them.
    static let libraryTypes = """
        interface Repeat { repeat?: number; repeatType?: "loop" | "reverse" | "mirror"; repeatDelay?: number }
        interface Tween extends Repeat { type?: "tween"; duration?: number; ease?: string | number[]; velocity?: number }
        interface Spring extends Repeat {
          type: "spring"; stiffness?: number; damping?: number; mass?: number; duration?: number;
          visualDuration?: number; bounce?: number; restSpeed?: number; restDelta?: number; velocity?: number;
        }
        interface Inertia { type: "inertia"; power?: number; timeConstant?: number; restDelta?: number }
        interface Keyframes { type: "keyframes"; times?: number[]; duration?: number }
        interface None { type: false }
        export type Transition = Tween | Spring | Inertia | Keyframes | None;

        type ReduceMotion = "system" | "always" | "never";
        export type Reanimated3SpringConfig = {
          stiffness?: number; overshootClamping?: boolean; restDisplacementThreshold?: number;
          restSpeedThreshold?: number; velocity?: number; reduceMotion?: ReduceMotion;
        } & (
          | { mass?: number; damping?: number; duration?: never; dampingRatio?: never; clamp?: never }
          | { mass?: never; damping?: never; duration?: number; dampingRatio?: number; clamp?: { min?: number; max?: number } }
        );
        export type Reanimated4SpringConfig = {
          mass?: number; overshootClamping?: boolean; energyThreshold?: number; velocity?: number;
          reduceMotion?: ReduceMotion;
        } & (
          | { stiffness?: number; damping?: number; duration?: never; dampingRatio?: never; clamp?: never }
          | { stiffness?: never; damping?: never; duration?: number; dampingRatio?: number; clamp?: { min?: number; max?: number } }
        );

        """

    func testTypeScriptChecksTheFramerMotionAndReanimatedExportsAgainstTheLibrariesTypes() throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        guard
            let tsc = path.split(separator: ":").map({
                URL(fileURLWithPath: String($0)).appendingPathComponent("tsc")
            })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
        else {
            throw XCTSkip("tsc is not installed (Debian's node-typescript; scripts/setup.sh --test installs it)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-tsc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.libraryTypes.write(to: folder.appendingPathComponent("types.ts"), atomically: true, encoding: .utf8)
        func check(_ modules: [(name: String, code: String)]) throws -> ChildProcess.Outcome {
            for module in modules {
                try module.code.write(
                    to: folder.appendingPathComponent(module.name), atomically: true, encoding: .utf8)
            }
            return try ChildProcess.run(
                tsc, ["--strict", "--noEmit", "--target", "es2017", "--module", "es2015"] + modules.map(\.name),
                environment: ProcessInfo.processInfo.environment, directory: folder, timeout: 300)
        }
        // Every export and a use of each config as its library's type, in one run of tsc.
        var modules: [(name: String, code: String)] = []
        for (index, (_, file)) in try Self.files().enumerated() {
            for form in [TuningExport.Form.framerMotion, .reanimated] {
                let code = TuningExport.code(file, form: form)
                let object = try JavaScriptSubset.parse(code).first?.value
                let module = "export\(index)\(form)"
                let configs = TuningExport.namedSprings(file).filter { object?[$0.name] != nil }.flatMap {
                    ["photoZoom.\($0.name).points", "photoZoom.\($0.name).unit"]
                }.joined(separator: ", ")
                let uses =
                    form == .framerMotion
                    ? ["const transitions: Transition[] = [\(configs)];"]
                    : [
                        "const reanimated3: Reanimated3SpringConfig[] = [\(configs)];",
                        "const reanimated4: Reanimated4SpringConfig[] = [\(configs)];",
                    ]
                let use =
                    [
                        "import { Transition, Reanimated3SpringConfig, Reanimated4SpringConfig } from \"./types\";",
                        "import { photoZoom } from \"./\(module)\";",
                        "export const angle: number = photoZoom.dismissalAngle;",
                    ] + uses.map { "export " + $0 }
                modules += [("\(module).ts", code), ("use-\(module).ts", use.joined(separator: "\n") + "\n")]
            }
        }
        let outcome = try check(modules)
        XCTAssertEqual(outcome.status, 0, "tsc: \(outcome.stdout)\(outcome.stderr)")
        // The check bites: a plain object literal widens its type to string (TS2322).
        let widened = try check([
            ("widened.ts", "export const zoomIn = { type: \"spring\", stiffness: 100, damping: 10, mass: 1 };\n"),
            (
                "use-widened.ts",
                "import { Transition } from \"./types\";\nimport { zoomIn } from \"./widened\";\nexport const t: Transition = zoomIn;\n"
            ),
        ])
        XCTAssertTrue(widened.stdout.contains("TS2322"), "tsc refuses a widened type: \(widened.stdout)")
    }
}
