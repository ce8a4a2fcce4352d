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

    /// The decoders' modules, which only the loader's target may import.
    static let decoderModules: Set = ["PhotoZoomLoader", "CTurboJPEG", "CWebP", "CTIFF", "CLCMS", "CHeif", "CJXL"]
    /// The decoders' shared libraries by the start of their names, which only a loader's process maps.
    static let decoderLibraries = [
        "libturbojpeg", "libwebp", "libtiff", "liblcms2", "libheif", "libde265", "libdav1d", "libjxl",
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

    /// The window's process reaches the loaders through their messages alone: none of its targets
    /// imports the loader's target or a decoder, so none is linked into it.
    func testTheWindowsTargetsImportNoDecoder() throws {
        for target in ["PhotoZoomLibrary", "PhotoZoomSDL", "photozoom"] {
            let files = FileManager.default.enumerator(
                at: PackagePaths.root.appendingPathComponent("Sources/\(target)"), includingPropertiesForKeys: nil)!
                .compactMap { $0 as? URL }
                .filter { $0.pathExtension == "swift" }
            XCTAssertFalse(files.isEmpty, "\(target) has sources")
            for file in files {
                for (number, line) in try String(contentsOf: file, encoding: .utf8).split(
                    separator: "\n", omittingEmptySubsequences: false
                ).enumerated() {
                    guard let module = Self.importedModule(line) else { continue }
                    XCTAssertFalse(
                        Self.decoderModules.contains(module),
                        "\(target)/\(file.lastPathComponent):\(number + 1) imports \(module): the window would map the decoders"
                    )
                }
            }
        }
    }

    /// The built programs as the dynamic loader sees them: `photozoom` needs no decoder's library
    /// (whose loading and initialisers would cost every start of the window), `photozoom-loader`
    /// needs them all.
    func testOnlyTheLoaderProgramNeedsTheDecodersLibraries() throws {
        let products = PackagePaths.executable.deletingLastPathComponent()
        let window = try Self.neededLibraries(of: products.appendingPathComponent("photozoom"))
        XCTAssertTrue(window.contains { $0.hasPrefix("libSDL2-") }, "the window's libraries are read: \(window)")
        let decoders = window.filter { library in Self.decoderLibraries.contains { library.hasPrefix($0 + ".") } }
        XCTAssertEqual(decoders, [], "photozoom needs a decoder's library; all it needs: \(window)")
        let loader = try Self.neededLibraries(of: products.appendingPathComponent("photozoom-loader"))
        for library in Self.decoderLibraries {
            XCTAssertTrue(
                loader.contains { $0.hasPrefix(library + ".") }, "photozoom-loader needs \(library): \(loader)")
        }
    }

    /// The `DT_NEEDED` entries of a 64-bit little-endian ELF file: the shared libraries it names,
    /// read from its dynamic section and the string table that section links to.
    static func neededLibraries(of file: URL) throws -> [String] {
        let bytes = [UInt8](try Data(contentsOf: file))
        func integer(_ at: Int, _ size: Int) -> Int {
            (0..<size).reversed().reduce(0) { $0 << 8 | Int(bytes[at + $1]) }
        }
        guard bytes.count > 0x40, bytes.prefix(6) == [0x7F, 0x45, 0x4C, 0x46, 2, 1] else {
            XCTFail("\(file.path) is not a 64-bit little-endian ELF file")
            return []
        }
        let sections = integer(0x28, 8)
        let sectionSize = integer(0x3A, 2)
        func section(_ index: Int) -> (type: Int, offset: Int, size: Int, link: Int) {
            let at = sections + index * sectionSize
            return (integer(at + 4, 4), integer(at + 0x18, 8), integer(at + 0x20, 8), integer(at + 0x28, 4))
        }
        let dynamicType = 6
        guard let dynamic = (0..<integer(0x3C, 2)).map(section).first(where: { $0.type == dynamicType }) else {
            XCTFail("\(file.path) has no dynamic section")
            return []
        }
        let strings = section(dynamic.link).offset
        let neededTag = 1
        return stride(from: dynamic.offset, to: dynamic.offset + dynamic.size, by: 16)
            .filter { integer($0, 8) == neededTag }
            .map { entry in
                let name = bytes[(strings + integer(entry + 8, 8))...].prefix { $0 != 0 }
                return String(decoding: name, as: UTF8.self)
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
