/// Code for every spring of a tuning file, in the form one of the animation APIs takes: Apple's
/// (Swift), Jetpack Compose's (Kotlin), CSS, Framer Motion's and Reanimated's (JavaScript). Each
/// spring is named after its key, under a comment giving its path in the file. Numbers are
/// written as Swift's `description` writes them, the shortest text that reads back as the same
/// double, so the code carries the exact values; only the stops of a CSS easing, an
/// approximation by nature, are written to the grid they were checked on.
public enum TuningExport {
    public enum Form: Sendable {
        /// SwiftUI `Animation`s.
        case swiftUI
        /// `UISpringTimingParameters`, and a function calling `UIView.animate` where it can.
        case uikit
        /// `CASpringAnimation`s, their duration the settling time.
        case coreAnimation
        /// Jetpack Compose `spring()`s and Android View `SpringForce`s.
        case compose
        /// CSS custom properties: a `linear()` easing and a duration per spring.
        case css
        /// Framer Motion spring transitions.
        case framerMotion
        /// React Native Reanimated `withSpring` configs.
        case reanimated
    }

    /// A spring of the file with the name its code takes.
    struct NamedSpring {
        let name: String
        /// Where the file keeps it (`springs.zoomIn`).
        let path: String
        let export: SpringExport
        /// Why the spring gets no code, one line: a bound of `SpringBounds` it breaks. A file
        /// read never holds one, but a tuning set in code may, and its code would be NaNs, a
        /// duration of 0 or an easing without end.
        let refusal: String?
    }

    public static func code(_ file: TuningFile, form: Form) -> String {
        let springs = namedSprings(file)
        let constants = ExportedConstant.dismissal(file.tuning)
        switch form {
        case .swiftUI: return swiftCode(springs, constants: constants, form: .swiftUI)
        case .uikit: return swiftCode(springs, constants: constants, form: .uikit)
        case .coreAnimation: return swiftCode(springs, constants: constants, form: .coreAnimation)
        case .compose: return ComposeExport.code(springs, constants: constants)
        case .css: return CSSExport.code(springs, constants: constants)
        case .framerMotion: return JavaScriptExport.code(springs, constants: constants, library: .framerMotion)
        case .reanimated: return JavaScriptExport.code(springs, constants: constants, library: .reanimated)
        }
    }

    static func namedSprings(_ file: TuningFile) -> [NamedSpring] {
        let springs = TuningFile.groups.flatMap { group in
            group.keys.compactMap { key -> (group: String, key: String, export: SpringExport)? in
                guard case .spring(let keyPath, _) = key.kind else { return nil }
                // As the file writes it.
                let spec = file.spec(keyPath, path: group.name + "." + key.name)
                return (group.name, key.name, SpringExport(spec, parameters: file.tuning[keyPath: keyPath]))
            }
        }
        let keyCounts = Dictionary(springs.map { ($0.key, 1) }, uniquingKeysWith: +)
        return springs.map { spring in
            // A key that is only the word "spring", or that two springs share, would not say
            // which spring it is: it takes its group's name in front (`zoom.spring` → zoomSpring).
            let name =
                spring.key == "spring" || keyCounts[spring.key, default: 0] > 1
                ? spring.group + capitalized(spring.key) : spring.key
            let path = spring.group + "." + spring.key
            let refusal = SpringBounds.breach(spring.export.spec, parameters: spring.export.parameters).map {
                "No code: \(path)\($0.field.map { "." + $0 } ?? ""): \($0.reason), as no tuning file may have it."
            }
            return NamedSpring(name: name, path: path, export: spring.export, refusal: refusal)
        }
    }

    /// The forms written in Swift, here; the others have a file each.
    private enum SwiftForm {
        case swiftUI, uikit, coreAnimation
    }

    /// The Swift forms declare everything as static members of one caseless enum, so that no
    /// name meets the platform's own: a bare `cancel` inside an `Operation`, or `finish` in a
    /// type with such a method, is that type's member, not the spring.
    static let swiftNamespace = "PhotoZoomTuning"

    private static func swiftCode(_ springs: [NamedSpring], constants: [ExportedConstant], form: SwiftForm) -> String {
        var lines =
            header(form) + [
                "",
                "// Everything is a static member of \(swiftNamespace), so call it by that name: \(swiftNamespace).cancel is",
                "// this file's spring even inside an Operation, whose own cancel() a bare cancel would be.",
                "enum \(swiftNamespace) {", "    // Drag to dismiss.",
            ]
        for constant in constants {
            lines += [
                "    // \(constant.path)\(swiftUnit(constant.unit)): \(constant.meaning)",
                "    static let \(constant.name) = \(number(constant.value))",
            ]
        }
        for spring in springs {
            lines +=
                ["", "    // \(spring.path)"]
                + (spring.refusal.map { ["// " + $0] }
                ?? body(spring.export, name: spring.name, path: spring.path, form: form)).map { "    " + $0 }
        }
        return (lines + ["}"]).joined(separator: "\n") + "\n"
    }

