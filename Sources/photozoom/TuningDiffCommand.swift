import ArgumentParser
import Foundation
import PhotoZoomCore
import PhotoZoomUntrusted

struct TuningDiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "List what differs between two tuning files, key by key.",
        discussion: """
            One line for each value that differs, in the files' order: the key's path, A's value and \
            B's (springs.zoomIn.response 0.5 | 0.4). A key a file leaves out counts as its default. A \
            spring written in another vocabulary is shown whole on each side, and said to be the same \
            spring where its physics are. Exit status, as diff(1)'s: 0 when nothing differs, 1 when \
            something does, 2 when a file has errors (listed as tuning check lists them) or cannot be read.
            """
    )

    @Argument(help: "The first tuning file (A).")
    var a: String

    @Argument(help: "The second tuning file (B).")
    var b: String

    func run() throws {
        let files = try [a, b].map(TuningCheckCommand.fileWithoutErrors)
        let differences = files[0].comparison(with: files[1])
        guard !differences.isEmpty else {
            try StandardOutput.write(PathBytes.escaped("\(a) and \(b): no differences") + "\n")
            return
        }
        try StandardOutput.write(differences.map { PathBytes.escaped($0) + "\n" }.joined())
        throw ExitCode(1)
    }
}
