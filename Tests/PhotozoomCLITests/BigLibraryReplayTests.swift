import CSDL2
import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// A replay over a library of phone-sized photos decodes only what its frames show, at the size
/// they show it: its memory follows the window, not the library, and every frame shows its
/// photos whole.
final class BigLibraryReplayTests: PhotozoomCLITestCase {
    /// The photos' one colour: any pixel of them, at any size.
    static let colour: [UInt8] = [200, 60, 40]

    func testAReplayOverThirtyPhonePhotosDecodesOnlyWhatItsFramesShow() throws {
        let folder = try temporaryFolder()
        let library = folder.appendingPathComponent("library")
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        // Thirty 4032×3024 photos, 48 MB of pixels each decoded whole: links to one file.
        let first = library.appendingPathComponent("IMG_0001.jpg")
        try Self.writeJPEG(first, width: 4032, height: 3024)
        var names = [first.lastPathComponent]
        for i in 2...30 {
            names.append(String(format: "IMG_%04d.jpg", i))
            try FileManager.default.linkItem(at: first, to: library.appendingPathComponent(names.last!))
        }
        // The last, far below the window, is no photo at all: decoding it would say so.
        names.append("IMG_0031.jpg")
        try Data("not a photo".utf8).write(to: library.appendingPathComponent(names.last!))
        let session = folder.appendingPathComponent("session.jsonl")
        let photos = names.map { PhotoInfo(name: $0, pixelSize: Size(width: 4032, height: 3024)) }
        try RecordedScript.record(photos: photos, RecordedScript.openAndDismiss).write(
            to: session, atomically: true, encoding: .utf8)

        let frames = folder.appendingPathComponent("frames")
        let r = try photozoom(
            ["replay", session.path, "--verify", "--frames", frames.path, "--fps", "10", "--photos", library.path],
            launcher: ["/usr/bin/time", "-f", "peak-rss-kib %M"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("verified: 322 ticks"), r.stdout)
        XCTAssertFalse(
            r.stderr.contains("IMG_0031.jpg"), "no frame shows photo 31, so it is never decoded: \(r.stderr)")
        let rss = r.errorLines.first { $0.hasPrefix("peak-rss-kib ") }.flatMap {
            Int($0.dropFirst("peak-rss-kib ".count))
        }
        XCTAssertNotNil(rss, r.stderr)
        // Far above what the replay takes, far below what decoding every photo whole took
        // (docs/performance.md has both).
        XCTAssertLessThan(rss ?? .max, 150 << 10, "peak RSS in KiB")

        // One frame every 12 ticks: the page at rest at tick 120, the grid at rest at tick 312.
        func frame(_ n: Int) throws -> RGBImage {
            try RGBImage(png: frames.appendingPathComponent(String(format: "frame-%06d.png", n)).path)
        }
        func assertPhoto(_ pixel: [UInt8], _ what: String) {
            XCTAssertLessThanOrEqual(
                zip(pixel, Self.colour).map { abs(Int($0) - Int($1)) }.max()!, 6, "\(what) shows the photo: \(pixel)")
        }
        assertPhoto(try frame(10).pixel(195, 350), "the page")
        let grid = try frame(26)
        // Three columns of 128.67-point cells 130.67 apart; five whole rows above the tab bar.
        for cell in 0..<15 {
            let x = Int(Double(cell % 3) * 130.67 + 64)
            let y = Int(Double(cell / 3) * 130.67 + 64)
            assertPhoto(grid.pixel(x, y), "cell \(cell)")
        }
    }

    /// A JPEG of `colour`, written through SDL_image.
    static func writeJPEG(_ file: URL, width: Int, height: Int) throws {
        _ = IMG_Init(Int32(IMG_INIT_JPG.rawValue))
        let surface = try XCTUnwrap(
            SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_RGBA32.rawValue))
        defer { SDL_FreeSurface(surface) }
        XCTAssertEqual(
            SDL_FillRect(surface, nil, SDL_MapRGBA(surface.pointee.format, colour[0], colour[1], colour[2], 255)), 0)
        XCTAssertEqual(IMG_SaveJPG(surface, file.path, 90), 0, "cannot write \(file.path)")
    }
}
