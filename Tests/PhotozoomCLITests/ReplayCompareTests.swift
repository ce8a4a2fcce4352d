import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// `photozoom replay FILE --compare B.json`: the recorded input replayed under B beside the
/// recording, each half what a replay of that tuning alone draws.
final class ReplayCompareTests: PhotozoomCLITestCase {
    static let tuningB = #"{"springs": {"zoomIn": {"uikitDuration": 0.9, "dampingRatio": 0.5}}, "dismissal": {"shrink": 0.3}}"#

    /// A tap that opens photo 4 and, once it landed, a drag down that dismisses it, under `tuning`.
    static func session(_ tuning: Tuning) throws -> String {
        try RecordedScript.record(photos: (0..<12).map { PhotoInfo(name: "p\($0).jpg", pixelSize: Size(width: 600, height: 400)) }, tuning: tuning,
                                  RecordedScript.openAndDismiss)
    }

    func testEachHalfIsTheReplayOfItsTuningAlone() throws {
        let folder = try temporaryFolder()
        let b = folder.appendingPathComponent("b.json")
        try Self.tuningB.write(to: b, atomically: true, encoding: .utf8)
        let tuningB = TuningFile.read(Self.tuningB).file.tuning
        let a = folder.appendingPathComponent("a.jsonl"), alone = folder.appendingPathComponent("b-alone.jsonl")
        try Self.session(Tuning()).write(to: a, atomically: true, encoding: .utf8)
        try Self.session(tuningB).write(to: alone, atomically: true, encoding: .utf8)
        func frames(_ name: String, _ arguments: [String]) throws -> [RGBImage] {
            let dir = folder.appendingPathComponent(name)
            let r = try photozoom(["replay"] + arguments + ["--frames", dir.path, "--fps", "20"])
            XCTAssertEqual(r.status, 0, r.stderr)
            return try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted().map { try RGBImage(png: dir.appendingPathComponent($0).path) }
        }
        let both = try frames("both", [a.path, "--compare", b.path])
        let onlyA = try frames("a", [a.path]), onlyB = try frames("b", [alone.path])
        XCTAssertEqual(both.count, onlyA.count)
        XCTAssertEqual(onlyB.count, onlyA.count)
        XCTAssertGreaterThan(both.count, 20)
        // The window is taller than wide: the two sit across, each 390 wide.
        XCTAssertEqual(both.first.map { [$0.width, $0.height] }, [780, 700])
        // Below the labels (a strip of at most four lines), each half is its own replay, pixel for pixel.
        var differing = 0
        for (k, (pair, (left, right))) in zip(both, zip(onlyA, onlyB)).enumerated() {
            for y in stride(from: 100, to: 700, by: 3) {
                for x in stride(from: 0, to: 390, by: 3) {
                    XCTAssertEqual(pair.pixel(x, y), left.pixel(x, y), "frame \(k + 1), A at (\(x), \(y))")
                    XCTAssertEqual(pair.pixel(390 + x, y), right.pixel(x, y), "frame \(k + 1), B at (\(x), \(y))")
                    if left.pixel(x, y) != right.pixel(x, y) { differing += 1 }
                    if pair.pixel(x, y) != left.pixel(x, y) || pair.pixel(390 + x, y) != right.pixel(x, y) { return }
                }
            }
        }
        XCTAssertGreaterThan(differing, 1000, "B's springs move otherwise than A's")
    }

    func testCompareNeedsAnOutputAndAGoodFile() throws {
        let folder = try temporaryFolder()
        let a = folder.appendingPathComponent("a.jsonl")
        try Self.session(Tuning()).write(to: a, atomically: true, encoding: .utf8)
        let b = folder.appendingPathComponent("b.json")
        try #"{"dismissal": {"shrink": 1}}"#.write(to: b, atomically: true, encoding: .utf8)
        let none = try photozoom(["replay", a.path, "--compare", b.path, "--verify"])
        XCTAssertEqual(none.status, 2)
        XCTAssertEqual(none.errorLines, ["photozoom: --compare draws B beside the recording into --frames, --gif or --contact-sheet; give one of them"])
        let bad = try photozoom(["replay", a.path, "--compare", b.path, "--gif", folder.appendingPathComponent("x.gif").path])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.errorLines, ["\(b.path): error: dismissal.shrink: must lie in [0, 1), got 1 (line 1, column 26)"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.gif").path), "nothing drawn")
    }
}
