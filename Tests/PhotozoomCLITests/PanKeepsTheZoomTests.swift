import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// Issue 33's "a diagonal pan of a zoomed photo zooms it further, and it keeps growing after
/// release", judged as a person judges it: by the pixels. The bug report's recording is drawn
/// by the real executable, and every frame of the pan and the coast after it is held to the
/// photo's own pixels (decoded by SDL_image, not by photozoom) at 2.5×, placed where the pan
/// has carried it. A photo drawn larger shows its features spread over more pixels, and fails.
final class PanKeepsTheZoomTests: PhotozoomCLITestCase {
    func testEveryFrameOfThePanShowsThePhotoAtTwoAndAHalfTimes() throws {
        let session = PackagePaths.fixtures.appendingPathComponent("sessions/pan-zooms-in.jsonl")
        let folder = try temporaryFolder()
        let r = try photozoom(["replay", session.path, "--verify", "--frames", folder.path, "--fps", "10"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let photo = try RGBImage(png: PackagePaths.bundledPhotos + "/cameraman.jpg")
        XCTAssertEqual([photo.width, photo.height], [512, 512])

        // Frame k is drawn at tick 12 k, as the sim stood then.
        var player = SessionPlayer(try SessionRecording.read(try String(contentsOf: session, encoding: .utf8)))
        var checked = 0
        for k in 1... {
            let path = folder.appendingPathComponent(String(format: "frame-%06d.png", k)).path
            guard FileManager.default.fileExists(atPath: path) else { break }
            while player.tick < 12 * k, !player.atEnd { player.step() }
            // From the press that starts the pan (tick 224) to the end.
            guard player.tick >= 228, let zoomed = player.sim.world.viewer.zoom.frame else { continue }
            let frame = try RGBImage(png: path)
            let scale = zoomed.width / 512
            XCTAssertEqual(scale, 2.5 * 393 / 512, accuracy: 1e-9, "tick \(player.tick)")
            // Below the top bar, texel by texel as the window maps them.
            var expected: [UInt8] = []
            for y in 44..<frame.height {
                for x in 0..<frame.width {
                    let u = min(max(Int(((Double(x) + 0.5 - zoomed.minX) / scale).rounded(.down)), 0), 511)
                    let v = min(max(Int(((Double(y) + 0.5 - zoomed.minY) / scale).rounded(.down)), 0), 511)
                    expected += photo.pixel(u, v)
                }
            }
            let shown = frame.cropped(x: 0, y: 44, w: frame.width, h: frame.height - 44)
            let difference = shown.meanAbsoluteDifference(
                to: RGBImage(width: frame.width, height: frame.height - 44, pixels: expected))
            XCTAssertLessThan(
                difference, 8, "tick \(player.tick), photo at \(zoomed): the window shows it at another size")
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 10, "the pan's frames and the coast's")
    }
}
