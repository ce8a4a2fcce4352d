import Foundation
import PhotoZoomTestSupport
import XCTest

/// The executable's own loaders (started with it, then anew after a crash): a decoder that
/// crashes on one photo costs that photo one line and a placeholder, and the command goes on to
/// the end; a loader killed from outside is tried again. The crashes are the tests' loader's (`FaultLoader`), put beside a copy of
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
        let placeholder = "photozoom: cannot decode \(folder.path)/coffee.jpg (the decoder crashed: "
        // A crash of the decoder's own is the file's; a loader killed from outside is tried
        // again (a new loader, after a pause) three times before the photo is a placeholder, and
        // shown if one of them decodes it.
        for (how, lines) in [
            ("SEGV", [placeholder + "signal 11 (Segmentation fault)); showing a placeholder"]),
            (
                "KILL",
                [
                    placeholder + "signal 9 (Killed)); trying again in 1 s",
                    placeholder + "signal 9 (Killed)); showing a placeholder",
                ]
            ),
            ("KILLONCE", [placeholder + "signal 9 (Killed)); trying again in 1 s"]),
        ] {
            try? FileManager.default.removeItem(at: out)
            let r = try photozoom(
                ["snapshot", "--photos", folder.path, "--out", out.path, "--size", "400x400"], program: copy,
                env: [
                    FaultLoader.variable: "coffee.jpg:\(how)",
                    FaultLoader.onceVariable: folder.appendingPathComponent("once-\(how)").path,
                    "XDG_CACHE_HOME": folder.appendingPathComponent("cache-\(how)").path,
                ])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(r.errorLines, lines, how)
            XCTAssertNotNil(pngSize(try Data(contentsOf: out)), "the grid was drawn")
        }
    }
}
