import Foundation
import XCTest

/// The real `photozoom` under a low limit on processes (`ulimit -u`), which counts every thread
/// of the user's: it says the limit in one line and exits 1, or goes on with fewer loaders,
/// and never waits for ever for a thread the kernel refuses.
final class ProcessLimitTests: PhotozoomCLITestCase {
    /// A user of its own, with no other process to count, so that the limit means the same in
    /// every run; root's processes are not limited at all.
    private func limited(to processes: Int) throws -> [String] {
        guard getuid() == 0 else {
            throw XCTSkip("the limit is set for a user of its own, which only root can become")
        }
        let setpriv = "/usr/bin/setpriv"
        let prlimit = "/usr/bin/prlimit"
        guard FileManager.default.isExecutableFile(atPath: setpriv),
            FileManager.default.isExecutableFile(atPath: prlimit)
        else {
            throw XCTSkip("running as root without \(setpriv) and \(prlimit), so no process of this test is limited")
        }
        let user = 60000 + Int(getpid() % 4000)
        return [setpriv, "--reuid=\(user)", "--regid=\(user)", "--clear-groups", prlimit, "--nproc=\(processes)", "--"]
    }

    /// A folder the limited user may write in.
    private func sharedFolder() throws -> URL {
        let folder = try temporaryFolder()
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
        return folder
    }

    private func run(_ arguments: [String], limit: Int) throws -> Result {
        let folder = try sharedFolder()
        return try photozoom(
            arguments.map { $0.replacingOccurrences(of: "FOLDER", with: folder.path) },
            env: ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path, "HOME": folder.path],
            launcher: try limited(to: limit))
    }

    func testEachCommandSaysTheLimitInOneLine() throws {
        for arguments in [
            ["snapshot", "--out", "FOLDER/grid.png"], ["run", "--exit-after-frames", "5"],
            ["thumbnails", "assets/photos"],
            ["bench", "--repeats", "1"],
        ] {
            let result = try run(arguments, limit: 8)
            XCTAssertEqual(result.status, 1, "\(arguments[0]): \(result.stderr)")
            XCTAssertEqual(
                result.errorLines,
                ["photozoom: cannot start its threads: the limit on processes (ulimit -u 8) is reached"],
                arguments[0])
        }
    }

    func testASnapshotGoesOnWithFewerLoaders() throws {
        let folder = try sharedFolder()
        let result = try photozoom(
            ["snapshot", "--out", folder.appendingPathComponent("grid.png").path],
            env: ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path, "HOME": folder.path],
            launcher: try limited(to: 16))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("grid.png").path))
        XCTAssertFalse(result.stderr.contains("cannot decode"), result.stderr)
    }
}
