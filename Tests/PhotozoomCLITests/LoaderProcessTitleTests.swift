import Foundation
import PhotoZoomTestSupport
import XCTest

/// docs/libraries.md: "one `photozoom --photo-loader MIB` per core, as `ps` shows each": the
/// real window's loaders, forked as it starts, read from /proc as `ps` reads them, under a
/// command line shorter than that title and under a longer one.
final class LoaderProcessTitleTests: PhotozoomCLITestCase {
    func testTheWindowsLoadersShowAsPhotoLoaders() throws {
        let doc = try String(contentsOf: PackagePaths.root.appendingPathComponent("docs/libraries.md"), encoding: .utf8)
        XCTAssertTrue(
            doc.contains("one `photozoom --photo-loader MIB` per core,\nas `ps` shows each"), "the doc's words")
        let folder = try temporaryFolder()
        for arguments in [
            ["run"], ["run", "--photos", PackagePaths.bundledPhotos, "--size", "393x852", "--sort", "name"],
        ] {
            let app = try RunningPhotozoom(arguments, outputIn: folder)
            var loaders: [Int32] = []
            // Each names itself just after it is forked: until then it shows the window's line.
            app.wait { app in
                loaders = Self.children(of: app.process.processIdentifier)
                return !loaders.isEmpty
                    && loaders.allSatisfy { ((try? Self.commandLine(of: $0)) ?? []).contains("--photo-loader") }
            }
            XCTAssertFalse(loaders.isEmpty, "\(arguments): no loader: \(app.stderr)")
            for pid in loaders {
                let words = try Self.commandLine(of: pid)
                XCTAssertEqual(words.count, 3, "\(arguments): \(words)")
                XCTAssertEqual(
                    words.first.map { ($0 as NSString).lastPathComponent }, "photozoom", "\(arguments): \(words)")
                XCTAssertEqual(words.dropFirst().first, "--photo-loader", "\(arguments): \(words)")
                XCTAssertNotNil(words.last.flatMap { Int($0) }, "\(arguments): the memory limit in MiB, \(words)")
                XCTAssertEqual(try String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8), "photozoom\n")
            }
            app.stop()
        }
    }

    /// The words of a process's command line as `ps` shows it: /proc/PID/cmdline, its NULs
    /// (between arguments, or after a title) as spaces.
    static func commandLine(of pid: Int32) throws -> [String] {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))
        return String(decoding: bytes.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self).split(separator: " ").map(String.init)
    }

    /// The processes whose parent is `parent`, from /proc/PID/stat's fourth field.
    static func children(of parent: Int32) -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let name = stat.range(of: ")", options: .backwards)
            else { return false }
            let fields = stat[name.upperBound...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == parent
        }
    }
}
