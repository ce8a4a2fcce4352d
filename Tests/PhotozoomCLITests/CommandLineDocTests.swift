import Foundation
import PhotoZoomTestSupport
import XCTest

/// docs/command-line.md against the real executable's `--help`: a section for every command
/// and for nothing else, each with the command's usage line as `--help` prints it, and an
/// options table whose rows name exactly the options `--help` lists (`--help` and `--version`,
/// which every command has, are said once at the top).
final class CommandLineDocTests: PhotozoomCLITestCase {
    static var document: URL { PackagePaths.root.appendingPathComponent("docs/command-line.md") }
    static let everyCommands: Set<String> = ["-h", "--help", "--version"]

    func testTheDocAndHelpNameTheSameCommandsAndOptions() throws {
        let sections = Self.sections(try String(contentsOf: Self.document, encoding: .utf8))
        let commands = try leafCommands([])
        XCTAssertGreaterThanOrEqual(commands.count, 10, "the commands were found: \(commands)")
        XCTAssertEqual(
            sections.keys.sorted(), commands.map { $0.joined(separator: " ") }.sorted(),
            "docs/command-line.md has a `## photozoom …` section for each command of `photozoom --help`")

        for command in commands {
            let name = command.joined(separator: " ")
            guard let section = sections[name] else { continue }
            let help = try self.help(command)
            let usage = try XCTUnwrap(
                help.components(separatedBy: "\n").first { $0.hasPrefix("USAGE: ") }?.dropFirst("USAGE: ".count), name)
            XCTAssertTrue(section.contains(String(usage)), "photozoom \(name): the doc's usage line is not `\(usage)`")

            let helpOptions = Self.options(inHelp: help).subtracting(Self.everyCommands)
            let docOptions = Self.options(inTable: section)
            XCTAssertEqual(
                helpOptions.subtracting(docOptions).sorted(), [],
                "photozoom \(name): in --help, in no row of the doc's table")
            XCTAssertEqual(
                docOptions.subtracting(helpOptions).sorted(), [], "photozoom \(name): in the doc's table, not in --help"
            )
        }
    }

    /// The reader's own rules on a small help text and a small table.
    func testOptionsAreReadFromHelpLinesAndTheTablesFirstColumn() {
        let help = """
            USAGE: photozoom x [--size <size>]

            OPTIONS:
              --size <size>           The cache's size: normal, x-large or xx-large.
              --damping-ratio <damping-ratio>
                                      Damping ratio, with --response.
              -h, --help              Show help information.
            """
        XCTAssertEqual(Self.options(inHelp: help), ["--size", "--damping-ratio", "-h", "--help"])
        let table = """
            | option | what it does |
            |---|---|
            | `--size normal\\|x-large` | the size, see `--other` |
            | `--from A`, `--to B` | the values |
            Prose naming `--elsewhere`.
            """
        XCTAssertEqual(Self.options(inTable: table), ["--size", "--from", "--to"])
    }

    func help(_ command: [String]) throws -> String {
        let result = try photozoom(command + ["--help"])
        XCTAssertEqual(result.status, 0, "photozoom \(command.joined(separator: " ")) --help: \(result.stderr)")
        return result.stdout
    }

    /// The commands that have no subcommands, each as the words that name it.
    func leafCommands(_ command: [String]) throws -> [[String]] {
        let help = try self.help(command)
        guard let start = help.range(of: "\nSUBCOMMANDS:\n") else { return [command] }
        let names = Self.captures(#"(?m)^  ([a-z][a-z0-9-]*)(?: |$)"#, in: String(help[start.upperBound...]))
        return try names.flatMap { try leafCommands(command + [$0]) }
    }

    /// Each `## photozoom …` section's text, by the command it names.
    static func sections(_ text: String) -> [String: String] {
        var sections: [String: String] = [:]
        var current: String?
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("## ") {
                let title = line.dropFirst(3).replacingOccurrences(of: "`", with: "")
                current = title.hasPrefix("photozoom ") ? String(title.dropFirst("photozoom ".count)) : nil
                continue
            }
            if let current { sections[current, default: ""] += line + "\n" }
        }
        return sections
    }

    /// The options `--help` lists: each line that starts, two spaces in, with an option, up to
    /// the words of its description (which may follow after a single space).
    static func options(inHelp help: String) -> Set<String> {
        Set(
            help.components(separatedBy: "\n").filter { $0.hasPrefix("  -") }.flatMap { line in
                let label = line.split(separator: " ").prefix { $0.hasPrefix("-") || $0.hasPrefix("<") }.joined(
                    separator: " ")
                return optionNames(in: label)
            })
    }

    /// The options named in the first cell of the rows of the section's tables.
    static func options(inTable section: String) -> Set<String> {
        Set(
            section.components(separatedBy: "\n").filter { $0.hasPrefix("| `-") }.flatMap { row in
                optionNames(in: row.dropFirst(2).components(separatedBy: " | ")[0])
            })
    }

    /// `--long-name` and `-x`, not the hyphen inside a word such as `x-large`.
    static func optionNames(in text: String) -> [String] {
        captures(#"(?<![\w-])(--[a-z][a-z0-9-]*|-[a-z])(?![\w-])"#, in: text)
    }

    static func captures(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: 1), in: text)!])
        }
    }
}
