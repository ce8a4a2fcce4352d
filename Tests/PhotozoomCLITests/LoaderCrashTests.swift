import Foundation
import PhotoZoomTestSupport
import XCTest

/// The executable's own loaders (started with it, then anew after a crash): a decoder that
/// crashes on one photo costs that photo one line and a placeholder, and the command goes on to
/// the end. The crashes are the tests' loader's (`FaultLoader`), put beside a copy of
/// `photozoom` as its `photozoom-loader`: the shipped pair has no way to crash on purpose.
final class LoaderCrashTests: PhotozoomCLITestCase {
    func testADecoderCrashingOnOnePhotoCostsOneLine() throws {
        let folder = try temporaryFolder()
        let programs = folder.appendingPathComponent("programs")
        try FileManager.default.createDirectory(at: programs, withIntermediateDirectories: true)
        let copy = programs.appendingPathComponent("photozoom")
        try FileManager.default.copyItem(at: Self.executable, to: copy)
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: FaultLoader.path), to: programs.appendingPathComponent("photozoom-loader"))
        for photo in ["coffee.jpg", "rocket.jpg", "flower.jpg", "coins.jpg"] {
            try FileManager.default.copyItem(
                at: PackagePaths.root.appendingPathComponent("assets/photos/\(photo)"),
                to: folder.appendingPathComponent(photo))
        }
        let out = folder.appendingPathComponent("grid.png")
        for how in ["SEGV", "KILL"] {
            try? FileManager.default.removeItem(at: out)
            let r = try photozoom(
                ["snapshot", "--photos", folder.path, "--out", out.path, "--size", "400x400"], program: copy,
                env: [
                    FaultLoader.variable: "coffee.jpg:\(how)",
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
