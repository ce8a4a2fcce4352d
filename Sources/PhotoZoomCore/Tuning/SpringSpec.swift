/// A spring as a person wrote it in a tuning file, in one of the four vocabularies people know.
/// The file keeps these numbers rather than the physical constants they become, so a spring
/// written as `{"uikitDuration": 0.5, "dampingRatio": 0.8}` is written back exactly so.
public enum SpringSpec: Hashable, Sendable {
    /// SwiftUI: `{"response": R, "dampingRatio": Z}`.
    case swiftUI(response: Double, dampingRatio: Double)
    /// iOS 17's `Spring(duration:bounce:)`: `{"duration": D, "bounce": B}`.
    case iOS17(duration: Double, bounce: Double)
    /// UIView.animate's spring: `{"uikitDuration": D, "dampingRatio": Z}`.
    case uikit(duration: Double, dampingRatio: Double)
    /// The physical constants: `{"mass": M, "stiffness": K, "damping": C}`.
    case physical(mass: Double, stiffness: Double, damping: Double)

    /// The constants the solver uses, through `SpringParameters`' validating conversions; an
    /// error names the field as the file writes it.
    public func parameters() throws -> SpringParameters {
        do {
            switch self {
            // The explicit mass picks the validating overload, not the one for known constants.
            case .swiftUI(let response, let dampingRatio):
                return try .response(response, dampingRatio: dampingRatio, mass: 1)
            case .iOS17(let duration, let bounce): return try .duration(duration, bounce: bounce)
            case .uikit(let duration, let dampingRatio):
                return try .uikit(duration: duration, dampingRatio: dampingRatio)
            case .physical(let mass, let stiffness, let damping):
                return try SpringParameters(mass: mass, stiffness: stiffness, damping: damping)
            }
        } catch let error as SpringParameterError {
            // UIKit's duration is `uikitDuration` in a file, to tell it from iOS 17's.
            guard case .uikit = self, error.field == "duration" else { throw error }
            throw SpringParameterError(field: "uikitDuration", reason: error.reason)
        }
    }

    /// The keys and numbers as the file writes them, in the vocabulary's own order.
    var members: [(key: String, value: Double)] {
        switch self {
        case .swiftUI(let response, let dampingRatio): return [("response", response), ("dampingRatio", dampingRatio)]
        case .iOS17(let duration, let bounce): return [("duration", duration), ("bounce", bounce)]
        case .uikit(let duration, let dampingRatio):
            return [("uikitDuration", duration), ("dampingRatio", dampingRatio)]
        case .physical(let mass, let stiffness, let damping):
            return [("mass", mass), ("stiffness", stiffness), ("damping", damping)]
        }
    }

    /// One way of writing a spring: the keys that say which it is, the keys it needs, and the
    /// keys it may have.
    struct Vocabulary: Sendable {
        let naming: [String]
        let required: [String]
        let keys: [String]
        /// The spec from the numbers given; every required key is there.
        let make: @Sendable ([String: Double]) -> SpringSpec
    }

    static let vocabularies: [Vocabulary] = [
        Vocabulary(naming: ["response"], required: ["response", "dampingRatio"], keys: ["response", "dampingRatio"]) {
            .swiftUI(response: $0["response"]!, dampingRatio: $0["dampingRatio"]!)
        },
        Vocabulary(naming: ["duration", "bounce"], required: ["duration", "bounce"], keys: ["duration", "bounce"]) {
            .iOS17(duration: $0["duration"]!, bounce: $0["bounce"]!)
        },
        Vocabulary(
            naming: ["uikitDuration"], required: ["uikitDuration", "dampingRatio"],
            keys: ["uikitDuration", "dampingRatio"]
        ) {
            .uikit(duration: $0["uikitDuration"]!, dampingRatio: $0["dampingRatio"]!)
        },
        // The mass may be left out, as SpringParameters' own decoding allows: it is then 1.
        Vocabulary(
            naming: ["mass", "stiffness", "damping"], required: ["stiffness", "damping"],
            keys: ["mass", "stiffness", "damping"]
        ) {
            .physical(mass: $0["mass"] ?? 1, stiffness: $0["stiffness"]!, damping: $0["damping"]!)
        },
    ]

    /// How a spring may be written, for a message about one that is not.
    static let vocabularyList =
        "{response, dampingRatio}, {duration, bounce}, {uikitDuration, dampingRatio} or {mass, stiffness, damping}"
}
