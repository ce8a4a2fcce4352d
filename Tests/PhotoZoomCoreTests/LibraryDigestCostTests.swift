import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore

/// A tick's digest costs the photos whose sizes it brought, not the library: from session
/// format 4 on, a digest takes the library as a sum of its photos' hashes, kept up photo by
/// photo as sizes arrive (`LibrarySum`). A recording in an older format still verifies by the
/// digest it was made with, the whole list hashed in order.
final class LibraryDigestCostTests: XCTestCase {
    let viewport = Size(width: 390, height: 844)
    let landscape = Size(width: 4032, height: 3024)

    var hashed: Int { LibrarySum.photosHashed.value }

    func size(_ photo: Int, _ pixelSize: Size) -> InputEvent {
        .photoSize(PhotoSize(photo: photo, pixelSize: pixelSize))
    }

    /// Ten sizes a tick at 100,000 photos, as a header sweep brings them, and a digest after
    /// each: each tick hashes its ten photos twice (out of the sum as they were, in as they
    /// are), whichever copy of the sim steps, and each copy's digest is its own library's.
    func testATickWithTenSizesHashesOnlyItsPhotosAtAHundredThousand() {
        let count = 100_000
        let photos = (0..<count).map { PhotoInfo.unread(name: "IMG_\($0).JPG") }
        let start = hashed
        var sim = Simulation(world: World(photos: photos, viewport: viewport))
        XCTAssertEqual(hashed - start, count, "the library is summed once, as the sim begins")
        var copy = sim
        for t in 0..<5 {
            let before = hashed
            sim.step((0..<10).map { size(t * 20_000 + $0 * 7, landscape) })
            _ = sim.digest
            XCTAssertEqual(hashed - before, 20, "tick \(t)")
        }
        // The same photo twice, a photo outside the library, and a size it already had.
        var before = hashed
        sim.step([
            size(3, landscape), size(3, Size(width: 3024, height: 4032)), size(count + 5, landscape),
            size(0, landscape),
        ])
        _ = sim.digest
        XCTAssertEqual(hashed - before, 4, "photos 3 and 0, each out and in once")
        XCTAssertEqual(sim.world.photos[3].pixelSize, Size(width: 3024, height: 4032))
        XCTAssertEqual(sim.digest, StateDigest(of: sim.world), "the sum kept is the library's")

        // A copy (as the black box and a recording hold) keeps up its own library's sum.
        before = hashed
        copy.step([size(7, Size(width: 3024, height: 4032))])
        _ = copy.digest
        XCTAssertEqual(hashed - before, 2)
        XCTAssertEqual(copy.digest, StateDigest(of: copy.world))
        XCTAssertNotEqual(copy.world.photos, sim.world.photos)
        XCTAssertEqual(sim.digest, StateDigest(of: sim.world), "the copy's tick left the sim's sum alone")
    }

    /// A new recording is in format 4, its digests the summed ones, and it verifies on replay;
    /// read as format 2 its very first digest differs, so the version is what chose it.
    func testANewRecordingVerifiesByTheSummedDigest() throws {
        let events: [[InputEvent]] = [
            [], [size(0, landscape), size(5, landscape)], [], [size(1, Size(width: 3024, height: 4032))],
            SessionRecordingTests.pointer(.down, 100, 120), SessionRecordingTests.pointer(.up, 100, 120), [], [],
        ]
        var sim = Simulation(
            world: World(photos: (0..<40).map { PhotoInfo.unread(name: "IMG_\($0).JPG") }, viewport: viewport))
        var recorder = SessionRecorder()
        var text = try recorder.headerLine(
            SessionHeader(app: "test", platform: "test", world: sim.world, pixelDensity: 1, contentHashes: []))
        for tick in events {
            sim.step(tick)
            XCTAssertNotEqual(sim.digest, sim.formatTwoDigest)
            if let line = try recorder.line(after: sim, input: tick) { text += line }
        }
        text += try recorder.endLine(sim)
        XCTAssertTrue(text.hasPrefix("{") && text.contains("\"version\":4"), String(text.prefix(200)))
        guard case .verified(ticks: events.count, digests: _) = try SessionReplay.run(SessionRecording.read(text))
        else { return XCTFail("a new recording verifies") }

        let asFormatTwo = text.replacingOccurrences(of: "\"version\":4", with: "\"version\":2")
        guard case .diverged(let divergence) = try SessionReplay.run(SessionRecording.read(asFormatTwo)) else {
            return XCTFail("read as format 2, its digests are not format 2's")
        }
        XCTAssertEqual(divergence.tick, 0)
    }

    /// A recording made in format 2 verifies by the library hashed in order; read as format 4
    /// its first digest differs.
    func testAFormatTwoRecordingStillVerifies() throws {
        let file = PackagePaths.fixtures.appendingPathComponent("sessions/tap.jsonl")
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(text.contains("\"version\":2"), "the fixture was made in format 2")
        guard case .verified = try SessionReplay.run(SessionRecording.read(text)) else {
            return XCTFail("a format-2 recording verifies")
        }
        let asFormatFour = text.replacingOccurrences(of: "\"version\":2", with: "\"version\":4")
        guard case .diverged(let divergence) = try SessionReplay.run(SessionRecording.read(asFormatFour)) else {
            return XCTFail("read as format 4, its digests are not format 4's")
        }
        XCTAssertEqual(divergence.tick, 0)
    }
}
