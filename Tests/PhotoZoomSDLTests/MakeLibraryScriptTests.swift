import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomLibrary
@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface
@testable import PhotoZoomSDL
@testable import PhotoZoomUntrusted

/// `scripts/make-library.sh`, the big libraries' source: phone-sized photos, every fourth stored
/// sideways with its orientation, each its own; refusals in one line.
final class MakeLibraryScriptTests: XCTestCase {
    let script = PackagePaths.root.appendingPathComponent("scripts/make-library.sh").path

    func make(_ arguments: [String]) throws -> ChildProcess.Outcome {
        try ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"), [script] + arguments, environment: ProcessInfo.processInfo.environment,
            timeout: 120)
    }

    func testFourPhotosLikeAPhonesTheFourthStoredSideways() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-library-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try make(["4", folder.path])
        XCTAssertEqual(made.status, 0, made.stderr)
        let files = try PhotoFolder.imageFiles(in: folder.path)
        XCTAssertEqual(
            files.map(\.lastPathComponent), ["IMG_00001.jpg", "IMG_00002.jpg", "IMG_00003.jpg", "IMG_00004.jpg"])
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).count, 4, "no half-made photo left")
        for file in files {
            let data = try Data(contentsOf: file)
            XCTAssertGreaterThan(data.count, 1_000_000, "a phone's photo is megabytes: \(file.lastPathComponent)")
            XCTAssertEqual(PhotoExif(bytes: data).orientation, file.lastPathComponent == "IMG_00004.jpg" ? .right : .up)
            // Each embeds a phone's 160×120 preview, stored the same way round as the photo.
            let preview = PhotoExif(bytes: data).preview.flatMap { PhotoHeader.dimensions(of: $0) }
            XCTAssertEqual(preview.map { [$0.width, $0.height] }, [160, 120], file.lastPathComponent)
            XCTAssertEqual(
                try PhotoProbe.probe(file).get().previewSize,
                file.lastPathComponent == "IMG_00004.jpg"
                    ? PixelBox(width: 120, height: 160) : PixelBox(width: 160, height: 120))
        }
        let photos = try PhotoLibrary.load(folder.path, log: { XCTFail($0) })
        XCTAssertEqual(
            photos.infos.map(\.pixelSize),
            [
                Size(width: 4032, height: 3024), Size(width: 4032, height: 3024),
                Size(width: 4032, height: 3024), Size(width: 3024, height: 4032),
            ])
        XCTAssertEqual(Set(files.compactMap { ContentHash.of(file: $0.path) }).count, 4, "no two alike")
    }

    /// Without previews, as an editor's export is: every cell is then decoded from its photo,
    /// which `bench` measures against libjpeg-turbo's floor. The orientation stays.
    func testWithoutPreviewsThePhotosCarryOnlyTheirOrientation() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-library-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try make(["--no-previews", "4", folder.path])
        XCTAssertEqual(made.status, 0, made.stderr)
        for file in try PhotoFolder.imageFiles(in: folder.path) {
            let exif = PhotoExif(bytes: try Data(contentsOf: file))
            XCTAssertNil(exif.preview, file.lastPathComponent)
            XCTAssertEqual(exif.orientation, file.lastPathComponent == "IMG_00004.jpg" ? .right : .up)
        }
    }

    /// Past the distinct photos, hard links to them in turn, portraits to portraits: each its
    /// own path, with no more disk.
    func testPastTheDistinctPhotosTheRestAreLinksToThem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-library-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var environment = ProcessInfo.processInfo.environment
        environment["MAKE_LIBRARY_DISTINCT"] = "4"
        let made = try ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"), [script, "--no-previews", "9", folder.path], environment: environment,
            timeout: 120)
        XCTAssertEqual(made.status, 0, made.stderr)
        func inode(_ i: Int) throws -> Int {
            let path = folder.appendingPathComponent(String(format: "IMG_%05d.jpg", i)).path
            return try (FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int) ?? -1
        }
        XCTAssertEqual(Set(try (1...4).map(inode)).count, 4, "the first four are photos of their own")
        for i in 5...9 { XCTAssertEqual(try inode(i), try inode((i - 1) % 4 + 1), "IMG_\(i) links its turn's photo") }
        XCTAssertEqual(try PhotoLibrary.load(folder.path, log: { XCTFail($0) }).infos.count, 9)
    }

    func testRefusalsAreOneLine() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pz-library-file-\(UUID().uuidString)")
        try "mine".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        for (arguments, message) in [
            (["0", "/tmp/never"], "make-library: N must be a whole number from 1 to 100000, got '0'"),
            (["x", "/tmp/never"], "make-library: N must be a whole number from 1 to 100000, got 'x'"),
            (["2", file.path], "make-library: '\(file.path)' is a file, not a folder"),
            (
                ["2", FileManager.default.temporaryDirectory.path],
                "make-library: '\(FileManager.default.temporaryDirectory.path)' is not empty, and photos never replace files"
            ),
        ] {
            let r = try make(arguments)
            XCTAssertEqual(r.status, 2)
            XCTAssertEqual(r.stderr, message + "\n")
        }
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "mine")
        var environment = ProcessInfo.processInfo.environment
        environment["MAKE_LIBRARY_DISTINCT"] = "6"
        let odd = try ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"), [script, "2", "/tmp/never"], environment: environment, timeout: 120)
        XCTAssertEqual(odd.status, 2)
        XCTAssertEqual(odd.stderr, "make-library: MAKE_LIBRARY_DISTINCT must be a multiple of 4 from 4 on, got '6'\n")
        // A PATH with ImageMagick's convert and bash but no heif-enc.
        let tools = FileManager.default.temporaryDirectory.appendingPathComponent("pz-tools-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: tools) }
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        for tool in ["convert", "bash", "dirname", "ls"] {
            try FileManager.default.createSymbolicLink(
                atPath: tools.appendingPathComponent(tool).path, withDestinationPath: "/usr/bin/\(tool)")
        }
        environment = ["PATH": tools.path]
        let noEncoder = try ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"), [script, "--heic", "2", "/tmp/never"], environment: environment,
            timeout: 120)
        XCTAssertEqual(noEncoder.status, 2)
        XCTAssertEqual(
            noEncoder.stderr,
            "make-library: --heic needs libheif's heif-enc (scripts/setup.sh --test installs it)\n")
    }
}
