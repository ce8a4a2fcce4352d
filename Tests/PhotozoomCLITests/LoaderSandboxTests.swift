import Foundation
import PhotoZoomTestSupport
import XCTest

/// A loader says which steps of its sandbox did not hold, and the window says each once: never
/// a decoder running less confined than it seems. Driven with a real kernel refusal: the
/// loaders' address-space limit is asked above a hard limit the process may not raise (set with
/// prlimit, for a process that is not root), so setrlimit fails in every loader.
final class LoaderSandboxTests: PhotozoomCLITestCase {
    /// A folder of two photos, an output folder, a thumbnail cache and copies of `photozoom`
    /// and its loader, all open to `nobody`: the build's own may sit in a folder only its owner
    /// can enter (a clone made by `mktemp -d`).
    func openFolders() throws -> (photos: URL, out: URL, cache: URL, program: URL) {
        let tmp = try temporaryFolder()
        let photos = tmp.appendingPathComponent("photos")
        let out = tmp.appendingPathComponent("out")
        let cache = tmp.appendingPathComponent("cache")
        let programs = tmp.appendingPathComponent("programs")
        for folder in [photos, out, cache, programs] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        for name in ["astronaut.jpg", "gravel.png"] {
            try FileManager.default.copyItem(
                atPath: PackagePaths.bundledPhotos + "/" + name, toPath: photos.appendingPathComponent(name).path)
        }
        let program = programs.appendingPathComponent("photozoom")
        try FileManager.default.copyItem(at: Self.executable, to: program)
        try FileManager.default.copyItem(
            at: Self.executable.deletingLastPathComponent().appendingPathComponent("photozoom-loader"),
            to: programs.appendingPathComponent("photozoom-loader"))
        for folder in [tmp, photos, programs] {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        }
        for folder in [out, cache] {
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
        }
        return (photos, out, cache, program)
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
        let (photos, out, cache, program) = try openFolders()
        let png = out.appendingPathComponent("grid.png")
        let r = try photozoom(
            ["snapshot", "--photos", photos.path, "--out", png.path, "--size", "400x400"], program: program,
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
        let (photos, out, cache, _) = try openFolders()
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
