import Foundation
import PhotoZoomTestSupport
import XCTest

/// What the window writes to the user's cache folder (`XDG_CACHE_HOME`): its thumbnails, and
/// nothing of Mesa's, whose shader cache ended the program (SIGBUS) on a full disk.
final class CacheFolderTests: PhotozoomCLITestCase {
    func testTheWindowLeavesNoShaderCache() throws {
        let cache = try temporaryFolder()
        let result = try photozoom(["run", "--exit-after-frames", "10"], env: ["XDG_CACHE_HOME": cache.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let made = try FileManager.default.contentsOfDirectory(atPath: cache.path)
        XCTAssertFalse(made.contains { $0.hasPrefix("mesa") }, "the cache folder holds \(made)")
    }

    func testTheWindowRunsOnAFullCacheDisk() throws {
        guard getuid() == 0 else { throw XCTSkip("only root can mount the small file system that is full") }
        let cache = try temporaryFolder()
        guard ChildProcess.status("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", cache.path]) == 0 else {
            throw XCTSkip("mount refused a tmpfs here (a container without the right to mount)")
        }
        addTeardownBlock { _ = ChildProcess.status("/bin/umount", [cache.path]) }
        let filler = cache.appendingPathComponent("filler")
        FileManager.default.createFile(atPath: filler.path, contents: nil)
        let handle = try FileHandle(forWritingTo: filler)
        while (try? handle.write(contentsOf: Data(count: 4096))) != nil {}
        try? handle.close()

        let result = try photozoom(["run", "--exit-after-frames", "30"], env: ["XDG_CACHE_HOME": cache.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let told = result.errorLines.filter { $0.contains(cache.path) }
        XCTAssertLessThanOrEqual(told.count, 1, "what could not be written is said once: \(told)")
    }
}

extension ChildProcess {
    /// The exit status of `program arguments`, run to its end (or its hang guard).
    fileprivate static func status(_ program: String, _ arguments: [String]) -> Int32 {
        (try? run(URL(fileURLWithPath: program), arguments, environment: [:], timeout: 60).status) ?? -1
    }
}
