import Foundation
import PhotoZoomTestSupport
import XCTest

/// A loader says which steps of its sandbox did not hold, and the window says each once: never
/// a decoder running less confined than it seems. Driven with a real kernel refusal: the
/// loaders' address-space limit is asked above a hard limit the process may not raise (set with
/// prlimit, for a process that is not root), so setrlimit fails in every loader.
final class LoaderSandboxTests: PhotozoomCLITestCase {
    /// A folder of two photos, an output folder and a thumbnail cache, all open to `nobody`.
    func openFolders() throws -> (photos: URL, out: URL, cache: URL) {
        let tmp = try temporaryFolder()
        let photos = tmp.appendingPathComponent("photos")
        let out = tmp.appendingPathComponent("out")
        let cache = tmp.appendingPathComponent("cache")
        for folder in [photos, out, cache] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        for name in ["astronaut.jpg", "gravel.png"] {
            try FileManager.default.copyItem(
                atPath: PackagePaths.bundledPhotos + "/" + name, toPath: photos.appendingPathComponent(name).path)
        }
        for folder in [tmp, photos] {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        }
        for folder in [out, cache] {
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
        }
        return (photos, out, cache)
    }

    func testALoaderWhoseMemoryLimitCannotBeSetSaysSoOnce() throws {
        let prlimit = "/usr/bin/prlimit"
        let setpriv = "/usr/bin/setpriv"
        guard FileManager.default.isExecutableFile(atPath: prlimit) else {
            throw XCTSkip("no \(prlimit) to lower the hard limit with")
        }
        // Root may raise a hard limit; as nobody the kernel refuses, as it does a user.
        var launcher = [prlimit, "--as=600000000:600000000"]
        if getuid() == 0 {
            guard FileManager.default.isExecutableFile(atPath: setpriv) else {
                throw XCTSkip("running as root without \(setpriv)")
            }
            launcher += [setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
        }
        let (photos, out, cache) = try openFolders()
        let png = out.appendingPathComponent("grid.png")
        let r = try photozoom(
            ["snapshot", "--photos", photos.path, "--out", png.path, "--size", "400x400"],
            env: ["XDG_CACHE_HOME": cache.path], launcher: launcher)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: png.path), "the photos are decoded all the same")
        let said = r.stderr.split(separator: "\n").filter { $0.hasPrefix("photozoom: loader sandbox:") }
        XCTAssertEqual(
            said,
            [
                "photozoom: loader sandbox: the address-space limit (library.loaderMemoryMiB) is not set: operation not permitted; "
                    + "photos are decoded without it"
            ], "once, however many loaders said it:\n\(r.stderr)")
    }

    func testLoadersWhoseSandboxHoldsSayNothing() throws {
        let (photos, out, cache) = try openFolders()
        let r = try photozoom(
            [
                "snapshot", "--photos", photos.path, "--out", out.appendingPathComponent("grid.png").path, "--size",
                "400x400",
            ],
            env: ["XDG_CACHE_HOME": cache.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stderr.contains("loader sandbox"), r.stderr)
    }
}
