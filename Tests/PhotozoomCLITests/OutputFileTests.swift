import Foundation
import PhotoZoomTestSupport
import XCTest

/// The files `snapshot` and `curve --png` write, and the output `curve` and `bench` print: a
/// write that fails says why and exits non-zero, and never leaves a truncated file or costs
/// the user the file that was there.
final class OutputFileTests: PhotozoomCLITestCase {
    let plot = ["curve", "--response", "0.5", "--damping-ratio", "0.5"]

    func testAFolderGivenAsTheImageToWriteIsNamedAsAFolder() throws {
        let folder = try temporaryFolder()
        for arguments in [
            ["snapshot", "--out", folder.path + "/"], ["snapshot", "--out", folder.path, "--overwrite"],
            plot + ["--png", folder.path, "--overwrite"],
        ] {
            let r = try photozoom(arguments)
            XCTAssertEqual(r.status, 2, "\(arguments): \(r.stderr)")
            XCTAssertEqual(r.errorLines.count, 1, r.stderr)
            XCTAssertTrue(r.stderr.contains("is a folder"), r.stderr)
            XCTAssertFalse(r.stderr.contains("--overwrite"), "overwriting would not help: \(r.stderr)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "the folder is untouched")
    }

    /// The format is the one the extension names; an extension we cannot write is refused.
    func testTheImageIsWrittenInTheFormatItsExtensionNames() throws {
        let folder = try temporaryFolder()
        let jpegSignature: [UInt8] = [0xFF, 0xD8, 0xFF]
        for name in ["s.jpg", "s.JPEG"] {
            let out = folder.appendingPathComponent(name)
            let r = try photozoom(["snapshot", "--out", out.path])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(Array(try Data(contentsOf: out).prefix(3)), jpegSignature, "\(name) is a JPEG")
        }
        let curveJPEG = folder.appendingPathComponent("c.jpg")
        XCTAssertEqual(try photozoom(plot + ["--png", curveJPEG.path]).status, 0)
        XCTAssertEqual(Array(try Data(contentsOf: curveJPEG).prefix(3)), jpegSignature)
        let curvePNG = folder.appendingPathComponent("c.png")
        XCTAssertEqual(try photozoom(plot + ["--png", curvePNG.path]).status, 0)
        XCTAssertNotNil(pngSize(try Data(contentsOf: curvePNG)))

        for name in ["s.gif", "s.webp", "snapshot"] {
            for arguments in [["snapshot", "--out"], plot + ["--png"]] {
                let r = try photozoom(arguments + [folder.appendingPathComponent(name).path])
                XCTAssertEqual(r.status, 2, "\(name): \(r.stderr)")
                XCTAssertEqual(r.errorLines.count, 1, r.stderr)
                XCTAssertTrue(r.stderr.contains(".png, .jpg or .jpeg"), r.stderr)
            }
        }
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
            ["c.jpg", "c.png", "s.JPEG", "s.jpg"])
    }

    /// A disk that fills up mid-write: the command says so and fails, the file that was there
    /// is kept byte for byte, and no partial or temporary file is left behind.
    func testAFullDiskKeepsTheOldFileAndSaysWhy() throws {
        let disk = try temporaryFolder().appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        guard mount(["-t", "tmpfs", "-o", "size=64k", "tmpfs", disk.path]) else {
            throw XCTSkip("cannot mount a 64 KiB tmpfs here (needs root and mount rights), so no disk can fill up")
        }
        addTeardownBlock { _ = self.mount([disk.path], program: "/bin/umount") }
        let old = disk.appendingPathComponent("old.png")
        let before = Data("the user's file".utf8)
        try before.write(to: old)

        let cases: [[String]] = [
            ["snapshot", "--out", old.path, "--overwrite"],
            ["snapshot", "--out", disk.appendingPathComponent("new.png").path],
            plot + ["--png", old.path, "--png-size", "4000x4000", "--overwrite"],
            plot + ["--png", disk.appendingPathComponent("new.jpg").path, "--png-size", "4000x4000"],
        ]
        for arguments in cases {
            let r = try photozoom(arguments)
            let what = arguments.joined(separator: " ")
            XCTAssertEqual(r.status, 1, "\(what): \(r.stderr)")
            XCTAssertEqual(r.errorLines.count, 1, "\(what): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("No space left on device"), "\(what): \(r.stderr)")
            XCTAssertEqual(try Data(contentsOf: old), before, "\(what): the old file is kept")
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: disk.path), ["old.png"],
                "\(what): nothing left behind")
        }
    }

    /// Standard output that cannot be written (a full disk, here /dev/full) is an error too.
    func testOutputThatCannotBeWrittenFailsInOneLine() throws {
        let toDevFull = ["/bin/sh", "-c", "exec \"$0\" \"$@\" > /dev/full"]
        for arguments in [
            plot, plot + ["--duration", "100"], ["bench", "--repeats", "1", "--json"], ["curve", "--help"],
        ] {
            let r = try photozoom(arguments, launcher: toDevFull)
            let what = arguments.joined(separator: " ")
            XCTAssertEqual(r.status, 1, "\(what): \(r.stderr)")
            XCTAssertEqual(r.stderr, "photozoom: cannot write to standard output: No space left on device\n", what)
        }
    }

    /// Runs mount (or umount); true if it worked.
    private func mount(_ arguments: [String], program: String = "/bin/mount") -> Bool {
        guard let r = try? ChildProcess.run(URL(fileURLWithPath: program), arguments, environment: [:], timeout: 60)
        else { return false }
        return r.exitedNormally && r.status == 0
    }
}
