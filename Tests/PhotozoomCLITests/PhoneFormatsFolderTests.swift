import Foundation
import PhotoZoomTestSupport
import XCTest

/// A folder as the web and a phone fill it, through the real binary: JPEG XL photos (cjxl's,
/// bare and in a container, one turned by its header), a JPEG XL claiming 10⁹ pixels, and a
/// Live Photo (a HEIC heif-enc writes beside a `.MOV` of the same name).
extension ThumbnailsCommandTests {
    /// `tool` with `arguments`, which must succeed.
    func runTool(_ tool: String, _ arguments: [String]) throws {
        let outcome = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments, environment: ProcessInfo.processInfo.environment,
            timeout: 120)
        guard outcome.exitedNormally, outcome.status == 0 else {
            throw CocoaError(
                .executableLoad,
                userInfo: [
                    NSLocalizedDescriptionKey: "\(tool) failed (scripts/setup.sh --test installs it): \(outcome.stderr)"
                ])
        }
    }

    func testJPEGXLPhotosAndALivePhotoAreListedAndThumbnailed() throws {
        let tmp = try temporaryFolder()
        let photos = tmp.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let png = tmp.appendingPathComponent("drawing.png")
        try runTool(
            "convert", ["-seed", "7", "-size", "300x200", "plasma:red-blue", "-depth", "8", "PNG24:" + png.path])
        // An eXIf chunk saying orientation 6, after the PNG's header: cjxl makes it the codestream's own.
        let exif: [UInt8] =
            Array("II*".utf8) + [0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 6] + [UInt8](repeating: 0, count: 7)
        let chunk = Array("eXIf".utf8) + exif
        let turnedPNG = tmp.appendingPathComponent("turned.png")
        let source = [UInt8](try Data(contentsOf: png))
        try Data(
            Array(source.prefix(33)) + Self.be32(exif.count) + chunk + Self.be32(Int(Self.crc32(chunk)))
                + Array(source.dropFirst(33))
        ).write(to: turnedPNG)
        try runTool("cjxl", [png.path, photos.appendingPathComponent("web.jxl").path, "-d", "1", "--quiet"])
        try runTool("cjxl", [turnedPNG.path, photos.appendingPathComponent("turned.jxl").path, "-d", "0", "--quiet"])
        try runTool("heif-enc", ["-q", "60", "-o", photos.appendingPathComponent("IMG_0001.HEIC").path, png.path])
        // A QuickTime movie's first box: what a Live Photo's .MOV starts with.
        try Data(
            Self.be32(20) + Array("ftypqt  ".utf8) + [0, 0, 2, 0] + Array("qt  ".utf8)
                + [UInt8](repeating: 0, count: 64)
        )
        .write(to: photos.appendingPathComponent("IMG_0001.MOV"))
        // A size header claiming 40000×25000 (`U32` selector 2, 18 bits, each side less one), then no picture.
        try Data([0xFF, 0x0A, 0x3C, 0x0D, 0x03, 0xFE, 0x70, 0x12, 0, 0, 0, 0]).write(
            to: photos.appendingPathComponent("huge.jxl"))
        let cacheHome = tmp.appendingPathComponent("cache")

        let made = try photozoom(
            ["thumbnails", photos.path, "--size", "normal"], env: ["XDG_CACHE_HOME": cacheHome.path])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertTrue(made.stdout.contains(": 3 made, 0 already there, 1 failed, "), made.stdout)
        // The movie is no photo and says nothing; the hostile file's one line names its claim.
        XCTAssertEqual(
            made.errorLines,
            [
                "photozoom: cannot make a thumbnail of \(photos.path)/huge.jxl (its header claims 40000×25000 pixels, "
                    + "1000 megapixels; a photo may have 100 (library.maximumMegapixels))"
            ])
        for (name, size) in [("web.jxl", [128, 85]), ("turned.jxl", [85, 128]), ("IMG_0001.HEIC", [128, 85])] {
            let glib = try glibThumbnail(of: photos.appendingPathComponent(name), cacheHome: cacheHome)
            XCTAssertTrue(glib.valid, "\(name): GLib finds its thumbnail valid")
            let thumbnail = try XCTUnwrap(pngSize(try Data(contentsOf: URL(fileURLWithPath: try XCTUnwrap(glib.path)))))
            XCTAssertEqual([Int(thumbnail.width), Int(thumbnail.height)], size, "\(name): upright, within 128×128")
        }
    }

    static func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(value >> (24 - 8 * $0) & 0xFF) } }

    /// zlib's CRC-32, bit by bit, for the chunk added to ImageMagick's PNG.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}
