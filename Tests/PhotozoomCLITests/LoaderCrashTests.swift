import Foundation
import PhotoZoomTestSupport
import XCTest

/// The executable's own loaders (forked before it had threads, then started anew after a crash):
/// a decoder that crashes on one photo costs that photo one line and a placeholder, and the
/// command goes on to the end.
final class LoaderCrashTests: PhotozoomCLITestCase {
    func testADecoderCrashingOnOnePhotoCostsOneLine() throws {
        let folder = try temporaryFolder()
        for photo in ["coffee.jpg", "rocket.jpg", "flower.jpg", "coins.jpg"] {
            try FileManager.default.copyItem(
                at: PackagePaths.root.appendingPathComponent("assets/photos/\(photo)"),
                to: folder.appendingPathComponent(photo))
        }
        let out = folder.appendingPathComponent("grid.png")
        for how in ["SEGV", "KILL"] {
            try? FileManager.default.removeItem(at: out)
            let r = try photozoom(
                ["snapshot", "--photos", folder.path, "--out", out.path, "--size", "400x400"],
                env: [
                    "PHOTOZOOM_LOADER_CRASH": "coffee.jpg:\(how)",
                    "XDG_CACHE_HOME": folder.appendingPathComponent("cache-\(how)").path,
                ])
            XCTAssertEqual(r.status, 0, r.stderr)
            let signal = how == "SEGV" ? "signal 11 (Segmentation fault)" : "signal 9 (Killed)"
            XCTAssertEqual(
                r.errorLines,
                [
                    "photozoom: cannot decode \(folder.path)/coffee.jpg (the decoder crashed: \(signal)); showing a placeholder"
                ])
            XCTAssertNotNil(pngSize(try Data(contentsOf: out)), "the grid was drawn")
        }
    }
}
