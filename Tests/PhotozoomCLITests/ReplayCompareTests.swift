import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// `photozoom replay FILE --compare B.json`: the recorded input replayed under B beside the
/// recording, each half what a replay of that tuning alone draws.
final class ReplayCompareTests: PhotozoomCLITestCase {
    static let tuningB =
        #"{"springs": {"zoomIn": {"uikitDuration": 0.9, "dampingRatio": 0.5}}, "dismissal": {"shrink": 0.3}}"#

    /// A tap that opens photo 4 and, once it landed, a drag down that dismisses it, under `tuning`.
    static func session(_ tuning: Tuning) throws -> String {
        try RecordedScript.record(
            photos: (0..<12).map { PhotoInfo(name: "p\($0).jpg", pixelSize: Size(width: 600, height: 400)) },
            tuning: tuning,
            RecordedScript.openAndDismiss)
    }

    func testEachHalfIsTheReplayOfItsTuningAlone() throws {
        let folder = try temporaryFolder()
        let b = folder.appendingPathComponent("b.json")
        try Self.tuningB.write(to: b, atomically: true, encoding: .utf8)
        let tuningB = TuningFile.read(Self.tuningB).file.tuning
        let a = folder.appendingPathComponent("a.jsonl")
        let alone = folder.appendingPathComponent("b-alone.jsonl")
        try Self.session(Tuning()).write(to: a, atomically: true, encoding: .utf8)
        try Self.session(tuningB).write(to: alone, atomically: true, encoding: .utf8)
        func frames(_ name: String, _ arguments: [String]) throws -> [RGBImage] {
            let dir = folder.appendingPathComponent(name)
            let r = try photozoom(["replay"] + arguments + ["--frames", dir.path, "--fps", "20"])
            XCTAssertEqual(r.status, 0, r.stderr)
            return try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted().map {
                try RGBImage(png: dir.appendingPathComponent($0).path)
            }
        }
        let both = try frames("both", [a.path, "--compare", b.path])
        let onlyA = try frames("a", [a.path])
        let onlyB = try frames("b", [alone.path])
        XCTAssertEqual(both.count, onlyA.count)
        XCTAssertEqual(onlyB.count, onlyA.count)
        XCTAssertGreaterThan(both.count, 20)
        // The window is taller than wide: the two sit across, each 390 wide, 8 apart, each
        // under a strip of its own (two or three lines: B's name and its three differences).
        let strip = (both.first?.height ?? 0) - 700
        XCTAssertEqual(both.first?.width, 788)
        XCTAssertTrue([46, 66].contains(strip), "a strip of \(strip)")
        // Below the labels, the whole of each half is its own replay, pixel for pixel.
        var differing = 0
        for (k, (pair, (left, right))) in zip(both, zip(onlyA, onlyB)).enumerated() {
            for y in stride(from: 0, to: 700, by: 3) {
                for x in stride(from: 0, to: 390, by: 3) {
                    XCTAssertEqual(pair.pixel(x, strip + y), left.pixel(x, y), "frame \(k + 1), A at (\(x), \(y))")
                    XCTAssertEqual(
                        pair.pixel(398 + x, strip + y), right.pixel(x, y), "frame \(k + 1), B at (\(x), \(y))")
                    if left.pixel(x, y) != right.pixel(x, y) { differing += 1 }
                    if pair.pixel(x, strip + y) != left.pixel(x, y)
                        || pair.pixel(398 + x, strip + y) != right.pixel(x, y)
                    {
                        return
                    }
                }
            }
        }
        XCTAssertGreaterThan(differing, 1000, "B's springs move otherwise than A's")
    }

