import CSDL2
import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// `--recursive` and `--sort` as a person sees them: which photo lands in which cell of the
/// snapshot, the grid opening at the newest photo in date order, and one line for what cannot be read.
final class PhotoLibraryOptionsTests: PhotozoomCLITestCase {
    static let size = Size(width: 390, height: 700)
    static let red: [UInt8] = [220, 20, 20], grey: [UInt8] = [120, 120, 120]

    /// Thirty grey photos in the folder, and a red one in a subfolder, the newest by its time
    /// and the first by name.
    func library() throws -> URL {
        let top = try temporaryFolder()
        let base = try XCTUnwrap(ISO8601DateFormatter().date(from: "2020-01-01T00:00:00Z"))
        for i in 1...30 {
            let file = top.appendingPathComponent(String(format: "z%02d.png", i))
            try writePNG(file, Self.grey)
            try FileManager.default.setAttributes(
                [.modificationDate: base.addingTimeInterval(Double(i) * 60)], ofItemAtPath: file.path)
        }
        let red = top.appendingPathComponent("sub/red.png")
        try FileManager.default.createDirectory(at: red.deletingLastPathComponent(), withIntermediateDirectories: true)
        try writePNG(red, Self.red)
        try FileManager.default.setAttributes(
            [.modificationDate: base.addingTimeInterval(86_400)], ofItemAtPath: red.path)
        return top
    }

    func testDateOrderOpensAtTheNewestPhotoInTheLastCell() throws {
        let top = try library()
        let dated = try snapshot(top, ["--recursive", "--sort", "date"])
        let layout = GridLayout(viewport: Self.size, count: 31, tuning: Tuning())
        let end = layout.contentHeight + Tuning().tabBarHeight - Self.size.height
        XCTAssertGreaterThan(end, 0, "the library is taller than the window")
        XCTAssertEqual(
            colour(of: 30, in: dated, layout: layout, offset: end), Self.red, "the newest photo, in the last cell")
        XCTAssertEqual(colour(of: 29, in: dated, layout: layout, offset: end), Self.grey)

        let named = try snapshot(top, ["--recursive"])
        XCTAssertEqual(colour(of: 0, in: named, layout: layout, offset: 0), Self.red, "sub/red.png comes first by name")
        XCTAssertEqual(colour(of: 1, in: named, layout: layout, offset: 0), Self.grey)

        let flat = try snapshot(top, ["--sort", "date"])
        let flatLayout = GridLayout(viewport: Self.size, count: 30, tuning: Tuning())
        let flatEnd = flatLayout.contentHeight + Tuning().tabBarHeight - Self.size.height
        XCTAssertEqual(
            colour(of: 29, in: flat, layout: flatLayout, offset: flatEnd), Self.grey,
            "without --recursive, the subfolder is not read")
    }

    func testABadSortIsOneLine() throws {
        for arguments in [["run", "--sort", "size"], ["snapshot", "--out", "never.png", "--sort", "size"]] {
            let r = try photozoom(arguments)
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertEqual(r.stderr, "photozoom: --sort must be name or date, got 'size'\n")
        }
        for command in ["run", "snapshot"] {
            let help = try photozoom([command, "--help"])
            XCTAssertTrue(
                help.stdout.contains("--recursive") && help.stdout.contains("--sort <name|date>"), help.stdout)
        }
    }

    /// A subfolder that cannot be read is one line, and the rest is shown. (Root may read any
    /// folder; as nobody the permission bits count, as they do for a user.)
    func testAnUnreadableSubfolderIsOneLineAndTheRestIsShown() throws {
        let top = try temporaryFolder()
        try writePNG(top.appendingPathComponent("a.png"), Self.grey)
        let locked = top.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try writePNG(locked.appendingPathComponent("b.png"), Self.red)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked.path)
        addTeardownBlock {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path)
        }
        let outputs = try temporaryFolder()
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: outputs.path)
        var launcher: [String] = []
        if getuid() == 0 {
            let setpriv = "/usr/bin/setpriv"
            guard FileManager.default.isExecutableFile(atPath: setpriv) else {
                throw XCTSkip("running as root without \(setpriv), so no folder is unreadable to this test")
            }
            launcher = [setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
        }
        let out = outputs.appendingPathComponent("shot.png").path
        let r = try photozoom(["snapshot", "--photos", top.path, "--recursive", "--out", out], launcher: launcher)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(
            r.stderr,
            "photozoom: cannot read folder 'locked' in photo folder '\(top.path)': Permission denied; its photos are left out\n"
        )
        XCTAssertTrue(FileManager.default.fileExists(atPath: out))
    }

    // MARK: - Helpers

    private func snapshot(_ folder: URL, _ options: [String]) throws -> RGBImage {
        let out = try temporaryFolder().appendingPathComponent("shot.png").path
        let r = try photozoom(["snapshot", "--photos", folder.path, "--size", "390x700", "--out", out] + options)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
        return try RGBImage(png: out)
    }

    /// The colour at the middle of photo `index`'s cell, the grid scrolled to `offset`.
    private func colour(of index: Int, in image: RGBImage, layout: GridLayout, offset: Double) -> [UInt8] {
        let centre = layout.frame(of: index).center
        return image.pixel(Int(centre.x), Int(centre.y - offset))
    }

    /// A 16×16 PNG of one colour, written by SDL_image.
    private func writePNG(_ file: URL, _ rgb: [UInt8]) throws {
        let surface = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, 16, 16, 32, SDL_PIXELFORMAT_RGBA32.rawValue))
        defer { SDL_FreeSurface(surface) }
        XCTAssertEqual(SDL_FillRect(surface, nil, SDL_MapRGB(surface.pointee.format, rgb[0], rgb[1], rgb[2])), 0)
        XCTAssertEqual(IMG_SavePNG(surface, file.path), 0)
    }
}
