/// A number of a tuning file besides its springs that means the same on any platform: the
/// drag-to-dismiss distances and thresholds. Every export writes them as named constants next
/// to the springs, so a port of the gesture reads them from one place.
struct ExportedConstant: Hashable, Sendable {
    public enum Unit: Hashable, Sendable {
        case degrees
        /// Points, which Android calls dp and CSS px.
        case points
        /// A plain number: a scale, a fraction or a rate.
        case number
    }

    public let name: String
    /// Where the file keeps it (`dismissal.angle`).
    public let path: String
    public let value: Double
    public let unit: Unit
    /// What the number does, as the comment above it says.
    public let meaning: String

    /// The drag-to-dismiss constants of `tuning`, in the order the gesture meets them.
    static func dismissal(_ tuning: Tuning) -> [ExportedConstant] {
        let rule = tuning.dismissRule.rawValue
        // The finish distance and the projection decide a release only under the projection rule.
        let projectionOnly =
            tuning.dismissRule == .projection
            ? "" : " Used when dismissal.rule is \"projection\"; this file's rule is \"\(rule)\"."
        return [
            ExportedConstant(
                name: "dismissalAngle", path: "dismissal.angle", value: tuning.dismissAngle, unit: .degrees,
                meaning:
                    "A drag in the pager within this angle of vertical picks the photo up to dismiss it; any other drag pages."
            ),
            ExportedConstant(
                name: "dismissalShrink", path: "dismissal.shrink", value: tuning.dismissShrink, unit: .number,
                meaning:
                    "The photo's scale is 1 - shrink * min(dy / (height * scaleDistance), 1), dy the drag down and height the viewer's."
            ),
            ExportedConstant(
                name: "dismissalScaleDistance", path: "dismissal.scaleDistance", value: tuning.dismissScaleDistance,
                unit: .number,
                meaning:
                    "The drag down, as a fraction of the viewer's height, over which the photo shrinks by dismissalShrink."
            ),
            ExportedConstant(
                name: "dismissalFadeDistance", path: "dismissal.fadeDistance", value: tuning.dismissFadeDistance,
                unit: .number,
                meaning: "The backdrop's alpha is 1 - min(dy / (height * fadeDistance), 1)."),
            ExportedConstant(
                name: "dismissalFinishDistance", path: "dismissal.finishDistance", value: tuning.dismissFinishDistance,
                unit: .points,
                meaning:
                    "A released drag dismisses when dy plus its projection passes this and the finger is not moving up."
                    + projectionOnly),
            ExportedConstant(
                name: "projectionDecelerationRate", path: "pager.projectionDecelerationRate",
                value: tuning.projectionDecelerationRate, unit: .number,
                meaning: "A release's projection is v / 1000 * rate / (1 - rate), v its velocity in points per second."
                    + projectionOnly),
            ExportedConstant(
                name: "dismissalPinchFinishScale", path: "dismissal.pinchFinishScale",
                value: tuning.pinchDismissFinishScale, unit: .number,
                meaning:
                    "A pinch released with the fingers' spread below this fraction of its start, or closing, dismisses the photo."
            ),
        ]
    }
}
