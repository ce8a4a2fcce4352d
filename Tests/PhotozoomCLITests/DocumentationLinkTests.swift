import Foundation
import PhotoZoomTestSupport
import XCTest

/// The documents a person reads on GitHub: every relative link in README.md, CONTRIBUTING.md
/// and docs/*.md leads to a file or folder that is there, and a link to a heading (`#anchor`)
/// to a heading that is there, named as GitHub names it.
final class DocumentationLinkTests: XCTestCase {
    static var documents: [URL] {
        get throws {
            let root = PackagePaths.root
            let docs = root.appendingPathComponent("docs")
            let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
                .sorted()
            return [root.appendingPathComponent("README.md"), root.appendingPathComponent("CONTRIBUTING.md")]
                + pages.map { docs.appendingPathComponent($0) }
        }
    }

    func testEveryRelativeLinkResolves() throws {
        var checked = 0
        for document in try Self.documents {
            let name = document.path.replacingOccurrences(of: PackagePaths.root.path + "/", with: "")
            let text = try String(contentsOf: document, encoding: .utf8)
            for link in Self.links(in: text) where !link.contains("://") && !link.hasPrefix("mailto:") {
                checked += 1
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let target =
                    parts[0].isEmpty
                    ? document
                    : document.deletingLastPathComponent().appendingPathComponent(
                        parts[0].removingPercentEncoding ?? parts[0]
                    ).standardizedFileURL
                guard FileManager.default.fileExists(atPath: target.path) else {
                    XCTFail("\(name): \(link) leads nowhere (no \(target.path))")
                    continue
                }
                if parts.count == 2, target.pathExtension == "md" {
                    let anchors = Self.anchors(in: try String(contentsOf: target, encoding: .utf8))
                    XCTAssertTrue(
                        anchors.contains(parts[1]),
                        "\(name): \(link): \(target.lastPathComponent) has no heading #\(parts[1])")
                }
            }
        }
        XCTAssertGreaterThan(checked, 20, "the links were found")
    }

    /// The reader's own rules, on a small text: what counts as a link and as a heading's anchor.
    func testLinksAndAnchorsAreFoundAsGitHubFindsThem() {
        let text = """
            # The `tuning` file
            See [the file](docs/a.md#the-tuning-file), <img src="assets/x.png" width="2">.
            ```
            [not a link](nowhere.md)
            ## Not a heading
            ```
            ## Speed, and figures (latest)
            ## Speed, and figures (latest)
            Code `[x](y)` is no link.
            """
        XCTAssertEqual(Self.links(in: text), ["docs/a.md#the-tuning-file", "assets/x.png"])
        XCTAssertEqual(
            Self.anchors(in: text), ["the-tuning-file", "speed-and-figures-latest", "speed-and-figures-latest-1"])
    }

    /// Markdown links `[text](target)` and HTML `src="…"`/`href="…"`, outside code.
    static func links(in text: String) -> [String] {
        let prose = withoutCode(text)
        var links: [String] = []
        for pattern in [#"\]\(([^)\s]+)(?:\s+"[^"]*")?\)"#, #"(?:src|href)="([^"]+)""#] {
            let regex = try! NSRegularExpression(pattern: pattern)
            for match in regex.matches(in: prose, range: NSRange(prose.startIndex..., in: prose)) {
                links.append(String(prose[Range(match.range(at: 1), in: prose)!]))
            }
        }
        return links
    }

    /// The text without fenced code blocks and inline code spans.
    static func withoutCode(_ text: String) -> String {
        var lines: [String] = []
        var fenced = false
        for line in text.components(separatedBy: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                fenced.toggle()
                continue
            }
            if !fenced { lines.append(line) }
        }
        return lines.joined(separator: "\n").replacingOccurrences(
            of: #"`[^`\n]*`"#, with: "", options: .regularExpression)
    }

    /// Each heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as
    /// hyphens, and a repeated one numbered.
    static func anchors(in text: String) -> [String] {
        var anchors: [String] = []
        var seen: [String: Int] = [:]
        var fenced = false
        for line in text.components(separatedBy: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                fenced.toggle()
                continue
            }
            guard !fenced, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            let slug = String(
                title.lowercased().unicodeScalars.filter {
                    CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_"
                }.map { $0 == " " ? "-" : Character($0) })
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.append(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }
}
