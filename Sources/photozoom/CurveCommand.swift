import ArgumentParser
import Foundation
import PhotoZoomCore
import PhotoZoomSDL

struct CurveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curve",
        abstract: "Print a spring's trajectory as CSV (t,value,velocity), or draw it to a PNG.",
        discussion: """
            Describe the spring one way: physically (--stiffness, --damping, optional --mass), \
            SwiftUI-style (--response, --damping-ratio), iOS 17-style (--spring-duration, --bounce) \
            or UIKit-style (--uikit-duration, --damping-ratio; duration is where the envelope has \
            decayed to 0.001 of the distance).
            """
    )

    @Option(parsing: .unconditional, help: "Mass (physical).") var mass: Double?
    @Option(parsing: .unconditional, help: "Stiffness k (physical).") var stiffness: Double?
    @Option(parsing: .unconditional, help: "Damping c (physical).") var damping: Double?
    @Option(parsing: .unconditional, help: "SwiftUI response: seconds per undamped oscillation.") var response: Double?
    @Option(parsing: .unconditional, help: "Damping ratio ζ, with --response or --uikit-duration.") var dampingRatio:
        Double?
    @Option(parsing: .unconditional, help: "iOS 17 perceptual duration, with --bounce.") var springDuration: Double?
    @Option(parsing: .unconditional, help: "iOS 17 bounce in (-1, 1], with --spring-duration.") var bounce: Double?
    @Option(parsing: .unconditional, help: "UIKit duration, with --damping-ratio.") var uikitDuration: Double?
    @Option(
        parsing: .unconditional,
        help: "UIKit initialSpringVelocity: a fraction of the distance per second (instead of --velocity).")
    var uikitInitialVelocity: Double?

    @Option(parsing: .unconditional, help: "Start value.") var from: Double = 0
    @Option(parsing: .unconditional, help: "Target value.") var to: Double = 1
    @Option(parsing: .unconditional, help: "Start velocity, in value units per second.") var velocity: Double?
    @Option(parsing: .unconditional, help: "Seconds between rows (default: a tick at 120 Hz, 1/120).") var step: Double?
    @Option(parsing: .unconditional, help: "Seconds covered: rows at t = 0, step, 2·step, … up to this.") var duration:
        Double = 1

    @Option(help: "Draw the curve to this image (.png, .jpg or .jpeg) instead of printing CSV.") var png: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("PNG size in pixels, WIDTHxHEIGHT.", valueName: "WxH"))
    var pngSize = Size(width: 800, height: 480)
    @Flag(help: "Replace --png if it already exists.") var overwrite = false

    /// Rows at most: ten million lines of CSV is already a few hundred megabytes.
    static let maximumRows = 10_000_000
    /// Instants the settle time is looked for at, at most: whole milliseconds up to 100 s, and
    /// beyond that still finer than a pixel of the widest plot.
    static let settleSamples = 100_000

    /// Seconds between rows; without --step, a tick of the prototype's loop.
    var stepSeconds: Double { step ?? LoopSettings().tickDuration }
    /// Worked out from --step's text each time: taken once per command, not per row.
    var times: RowTimes { step.map(RowTimes.init(step:)) ?? .rate(LoopSettings().tickRate) }

    func validate() throws {
        let numbers = [
            ("from", from), ("to", to), ("velocity", velocity), ("uikit-initial-velocity", uikitInitialVelocity),
            ("step", step), ("duration", duration),
        ]
        for case (let name, let value?) in numbers where !value.isFinite {
            throw ValidationError("--\(name) must be a finite number, got \(value)")
        }
        guard stepSeconds > 0 else { throw ValidationError("--step must be greater than 0, got \(stepSeconds)") }
        guard duration >= 0 else { throw ValidationError("--duration must not be negative, got \(duration)") }
        guard duration / stepSeconds <= Double(Self.maximumRows) else {
            throw ValidationError("--duration / --step asks for more than \(Self.maximumRows) rows")
        }
        if velocity != nil, uikitInitialVelocity != nil {
            throw ValidationError("give --velocity or --uikit-initial-velocity, not both")
        }
        _ = try parameters()
        if let png { try validateImagePath(png, overwrite: overwrite) }
        guard startVelocity.isFinite else {
            throw ValidationError(
                "--uikit-initial-velocity × (--to − --from) is not finite: \(uikitInitialVelocity ?? 0) × \(to - from)")
        }
    }

    /// In value units per second: given, or UIKit's fraction of the distance per second.
    var startVelocity: Double { velocity ?? (uikitInitialVelocity.map { $0 * (to - from) } ?? 0) }

    /// floor(T/S) + 1 rows; a millionth of a step forgives T/S landing just under a whole number.
    var rows: Int { Int((duration / stepSeconds + 1e-6).rounded(.down)) + 1 }

    /// The one parameterization given, mapped to physical constants.
    func parameters() throws -> SpringParameters {
        let physical = stiffness != nil || damping != nil || mass != nil
        let ways = [physical, response != nil, springDuration != nil || bounce != nil, uikitDuration != nil].filter {
            $0
        }.count
        guard ways == 1 else {
            throw ValidationError(
                "describe the spring exactly one way: --stiffness/--damping[/--mass], --response/--damping-ratio, --spring-duration/--bounce, or --uikit-duration/--damping-ratio"
            )
        }
        return try withUserFacingErrors(
            telling: SpringParameterError.self, as: { ToldError("\(flag(for: $0.field)) \($0.reason)") }
        ) {
            if physical {
                guard let stiffness, let damping else { throw ValidationError("--stiffness and --damping go together") }
                return try SpringParameters(mass: mass ?? 1, stiffness: stiffness, damping: damping)
            }
            if let response {
                guard let dampingRatio else { throw ValidationError("--response needs --damping-ratio") }
                return try .response(response, dampingRatio: dampingRatio)
            }
            if let uikitDuration {
                guard let dampingRatio else { throw ValidationError("--uikit-duration needs --damping-ratio") }
                return try .uikit(duration: uikitDuration, dampingRatio: dampingRatio)
            }
            guard let springDuration, let bounce else {
                throw ValidationError("--spring-duration and --bounce go together")
            }
            if dampingRatio != nil { throw ValidationError("--damping-ratio does not go with --spring-duration") }
            return try .duration(springDuration, bounce: bounce)
        }
    }

    /// The flag a person typed for a field of the spring the core refused.
    private func flag(for field: String) -> String {
        switch field {
        case "dampingRatio": return "--damping-ratio"
        case "duration": return springDuration != nil ? "--spring-duration" : "--uikit-duration"
        default: return "--\(field)"
        }
    }

    func run() throws {
        let motion = SpringMotion(parameters: try parameters(), from: from, velocity: startVelocity, target: to)
        let times = self.times
        try requireFiniteRows(motion, times)
        if let png {
            try draw(motion, times, to: png)
            return
        }
        var out = "t,value,velocity\n"
        for i in 0..<rows {
            let t = times.time(ofRow: i)
            let s = motion.state(at: t)
            // Swift's description is the shortest text that reads back as the same double.
            out += "\(t),\(s.value),\(s.velocity)\n"
            // In pieces of a megabyte: a failed write stops the rows at once.
            if out.utf8.count > 1 << 20 {
                try StandardOutput.write(out)
                out = ""
            }
        }
        try StandardOutput.write(out)
    }

    /// A spring whose numbers overflow a double would print nan or inf rows: refused before
    /// the first row is printed, by evaluating every row once.
    private func requireFiniteRows(_ motion: SpringMotion<Double>, _ times: RowTimes) throws {
        for i in 0..<rows {
            let t = times.time(ofRow: i)
            let s = motion.state(at: t)
            guard s.value.isFinite, s.velocity.isFinite else {
                throw ValidationError(
                    "the curve is not finite at t = \(t) (value \(s.value), velocity \(s.velocity)): its numbers are too large for a double"
                )
            }
        }
    }

    private func draw(_ motion: SpringMotion<Double>, _ times: RowTimes, to path: String) throws {
        let samples = (0..<max(rows, 2)).map { i -> (t: Double, value: Double) in
            let t = times.time(ofRow: i)
            return (t, motion.value(at: t))
        }
        // A file refused by our rules here appeared while we drew.
        try withUserFacingErrors {
            let canvas = try CurvePlot.render(
                samples: samples, from: from, target: to,
                settleTime: settleTime(motion), size: pngSize)
            try canvas.save(to: path, overwrite: overwrite)
        }
    }

    /// When the motion comes to rest: within a thousandth of its scale, in value and speed, for
    /// good. Found on a grid over the duration of at most `settleSamples` instants: whole
    /// milliseconds up to 100 s, so a long plot costs no more than that one.
    private func settleTime(_ motion: SpringMotion<Double>) -> Double? {
        let omega = motion.parameters.naturalFrequency
        let scale = max(abs(to - from), abs(motion.initialVelocity) / omega, 1e-12)
        let threshold = RestThreshold(value: scale * 1e-3, velocity: scale * omega * 1e-3)
        let span = max(duration, 0.001)
        // Compared as doubles first: span × 1000 may be far beyond any Int.
        let instants = Int(min((span * 1000).rounded(.up), Double(Self.settleSamples)))
        var settled: Double?
        for k in 0...instants {
            let t = span * Double(k) / Double(instants)
            if motion.isAtRest(at: t, threshold: threshold) { settled = settled ?? t } else { settled = nil }
        }
        return settled
    }
}
