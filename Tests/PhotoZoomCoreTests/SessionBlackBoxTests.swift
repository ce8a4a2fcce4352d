import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// The flight recorder a bug report takes its recording from: whatever it kept replays to
/// every digest, and it keeps no more than two segments.
final class SessionBlackBoxTests: XCTestCase {
    /// The scripted session, run through a black box, and the recording it gives at the end.
    func blackBoxRecording(segmentTicks: Int, segmentBytes: Int) throws -> (
        text: String, box: SessionBlackBox, last: World
    ) {
        let session = try SessionRecording.read(try SessionRecordingTests.scriptedSession())
        var player = SessionPlayer(session)
        var box = SessionBlackBox(world: player.sim.world, segmentTicks: segmentTicks, segmentBytes: segmentBytes)
        while !player.atEnd {
            player.step()
            box.record(player.sim, input: player.input(at: player.tick))
        }
        let text = try box.recording(endingAt: player.sim) { world, midSession in
            SessionHeader(
                app: "test", platform: "test", world: world, pixelDensity: 1, contentHashes: [], midSession: midSession)
        }
        return (text, box, player.sim.world)
    }

    func testAnUnfilledBoxIsTheWholeSession() throws {
        let (text, box, last) = try blackBoxRecording(segmentTicks: 100_000, segmentBytes: 1 << 30)
        XCTAssertEqual(box.firstTick, 0)
        let recording = try SessionRecording.read(text)
        XCTAssertNil(recording.header.state, "it starts with the session")
        guard case .verified(let ticks, _) = SessionReplay.run(recording) else {
            return XCTFail("the whole session replays")
        }
        XCTAssertEqual(ticks, last.tick)
    }

    func testAFullBoxKeepsTheLastTwoSegmentsAndReplaysFromTheOlderOnesState() throws {
        let (text, box, last) = try blackBoxRecording(segmentTicks: 100, segmentBytes: 1 << 30)
        XCTAssertEqual(box.firstTick, (last.tick - 1) / 100 * 100 - 100, "the older of the two kept segments starts it")
        let recording = try SessionRecording.read(text)
        XCTAssertEqual(recording.header.state?.tick, box.firstTick)
        var replayedTo: World?
        let outcome = SessionReplay.run(recording) { replayedTo = $0.world }
        guard case .verified(let ticks, _) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(replayedTo, last)
        XCTAssertEqual(ticks, last.tick - box.firstTick, "the ticks replayed, counted from the state it resumes")
    }

    func testBytesFillASegmentToo() throws {
        let (text, box, last) = try blackBoxRecording(segmentTicks: 100_000, segmentBytes: 4_000)
        XCTAssertGreaterThan(box.firstTick, 0)
        let longest = text.split(separator: "\n").dropFirst().map(\.utf8.count).max()!
        XCTAssertLessThanOrEqual(
            box.keptBytes, 2 * (4_000 + longest), "two segments, each stopped at the line that filled it")
        guard case .verified(let ticks, _) = SessionReplay.run(try SessionRecording.read(text)) else {
            return XCTFail("it replays")
        }
        XCTAssertEqual(ticks, last.tick - box.firstTick)
    }
}
