import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomLibrary
@testable import PhotoZoomLoader
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
    }
}