    /// B's zoom-in takes 0.6 s, not 0.5: its photo lands in the pager at tick 117, 150 ms after
    /// A's at 99. Said on stderr, under the sheet's title and by a tile at tick 117, in the
    /// colour the replay window's timeline marks it with.
    func testWhereBDiffersIsSaidAndShownOnTheSheet() throws {
        let folder = try temporaryFolder()
        let a = folder.appendingPathComponent("a.jsonl")
        let b = folder.appendingPathComponent("slow.json")
        let sheetPath = folder.appendingPathComponent("sheet.png")
        try Self.session(Tuning()).write(to: a, atomically: true, encoding: .utf8)
        try #"{"springs": {"zoomIn": {"uikitDuration": 0.6, "dampingRatio": 0.8}}}"#.write(
            to: b, atomically: true, encoding: .utf8)
        let r = try photozoom(["replay", a.path, "--compare", b.path, "--contact-sheet", sheetPath.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let said = r.errorLines.filter { !$0.contains(" is not in ") && !$0.contains("likewise") }
        XCTAssertEqual(
            Array(said.suffix(3)),
            [
                "photozoom: B's moments differ from A's at 1 tick:",
                "photozoom:   tick 117 · landing in the pager 150 ms later",
                "photozoom: wrote '\(sheetPath.path)': 7 moments, 1 where B differs",
            ])
        let sheet = try RGBImage(png: sheetPath.path)
        let tiles = sheet.tiles(on: [32, 32, 36])
        // Press and release (ticks 1, 2), landing (99), B's landing (117), press, release, landing, the end.
        XCTAssertEqual(tiles.count, 8, "\(tiles)")
        guard tiles.count == 8 else { return }
        let pink: [UInt8] = [255, 64, 170]
        XCTAssertGreaterThan(
            sheet.pixels(near: pink, x: 0, y: 16 + 30, w: sheet.width, h: tiles[0].y - 46), 100,
            "a note under the title")
        func label(_ tile: Int) -> Int {
            sheet.pixels(near: pink, x: tiles[tile].x, y: tiles[tile].y + tiles[tile].h, w: tiles[tile].w, h: 22)
        }
        XCTAssertGreaterThan(label(3), 40, "tick 117's label")
        XCTAssertEqual([0, 1, 2, 4, 5, 6, 7].map(label), [0, 0, 0, 0, 0, 0, 0], "the other labels")
    }

    /// B needs a drag projected 5000 points to dismiss: at the release the photo flies back
    /// to the page. The recorded tuning again as B differs nowhere.
    func testADismissalThatCancelsInBIsSaidAndTheSameTuningIsSaidToMatch() throws {
        let folder = try temporaryFolder()
        let a = folder.appendingPathComponent("a.jsonl")
        try Self.session(Tuning()).write(to: a, atomically: true, encoding: .utf8)
        for (tuning, lines) in [
            (
                #"{"dismissal": {"finishDistance": 5000}}"#,
                [
                    "photozoom: B's moments differ from A's at 1 tick:",
                    "photozoom:   tick 172 · dismissal cancels instead of finishing",
                ]
            ),
            ("{}", ["photozoom: B reaches every phase on the tick A does"]),
        ] {
            let b = folder.appendingPathComponent("b-\(lines.count).json")
            try tuning.write(to: b, atomically: true, encoding: .utf8)
            let r = try photozoom([
                "replay", a.path, "--compare", b.path, "--gif",
                folder.appendingPathComponent("b-\(lines.count).gif").path,
            ])
            XCTAssertEqual(r.status, 0, r.stderr)
            let said = r.errorLines.filter {
                ["photozoom: B's moments", "photozoom: B reaches", "photozoom:   tick "].contains(where: $0.hasPrefix)
            }
            XCTAssertEqual(said, lines, r.stderr)
        }
    }

    func testCompareNeedsAnOutputAndAGoodFile() throws {
        let folder = try temporaryFolder()
        let a = folder.appendingPathComponent("a.jsonl")
        try Self.session(Tuning()).write(to: a, atomically: true, encoding: .utf8)
        let b = folder.appendingPathComponent("b.json")
        try #"{"dismissal": {"shrink": 1}}"#.write(to: b, atomically: true, encoding: .utf8)
        let none = try photozoom(["replay", a.path, "--compare", b.path, "--verify"])
        XCTAssertEqual(none.status, 2)
        XCTAssertEqual(
            none.errorLines,
            [
                "photozoom: --compare draws B beside the recording, in the window or into --frames, --gif or --contact-sheet; --verify alone draws nothing"
            ])
        let bad = try photozoom([
            "replay", a.path, "--compare", b.path, "--gif", folder.appendingPathComponent("x.gif").path,
        ])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(
            bad.errorLines, ["\(b.path): error: dismissal.shrink: must lie in [0, 1), got 1 (line 1, column 26)"])
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.gif").path), "nothing drawn")
    }
}
