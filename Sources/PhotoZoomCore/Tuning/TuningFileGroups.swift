extension TuningFile {
    /// Every field of `Tuning`, `LoopSettings` and `LibraryLimits`, once, under the group a person would look in. Keys drop what the
    /// group already says (`dismissal.angle` for `dismissAngle`, `springs.zoomIn` for
    /// `zoomInSpring`).
    static let groups: [Group] = [
        Group(
            name: "grid",
            keys: [
                .number(
                    "minimumCellSize", \.minimumCellSize,
                    .from(Tuning.minimumCellSizes.lowerBound, upTo: Tuning.minimumCellSizes.upperBound)),
                .number("cellGap", \.cellGap, .from(0, upTo: 100)),
                .number("wheelPointsPerUnit", \.wheelPointsPerUnit, .above(0, upTo: 1000)),
                .spring("wheelSpring", \.wheelSpring, .swiftUI(response: 0.18, dampingRatio: 1)),
            ]),
        // The levels a person zooms the grid through; the count the grid opens with (from
        // grid.minimumCellSize) is one whether or not the list has it.
        Group(
            name: "gridZoom",
            keys: [
                .counts(
                    "columns", \.gridZoom.columns,
                    CountsRule(range: GridZoomTuning.columnRange, maximumCount: GridZoomTuning.maximumLevels)),
                .number("smallestCell", \.gridZoom.smallestCell, .from(8, upTo: 16384)),
                .number("wheelUnitsPerStep", \.gridZoom.wheelUnitsPerStep, .above(0, upTo: 100)),
                .spring("spring", \.gridZoom.spring, .swiftUI(response: 0.35, dampingRatio: 1)),
            ]),
        Group(
            name: "scroll",
            keys: [
                .number("decelerationRate", \.decelerationRate, .fraction),
                .number("momentumStopSpeed", \.momentumStopSpeed, .above(0, upTo: 10000)),
                .number("rubberBandCoefficient", \.rubberBandCoefficient, .above(0, upTo: 10)),
                .spring("bounceSpring", \.bounceSpring, .swiftUI(response: 0.4, dampingRatio: 1)),
                .number("velocitySampleWindow", \.velocitySampleWindow, .above(0, upTo: 1)),
                .rest("pointsRest", \.pointsRest),
                .rest("alphaRest", \.alphaRest),
                .rest("stillMotion", \.stillMotion),
                .number("stillBackdrop", \.stillBackdrop, .unit),
            ]),
        Group(
            name: "gestures",
            keys: [
                .number("tapSlop", \.tapSlop, .from(0, upTo: 1000)),
                .number("pressDimming", \.pressDimming, .unit),
                .number("tapMaximumDuration", \.tapMaximumDuration, .above(0, upTo: 10)),
                .number("doubleTapInterval", \.doubleTapInterval, .above(0, upTo: 10)),
                .number("doubleTapDistance", \.doubleTapDistance, .above(0, upTo: 1000)),
                .number("doubleClickWait", \.doubleClickWait, .above(0, upTo: 10)),
                .number("pinchRecognitionSpread", \.pinchRecognitionSpread, .above(0, upTo: 1)),
            ]),
        Group(
            name: "springs",
            keys: [
                // The seeds' UIKit springs, written as UIView.animate takes them.
                .spring("zoomIn", \.zoomInSpring, .uikit(duration: 0.5, dampingRatio: 0.8)),
                .spring("cancel", \.cancelSpring, .uikit(duration: 0.5, dampingRatio: 0.9)),
                .spring("finish", \.finishSpring, .uikit(duration: 0.25, dampingRatio: 1)),
            ]),
        Group(
            name: "pager",
            keys: [
                .number("pageGap", \.pageGap, .from(0, upTo: 1000)),
                .spring("snapSpring", \.pageSnapSpring, .swiftUI(response: 0.35, dampingRatio: 1)),
                .number("projectionDecelerationRate", \.projectionDecelerationRate, .fraction),
                .number("wheelUnitsPerPage", \.wheelUnitsPerPage, .above(0, upTo: 1000)),
                .number("wheelSwipePause", \.wheelSwipePause, .above(0, upTo: 10)),
                .choice("tapAction", \.pagerTapAction),
            ]),
        // Zoom is relative to fit: the least at or below it, the most and the double tap at or
        // above it, so no file can ask for a least zoom above the most (the monkey found one).
        Group(
            name: "zoom",
            keys: [
                .number("minimumZoom", \.minimumZoom, .above(0, upTo: 1)),
                .number("maximumZoom", \.maximumZoom, .from(1, upTo: 100)),
                .number("doubleTapZoom", \.doubleTapZoom, .from(1, upTo: 100)),
                .spring("spring", \.zoomSpring, .swiftUI(response: 0.4, dampingRatio: 1)),
                .number("wheelZoomPerUnit", \.wheelZoomPerUnit, .above(0, upTo: 10)),
            ]),
        Group(
            name: "dismissal",
            keys: [
                .number("angle", \.dismissAngle, NumberRule(lower: 0, lowerOpen: true, upper: 90, upperOpen: false)),
                .number("shrink", \.dismissShrink, NumberRule(lower: 0, lowerOpen: false, upper: 1, upperOpen: true)),
                .number("scaleDistance", \.dismissScaleDistance, .above(0, upTo: 100)),
                .number("fadeDistance", \.dismissFadeDistance, .above(0, upTo: 100)),
                .number("finishDistance", \.dismissFinishDistance, .from(0, upTo: 100000)),
                .choice("rule", \.dismissRule, formerNames: DismissRule.formerNames),
                .number("pinchFinishScale", \.pinchDismissFinishScale, .above(0, upTo: 100)),
                .choice("escapeStyle", \.escapeStyle),
                .number("shrinkScale", \.shrinkScale, .above(0, upTo: 100)),
            ]),
        Group(
            name: "chrome",
            keys: [
                .number("topBarHeight", \.topBarHeight, .above(0, upTo: 1000)),
                .number("tabBarHeight", \.tabBarHeight, .above(0, upTo: 1000)),
                .number("backButtonWidth", \.backButtonWidth, .above(0, upTo: 1000)),
                .number("backButtonInset", \.backButtonInset, .from(0, upTo: 1000)),
                .number("topBarTextSize", \.topBarTextSize, .above(0, upTo: 200)),
                .number("tabBarTextSize", \.tabBarTextSize, .above(0, upTo: 200)),
                .spring("fadeSpring", \.chromeFadeSpring, .swiftUI(response: 0.25, dampingRatio: 1)),
            ]),
        // What a library may cost. The budget applies at once; the photo limits at the next start,
        // since every photo already read was read under them. A loader's seconds are CPU time.
        Group(
            name: "library",
            keys: [
                .setting("textureBudgetMiB", \.library.textureBudgetMiB, .from(16, upTo: 65536), .atOnce),
                .setting("maximumMegapixels", \.library.maximumMegapixels, .from(1, upTo: 2000), .atNextStart),
                .setting("maximumFileMiB", \.library.maximumFileMiB, .from(1, upTo: 2047), .atNextStart),
                // No less than the least photo limits need of it (LibraryLimits.loaderMemoryNeededMiB).
                .setting(
                    "loaderMemoryMiB", \.library.loaderMemoryMiB,
                    .from(LibraryLimits(maximumMegapixels: 1, maximumFileMiB: 1).loaderMemoryNeededMiB, upTo: 65536),
                    .atNextStart),
                .setting("loaderSeconds", \.library.loaderSeconds, .from(0.1, upTo: 600), .atNextStart),
            ]),
        // Read when the window opens; a reload that changes them says they apply at the next start.
        Group(
            name: "debug",
            keys: [
                .setting(
                    "tickRate", \.loop.tickRate, NumberRule(lower: 30, lowerOpen: false, upper: 1000, upperOpen: false),
                    .atNextStart),
                .setting(
                    "maxFrameDelta", \.loop.maxFrameDelta,
                    NumberRule(lower: 0, lowerOpen: true, upper: 1, upperOpen: false), .atNextStart),
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

    /// Every number has an upper bound too: a value the rules let through must never make the
    /// running program trap or allocate without end (a cell a hair wide is a billion columns).
    static func above(_ lower: Double, upTo upper: Double) -> NumberRule {
        NumberRule(lower: lower, lowerOpen: true, upper: upper, upperOpen: false)
    }
    static func from(_ lower: Double, upTo upper: Double) -> NumberRule {
        NumberRule(lower: lower, lowerOpen: false, upper: upper, upperOpen: false)
    }
    /// A rest threshold's value or speed.
    static let rest = NumberRule.above(0, upTo: 1000)
    /// Strictly between 0 and 1: a deceleration rate of 1 would coast forever.
    static let fraction = NumberRule(lower: 0, lowerOpen: true, upper: 1, upperOpen: true)
    /// An alpha: 0 to 1, both included.
    static let unit = NumberRule(lower: 0, lowerOpen: false, upper: 1, upperOpen: false)

    func allows(_ value: Double) -> Bool {
        (lowerOpen ? value > lower : value >= lower) && (upperOpen ? value < upper : value <= upper)
    }

    /// The rule as the message refusing a number states it.
    var description: String {
        guard upper.isFinite else {
            return lowerOpen
                ? "must be greater than \(TuningFile.number(lower))" : "must be at least \(TuningFile.number(lower))"
        }
        return
            "must lie in \(lowerOpen ? "(" : "[")\(TuningFile.number(lower)), \(TuningFile.number(upper))\(upperOpen ? ")" : "]")"
    }
}

/// A list of whole numbers (the grid's column counts): each in `range`, strictly increasing,
/// at least one and at most `maximumCount` of them.
struct CountsRule: Sendable {
    let range: ClosedRange<Int>
    let maximumCount: Int

    /// What the list should look like, as a message asking for it says.
    var expected: String { "a list of column counts, fewest first, like [3, 5, 7]" }
    var sizeDescription: String { "must hold 1 to \(maximumCount) counts" }
    var countDescription: String { "must be a whole number in [\(range.lowerBound), \(range.upperBound)]" }

    /// What is wrong with `counts`, if anything: `path[2]: …`.
    func problem(_ counts: [Int], path: String) -> String? {
        guard (1...maximumCount).contains(counts.count) else {
            return "\(path): \(sizeDescription), got \(counts.count)"
        }
        for (i, count) in counts.enumerated() {
            if !range.contains(count) { return "\(path)[\(i)]: \(countDescription), got \(count)" }
            if i > 0, count <= counts[i - 1] { return "\(path)[\(i)]: \(Self.order(count, after: counts[i - 1]))" }
        }
        return nil
    }

    static func order(_ count: Int, after previous: Int) -> String {
        "\(count) comes after \(previous); the counts go from fewest to most, each once"
    }

    static func text(_ counts: [Int]) -> String { "[" + counts.map(String.init).joined(separator: ", ") + "]" }
}
