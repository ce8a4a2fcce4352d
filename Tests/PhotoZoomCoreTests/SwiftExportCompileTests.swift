import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore

/// swiftc type-checks the SwiftUI, UIKit and Core Animation exports against stub modules of
/// the few Apple declarations they call, with code that uses each spring and constant where a
/// bare name would be another's: inside an `Operation`, whose own `cancel()` a bare `cancel`
/// would be, and a type with a `finish()` of its own.
final class SwiftExportCompileTests: XCTestCase {
    /// The stub modules, by name: what the exports call, with Apple's argument labels.
    static let stubs: [String: String] = [
        "SwiftUI": """
        public struct Animation: Sendable {
            public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation { Animation() }
            public static func spring(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation { Animation() }
            public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) -> Animation { Animation() }
        }
        """,
        "UIKit": """
        public struct CGVector { public var dx, dy: Double; public init(dx: Double, dy: Double) { self.dx = dx; self.dy = dy } }
        open class UISpringTimingParameters {
            public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: CGVector) {}
        }
        @MainActor open class UIView {
            public struct AnimationOptions: OptionSet, Sendable { public let rawValue: UInt; public init(rawValue: UInt) { self.rawValue = rawValue } }
            open class func animate(withDuration duration: Double, delay: Double, usingSpringWithDamping dampingRatio: Double, initialSpringVelocity velocity: Double, options: AnimationOptions = [], animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {}
        }
        """,
        "QuartzCore": """
        open class CASpringAnimation {
            public init() {}
            open var mass: Double = 1, stiffness: Double = 100, damping: Double = 10, duration: Double = 0
            open var allowsOverdamping = false
        }
        """,
    ]

    /// Code that reads every spring, typed as the form declares it, and every constant. A
    /// declaration the code makes at the top level is read bare, as an app would.
    static func use(_ code: String, springs: [TuningExport.NamedSpring], form: TuningExport.Form) -> String {
        let namespace = TuningExport.swiftNamespace
        let prefix = code.contains("\nenum \(namespace) {\n") ? namespace + "." : ""
        let (module, type) =
            switch form {
            case .uikit: ("UIKit", "UISpringTimingParameters")
            case .coreAnimation: ("QuartzCore", "CASpringAnimation")
            default: ("SwiftUI", "Animation")
            }
        let reads =
            springs.filter { $0.refusal == nil }.map { "let _: \(type) = \(prefix)\($0.name)" }
            + ExportedConstant.dismissal(TuningFile().tuning).map { "let _: Double = \(prefix)\($0.name)" }
        let body = reads.map { "        " + $0 }.joined(separator: "\n")
        return """
            import Foundation
            import \(module)

            final class ZoomOperation: Operation, @unchecked Sendable {
                @MainActor func animate() {
            \(body)
                }
            }

            @MainActor final class Viewer {
                func finish() {}
                func animate() {
            \(body)
                }
            }

            """
    }

    func testSwiftcTypeChecksEachSwiftExportWhereItIsUsed() throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        guard
            let swiftc = path.split(separator: ":").map({
                URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc")
            })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
        else {
            throw XCTSkip("swiftc is not on the PATH")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-swift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func run(_ arguments: [String]) throws -> ChildProcess.Outcome {
            try ChildProcess.run(
                swiftc, arguments + ["-module-cache-path", folder.appendingPathComponent("cache").path],
                environment: ProcessInfo.processInfo.environment, timeout: 600)
        }
        for (module, text) in Self.stubs {
            let source = folder.appendingPathComponent("\(module).swift")
            try text.write(to: source, atomically: true, encoding: .utf8)
            let outcome = try run([
                "-emit-module", "-parse-as-library", "-module-name", module, "-o",
                folder.appendingPathComponent("\(module).swiftmodule").path, source.path,
            ])
            XCTAssertEqual(outcome.status, 0, "\(module): \(outcome.stderr)")
        }
        let files = try AndroidSpringMotionTests.files().filter { ["defaults", "trying springs"].contains($0.name) }
        for (name, file) in files {
            for form in [TuningExport.Form.swiftUI, .uikit, .coreAnimation] {
                let export = folder.appendingPathComponent("Export.swift")
                let use = folder.appendingPathComponent("Use.swift")
                try TuningExport.code(file, form: form).write(to: export, atomically: true, encoding: .utf8)
                try Self.use(TuningExport.code(file, form: form), springs: TuningExport.namedSprings(file), form: form)
                    .write(
                        to: use, atomically: true, encoding: .utf8)
                let outcome = try run([
                    "-typecheck", "-swift-version", "6", "-parse-as-library", "-I", folder.path, export.path, use.path,
                ])
                XCTAssertEqual(outcome.status, 0, "\(name), \(form): \(outcome.stderr)")
            }
        }
    }
}
