import Foundation
import PhotoZoomTestSupport
import XCTest

/// docs/architecture.md against the code it describes: its tree lists every folder and file
/// under Sources/ and nothing else, and its schedule lists the systems in the order
/// `Simulation.runSystems` runs them. `RECORD_SNAPSHOTS=1` rewrites the tree from the disk,
/// keeping the description each line had.
final class ArchitectureTreeTests: XCTestCase {
    static var document: URL { PackagePaths.root.appendingPathComponent("docs/architecture.md") }
    static let marker = "<!-- tree: checked by ArchitectureTreeTests -->"
    /// Where a line's description starts, when its name leaves room.
    static let descriptionColumn = 44

    /// A line of the tree: a folder (its name ends in `/`) or a file, at a depth below `Sources/`.
    struct Entry: Equatable {
        var path: String
        var depth: Int
        var name: String
    }

    func testTheTreeIsEveryFolderAndFileUnderSources() throws {
        var lines = try String(contentsOf: Self.document, encoding: .utf8).components(separatedBy: "\n")
        let block = try XCTUnwrap(
            Self.treeBlock(lines), "docs/architecture.md has a ``` block right after \(Self.marker)")
        let written = Self.parse(Array(lines[block]))
        let descriptions = Dictionary(
            written.map { ($0.entry.path, $0.description) }, uniquingKeysWith: { first, _ in first })
        let onDisk = try Self.entries(
            under: PackagePaths.root.appendingPathComponent("Sources"), path: "Sources/", depth: 0)
        let rendered = onDisk.map { Self.line($0, description: descriptions[$0.path] ?? "") }
        guard rendered != Array(lines[block]) else { return }

        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            lines.replaceSubrange(block, with: rendered)
            try lines.joined(separator: "\n").write(to: Self.document, atomically: true, encoding: .utf8)
            return
        }
        let listed = Set(written.map(\.entry.path))
        let there = Set(onDisk.map(\.path))
        XCTFail(
            """
            docs/architecture.md's tree is not Sources/ as it is. \
            Not listed: \(onDisk.map(\.path).filter { !listed.contains($0) }). \
            Listed but not there: \(written.map(\.entry.path).filter { !there.contains($0) }). \
            Otherwise out of order or alignment. RECORD_SNAPSHOTS=1 rewrites it, keeping each line's description.
            """)
    }

    func testTheScheduleListsTheSystemsInTheOrderTheyRun() throws {
        let simulation = try String(
            contentsOf: PackagePaths.root.appendingPathComponent("Sources/PhotoZoomCore/Systems/Simulation.swift"),
            encoding: .utf8)
        let body = try XCTUnwrap(simulation.range(of: "func runSystems(").map { simulation[$0.upperBound...] })
        let end = body.range(of: "\n    }\n")?.lowerBound ?? body.endIndex
        let run = Self.captures(#"(\w+)\.run\("#, in: String(body[..<end]))
        XCTAssertGreaterThan(run.count, 15, "the systems were found in runSystems")

        let doc = try String(contentsOf: Self.document, encoding: .utf8)
        let table = Self.captures(#"(?m)^\| \d+ \| (?:\*\*)?(\w+)(?:\*\*)? \|"#, in: doc)
        XCTAssertEqual(table, run, "docs/architecture.md's schedule against Simulation.runSystems")
    }

    /// The lines between the ``` after the marker and the ``` that closes it.
    static func treeBlock(_ lines: [String]) -> Range<Int>? {
        guard let marker = lines.firstIndex(of: marker), marker + 1 < lines.count, lines[marker + 1].hasPrefix("```"),
            let close = lines[(marker + 2)...].firstIndex(where: { $0.hasPrefix("```") })
        else { return nil }
        return (marker + 2)..<close
    }

    /// Each line's entry (its path from its indentation and the folders above it) and description.
    static func parse(_ lines: [String]) -> [(entry: Entry, description: String)] {
        var folders: [String] = []
        var parsed: [(entry: Entry, description: String)] = []
        for line in lines where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let indent = line.prefix { $0 == " " }.count
            let depth = indent / 2
            let rest = line.dropFirst(indent)
            let name = String(rest.prefix { $0 != " " })
            let description = rest.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
            folders = Array(folders.prefix(depth))
            let path = folders.joined() + name
            if name.hasSuffix("/") { folders.append(name) }
            parsed.append((Entry(path: path, depth: depth, name: name), description))
        }
        return parsed
    }

    /// The folder and everything under it as the tree lists it: a folder's files by name, then
    /// its folders by name, each followed by what is in it. Hidden files are left out.
    static func entries(under folder: URL, path: String, depth: Int) throws -> [Entry] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
            .sorted()
        func isFolder(_ name: String) -> Bool {
            var directory: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(name).path, isDirectory: &directory) && directory.boolValue
        }
        var entries = [Entry(path: path, depth: depth, name: folder.lastPathComponent + "/")]
        for name in names where !isFolder(name) {
            entries.append(Entry(path: path + name, depth: depth + 1, name: name))
        }
        for name in names where isFolder(name) {
            entries += try Self.entries(
                under: folder.appendingPathComponent(name), path: path + name + "/", depth: depth + 1)
        }
        return entries
    }

    /// An entry as the tree writes it: indented two spaces a level, its description in a column.
    static func line(_ entry: Entry, description: String) -> String {
        let name = String(repeating: " ", count: entry.depth * 2) + entry.name
        guard !description.isEmpty else { return name }
        if name.count < descriptionColumn - 1 {
            return name.padding(toLength: descriptionColumn - 1, withPad: " ", startingAt: 0) + " " + description
        }
        return name + "  " + description
    }

    static func captures(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: 1), in: text)!])
        }
    }
}