    private static func swiftUnit(_ unit: ExportedConstant.Unit) -> String {
        switch unit {
        case .degrees: return " (degrees)"
        case .points: return " (points)"
        case .number: return ""
        }
    }

    private static func header(_ form: SwiftForm) -> [String] {
        switch form {
        case .swiftUI:
            return ["import SwiftUI"]
        case .uikit:
            return [
                "import UIKit", "",
                "// UIView.animate's spring has no documented formula for its duration; here it is the time the",
                "// envelope takes to decay to 0.001 of the distance, as in the prototype. UISpringTimingParameters",
                "// carries the physical constants and needs no such convention.",
            ]
        case .coreAnimation:
            return [
                "import QuartzCore", "",
                "// Each duration is the settling time: from rest, the spring stays within \(SpringExport.settlingThreshold) of the distance",
                "// from then on (the epsilon SwiftUI documents for Spring.settlingDuration). Core Animation does",
                "// not document the threshold of its own settlingDuration, which may therefore differ.",
            ]
        }
    }

    private static func body(_ spring: SpringExport, name: String, path: String, form: SwiftForm) -> [String] {
        let p = spring.parameters
        let ratio = number(spring.dampingRatio)
        switch form {
        case .swiftUI:
            switch spring.swiftUI {
            case .duration(let duration, let bounce):
                return [
                    "static let \(name) = Animation.spring(duration: \(number(duration)), bounce: \(number(bounce)))"
                ]
            case .response(let response, let fraction):
                return overDampingNote(spring) + [
                    "static let \(name) = Animation.spring(response: \(number(response)), dampingFraction: \(number(fraction)))"
                ]
            case .interpolating(let mass, let stiffness, let damping):
                return overDampingNote(spring) + [
                    "// The mass as written: .spring(response:dampingFraction:) is a unit-mass spring.",
                    "static let \(name) = Animation.interpolatingSpring(mass: \(number(mass)), stiffness: \(number(stiffness)), damping: \(number(damping)), initialVelocity: 0)",
                ]
            }
        case .uikit:
            var lines = [
                "@MainActor static let \(name) = UISpringTimingParameters(mass: \(number(p.mass)), stiffness: \(number(p.stiffness)), damping: \(number(p.damping)), initialVelocity: CGVector(dx: 0, dy: 0))"
            ]
            if let animate = spring.uiView {
                let function = "animate" + capitalized(name)
                lines += [
                    "@MainActor static func \(function)(animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {",
                    "    UIView.animate(withDuration: \(number(animate.duration)), delay: 0, usingSpringWithDamping: \(number(animate.dampingRatio)), initialSpringVelocity: 0, options: [], animations: animations, completion: completion)",
                    "}",
                ]
            } else {
                // Within SpringBounds only a spring past critical damping has no UIView.animate form.
                lines.append(
                    "// \(path) is over-damped (damping ratio \(ratio)): UIView.animate's usingSpringWithDamping takes ratios up to 1, so only UISpringTimingParameters says it."
                )
            }
            return lines
        case .coreAnimation:
            var lines = [
                "@MainActor static let \(name): CASpringAnimation = {",
                "    let animation = CASpringAnimation()",
                "    animation.mass = \(number(p.mass))",
                "    animation.stiffness = \(number(p.stiffness))",
                "    animation.damping = \(number(p.damping))",
            ]
            if spring.isOverDamped {
                lines.append(
                    "    animation.allowsOverdamping = true // iOS 17: damping ratio \(ratio) is past critical")
            }
            if let settling = spring.settlingDuration {
                lines.append("    animation.duration = \(number(settling))")
            } else {
                lines.append(
                    "    // It does not come within \(number(SpringExport.settlingThreshold)) of the distance in "
                        + "\(number(SpringSolution.longestTime)) s, so set animation.duration yourself.")
            }
            return lines + ["    return animation", "}()"]
        }
    }

    /// Over-damping is documented for `.spring(duration:bounce:)` (a negative bounce) only.
    private static func overDampingNote(_ spring: SpringExport) -> [String] {
        guard spring.isOverDamped else { return [] }
        return [
            "// Over-damped (damping ratio \(number(spring.dampingRatio))): SwiftUI documents over-damping for .spring(duration:bounce:) with a negative bounce, not for this form."
        ]
    }

    private static func capitalized(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }

    /// Swift's shortest round-trip text for the double, which is also a Swift, Kotlin and
    /// JavaScript literal ("1.0", "1e-05").
    static func number(_ value: Double) -> String { "\(value)" }
}
