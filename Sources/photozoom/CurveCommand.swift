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
    @Option(parsing: .unconditional, help: "Damping ratio ζ, with --response or --uikit-duration.") var dampingRatio: Double?
    @Option(parsing: .unconditional, help: "iOS 17 perceptual duration, with --bounce.") var springDuration: Double?
    @Option(parsing: .unconditional, help: "iOS 17 bounce in (-1, 1], with --spring-duration.") var bounce: Double?
    @Option(parsing: .unconditional, help: "UIKit duration, with --damping-ratio.") var uikitDuration: Double?
    @Option(parsing: .unconditional, help: "UIKit initialSpringVelocity: a fraction of the distance per second (instead of --velocity).")
    var uikitInitialVelocity: Double?

    @Option(parsing: .unconditional, help: "Start value.") var from: Double = 0
    @Option(parsing: .unconditional, help: "Target value.") var to: Double = 1
    @Option(parsing: .unconditional, help: "Start velocity, in value units per second.") var velocity: Double?
    @Option(parsing: .unconditional, help: "Seconds between rows.") var step: Double = 1.0 / 120
    @Option(parsing: .unconditional, help: "Seconds covered: rows at t = 0, step, 2·step, … up to this.") var duration: Double = 1

    @Option(help: "Draw the curve to this PNG instead of printing CSV.") var png: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("PNG size in pixels, WIDTHxHEIGHT.", valueName: "WxH")) var pngSize = Size(width: 800, height: 480)
    @Flag(help: "Replace --png if it already exists.") var overwrite = false

    func validate() throws {
        for (name, value) in [("from", from), ("to", to), ("step", step), ("duration", duration)] where !value.isFinite {
            throw ValidationError("--\(name) must be a finite number, got \(value)")
        }
        guard step > 0 else { throw ValidationError("--step must be greater than 0, got \(step)") }
        guard duration >= 0 else { throw ValidationError("--duration must not be negative, got \(duration)") }
        guard duration / step <= 10_000_000 else { throw ValidationError("--duration / --step asks for more than 10 million rows") }
        if velocity != nil, uikitInitialVelocity != nil { throw ValidationError("give --velocity or --uikit-initial-velocity, not both") }
        _ = try parameters()
    }

    /// The one parameterization given, mapped to physical constants.
    func parameters() throws -> SpringParameters {
        let physical = stiffness != nil || damping != nil || mass != nil
        let ways = [physical, response != nil, springDuration != nil || bounce != nil, uikitDuration != nil].filter { $0 }.count
        guard ways == 1 else {
            throw ValidationError("describe the spring exactly one way: --stiffness/--damping[/--mass], --response/--damping-ratio, --spring-duration/--bounce, or --uikit-duration/--damping-ratio")
        }
        do {
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
            guard let springDuration, let bounce else { throw ValidationError("--spring-duration and --bounce go together") }
            if dampingRatio != nil { throw ValidationError("--damping-ratio does not go with --spring-duration") }
            return try .duration(springDuration, bounce: bounce)
        } catch let error as SpringParameterError {
            throw ValidationError("\(flag(for: error.field)) \(error.reason)")
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
        let startVelocity = velocity ?? (uikitInitialVelocity.map { $0 * (to - from) } ?? 0)
        guard startVelocity.isFinite else { throw ValidationError("--velocity must be a finite number") }
        let motion = SpringMotion(parameters: try parameters(), from: from, velocity: startVelocity, target: to)
        // floor(T/S) + 1 rows; a millionth of a step forgives T/S landing just under a whole number.
        let rows = Int((duration / step + 1e-6).rounded(.down)) + 1
        if let png {
            try draw(motion, rows: rows, to: png)
            return
        }
        var out = "t,value,velocity\n"
        out.reserveCapacity(rows * 64)
        for i in 0..<rows {
            let t = Double(i) * step
            let s = motion.state(at: t)
            // Swift's description is the shortest text that reads back as the same double.
            out += "\(t),\(s.value),\(s.velocity)\n"
            if out.utf8.count > 1 << 20 { FileHandle.standardOutput.write(Data(out.utf8)); out = "" }
        }
        FileHandle.standardOutput.write(Data(out.utf8))
    }

    private func draw(_ motion: SpringMotion<Double>, rows: Int, to path: String) throws {
        if FileManager.default.fileExists(atPath: path), !overwrite { throw fail("'\(path)' already exists; pass --overwrite to replace it") }
        let samples = (0..<max(rows, 2)).map { i -> (t: Double, value: Double) in
            let t = Double(i) * step
            return (t, motion.value(at: t))
        }
        do {
            let canvas = try CurvePlot.render(samples: samples, from: from, target: to,
                                              settleTime: settleTime(motion), size: pngSize)
            try canvas.savePNG(path)
        } catch let error as SDLError {
            throw fail(error.description)
        }
    }

    /// When the motion comes to rest: within a thousandth of its scale, in value and speed, for
    /// good. Found on a fine grid of whole milliseconds.
    private func settleTime(_ motion: SpringMotion<Double>) -> Double? {
        let omega = motion.parameters.naturalFrequency
        let scale = max(abs(to - from), abs(motion.initialVelocity) / omega, 1e-12)
        let threshold = RestThreshold(value: scale * 1e-3, velocity: scale * omega * 1e-3)
        var settled: Double?
        for ms in 0...Int(max(duration, 0.001) * 1000) {
            let t = Double(ms) / 1000
            if motion.isAtRest(at: t, threshold: threshold) { settled = settled ?? t } else { settled = nil }
        }
        return settled
    }
}
