import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// A headless replay costs what its outputs hold, not the recorded window's size (issue 35,
/// item 12): a recording of a 16384-point window took 81 s and 1.44 GB to make a 480-pixel GIF,
/// every frame drawn at the window's size and then shrunk; and a header asks for no more than
/// a window, a display and a library can be.
final class ReplayCostTests: PhotozoomCLITestCase {
    static let photos = (0..<12).map { PhotoInfo(name: "p\($0)", pixelSize: Size(width: 600, height: 400)) }

    /// The real executable under `time`: a GIF and a sheet of a 16384-point window, alone and
    /// beside another tuning, each in the memory of a small window's replay. `timeout` is the
    /// hang guard, far above the second each takes: it stops `time` and photozoom both (its
    /// process group), where the helper's own would stop `time` alone and leave photozoom
    /// running for its minute and a half.
    func testAWindowOf16384PointsMakesASmallGifInLittleMemory() throws {
        let folder = try temporaryFolder()
        let session = folder.appendingPathComponent("huge.jsonl")
        try RecordedScript.record(
            photos: Self.photos, window: Size(width: 16384, height: 16384), RecordedScript.openAndDismiss
        ).write(to: session, atomically: true, encoding: .utf8)
        let b = folder.appendingPathComponent("B.json")
        try Data("{\"springs\": {\"zoomIn\": {\"uikitDuration\": 0.4, \"dampingRatio\": 0.8}}}".utf8).write(to: b)
        for (name, compare) in [("alone", [String]()), ("beside", ["--compare", b.path])] {
            let gif = folder.appendingPathComponent(name + ".gif")
            let sheet = folder.appendingPathComponent(name + ".png")
            let r = try photozoom(
                ["replay", session.path, "--verify", "--gif", gif.path, "--contact-sheet", sheet.path] + compare,
                launcher: ["/usr/bin/timeout", "-k", "2", "25", "/usr/bin/time", "-f", "peak-rss-kib %M"])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertTrue(r.stdout.hasPrefix("verified: 322 ticks"), r.stdout)
            let rss = r.errorLines.first { $0.hasPrefix("peak-rss-kib ") }.flatMap {
                Int($0.dropFirst("peak-rss-kib ".count))
            }
            XCTAssertNotNil(rss, r.stderr)
            // A canvas of the window alone is 1 GiB; the pair's took 3.2 GB.
            XCTAssertLessThan(rss ?? .max, 200 << 10, "\(name): peak RSS in KiB")
            let decoded = try DecodedGif(gif.path)
            XCTAssertEqual(decoded.width, 480, name)
            XCTAssertEqual(decoded.height, compare.isEmpty ? 480 : 236, name)
            XCTAssertGreaterThan(try RGBImage(png: sheet.path).width, 200, name)
        }
    }

    /// Drawn at a quarter of a 1920-point window for a 480-pixel GIF, the frames show what
    /// the same replay's full-size PNG frames show, shrunk.
    func testAGifDrawnSmallShowsWhatTheFullSizeFramesShow() throws {
        let folder = try temporaryFolder()
        let session = folder.appendingPathComponent("wide.jsonl")
        try RecordedScript.record(
            photos: Self.photos, window: Size(width: 1920, height: 1440), RecordedScript.openAndDismiss
        ).write(to: session, atomically: true, encoding: .utf8)
        let frames = folder.appendingPathComponent("frames")
        let gif = folder.appendingPathComponent("wide.gif")
        for outputs in [["--frames", frames.path, "--fps", "20"], ["--gif", gif.path]] {
            let r = try photozoom(["replay", session.path, "--verify"] + outputs)
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        let decoded = try DecodedGif(gif.path)
        XCTAssertEqual([decoded.width, decoded.height], [480, 360])
        let timeline = decoded.timeline(slot: 5)
        // The grid, the page at rest, the drag down, the flight home, the grid again.
        for k in [1, 20, 30, 36, 50] {
            let png = try RGBImage(png: frames.appendingPathComponent(String(format: "frame-%06d.png", k)).path)
            XCTAssertEqual([png.width, png.height], [1920, 1440])
            let differences = zip(timeline[k].gridMeans(12), png.gridMeans(12)).map { abs($0 - $1) }
            // Measured at most 2.6 levels; drawn at the window's scale into the small picture, 49 to 199.
            XCTAssertLessThan(differences.max()!, 5, "frame \(k): the GIF's regions against the PNG's")
        }
    }

    /// Each bound a header has, passed by one: the file is refused in one line naming what is
    /// past the bound and the bound, exit 2, before anything is drawn.
    func testAHeaderPastEachBoundIsRefusedInOneLine() throws {
        let folder = try temporaryFolder()
        let header = try String(
            contentsOf: PackagePaths.fixtures.appendingPathComponent("sessions/tap.jsonl"), encoding: .utf8
        ).split(separator: "\n")[0]
        let cases: [(edit: (inout [String: Any]) -> Void, message: String)] = [
            (
                { $0["window"] = ["width": 16385, "height": 16384, "pixelDensity": 1] },
                "its window is 16385.0×16384.0 points; a window is 1 to 16384 points a side"
            ),
            (
                { $0["window"] = ["width": 390, "height": 700, "pixelDensity": 16.5] },
                "its window has 16.5 pixels per point; a display has 0.25 to 16.0"
            ),
            (
                { $0["photos"] = [["name": "p0", "width": 1_048_577, "height": 400, "placeholder": false]] },
                "photo 0 is 1048577.0×400.0 pixels; a photo is 1 to 1048576 pixels a side"
            ),
            (
                { $0["loop"] = ["tickRate": 1001, "maxFrameDelta": 0.25] },
                "its tuning is one no tuning file gives: debug.tickRate: must lie in [30, 1000], got 1001.0"
            ),
        ]
        for (i, (edit, message)) in cases.enumerated() {
            var object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(header.utf8)) as? [String: Any])
            edit(&object)
            let file = folder.appendingPathComponent("doctored-\(i).jsonl")
            try JSONSerialization.data(withJSONObject: object).write(to: file)
            let r = try photozoom(["replay", file.path, "--gif", folder.appendingPathComponent("\(i).gif").path])
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertEqual(
                r.errorLines, ["photozoom: '\(file.path)' has a header no recording could have: " + message])
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(i).gif").path))
        }
    }
}
