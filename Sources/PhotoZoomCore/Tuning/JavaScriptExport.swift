import Foundation

/// JavaScript for the web and React Native, an ES module that is TypeScript as it stands: one
/// frozen object, `photoZoom`, holding the drag-to-dismiss constants and per spring two configs
/// for Motion's spring transition or Reanimated's `withSpring`, one for a value in points and
/// one for a value running 0 to 1. One exported name cannot meet a name of the app's or the
/// platform's, and `Object.freeze` keeps `type: "spring"` the literal type Motion's
/// `Transition` asks for, where a plain object literal would widen it to `string`.
enum JavaScriptExport {
    enum Library {
        case framerMotion
        case reanimated
    }

    /// A distance the rest thresholds are set for: both libraries end a spring by absolute
    /// thresholds, so a threshold that is `SpringExport.settlingThreshold` of one distance is
    /// another fraction of another.
    struct Scale {
        let name: String
        let distance: Double
        /// The rest thresholds for a value moving `distance` or more: within the settling
        /// fraction of it, and moving slower than that per 1/ω₀ second.
        func restDelta() -> Double { SpringExport.settlingThreshold * distance }
        func restSpeed(_ p: SpringParameters) -> Double { restDelta() * p.naturalFrequency }
    }

    /// A value in points moves a hundred or more of them in the gestures these springs drive;
    /// a shorter move ends within a tenth of a point, finer than a screen shows.
    static let scales = [Scale(name: "points", distance: 100), Scale(name: "unit", distance: 1)]

    /// Reanimated 4's rest rule: the spring's energy, ½k·x² + ½m·v², relative to its start.
    /// At this fraction, the square of the settling fraction, x² + (v/ω₀)² is within the
    /// settling fraction of the distance, squared: the file's own rule, for any distance.
    static let energyThreshold = SpringExport.settlingThreshold * SpringExport.settlingThreshold

    /// How far the motion a Reanimated config runs for an over-damped spring may stray from the
    /// file's curve, as a fraction of the distance, before the spring is refused instead.
    static let overDampedTolerance = 0.005

    static func code(_ springs: [TuningExport.NamedSpring], constants: [ExportedConstant], library: Library) -> String {
        var lines = header(library) + ["", "export const photoZoom = Object.freeze({", "  // Drag to dismiss."]
        for constant in constants {
            lines += [
                "  // \(constant.path)\(unit(constant.unit)): \(constant.meaning)",
                "  \(constant.name): \(TuningExport.number(constant.value)),",
            ]
        }
        for spring in springs {
            lines +=
                ["", "  // \(spring.path)"]
                + (spring.refusal.map { ["  // " + $0] } ?? body(spring, library: library))
        }
        return (lines + ["});"]).joined(separator: "\n") + "\n"
    }

