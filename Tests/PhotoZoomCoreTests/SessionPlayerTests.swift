import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// The replay window's model: wherever a scrub lands, the sim there is the one a straight
/// replay reaches at that tick.
final class SessionPlayerTests: XCTestCase {
    func recording(_ name: String) throws -> SessionRecording {
        let url = SessionFixtureTests.folder.appendingPathComponent(name + ".jsonl")
        return try SessionRecording.read(try String(contentsOf: url, encoding: .utf8))
    }

    /// Every tick's world from a straight replay, by tick.
    func straight(_ recording: SessionRecording) -> [Int: World] {
        var worlds: [Int: World] = [:]
        _ = SessionReplay.run(recording) { worlds[$0.world.tick] = $0.world }
        return worlds
    }

    func testSeeksForwardAndBackAnywhereMatchTheStraightReplay() throws {
        var random = try SeededGenerator(fixedSeed: 11)
        for name in ["drag-dismiss", "resize", "reload", "catch-mid-flight"] {
            let recording = try recording(name)
            let worlds = straight(recording)
            var player = SessionPlayer(recording)
            XCTAssertEqual(player.lastTick, recording.lastTick)
            for _ in 0..<40 {
                let target = Int.random(in: player.firstTick...player.lastTick, using: &random)
                player.seek(to: target)
                XCTAssertEqual(player.tick, target)
                if target > 0 { XCTAssertEqual(player.sim.world, worlds[target], "\(name) at tick \(target)") }
            }
            player.seek(to: -5)
            XCTAssertEqual(player.tick, player.firstTick)
            player.seek(to: .max)
            XCTAssertTrue(player.atEnd)
            XCTAssertEqual(player.sim.world, worlds[player.lastTick])
            player.step()
            XCTAssertEqual(player.tick, player.lastTick, "a step at the end stays there")
        }
    }

    func testStepsPlayTheRecordedInputAndPlayThroughReturnsToTheStart() throws {
        let recording = try recording("page")
        let worlds = straight(recording)
        var player = SessionPlayer(recording)
        var seen = 0
        player.playThrough { sim in
            seen += 1
            XCTAssertEqual(sim.world, worlds[sim.world.tick])
        }
        XCTAssertEqual(seen, recording.lastTick)
        XCTAssertEqual(player.tick, 0)
        player.seek(to: 200)
        for _ in 0..<30 { player.step() }
        XCTAssertEqual(player.sim.world, worlds[230])
    }

    /// A session longer than its copies allow spaces them out: seeks still land exactly.
    func testFewCopiesFarApartSeekExactly() throws {
        let recording = try recording("drag-dismiss")
        let worlds = straight(recording)
        var player = SessionPlayer(recording, keepingAtMost: 3, apart: 16)
        for target in [recording.lastTick, 5, 200, 117, 118, 116, 234, 1, recording.lastTick - 1, 0] {
            player.seek(to: target)
            if target > 0 { XCTAssertEqual(player.sim.world, worlds[target], "at tick \(target)") }
        }
    }
}
