import Foundation
import PhotoZoomTestSupport
import XCTest

/// `bench --scale-photos` and `--heic` through the real binary: folders of 200, 1,000 and
/// 10,000 photos opened cold and warm, and a HEIC's thumbnail against libheif's own thumbnailer.
final class BenchScaleTests: PhotozoomCLITestCase {
    struct Report: Decodable {
        struct FolderSize: Decodable {
            let photos: Int
            let cells_in_view: Int
            let decode_floor_ms: Double
            let first_screen_ms_cold: Double
            let first_screen_ms_warm: Double
        }
        struct HEIC: Decodable {
            let thumbnail_side: Int
            let thumbnail_cpu_ms: Double
            let heif_thumbnailer_cpu_ms: Double?
            let photos: Int
            let cells_in_view: Int
            let decode_floor_ms: Double
            let first_screen_ms_cold: Double
        }
        let folder_sizes: [FolderSize]
        let heic: HEIC
    }

    func testFolderSizesAndAHEICAreMeasured() throws {
        let photos = try temporaryFolder()
        for i in 1...3 {
            try BigLibraryReplayTests.writeJPEG(
                photos.appendingPathComponent("IMG_000\(i).jpg"), width: 64 + i * 8, height: 48)
        }
        let heic = photos.appendingPathComponent("phone.heic")
        let png = try temporaryFolder().appendingPathComponent("seed.png")
        let magick = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/convert"), ["-size", "640x480", "gradient:red-blue", png.path],
            environment: ProcessInfo.processInfo.environment, timeout: 120)
        XCTAssertEqual(magick.status, 0, magick.stderr)
        let encoded = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/heif-enc"), ["-q", "50", "-t", "320", "-o", heic.path, png.path],
            environment: ProcessInfo.processInfo.environment, timeout: 120)
        XCTAssertEqual(encoded.status, 0, encoded.stderr)
        let jpegs = try temporaryFolder()
        for i in 1...3 {
            try FileManager.default.linkItem(
                at: photos.appendingPathComponent("IMG_000\(i).jpg"),
                to: jpegs.appendingPathComponent("IMG_000\(i).jpg"))
        }
        let r = try photozoom(
            [
                "bench", "--json", "--repeats", "1", "--size", "1280x800", "--photos", jpegs.path, "--scale-photos",
                jpegs.path, "--heic", heic.path,
            ], timeout: 1_800)
        XCTAssertEqual(r.status, 0, "stderr: \(r.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(r.stdout.utf8))
        XCTAssertEqual(report.folder_sizes.map(\.photos), [200, 1_000, 10_000])
        // The same first screen at every size: what grows is what the rest of the folder costs.
        XCTAssertEqual(Set(report.folder_sizes.map(\.cells_in_view)).count, 1, r.stdout)
        XCTAssertGreaterThan(report.folder_sizes[0].cells_in_view, 50, r.stdout)
        for size in report.folder_sizes {
            XCTAssertTrue(
                size.decode_floor_ms > 0 && size.first_screen_ms_cold > 0 && size.first_screen_ms_warm > 0, r.stdout)
        }
        XCTAssertEqual(report.heic.photos, 96)
        XCTAssertEqual(report.heic.thumbnail_side, 256)
        XCTAssertTrue(report.heic.thumbnail_cpu_ms > 0 && report.heic.first_screen_ms_cold > 0, r.stdout)
        XCTAssertEqual(report.heic.cells_in_view, report.folder_sizes[0].cells_in_view)
        // setup.sh --test installs heif-thumbnailer.
        XCTAssertNotNil(report.heic.heif_thumbnailer_cpu_ms, r.stdout)
        XCTAssertNil(
            try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path).first {
                $0.hasPrefix("photozoom-bench-folders-")
            }, "the linked folders are removed")
    }

    func testAFolderOrFileThatIsNotThereIsOneLine() throws {
        let folder = try temporaryFolder()
        for (arguments, line) in [
            (
                ["--scale-photos", folder.appendingPathComponent("none").path],
                "photozoom: --scale-photos must name a folder of photos, got '\(folder.path)/none'"
            ),
            (["--heic", folder.path], "photozoom: --heic must name a HEIC file, got '\(folder.path)'"),
        ] {
            let r = try photozoom(["bench"] + arguments)
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertEqual(r.errorLines.first, line, r.stderr)
            XCTAssertEqual(r.stdout, "")
        }
    }
}
