/// JavaScript for the web and React Native, an ES module that is TypeScript as it stands: per
/// spring an object giving the file's physical constants as Framer Motion's spring transition or
/// Reanimated's `withSpring` config takes them, and the drag-to-dismiss constants. Both libraries
/// solve m·x'' + c·x' + k·x = 0 in seconds as PhotoZoom does, so the constants go over unchanged.
enum JavaScriptExport {
    enum Library {
        case framerMotion
        case reanimated
    }

    static func code(_ springs: [TuningExport.NamedSpring], constants: [ExportedConstant], library: Library) -> String {
        var lines = header(library) + ["", "// Drag to dismiss."]
        for constant in constants {
            lines += [
                "// \(constant.path)\(unit(constant.unit)): \(constant.meaning)",
                "export const \(constant.name) = \(TuningExport.number(constant.value));",
            ]
        }
        for spring in springs {
            lines +=
                ["", "// \(spring.path)"] + (spring.refusal.map { ["// " + $0] } ?? body(spring, library: library))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func header(_ library: Library) -> [String] {
        switch library {
        case .framerMotion:
            return [
                "// Framer Motion spring transitions, the file's mass, stiffness and damping, which Framer Motion",
                "// reads as PhotoZoom does: each spring moves as the file's. Given any of them it ignores duration",
                "// and bounce. Use as <motion.div animate={{ y: 0 }} transition={zoomIn} />.",
                "// Without a velocity Framer Motion starts a spring at the value's current velocity, so a released",
                "// drag hands its speed on; the file's springs start at rest, so none sets one.",
                "// Distances are in points, which are CSS px.",
            ]
        case .reanimated:
            return [
                "// React Native Reanimated withSpring configs, the file's mass, stiffness and damping, which",
                "// Reanimated reads as PhotoZoom does. Use as withSpring(target, zoomIn).",
                "// Reanimated 2 reads only these. Reanimated 3.2 and later also read duration and dampingRatio",
                "// instead: a config with either is fitted to them (Reanimated 4 reads duration as a perceptual",
                "// duration, the motion lasting 1.5 times as long) and no longer moves as these constants say, so",
                "// add neither. The mass is always written, since Reanimated 4's default mass is 4, not 1.",
                "// A velocity (units per second) starts a spring moving; the file's springs start at rest.",
                "// Distances are in points, which React Native calls density-independent pixels.",
            ]
        }
    }

    private static func unit(_ unit: ExportedConstant.Unit) -> String {
        switch unit {
        case .degrees: return " (degrees)"
        case .points: return " (points)"
        case .number: return ""
        }
    }

    private static func body(_ spring: TuningExport.NamedSpring, library: Library) -> [String] {
        let p = spring.export.parameters
        let number = TuningExport.number
        switch library {
        case .framerMotion:
            return [
                "export const \(spring.name) = { type: \"spring\", stiffness: \(number(p.stiffness)), damping: \(number(p.damping)), mass: \(number(p.mass)) };"
            ]
        case .reanimated:
            // Reanimated 3's solver has an under-damped case and a critical one, which it takes for
            // every ratio from 1 up.
            let overDamped =
                spring.export.isOverDamped
                ? [
                    "// Over-damped (damping ratio \(number(spring.export.dampingRatio))): Reanimated 3 moves it as a critically damped spring of the same sqrt(k / m), which settles sooner."
                ]
                : []
            return overDamped + [
                "export const \(spring.name) = { mass: \(number(p.mass)), stiffness: \(number(p.stiffness)), damping: \(number(p.damping)) };"
            ]
        }
    }
}
