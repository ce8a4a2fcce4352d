import ArgumentParser
import Foundation
import PhotoZoomCore

struct TuningExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract:
            "Print code for every spring of a tuning file: SwiftUI, UIKit, Core Animation, Jetpack Compose, CSS, Framer Motion or Reanimated.",
        discussion: """
            Each spring is named after its key, under a comment with its path in the file, its \
            numbers written to full precision; the Compose, CSS, Framer Motion and Reanimated forms \
            also carry the drag-to-dismiss distances and thresholds as named constants. A file with \
            errors is listed as `tuning check` lists it (FILE: error: …) and exits 2 with no code; \
            warnings are listed and the code is still printed.
            """
    )

    @Argument(help: "The tuning file to export.")
    var file: String

    @Flag(
        help:
            "SwiftUI: .spring(response:dampingFraction:), .spring(duration:bounce:) or .interpolatingSpring(mass:stiffness:damping:initialVelocity:), as the spring was written."
    )
    var swiftui = false

    @Flag(
        help:
            "UIKit: UISpringTimingParameters(mass:stiffness:damping:initialVelocity:), and UIView.animate(withDuration:delay:usingSpringWithDamping:…) for a damping ratio up to 1."
    )
    var uikit = false

    @Flag(
        help: "Core Animation: CASpringAnimation with mass, stiffness, damping, and the settling time as its duration.")
    var coreAnimation = false

    @Flag(
        help:
            "Jetpack Compose: spring(dampingRatio, stiffness) per spring, a mass folded in keeping its frequency and ratio, and the Android View SpringForce."
    )
    var compose = false

    @Flag(
        help:
            "CSS: per spring a custom property holding a linear() easing within 0.005 of the spring, and one holding its settling time."
    )
    var css = false

    @Flag(help: "Framer Motion: { type: \"spring\", stiffness, damping, mass } per spring.")
    var framerMotion = false

    @Flag(help: "React Native Reanimated: a withSpring config { mass, stiffness, damping } per spring.")
    var reanimated = false

    private var forms: [(flag: String, given: Bool, form: TuningExport.Form)] {
        [
            ("--swiftui", swiftui, .swiftUI), ("--uikit", uikit, .uikit),
            ("--core-animation", coreAnimation, .coreAnimation),
            ("--compose", compose, .compose), ("--css", css, .css), ("--framer-motion", framerMotion, .framerMotion),
            ("--reanimated", reanimated, .reanimated),
        ]
    }

    func validate() throws {
        let given = forms.filter(\.given).map(\.flag)
        guard given.count == 1 else {
            let flags = forms.map(\.flag)
            let got = given.isEmpty ? "" : ", not " + given.dropLast().joined(separator: ", ") + " and " + given.last!
            throw ValidationError("give one of \(flags.dropLast().joined(separator: ", ")) or \(flags.last!)\(got)")
        }
    }

    func run() throws {
        let text = try TuningCheckCommand.text(of: file)
        let reading = TuningFile.read(text)
        // Listed as `tuning check` lists them, starting with the file, as a compiler's lines do.
        for problem in reading.problems { logLine("\(file): \(problem)") }
        if reading.problems.contains(where: { $0.severity == .error }) { throw ExitCode(2) }
        let form = forms.first(where: \.given)!.form
        try StandardOutput.write(TuningExport.code(reading.file, form: form))
    }
}