    private static func header(_ library: Library) -> [String] {
        switch library {
        case .framerMotion:
            return [
                "// Motion (Framer Motion) spring transitions: the file's mass, stiffness and damping, which Motion",
                "// solves as PhotoZoom does, under-, critically and over-damped; given them it ignores duration and",
                "// bounce. Use as <motion.div animate={{ y: 0 }} transition={photoZoom.zoomIn.points} />.",
                "// Motion ends a spring once it is within restDelta of its target and slower than restSpeed per",
                "// second, both in the value's units; its defaults (0.005 and 0.01 for a distance under 5, else",
                "// 0.5 and 2) end motions off the settling time. Each spring here has two: points, for a value in",
                "// points (CSS px) moving 100 or more, ends within 0.1 point; unit, for a value running 0 to 1",
                "// (scale, opacity, progress), within 0.001: \(SpringExport.settlingThreshold) of the distance, where the file's springs settle.",
                "// Without a velocity Motion starts a spring at the value's current velocity, so a released",
                "// drag hands its speed on; the file's springs start at rest, so none sets one.",
            ]
        case .reanimated:
            return [
                "// React Native Reanimated withSpring configs: the file's mass, stiffness and damping, which",
                "// Reanimated 3 and 4 solve as PhotoZoom does for a damping ratio up to 1. Past it they run a",
                "// critically damped spring instead, so an over-damped spring gets the critically damped one",
                "// closest to its curve, or no config where none comes close. Use as",
                "// withSpring(target, photoZoom.zoomIn.points).",
                "// Reanimated 3.2 and later also read duration and dampingRatio instead: a config with either is",
                "// fitted to them (Reanimated 4 reads duration as a perceptual duration, the motion lasting 1.5",
                "// times as long) and no longer moves as these constants say, so add neither. The mass is always",
                "// written, since Reanimated 4's default mass is 4, not 1.",
                "// Reanimated 3 ends a spring once it is within restDisplacementThreshold of its target and",
                "// slower than restSpeedThreshold per second, both in the value's units (by default 0.01 and 2,",
                "// which end a 0-to-1 spring early with a jump). Each spring here has two configs: points, for a",
                "// value in points moving 100 or more, ends within 0.1 point; unit, for a value running 0 to 1",
                "// (scale, opacity, progress), within 0.001. Reanimated 4 ends a spring once its energy is",
                "// energyThreshold of its start's, the same for any distance; \(TuningExport.number(energyThreshold)) ends it within",
                "// \(SpringExport.settlingThreshold) of the distance, as the file's springs settle. Each version ignores the others' keys.",
                "// A velocity (units per second) starts a spring moving; the file's springs start at rest.",
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
        let number = TuningExport.number
        var p = spring.export.parameters
        var notes: [String] = []
        if library == .reanimated, spring.export.isOverDamped {
            let asWritten = criticalGap(p, omega: p.naturalFrequency)
            let closest = closestCritical(p)
            let ratio = number(spring.export.dampingRatio)
            guard let closest, closest.gap <= overDampedTolerance else {
                return [
                    "  // No Reanimated config: over-damped (damping ratio \(ratio)). Reanimated runs every ratio from 1 up as critically damped: these constants as one stray \(rounded(asWritten)) of the distance from the file's curve, and the closest critically damped spring \(rounded(closest?.gap ?? asWritten)), more than the \(TuningExport.number(overDampedTolerance)) a config may."
                ]
            }
            notes = [
                "  // Over-damped (damping ratio \(ratio)): Reanimated runs every ratio from 1 up as critically damped, so this is the closest critically damped spring, which strays \(rounded(closest.gap)) of the distance from the file's curve (these constants as one would stray \(rounded(asWritten)))."
            ]
            p = closest.parameters
        }
        let configs = scales.map { scale in
            let rest = TuningExport.number(scale.restDelta())
            let speed = TuningExport.number(scale.restSpeed(p))
            let members: String
            switch library {
            case .framerMotion:
                members =
                    "type: \"spring\", stiffness: \(number(p.stiffness)), damping: \(number(p.damping)), mass: \(number(p.mass)), restDelta: \(rest), restSpeed: \(speed)"
            case .reanimated:
                members =
                    "mass: \(number(p.mass)), stiffness: \(number(p.stiffness)), damping: \(number(p.damping)), restDisplacementThreshold: \(rest), restSpeedThreshold: \(speed), energyThreshold: \(number(energyThreshold))"
            }
            return "    \(scale.name): Object.freeze({ \(members) }),"
        }
        return notes + ["  \(spring.name): Object.freeze({"] + configs + ["  }),"]
    }

    /// The critically damped spring of `p`'s mass whose motion from rest strays least from
    /// `p`'s, an over-damped spring's: its ω lies between `p`'s slow rate and its ω₀, found by
    /// golden-section search.
    static func closestCritical(_ p: SpringParameters) -> (parameters: SpringParameters, gap: Double)? {
        let zeta = p.dampingRatio
        var lo = p.naturalFrequency * (zeta - max(zeta * zeta - 1, 0).squareRoot())
        var hi = p.naturalFrequency
        let golden = (5.0.squareRoot() - 1) / 2
        for _ in 0..<60 {
            let a = hi - golden * (hi - lo)
            let b = lo + golden * (hi - lo)
            if criticalGap(p, omega: a) < criticalGap(p, omega: b) { hi = b } else { lo = a }
        }
        let omega = (lo + hi) / 2
        let m = p.mass
        // Critically damped by construction: a mass and an ω give the stiffness and damping.
        guard let critical = try? SpringParameters(mass: m, stiffness: m * omega * omega, damping: 2 * m * omega)
        else { return nil }
        return (critical, criticalGap(p, omega: omega))
    }

    /// The largest gap, as a fraction of the distance, between `p`'s motion from rest and a
    /// critically damped one of natural frequency `omega`, over twice `p`'s settling time.
    static func criticalGap(_ p: SpringParameters, omega: Double) -> Double {
        let solution = SpringSolution(p)
        let end = 2 * (p.settlingDuration(threshold: SpringExport.settlingThreshold) ?? 10)
        let samples = 800
        return (0...samples).reduce(0) { gap, i in
            let t = end * Double(i) / Double(samples)
            return max(gap, abs(solution.basis(at: t).c0 - exp(-omega * t) * (1 + omega * t)))
        }
    }

    private static func rounded(_ fraction: Double) -> String {
        TuningExport.number((fraction * 1000).rounded() / 1000)
    }
}
