import Foundation
import PhotoZoomCore
import PhotoZoomSDL
import PhotoZoomTestSupport
import XCTest

/// The replay window's controls on a real recording: what each does to where the player
/// stands, without a window.
final class ReplayTimelineTests: XCTestCase {
    let window = Size(width: 390, height: 780)
    var player: SessionPlayer!
    var timeline: ReplayTimeline!
    var moments: [SessionMoment] = []

    override func setUpWithError() throws {
        let url = PackagePaths.fixtures.appendingPathComponent("sessions/drag-dismiss.jsonl")
        let recording = try SessionRecording.read(try String(contentsOf: url, encoding: .utf8))
        player = SessionPlayer(recording)
        var found = SessionMoments(recording)
        player.playThrough { found.observe($0) }
        moments = found.all
        timeline = ReplayTimeline(
            firstTick: player.firstTick, lastTick: player.lastTick, moments: moments, divergence: nil)
    }

    func apply(_ control: ReplayControl) { timeline.apply(control, to: &player, window: window) }

    var trackY: Double { ReplayTimeline.track(in: window).center.y }

    func testTheTrackMapsTicksToXAndBack() {
        let track = ReplayTimeline.track(in: window)
        XCTAssertEqual(track.maxY, window.height - ReplayTimeline.height + 18)
        XCTAssertEqual(timeline.x(of: player.firstTick, in: window), track.minX)
        XCTAssertEqual(timeline.x(of: player.lastTick, in: window), track.maxX)
        for tick in [0, 1, 100, 161, player.lastTick] {
            XCTAssertEqual(timeline.tick(atX: timeline.x(of: tick, in: window), in: window), tick)
        }
        XCTAssertEqual(timeline.tick(atX: -50, in: window), player.firstTick)
        XCTAssertEqual(timeline.tick(atX: 5000, in: window), player.lastTick)
        XCTAssertEqual(ReplayTimeline.sceneArea(in: window).height, 700)
    }

    func testAScrubSeeksWhereThePointerIsAndPlaysOnAfterwards() {
        XCTAssertTrue(timeline.playing)
        let x = timeline.x(of: 120, in: window)
        apply(.press(Point(x: x, y: trackY + 6)))
        XCTAssertTrue(timeline.scrubbing)
        XCTAssertFalse(timeline.playing, "scrubbing holds the picture still")
        XCTAssertEqual(player.tick, 120)
        apply(.drag(Point(x: timeline.x(of: 60, in: window), y: 10)))
        XCTAssertEqual(player.tick, 60, "a scrub follows the pointer anywhere once it started on the track")
        apply(.drag(Point(x: timeline.x(of: 250, in: window), y: trackY)))
        XCTAssertEqual(player.tick, 250)
        apply(.release)
        XCTAssertFalse(timeline.scrubbing)
        XCTAssertTrue(timeline.playing, "it was playing before the scrub")
        apply(.drag(Point(x: timeline.x(of: 10, in: window), y: trackY)))
        XCTAssertEqual(player.tick, 250, "a drag after the release moves nothing")
    }

    func testAPressOnTheSceneTogglesPlayAndBelowTheTrackDoesNothing() {
        apply(.press(Point(x: 200, y: 300)))
        XCTAssertFalse(timeline.playing)
        apply(.release)
        XCTAssertFalse(timeline.playing)
        apply(.press(Point(x: 200, y: window.height - 4)))
        XCTAssertFalse(timeline.playing)
        XCTAssertFalse(timeline.scrubbing)
        XCTAssertEqual(player.tick, 0)
    }

    func testStepsAndMomentJumpsPause() {
        apply(.step(1))
        apply(.step(1))
        apply(.step(1))
        XCTAssertEqual(player.tick, 3)
        XCTAssertFalse(timeline.playing)
        apply(.step(-5))
        XCTAssertEqual(player.tick, 0, "clamped at the start")
        var visited: [Int] = []
        for _ in moments {
            apply(.jumpToMoment(forward: true))
            visited.append(player.tick)
        }
        XCTAssertEqual(visited, moments.map(\.tick))
        apply(.jumpToMoment(forward: true))
        XCTAssertEqual(player.tick, player.lastTick, "past the last moment is the end")
        apply(.jumpToMoment(forward: false))
        XCTAssertEqual(player.tick, moments.last!.tick)
        apply(.toStart)
        apply(.jumpToMoment(forward: false))
        XCTAssertEqual(player.tick, 0)
    }

    /// Ticks where a compared tuning differs are jumped to as moments are, in tick order.
    func testMomentJumpsVisitTheDifferencesToo() {
        timeline = ReplayTimeline(
            firstTick: player.firstTick, lastTick: player.lastTick, moments: moments, divergence: nil,
            differences: [172, 117])
        var visited: [Int] = []
        for _ in 0..<8 {
            apply(.jumpToMoment(forward: true))
            visited.append(player.tick)
        }
        XCTAssertEqual(
            visited, [1, 2, 99, 117, 153, 172, 235, player.lastTick],
            "the release at 172 and B's cancel there are one stop")
        apply(.jumpToMoment(forward: false))
        apply(.jumpToMoment(forward: false))
        XCTAssertEqual(player.tick, 172, "back from the end: the landing at 235, then 172")
    }

    func testPlayAtTheEndStartsAgainAndSpeedCycles() {
        apply(.toEnd)
        XCTAssertTrue(player.atEnd)
        XCTAssertFalse(timeline.playing)
        apply(.togglePlay)
        XCTAssertTrue(timeline.playing)
        XCTAssertEqual(player.tick, 0)
        XCTAssertEqual(timeline.speed, .off)
        apply(.cycleSpeed)
        XCTAssertEqual(timeline.speed, .quarter)
        apply(.cycleSpeed)
        apply(.cycleSpeed)
        XCTAssertEqual(timeline.speed, .off)
    }
}
