import Foundation

/// Kotlin for Android, everything in one `object` so that no name meets the platform's own
/// (`CoroutineScope.cancel()` inside a `LaunchedEffect`, `Activity.finish()`): per spring a
/// generic function giving Jetpack Compose's `spring(dampingRatio, stiffness,
/// visibilityThreshold)`, one giving the View system's `SpringForce` and the minimum visible
/// change that ends its `SpringAnimation` on time, all from `SpringExport.compose`; the rest
/// thresholds; and the drag-to-dismiss constants as `const val`s.
enum ComposeExport {
    /// The object the code declares everything in.
    static let namespace = "PhotoZoomTuning"

    static func code(_ springs: [TuningExport.NamedSpring], constants: [ExportedConstant]) -> String {
        var lines = header + ["", "object \(namespace) {"] + thresholds + ["", "    // Drag to dismiss."]
        for constant in constants {
            lines += [
                "    // \(constant.path)\(unit(constant.unit)): \(constant.meaning)",
                "    const val \(constant.name) = \(TuningExport.number(constant.value))",
            ]
        }
        for spring in springs {
            lines +=
                ["", "    // \(spring.path)"]
                + (spring.refusal.map { ["    // " + $0] } ?? body(spring)).map {
                    $0.hasPrefix("    ") ? $0 : "    " + $0
                }
        }
        return (lines + ["}"]).joined(separator: "\n") + "\n"
    }

    private static let header = [
        "// Compose's spring() and Android's SpringForce have no mass: each is a unit-mass spring given by",
        "// its damping ratio and its stiffness. A spring written with another mass m keeps its undamped",
        "// angular frequency w0 = sqrt(k / m) and its damping ratio c / (2 * sqrt(k * m)): its stiffness here",
        "// is k / m and its dampingRatio that ratio, the sums written above it. Both APIs take Floats: the",
        "// literals are the doubles written in full, which Kotlin rounds to the nearest Float.",
        "// Each Compose spring is a generic function, so the one spring animates a Float, a Dp or an Offset.",
        "// Neither carries a start velocity: Compose takes it as Animatable.animateTo's initialVelocity,",
        "// the View system as SpringAnimation.setStartVelocity, in units per second. A SpringAnimation sets",
        "// its SpringForce's final position, so each animation takes a SpringForce of its own.",
        "// Everything is a member of \(namespace), so call it by that name: \(namespace).finish(…) is this",
        "// file's spring even inside an Activity, whose own finish() a bare finish() would call.",
        "",
        "import androidx.compose.animation.core.SpringSpec",
        "import androidx.compose.animation.core.spring",
        "import androidx.dynamicanimation.animation.SpringForce",
        "import kotlin.math.abs",
    ]

    /// Compose's `visibilityThreshold`, as a fraction of the distance.
    static let visibilityFraction = SpringExport.settlingThreshold

    private static let thresholds = [
        "    // Where each motion comes to rest, as the other forms' settling time does: from rest, within",
        "    // \(SpringExport.settlingThreshold) of the distance from then on. Compose ends a spring at its estimate of when the",
        "    // motion stays within visibilityThreshold of the target, in the value's own units; its default,",
        "    // 0.01 for a Float, ends a motion from 0 to 1 a quarter to a third early with a jump of up to 1%.",
        "    // unitVisibilityThreshold is for a value from 0 to 1 (a scale, an alpha, a progress);",
        "    // visibilityThreshold(distance) for a value in dp or pixels moving that far.",
        "    const val unitVisibilityThreshold = \(TuningExport.number(visibilityFraction))f",
        "    fun visibilityThreshold(distance: Float): Float = abs(distance) * unitVisibilityThreshold",
        "    // A SpringAnimation ends at the first frame within 0.75 of its minimum visible change of the",
        "    // target and slower than 62.5 times that a second, and jumps there: its defaults (1 pixel, 0.002",
        "    // for a scale, 1/256 for an alpha) end early or late by the spring and the distance. Each",
        "    // spring's unit...MinimumVisibleChange ends it where the rest of the motion stays within",
        "    // \(SpringExport.settlingThreshold) of the distance, for a value from 0 to 1; its ...MinimumVisibleChange(distance)",
        "    // for a value in pixels moving that far. Pass it to SpringAnimation.setMinimumVisibleChange.",
    ]

    private static func unit(_ unit: ExportedConstant.Unit) -> String {
        switch unit {
        case .degrees: return " (degrees)"
        case .points: return " (points, which are dp)"
        case .number: return ""
        }
    }

    private static func body(_ spring: TuningExport.NamedSpring) -> [String] {
        let p = spring.export.parameters
        let compose = spring.export.compose
        let number = TuningExport.number
        var lines: [String] = []
        if p.mass != 1 {
            lines.append(
                "// Written with mass \(number(p.mass)), stiffness \(number(p.stiffness)), damping \(number(p.damping)): "
                    + "stiffness = \(number(p.stiffness)) / \(number(p.mass)), dampingRatio = \(number(p.damping)) / (2 * sqrt(\(number(p.stiffness)) * \(number(p.mass))))."
            )
        }
        // SpringBounds keeps both well inside a Float: k/m = ω₀² is 0.49 to 40,000.
        let ratio = number(compose.dampingRatio) + "f"
        let stiffness = number(compose.stiffness) + "f"
        let change = capitalized(spring.name) + "MinimumVisibleChange"
        return lines + [
            "fun <T> \(spring.name)(visibilityThreshold: T): SpringSpec<T> = spring(dampingRatio = \(ratio), stiffness = \(stiffness), visibilityThreshold = visibilityThreshold)",
            "fun \(spring.name)Force(): SpringForce = SpringForce().setDampingRatio(\(ratio)).setStiffness(\(stiffness))",
            "const val unit\(change) = \(number(minimumVisibleChange(p)))f",
            "fun \(spring.name)MinimumVisibleChange(distance: Float): Float = abs(distance) * unit\(change)",
        ]
    }

    /// DynamicAnimation's value threshold is 0.75 × the minimum visible change, its velocity
    /// threshold 62.5 × that a second. A SpringAnimation that stops at a state inside both would
    /// have gone on to at most M × the value threshold, M the largest |c0(t)| + 62.5·|c1(t)| of
    /// the spring's motion from a unit displacement and a unit velocity (the worst corner of
    /// the box, the motion being linear in the state). The change keeps M × threshold within the
    /// settling rule, with 1% for sampling the peak, and is rounded down to two figures.
    static func minimumVisibleChange(_ p: SpringParameters) -> Double {
        let solution = SpringSolution(p)
        let end = p.settlingDuration(threshold: SpringExport.settlingThreshold) ?? SpringBounds.longestSettling
        let samples = 8000
        var largest = 1.0
        for index in 0...samples {
            let basis = solution.basis(at: end * Double(index) / Double(samples))
            largest = max(largest, abs(basis.c0) + velocityThresholdMultiplier * abs(basis.c1))
        }
        let change = SpringExport.settlingThreshold / (valueThresholdMultiplier * largest * 1.01)
        // Written from its digits, so that it reads back as the two figures and no more.
        let exponent = Int(log10(change).rounded(.down)) - 1
        let digits = Int((change / pow(10, Double(exponent))).rounded(.down))
        return Double("\(digits)e\(exponent)")!
    }

    /// DynamicAnimation's THRESHOLD_MULTIPLIER and SpringForce's VELOCITY_THRESHOLD_MULTIPLIER.
    static let valueThresholdMultiplier = 0.75
    static let velocityThresholdMultiplier = 1000.0 / 16

    private static func capitalized(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }
}
