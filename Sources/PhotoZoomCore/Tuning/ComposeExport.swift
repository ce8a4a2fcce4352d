/// Kotlin for Android: per spring a generic function giving Jetpack Compose's
/// `spring(dampingRatio, stiffness)` and one giving the View system's `SpringForce`, both from
/// `SpringExport.compose`, and the drag-to-dismiss constants as `const val`s.
enum ComposeExport {
    static func code(_ springs: [TuningExport.NamedSpring], constants: [ExportedConstant]) -> String {
        var lines = header + ["", "// Drag to dismiss."]
        for constant in constants {
            lines += [
                "// \(constant.path)\(unit(constant.unit)): \(constant.meaning)",
                "const val \(constant.name) = \(TuningExport.number(constant.value))",
            ]
        }
        for spring in springs {
            lines += ["", "// \(spring.path)"] + (spring.refusal.map { ["// " + $0] } ?? body(spring))
        }
        return lines.joined(separator: "\n") + "\n"
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
        "",
        "import androidx.compose.animation.core.SpringSpec",
        "import androidx.compose.animation.core.spring",
        "import androidx.dynamicanimation.animation.SpringForce",
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
        return lines + [
            "fun <T> \(spring.name)(): SpringSpec<T> = spring(dampingRatio = \(ratio), stiffness = \(stiffness))",
            "fun \(spring.name)Force(): SpringForce = SpringForce().setDampingRatio(\(ratio)).setStiffness(\(stiffness))",
        ]
    }
}
