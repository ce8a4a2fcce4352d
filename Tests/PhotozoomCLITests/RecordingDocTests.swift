import Foundation
import PhotoZoomTestSupport
import XCTest

/// docs/recording.md against the real executable: every option it names is one the command
/// has, and the replay window compares two tunings as the page says it does.
final class RecordingDocTests: PhotozoomCLITestCase {
    static var document: URL { PackagePaths.root.appendingPathComponent("docs/recording.md") }
    /// The sections about `replay`, where an option named alone is one of replay's.
    static let replaySections: Set<String> = [
        "Replay in a window", "Verify", "Frames, a GIF, a contact sheet", "Another tuning beside the recording",
    ]
    static let commands = ["run", "replay", "monkey"]

    func testEveryOptionTheDocNamesIsOneItsCommandHas() throws {
        var options: [String: Set<String>] = [:]
        for command in Self.commands {
            let help = try photozoom([command, "--help"])
            XCTAssertEqual(help.status, 0, help.stderr)
            options[command] = CommandLineDocTests.options(inHelp: help.stdout)
        }
        var named = 0
        for (section, text) in Self.sections(try String(contentsOf: Self.document, encoding: .utf8)) {
            for span in CommandLineDocTests.captures("`([^`]+)`", in: text) {
                let words = span.replacingOccurrences(of: "\n", with: " ").split(separator: " ").map(String.init)
                let spanCommand = words.first == "photozoom" ? words.dropFirst().first : words.first
                let command =
                    spanCommand.flatMap { Self.commands.contains($0) ? $0 : nil }
                    ?? (Self.replaySections.contains(section) ? "replay" : nil)
                for option in CommandLineDocTests.optionNames(in: span) {
                    named += 1
                    let allowed = command.map { options[$0] ?? [] } ?? options.values.reduce([], { $0.union($1) })
                    XCTAssertTrue(
                        allowed.contains(option),
                        "recording.md, \(section): `\(span)` names \(option), which \(command.map { "photozoom \($0)" } ?? "no command") has not"
                    )
                }
            }
        }
        XCTAssertGreaterThan(named, 20, "the options were found")
    }

    /// The page once said the replay window "does not compare yet"; it does, and the command
    /// the page gives opens it with both sides.
    func testTheReplayWindowComparesAsThePageSays() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8).replacingOccurrences(of: "\n", with: " ")
        XCTAssertFalse(text.contains("does not compare"), "recording.md says the window does not compare")
        XCTAssertTrue(
            text.contains(
                "In the replay window, `photozoom replay session.jsonl --compare B.json` plays the two side by side"),
            "recording.md says how the window compares")

        let b = try temporaryFolder().appendingPathComponent("B.json")
        try Data("{\"springs\": {\"zoomIn\": {\"uikitDuration\": 0.4, \"dampingRatio\": 0.8}}}".utf8).write(to: b)
        let session = PackagePaths.fixtures.appendingPathComponent("sessions/tap.jsonl").path
        let r = try photozoom(["replay", session, "--compare", b.path, "--exit-after-frames", "3"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("B.json"), "the comparison with B is said: \(r.stderr)")
    }

    /// Each `## ` or `### ` section's text, by its title.
    static func sections(_ text: String) -> [String: String] {
        var sections: [String: String] = [:]
        var current = ""
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("## ") || line.hasPrefix("### ") {
                current = String(line.drop { $0 == "#" }.dropFirst())
                continue
            }
            sections[current, default: ""] += line + "\n"
        }
        return sections
    }
}
