import Foundation
import PhotoZoomTestSupport
import XCTest

/// The edges between the package's pure targets run one way: each may import only what its
/// row allows, and Package.swift gives it exactly those targets. A target that reached for SDL
/// or a C decoder, or a dependency added to the manifest that the row does not name, fails here.
final class TargetEdgeTests: XCTestCase {
    struct Edge {
        let target: String
        /// The modules its files may import: the toolchain's and the targets it depends on.
        let imports: Set<String>
        /// Its dependencies as Package.swift names them, in order.
        let dependencies: [String]
    }

    static let edges = [
        Edge(target: "PhotoZoomCore", imports: ["Foundation"], dependencies: []),
        Edge(
            target: "PhotoZoomUntrusted", imports: ["Foundation", "Glibc", "PhotoZoomCore"],
            dependencies: ["PhotoZoomCore"]),
        Edge(
            target: "PhotoZoomLoaderInterface",
            imports: ["Foundation", "Glibc", "PhotoZoomCore", "PhotoZoomUntrusted", "CLoader"],
            dependencies: ["PhotoZoomCore", "PhotoZoomUntrusted", "CLoader"]),
        Edge(
            target: "PhotoZoomLoader",
            imports: [
                "Foundation", "Glibc", "PhotoZoomCore", "PhotoZoomUntrusted", "PhotoZoomLoaderInterface", "CTurboJPEG",
                "CWebP", "CTIFF", "CGif", "CPNG", "CLCMS", "CHeif", "CJXL", "CLoader",
            ],
            dependencies: [
                "PhotoZoomCore", "PhotoZoomUntrusted", "PhotoZoomLoaderInterface", "CTurboJPEG", "CWebP", "CTIFF",
                "CGif", "CPNG", "CLCMS", "CHeif", "CJXL", "CLoader",
            ]),
        Edge(
            target: "PhotoZoomLibrary",
            imports: [
                "Foundation", "Glibc", "Dispatch", "PhotoZoomCore", "PhotoZoomUntrusted", "PhotoZoomLoaderInterface",
                "CMD5", "CPNG", "CLoader",
            ],
            dependencies: [
                "PhotoZoomCore", "PhotoZoomUntrusted", "PhotoZoomLoaderInterface", "CMD5", "CPNG", "CLoader",
            ]),
    ]

    func testEachPureTargetImportsOnlyWhatItsEdgesAllow() throws {
        let root = PackagePaths.root
        for edge in Self.edges {
            let folder = root.appendingPathComponent("Sources/\(edge.target)")
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)!.compactMap {
                $0 as? URL
            }
            .filter { $0.pathExtension == "swift" }
            XCTAssertFalse(files.isEmpty, "\(edge.target) has sources")
            for file in files {
                for (number, line) in try String(contentsOf: file, encoding: .utf8).split(
                    separator: "\n", omittingEmptySubsequences: false
                ).enumerated() {
                    guard let module = Self.importedModule(line) else { continue }
                    XCTAssertTrue(
                        edge.imports.contains(module),
                        "\(edge.target)/\(file.lastPathComponent):\(number + 1) imports \(module), outside \(edge.target)'s edges \(edge.imports.sorted())"
                    )
                }
            }
        }
    }

    func testThePackageGivesEachPureTargetExactlyItsDependencies() throws {
        let manifest = try String(
            contentsOf: PackagePaths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        for edge in Self.edges {
            let plain = #".target(name: "\#(edge.target)")"#
            let listed =
                #".target(name: "\#(edge.target)", dependencies: [\#(edge.dependencies.map { "\"\($0)\"" }.joined(separator: ", "))])"#
            // However swift format wraps it, with a trailing comma or without.
            func squeezed(_ text: String) -> String {
                text.filter { !$0.isWhitespace }.replacingOccurrences(of: ",]", with: "]")
            }
            XCTAssertTrue(
                squeezed(manifest).contains(squeezed(edge.dependencies.isEmpty ? plain : listed)),
                "Package.swift declares \(edge.target) as \(listed)")
        }
    }

    /// The loaders are passed in: the platform names the shared pool only as a default value of
    /// a parameter (`pool: LoaderPool = .shared`), so a test or a second window may hand its own.
    func testThePlatformReachesTheSharedLoaderPoolOnlyAsADefault() throws {
        let files = ["PhotoZoomLibrary", "PhotoZoomSDL"].flatMap { target in
            FileManager.default.enumerator(
                at: PackagePaths.root.appendingPathComponent("Sources/\(target)"), includingPropertiesForKeys: nil)!
                .compactMap { $0 as? URL }
                .filter { $0.pathExtension == "swift" }
        }
        var defaults = 0
        for file in files {
            for (number, line) in try String(contentsOf: file, encoding: .utf8).split(separator: "\n").enumerated() {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                guard code.contains("LoaderPool.shared") || code.contains("LoaderPool = .shared") else { continue }
                let asDefault =
                    code.range(
                        of: #"\w+: (LoaderPool = \.shared|LoaderSandbox = LoaderPool\.shared\.sandbox)\b"#,
                        options: .regularExpression) != nil
                if asDefault { defaults += 1 }
                XCTAssertTrue(
                    asDefault || code.contains("static let shared = LoaderPool()"),
                    "\(file.lastPathComponent):\(number + 1) reaches for the shared pool: \(line.trimmingCharacters(in: .whitespaces))"
                )
            }
        }
        XCTAssertGreaterThan(defaults, 5, "the pool is a parameter where it is used")
    }

    /// The module an `import` line names (`@testable`, `@_exported` and kinds like `struct` allowed).
    static func importedModule(_ line: Substring) -> String? {
        var words = line.split(separator: " ").filter { !$0.isEmpty }
        while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
        guard words.first == "import", words.count >= 2 else { return nil }
        let name =
            ["struct", "class", "enum", "func", "var", "let", "protocol", "typealias"].contains(String(words[1]))
                && words.count >= 3
            ? words[2] : words[1]
        return String(name.split(separator: ".").first ?? name)
    }

    func testTheScanReadsImportLines() {
        XCTAssertEqual(Self.importedModule("import CSDL2"), "CSDL2")
        XCTAssertEqual(Self.importedModule("@testable import PhotoZoomSDL"), "PhotoZoomSDL")
        XCTAssertEqual(Self.importedModule("import struct Foundation.Data"), "Foundation")
        XCTAssertNil(Self.importedModule("// import CSDL2"))
        XCTAssertNil(Self.importedModule("let imported = 1"))
    }
}
