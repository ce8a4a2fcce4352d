import ArgumentParser
import Foundation
import PhotoZoomCore

struct TuningExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print Swift for every spring of a tuning file, for SwiftUI, UIKit or Core Animation.",
        discussion: """
        Each spring is a `let` named after its key, under a comment with its path in the file, \
        its numbers written to full precision. A file with errors is listed as `tuning check` \
        lists it (FILE: error: …) and exits 2 with no code; warnings are listed and the code \
        is still printed.
        """
    )

    @Argument(help: "The tuning file to export.")
    var file: String

    @Flag(help: "SwiftUI: .spring(response:dampingFraction:), .spring(duration:bounce:) or .interpolatingSpring(mass:stiffness:damping:initialVelocity:), as the spring was written.")
    var swiftui = false

    @Flag(help: "UIKit: UISpringTimingParameters(mass:stiffness:damping:initialVelocity:), and UIView.animate(withDuration:delay:usingSpringWithDamping:…) for a damping ratio up to 1.")
    var uikit = false

    @Flag(help: "Core Animation: CASpringAnimation with mass, stiffness, damping, and the settling time as its duration.")
    var coreAnimation = false

    private static let flags = ["--swiftui", "--uikit", "--core-animation"]

    func validate() throws {
        let given = zip(Self.flags, [swiftui, uikit, coreAnimation]).filter(\.1).map(\.0)
        guard given.count == 1 else {
            let got = given.isEmpty ? "" : ", not " + given.dropLast().joined(separator: ", ") + " and " + given.last!
            throw ValidationError("give one of --swiftui, --uikit or --core-animation\(got)")
        }
    }

    func run() throws {
        let text = try TuningCheckCommand.text(of: file)
        let reading = TuningFile.read(text)
        // Listed as `tuning check` lists them, starting with the file, as a compiler's lines do.
        for problem in reading.problems { logLine("\(file): \(problem)") }
        if reading.problems.contains(where: { $0.severity == .error }) { throw ExitCode(2) }
        let form: TuningExport.Form = swiftui ? .swiftUI : uikit ? .uikit : .coreAnimation
        try StandardOutput.write(TuningExport.code(reading.file, form: form))
    }
}
