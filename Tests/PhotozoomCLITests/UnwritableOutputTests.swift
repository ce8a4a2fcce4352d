import Foundation
import PhotoZoomTestSupport
import XCTest

/// One rule for every command, as docs/command-line.md states it once: an output the system
/// refuses to write (here, into a folder that does not exist) is one line with the system's
/// reason and exit 1, and no doc says otherwise.
final class UnwritableOutputTests: PhotozoomCLITestCase {
    func testEveryCommandRefusedByTheSystemSaysWhyAndExits1() throws {
        let nowhere = try temporaryFolder().appendingPathComponent("no-such-folder").path
        let session = PackagePaths.fixtures.appendingPathComponent("sessions/tap.jsonl").path
        let commands: [[String]] = [
            ["run", "--record", nowhere + "/x.jsonl", "--exit-after-frames", "2"],
            ["run", "--tuning", nowhere + "/t.json", "--exit-after-frames", "2"],
            ["replay", session, "--contact-sheet", nowhere + "/s.png"],
            ["replay", session, "--gif", nowhere + "/s.gif"],
            ["snapshot", "--out", nowhere + "/s.png"],
            ["tuning", "init", nowhere + "/t.json"],
            ["curve", "--response", "0.5", "--damping-ratio", "0.8", "--png", nowhere + "/c.png"],
            ["monkey", "--minutes", "0.001", "--out", nowhere],
        ]
        for arguments in commands {
            let r = try photozoom(arguments)
            let what = arguments.joined(separator: " ")
            XCTAssertEqual(r.status, 1, "\(what): \(r.stderr)")
            let refusal = r.errorLines.filter { $0.contains("No such file or directory") }
            XCTAssertEqual(refusal.count, 1, "\(what): one line says why: \(r.stderr)")
            XCTAssertTrue(
                refusal.first?.hasPrefix("photozoom: ") == true && refusal.first?.contains(nowhere) == true,
                "\(what): \(r.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: nowhere), "nothing made the folder")
    }

    /// The docs and `replay --help` give exit 2 for input a command cannot use and for outputs
    /// its own rules refuse; no sentence or table row that gives 2 is about a write that failed.
    func testNoDocGivesExit2ForAnOutputThatCannotBeWritten() throws {
        let help = try photozoom(["replay", "--help"]).stdout
        var texts = ["replay --help": help]
        for name in ["command-line.md", "recording.md"] {
            texts[name] = try String(
                contentsOf: PackagePaths.root.appendingPathComponent("docs/" + name), encoding: .utf8)
        }
        for (name, text) in texts {
            for unit in Self.sentencesAndRows(text) {
                for exit2 in ["2 for", "exit 2", "| 2 |"] {
                    guard let given = unit.range(of: exit2) else { continue }
                    XCTAssertFalse(
                        unit[given.upperBound...].contains("cannot be written"),
                        "\(name) gives exit 2 for an output that cannot be written: \(unit)")
                }
            }
        }
        let rules = try String(contentsOf: CommandLineDocTests.document, encoding: .utf8)
        XCTAssertTrue(
            Self.sentencesAndRows(rules).contains {
                $0.contains("A write the system refuses") && $0.contains("exit 1")
            },
            "docs/command-line.md states the rule")
    }

    /// A text's table rows, one each, and its prose's sentences, lines joined.
    static func sentencesAndRows(_ text: String) -> [String] {
        text.components(separatedBy: "\n\n").flatMap { paragraph -> [String] in
            let lines = paragraph.components(separatedBy: "\n")
            if lines.allSatisfy({ $0.hasPrefix("|") }) { return lines }
            return lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ").components(
                separatedBy: ". ")
        }
    }
}
