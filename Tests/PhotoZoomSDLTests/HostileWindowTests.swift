import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore
@testable import PhotoZoomLibrary
@testable import PhotoZoomSDL

/// The real window on a folder whose first screen is twenty hostile files beside real photos:
/// it opens (how soon is bench's first frame, on any folder), names the first ten in a line
/// each and counts the rest in one, shows the photos, and its process stays far below a
/// gigabyte, since nothing hostile is decoded in it.
final class HostileWindowTests: XCTestCase {
    func testTwentyHostileFilesInViewCostALineAtMostAndNoMemory() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pz-hostile-window-\(UUID().uuidString)")
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pz-hostile-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: cache)
        }
        // Named to sort first, so all twenty are in the grid's first rows.
        var hostile: [String] = []
        for i in 0..<20 {
            let shape = HostileImageTests.corpus[i % HostileImageTests.corpus.count]
            let name = String(format: "a%02d-", i) + shape.name
            try Data(shape.bytes).write(to: folder.appendingPathComponent(name))
            hostile.append(name)
        }
        for photo in ["coffee.jpg", "rocket.jpg", "flower.jpg", "coins.jpg"] {
            try FileManager.default.copyItem(
                at: PackagePaths.root.appendingPathComponent("assets/photos/\(photo)"),
                to: folder.appendingPathComponent("b-\(photo)"))
        }

        let session = try XvfbSession(width: 900, height: 700)
        defer { session.stop() }
        let env = session.environment([
            "SDL_VIDEODRIVER": "x11", "SDL_RENDER_DRIVER": nil, "XDG_CACHE_HOME": cache.path,
        ])
        let app = try session.start(
            PackagePaths.executable.path, ["run", "--photos", folder.path, "--size", "800x600"], name: "hostile",
            environment: env, directory: PackagePaths.root)
        defer {
            kill(app.processIdentifier, SIGTERM)
            app.waitUntilExit()
        }
        let (_, frame) = try session.waitForWindow(named: "^PhotoZoom$", timeout: 60)

        // Every line in: one for each of the first hostile files found, the rest counted in one,
        // and none for the photos.
        let deadline = Date() + HangGuard.seconds
        let named = BrokenPhotoLines.named
        let summary = "photozoom: \(hostile.count - named) more photos cannot be decoded; showing placeholders"
        func lines() -> [String] {
            session.log(of: app).split(separator: "\n").map(String.init).filter {
                $0.hasPrefix("photozoom: cannot decode") || $0.contains("more photos cannot be decoded")
            }
        }
        while !lines().contains(summary), Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        let said = lines()
        XCTAssertEqual(said.count, named + 1, session.log(of: app))
        XCTAssertEqual(said.filter { $0 == summary }.count, 1, session.log(of: app))
        for name in hostile {
            XCTAssertLessThanOrEqual(said.filter { $0.contains("/\(name) (") }.count, 1, "at most one line for \(name)")
        }
        XCTAssertFalse(said.contains { $0.contains("/b-") }, "the photos decode")
        XCTAssertTrue(app.isRunning, session.log(of: app))

        // The process's peak memory: what it drew, not what the files claimed.
        let status = try String(contentsOfFile: "/proc/\(app.processIdentifier)/status", encoding: .utf8)
        let peakKiB =
            status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }.flatMap { Int($0.split(separator: " ")[1]) }
            ?? .max
        XCTAssertLessThan(peakKiB, 1 << 20, "the window's process peaked at \(peakKiB) KiB")

        // The photos show: the window holds many colours, not only placeholders' greys.
        let shot = try session.screenshot(of: frame).image
        var colours = Set<[UInt8]>()
        for y in stride(from: 0, to: shot.height, by: 7) {
            for x in stride(from: 0, to: shot.width, by: 7) {
                let i = (y * shot.width + x) * 4
                colours.insert([shot.pixels[i] / 16, shot.pixels[i + 1] / 16, shot.pixels[i + 2] / 16])
            }
        }
        XCTAssertGreaterThan(colours.count, 40, "photos are drawn")
    }
}
