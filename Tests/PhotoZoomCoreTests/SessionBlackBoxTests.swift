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

    /// A big library costs the black box no more per tick than a small one: a tick's whole
    /// state holds every photo, so a library of 100,000 has it written a hundred times less
    /// often, and the bytes the box keeps over the same ticks stay a 1,000-photo library's.
    func testABigLibraryKeepsNoMoreBytesPerTickThanASmallOne() {
        func keptBytes(photos: Int) -> Int {
            let library = (0..<photos).map {
                PhotoInfo(name: "IMG_\($0).JPG", pixelSize: Size(width: 4032, height: 3024))
            }
            var input = ScriptedInput(photos: library, viewport: Size(width: 390, height: 844))
            var box = SessionBlackBox(world: input.world, segmentTicks: 100_000, segmentBytes: 1 << 30)
            for tick in 0..<(2 * SessionRecorder.stateInterval) {
                // A wheel now and then: the window's ticks while someone scrolls.
                let events: [InputEvent] =
                    tick % 40 == 0 ? [.wheel(dx: 0, dy: -3, position: Point(x: 195, y: 400), modifiers: [])] : []
                input.tick(events)
                box.record(input.sim, input: events)
            }
            return box.keptBytes
        }
        let small = keptBytes(photos: SessionRecorder.statePhotos)
        let big = keptBytes(photos: 100 * SessionRecorder.statePhotos)
        XCTAssertLessThanOrEqual(big, small, "bytes kept over the same ticks: 100,000 photos against 1,000")
    }
}
