import Foundation
import PhotoZoomTestSupport
import XCTest

/// A photo's name is bytes, which need not be UTF-8 (a camera card's, an old disk's): such a
/// photo is read, thumbnailed where GLib looks for it, kept apart from a name differing only in
/// those bytes, and named in a message with its bytes escaped.
final class RawNameTests: PhotozoomCLITestCase {
    /// Makes `bytes` (a name) in `folder` with `contents`, through the system's own call.
    func write(_ contents: Data, named bytes: [UInt8], in folder: URL) throws {
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + bytes + [0]
        let fd = path.withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        }
        XCTAssertGreaterThanOrEqual(fd, 0, String(cString: strerror(errno)))
        defer { close(fd) }
        XCTAssertEqual(contents.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }, contents.count)
    }

    func testNamesThatAreNoUTF8AreEachTheirOwnPhotoAndShownEscaped() throws {
        let tmp = try temporaryFolder()
        let photos = tmp.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let bundled = URL(fileURLWithPath: PackagePaths.bundledPhotos)
        try write(
            Data(contentsOf: bundled.appendingPathComponent("coffee.jpg")),
            named: Array("bad".utf8) + [0xFF, 0xFE] + Array(".jpg".utf8), in: photos)
        try write(
            Data(contentsOf: bundled.appendingPathComponent("rocket.jpg")),
            named: Array("bad".utf8) + [0xFF, 0xFD] + Array(".jpg".utf8), in: photos)
        try write(Data("not a photo".utf8), named: Array("broken".utf8) + [0xFF] + Array(".jpg".utf8), in: photos)
        let cacheHome = tmp.appendingPathComponent("cache")

        let made = try photozoom(["thumbnails", photos.path], env: ["XDG_CACHE_HOME": cacheHome.path])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertTrue(made.stdout.contains("2 made, 0 already there, 1 failed"), made.stdout)
        XCTAssertEqual(
            made.errorLines,
            [
                "photozoom: cannot make a thumbnail of \(photos.path)/broken\\xff.jpg (it is not an image this build reads)"
            ])

        // GLib names a thumbnail by the file's bytes, percent-escaped: it finds both, apart.
        let found = try ["376", "375"].map { byte in
            try glibThumbnail(ofName: "bad\\377\\\(byte).jpg", in: photos, cacheHome: cacheHome)
        }
        XCTAssertEqual(found.map(\.valid), [true, true], "\(found)")
        XCTAssertNotEqual(found[0].path, found[1].path)
        XCTAssertNotNil(found[0].path)

        let out = tmp.appendingPathComponent("grid.png")
        let shown = try photozoom(
            ["snapshot", "--photos", photos.path, "--out", out.path, "--size", "300x300"],
            env: ["XDG_CACHE_HOME": tmp.appendingPathComponent("cache-2").path])
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertEqual(
            shown.errorLines,
            [
                "photozoom: cannot decode \(photos.path)/broken\\xff.jpg (it is not an image this build reads); showing a placeholder"
            ])
    }

    /// Where GLib finds the thumbnail of the file `printf` makes of `name` in `folder`, and
    /// whether it calls it valid. The name goes through a shell, as an argument of ours is
    /// text; its bytes are octal escapes, as dash's `printf` has no hex ones.
    func glibThumbnail(ofName name: String, in folder: URL, cacheHome: URL) throws -> (path: String?, valid: Bool) {
        let gio = "/usr/bin/gio"
        guard FileManager.default.isExecutableFile(atPath: gio) else {
            throw XCTSkip("no \(gio) (scripts/setup.sh --test installs it)")
        }
        let script = "exec \(gio) info -a thumbnail::path,thumbnail::is-valid \"$1/$(printf '\(name)')\""
        let outcome = try ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", script, "sh", folder.path],
            environment: ["XDG_CACHE_HOME": cacheHome.path], timeout: 60)
        func field(_ key: String) -> String? {
            outcome.stdout.split(separator: "\n").first { $0.contains(key + ": ") }.map {
                String($0.split(separator: " ").last!)
            }
        }
        return (field("thumbnail::path"), field("thumbnail::is-valid") == "TRUE")
    }
}
