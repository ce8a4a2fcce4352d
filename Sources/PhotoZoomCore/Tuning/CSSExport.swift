/// CSS custom properties on `:root`: per spring a `linear()` easing (`SpringExport.linearEasing`)
/// and its duration, the settling time; and the drag-to-dismiss constants; every name under
/// `prefix`.
enum CSSExport {
    /// What every property's name starts with (after `--`), so none meets a page's own.
    static let prefix = "photozoom-"

    static func code(_ springs: [TuningExport.NamedSpring], constants: [ExportedConstant]) -> String {
        var lines = header + ["", ":root {", "  /* Drag to dismiss. */"]
        for constant in constants {
            lines += [
                "  /* \(constant.path): \(constant.meaning) */",
                "  --\(prefix)\(constant.name): \(TuningFile.number(constant.value))\(unit(constant.unit));",
            ]
        }
        for spring in springs {
            lines += ["", "  /* \(spring.path) */"] + (spring.refusal.map { ["  /* \($0) */"] } ?? body(spring))
        }
        return (lines + ["}"]).joined(separator: "\n") + "\n"
    }

    private static let header = [
        "/* Each spring is two custom properties: its easing, the spring's motion as linear() stops joined by",
        "   straight lines that stay within \(SpringLinearEasing.tolerance) of the distance of the exact spring everywhere (above 1",
        "   where it overshoots), and its duration, the settling time: from rest, the spring stays within",
        "   \(SpringExport.settlingThreshold) of the distance from then on, and the easing ends on the target there. Use them together:",
        "     transition: transform var(--\(prefix)zoomIn-duration) var(--\(prefix)zoomIn-easing);",
        "   The easing assumes the motion starts at rest. An easing has no start velocity, so a motion that",
        "   is already moving, like a released drag, cannot be said by one: drive it with a spring in script",
        "   (the Framer Motion export carries the same springs and takes the release's velocity). */",
    ]

    private static func unit(_ unit: ExportedConstant.Unit) -> String {
        switch unit {
        case .degrees: return "deg"
        case .points: return "px"
        case .number: return ""
        }
    }

    /// Stops written on one line per this many, so the easing reads down the page.
    private static let stopsPerLine = 8

    private static func body(_ spring: TuningExport.NamedSpring) -> [String] {
        guard let easing = spring.export.linearEasing else {
            // A spring given code keeps SpringBounds, so it settles: only the cap on stops is left.
            return [
                "  /* Damping ratio \(TuningExport.number(spring.export.dampingRatio)): it swings more often than \(SpringLinearEasing.maximumStops) stops can say, so no easing can say it. */"
            ]
        }
        let stops = easing.stops.enumerated().map { index, stop in
            // The first and last stops take their positions, 0% and 100%, without saying them.
            let value = decimal(stop.value, places: 5)
            return index == 0 || index == easing.stops.count - 1
                ? value : "\(value) \(decimal(stop.position, places: 4))%"
        }
        let rows = stride(from: 0, to: stops.count, by: stopsPerLine).map {
            stops[$0..<min($0 + stopsPerLine, stops.count)].joined(separator: ", ")
        }
        return ["  --\(prefix)\(spring.name)-easing: linear("]
            + rows.enumerated().map { "    " + $1 + ($0 == rows.count - 1 ? ");" : ",") }
            + ["  --\(prefix)\(spring.name)-duration: \(TuningExport.number(easing.duration))s;"]
    }

    /// `units` × 10^−`places` in decimal, without trailing zeros: 1_562_500 at 4 places is
    /// "156.25". The units are not negative: no stop lies before the start or below it.
    static func decimal(_ units: Int, places: Int) -> String {
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        var fraction = "\(units % scale)"
        fraction = String(repeating: "0", count: places - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(units / scale)" + (fraction.isEmpty ? "" : "." + fraction)
    }
}
