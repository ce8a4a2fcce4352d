import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore

/// kotlinc compiles each Compose export against stubs with Compose's, DynamicAnimation's,
/// kotlinx.coroutines' and Android's own signatures, and code that uses every symbol the
/// way an app would: inside a `LaunchedEffect` block, where `cancel` is also
/// `CoroutineScope.cancel()`, and in an `Activity`, which has a `finish()` of its own.
final class KotlinExportCompileTests: XCTestCase {
    /// The stubs: the declarations the export and its use need, as the libraries declare them
    /// (androidx.compose.animation.core's `spring()` and `SpringSpec`, dynamicanimation's
    /// `SpringForce` and `SpringAnimation`, kotlinx.coroutines' `CoroutineScope.cancel`,
    /// androidx.compose.runtime's `LaunchedEffect`), bodies aside.
    static let stubs: [String: String] = [
        "Compose.kt": """
        package androidx.compose.animation.core
        interface AnimationSpec<T>
        interface FiniteAnimationSpec<T> : AnimationSpec<T>
        class SpringSpec<T>(val dampingRatio: Float = 1f, val stiffness: Float = 1500f, val visibilityThreshold: T? = null) : FiniteAnimationSpec<T>
        fun <T> spring(dampingRatio: Float = 1f, stiffness: Float = 1500f, visibilityThreshold: T? = null): SpringSpec<T> =
            SpringSpec(dampingRatio, stiffness, visibilityThreshold)
        """,
        "Runtime.kt": """
        package androidx.compose.runtime
        import kotlinx.coroutines.CoroutineScope
        annotation class Composable
        @Composable fun LaunchedEffect(key1: Any?, block: suspend CoroutineScope.() -> Unit) {}
        """,
        "Coroutines.kt": """
        package kotlinx.coroutines
        import kotlin.coroutines.CoroutineContext
        interface CoroutineScope { val coroutineContext: CoroutineContext }
        fun CoroutineScope.cancel(cause: java.util.concurrent.CancellationException? = null) {}
        """,
        "DynamicAnimation.kt": """
        package androidx.dynamicanimation.animation
        class SpringForce() {
            constructor(finalPosition: Float) : this()
            fun setStiffness(stiffness: Float): SpringForce = this
            fun setDampingRatio(dampingRatio: Float): SpringForce = this
            fun setFinalPosition(finalPosition: Float): SpringForce = this
        }
        class FloatValueHolder(var value: Float = 0f)
        class SpringAnimation(floatValueHolder: FloatValueHolder) {
            fun setSpring(force: SpringForce): SpringAnimation = this
            fun setMinimumVisibleChange(minimumVisibleChange: Float): SpringAnimation = this
            fun animateToFinalPosition(finalPosition: Float) {}
        }
        """,
        "Activity.kt": """
        package android.app
        open class Activity { open fun finish() {} }
        """,
    ]

    /// Code that uses every spring and constant of `code`, in package `package`: the Compose
    /// spring for a Float from 0 to 1 and for one in dp, each typed as the spec it must be,
    /// inside a LaunchedEffect block and in an Activity; the SpringForce with its minimum
    /// visible change in a SpringAnimation.
    static func use(_ code: String, package: String, springs: [TuningExport.NamedSpring]) -> String {
        let namespace = ComposeExport.namespace
        // A declaration the code makes at the top level is called bare, as an app would.
        let prefix = code.contains("\nobject \(namespace) {\n") ? namespace + "." : ""
        var calls: [String] = []
        for spring in springs where spring.refusal == nil {
            let name = spring.name
            // The thresholds where the spring takes one, as the code declares it.
            let takesThreshold = code.contains("fun <T> \(name)(visibilityThreshold: T)")
            let unit = takesThreshold ? "\(prefix)unitVisibilityThreshold" : ""
            let points = takesThreshold ? "\(prefix)visibilityThreshold(300f)" : ""
            calls += [
                "val \(name)Unit: SpringSpec<Float> = \(prefix)\(name)(\(unit))",
                "val \(name)Points: FiniteAnimationSpec<Float> = \(prefix)\(name)(\(points))",
                "SpringAnimation(FloatValueHolder()).setSpring(\(prefix)\(name)Force().setFinalPosition(1f))"
                    + ".setMinimumVisibleChange(\(prefix)\(name)MinimumVisibleChange(300f))",
            ]
        }
        let constants = ExportedConstant.dismissal(TuningFile().tuning).map {
            "val \($0.name)Value: Double = \(prefix)\($0.name)"
        }
        let body = (calls + constants).map { "        " + $0 }.joined(separator: "\n")
        return """
            package \(package)
            import android.app.Activity
            import androidx.compose.animation.core.FiniteAnimationSpec
            import androidx.compose.animation.core.SpringSpec
            import androidx.compose.runtime.LaunchedEffect
            import androidx.dynamicanimation.animation.FloatValueHolder
            import androidx.dynamicanimation.animation.SpringAnimation
            import kotlinx.coroutines.*

            fun inAnEffect() {
                LaunchedEffect(Unit) {
            \(body)
                }
            }

            class ZoomActivity : Activity() {
                fun animate() {
            \(body)
                }
            }

            """
    }

    func testKotlincCompilesEachComposeExportWhereItIsUsed() throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        guard
            let kotlinc = path.split(separator: ":").map({
                URL(fileURLWithPath: String($0)).appendingPathComponent("kotlinc")
            })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
        else {
            throw XCTSkip("kotlinc is not installed (scripts/setup.sh --test installs Debian's kotlin)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-kotlin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var sources: [URL] = []
        func write(_ text: String, _ name: String) throws {
            let url = folder.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            sources.append(url)
        }
        for (name, text) in Self.stubs { try write(text, name) }
        // All in one run, kotlinc being slow to start: each export in a package of its own.
        let files = try AndroidSpringMotionTests.files()
        for (index, (_, file)) in files.enumerated() {
            let code = TuningExport.code(file, form: .compose)
            try write("package export\(index)\n" + code, "Export\(index).kt")
            try write(
                Self.use(code, package: "export\(index)", springs: TuningExport.namedSprings(file)), "Use\(index).kt")
        }
        let outcome = try ChildProcess.run(
            kotlinc, ["-nowarn", "-d", folder.appendingPathComponent("classes").path] + sources.map(\.path),
            environment: ProcessInfo.processInfo.environment, timeout: 600)
        XCTAssertEqual(
            outcome.status, 0,
            "kotlinc refused \(files.map(\.name)):\n\(outcome.stderr)\n\(outcome.stdout)")
    }
}
