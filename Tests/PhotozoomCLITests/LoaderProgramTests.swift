import Foundation
import PhotoZoomTestSupport
import XCTest

/// docs/libraries.md: the window's loaders are `photozoom-loader --photo-loader MIB`, the program
/// beside `photozoom`, as `ps` shows each; each maps only what it decodes with, nothing of SDL
/// or X11; and run by hand, the loader says what it is and exits 2.
final class LoaderProgramTests: PhotozoomCLITestCase {
    func testTheWindowsLoadersAreTheLoaderProgramAndMapNothingOfSDL() throws {
        let doc = try String(contentsOf: PackagePaths.root.appendingPathComponent("docs/libraries.md"), encoding: .utf8)
        XCTAssertTrue(
            doc.contains("one `photozoom-loader --photo-loader MIB` per\ncore, as `ps` shows each"), "the doc's words")
        let folder = try temporaryFolder()
        let app = try RunningPhotozoom(
            ["run", "--photos", PackagePaths.bundledPhotos, "--size", "393x852"], outputIn: folder)
        defer { app.stop() }
        var loaders: [Int32] = []
        // They start with the window; each is looked at once it is ready to serve: its memory
        // file for pixels is made after its libraries are loaded and its sandbox set.
        app.wait { app in
            loaders = Self.children(of: app.process.processIdentifier)
            return !loaders.isEmpty
                && loaders.allSatisfy { Self.mapped(by: $0).contains { $0.hasPrefix("/memfd:photozoom-pixels") } }
        }
        XCTAssertFalse(loaders.isEmpty, "no loader: \(app.stderr)")
        for pid in loaders {
            let words = try Self.commandLine(of: pid)
            XCTAssertEqual(words.count, 3, "\(words)")
            XCTAssertEqual(words.first, PackagePaths.executable.deletingLastPathComponent().path + "/photozoom-loader")
            XCTAssertEqual(words.dropFirst().first, "--photo-loader", "\(words)")
            XCTAssertNotNil(words.last.flatMap { Int($0) }, "the memory limit in MiB, \(words)")
            let libraries = Self.mapped(by: pid)
            XCTAssertTrue(libraries.contains { $0.contains("libturbojpeg") }, "\(libraries)")
            let shown = libraries.filter { $0.contains("SDL") || $0.contains("libX11") || $0.contains("libGL") }
            XCTAssertEqual(shown, [], "a loader maps only what it decodes with")
        }
    }

    func testTheLoaderRunByHandSaysWhatItIsAndExits2() throws {
        let loader = PackagePaths.executable.deletingLastPathComponent().appendingPathComponent("photozoom-loader")
        for arguments in [[], ["--photo-loader", "512"], ["--photo-loader", "many"], ["--help"]] {
            let outcome = try ChildProcess.run(
                loader, arguments, environment: ProcessInfo.processInfo.environment, directory: PackagePaths.root,
                timeout: Self.timeout)
            XCTAssertEqual(outcome.status, 2, "\(arguments)")
            XCTAssertEqual(
                outcome.stderr,
                "photozoom-loader: decodes photos for photozoom, which starts it; it is not run by hand\n",
                "\(arguments)")
        }
    }

    /// The files a process has mapped, from /proc/PID/maps.
    static func mapped(by pid: Int32) -> Set<String> {
        // Read to its end: /proc says its size is 0, and a read by that size stops at a page.
        let handle = FileHandle(forReadingAtPath: "/proc/\(pid)/maps")
        defer { try? handle?.close() }
        let maps = String(decoding: (try? handle?.readToEnd()) ?? Data(), as: UTF8.self)
        // Address, permissions, offset, device, inode, then the path after spaces that align it.
        return Set(
            maps.split(separator: "\n").compactMap {
                $0.split(separator: " ", maxSplits: 5).dropFirst(5).first?.trimmingCharacters(in: .whitespaces)
            }
        )
        .filter { $0.hasPrefix("/") }
    }

    /// The words of a process's command line as `ps` shows it: /proc/PID/cmdline, NULs as spaces.
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
