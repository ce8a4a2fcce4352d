extension TuningFile {
    /// Every field of `Tuning` and `LoopSettings`, once, under the group a person would look in. Keys drop what the
    /// group already says (`dismissal.angle` for `dismissAngle`, `springs.zoomIn` for
    /// `zoomInSpring`).
    static let groups: [Group] = [
        Group(name: "grid", keys: [
            .number("minimumCellSize", \.minimumCellSize, .positive),
            .number("cellGap", \.cellGap, .nonNegative),
            .number("wheelPointsPerUnit", \.wheelPointsPerUnit, .positive),
            .spring("wheelSpring", \.wheelSpring, .swiftUI(response: 0.18, dampingRatio: 1)),
        ]),
        Group(name: "scroll", keys: [
            .number("decelerationRate", \.decelerationRate, .fraction),
            .number("momentumStopSpeed", \.momentumStopSpeed, .positive),
            .number("rubberBandCoefficient", \.rubberBandCoefficient, .positive),
            .spring("bounceSpring", \.bounceSpring, .swiftUI(response: 0.4, dampingRatio: 1)),
            .number("velocitySampleWindow", \.velocitySampleWindow, .positive),
            .rest("pointsRest", \.pointsRest),
            .rest("alphaRest", \.alphaRest),
            .rest("stillMotion", \.stillMotion),
            .number("stillBackdrop", \.stillBackdrop, .unit),
        ]),
        Group(name: "gestures", keys: [
            .number("tapSlop", \.tapSlop, .nonNegative),
            .number("pressDimming", \.pressDimming, .unit),
            .number("tapMaximumDuration", \.tapMaximumDuration, .positive),
            .number("doubleTapInterval", \.doubleTapInterval, .positive),
            .number("doubleTapDistance", \.doubleTapDistance, .positive),
            .number("doubleClickWait", \.doubleClickWait, .positive),
            .number("pinchRecognitionSpread", \.pinchRecognitionSpread, .positive),
        ]),
        Group(name: "springs", keys: [
            // The seeds' UIKit springs, written as UIView.animate takes them.
            .spring("zoomIn", \.zoomInSpring, .uikit(duration: 0.5, dampingRatio: 0.8)),
            .spring("cancel", \.cancelSpring, .uikit(duration: 0.5, dampingRatio: 0.9)),
            .spring("finish", \.finishSpring, .uikit(duration: 0.25, dampingRatio: 1)),
        ]),
        Group(name: "pager", keys: [
            .number("pageGap", \.pageGap, .nonNegative),
            .spring("snapSpring", \.pageSnapSpring, .swiftUI(response: 0.35, dampingRatio: 1)),
            .number("projectionDecelerationRate", \.projectionDecelerationRate, .fraction),
            .number("wheelUnitsPerPage", \.wheelUnitsPerPage, .positive),
            .number("wheelSwipePause", \.wheelSwipePause, .positive),
            .choice("tapAction", \.pagerTapAction),
        ]),
        Group(name: "zoom", keys: [
            .number("minimumZoom", \.minimumZoom, .positive),
            .number("maximumZoom", \.maximumZoom, .positive),
            .number("doubleTapZoom", \.doubleTapZoom, .positive),
            .spring("spring", \.zoomSpring, .swiftUI(response: 0.4, dampingRatio: 1)),
            .number("wheelZoomPerUnit", \.wheelZoomPerUnit, .positive),
        ]),
        Group(name: "dismissal", keys: [
            .number("angle", \.dismissAngle, NumberRule(lower: 0, lowerOpen: true, upper: 90, upperOpen: false)),
            .number("shrink", \.dismissShrink, NumberRule(lower: 0, lowerOpen: false, upper: 1, upperOpen: true)),
            .number("scaleDistance", \.dismissScaleDistance, .positive),
            .number("fadeDistance", \.dismissFadeDistance, .positive),
            .number("finishDistance", \.dismissFinishDistance, .nonNegative),
            .choice("rule", \.dismissRule),
            .number("pinchFinishScale", \.pinchDismissFinishScale, .positive),
            .choice("escapeStyle", \.escapeStyle),
            .number("shrinkScale", \.shrinkScale, .positive),
        ]),
        Group(name: "chrome", keys: [
            .number("topBarHeight", \.topBarHeight, .positive),
            .number("tabBarHeight", \.tabBarHeight, .positive),
            .number("backButtonWidth", \.backButtonWidth, .positive),
            .number("backButtonInset", \.backButtonInset, .nonNegative),
            .number("topBarTextSize", \.topBarTextSize, .positive),
            .number("tabBarTextSize", \.tabBarTextSize, .positive),
            .spring("fadeSpring", \.chromeFadeSpring, .swiftUI(response: 0.25, dampingRatio: 1)),
        ]),
        // Read when the window opens; a reload that changes them says they apply at the next start.
        Group(name: "debug", keys: [
            .loop("tickRate", \.tickRate, NumberRule(lower: 30, lowerOpen: false, upper: 1000, upperOpen: false)),
            .loop("maxFrameDelta", \.maxFrameDelta, NumberRule(lower: 0, lowerOpen: true, upper: 1, upperOpen: false)),
        ]),
    ]
}

/// The numbers a key allows, beyond being finite: a size or a duration must be above 0, a gap
/// may be 0, a rate lies between 0 and 1.
struct NumberRule: Sendable {
    let lower: Double
    let lowerOpen: Bool
    let upper: Double
    let upperOpen: Bool

    static let positive = NumberRule(lower: 0, lowerOpen: true, upper: .infinity, upperOpen: true)
    static let nonNegative = NumberRule(lower: 0, lowerOpen: false, upper: .infinity, upperOpen: true)
    /// Strictly between 0 and 1: a deceleration rate of 1 would coast forever.
    static let fraction = NumberRule(lower: 0, lowerOpen: true, upper: 1, upperOpen: true)
    /// An alpha: 0 to 1, both included.
    static let unit = NumberRule(lower: 0, lowerOpen: false, upper: 1, upperOpen: false)

    func allows(_ value: Double) -> Bool {
        (lowerOpen ? value > lower : value >= lower) && (upperOpen ? value < upper : value <= upper)
    }

    /// The rule as the message refusing a number states it.
    var description: String {
        guard upper.isFinite else { return lowerOpen ? "must be greater than \(TuningFile.number(lower))" : "must be at least \(TuningFile.number(lower))" }
        return "must lie in \(lowerOpen ? "(" : "[")\(TuningFile.number(lower)), \(TuningFile.number(upper))\(upperOpen ? ")" : "]")"
    }
}
