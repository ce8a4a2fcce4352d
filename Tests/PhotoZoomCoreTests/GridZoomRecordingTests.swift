import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// The grid's zoom in recordings: a session that zooms replays to every digest, also from a
/// state recorded mid-zoom; a recording made before the zoom existed still reads, and a world
/// that never zooms is coded, and digested, as it was before.
final class GridZoomRecordingTests: XCTestCase {
    static let viewport = SessionRecordingTests.viewport

    static func key(_ key: Key) -> [InputEvent] { [.key(key, modifiers: [])] }
    static func touches(_ phase: PointerPhase, spread d: Double, centre: Point) -> [InputEvent] {
        [
            .pointer(PointerEvent(id: 1, source: .touch, phase: phase, position: centre - Point(x: d / 2, y: 0))),
            .pointer(PointerEvent(id: 2, source: .touch, phase: phase, position: centre + Point(x: d / 2, y: 0))),
        ]
    }

    /// Every way to zoom, each interrupted: ctrl+wheel notches, `-` mid-zoom, a pinch caught
    /// mid-spring, alt+drag, a reload of the levels mid-zoom, a tap mid-zoom and the way back.
    static func zooming(_ tick: ([InputEvent]) -> Void, _ world: () -> World) {
        func idle(_ n: Int) { for _ in 0..<n { tick([]) } }
        let centre = Point(x: 195, y: 300)
        tick([.wheel(dx: 0, dy: -30, position: centre, modifiers: [])])
        idle(60)
        tick([.wheel(dx: 0, dy: -1, position: Point(x: 60, y: 400), modifiers: .control)])
        idle(8)
        tick(key(.minus))
        idle(8)
        tick(touches(.down, spread: 120, centre: centre))
        for d in stride(from: 126.0, through: 200, by: 6) {
            tick(touches(.moved, spread: d, centre: centre + Point(x: 0, y: d / 4)))
        }
        tick(touches(.up, spread: 200, centre: centre + Point(x: 0, y: 50)))
        idle(60)
        let mouse = { (phase: PointerPhase, x: Double) -> [InputEvent] in
            [
                .pointer(
                    PointerEvent(id: 0, source: .mouse, phase: phase, position: Point(x: x, y: 350), modifiers: .alt))
            ]
        }
        tick(mouse(.down, 300))
        for x in stride(from: 296.0, through: 240, by: -4) { tick(mouse(.moved, x)) }
        tick(mouse(.up, 240))
        idle(4)
        var levels = Tuning()
        levels.gridZoom.columns = [2, 4, 8]
        tick([.tuningReloaded(levels)])
        idle(60)
        tick(key(.minus))
        idle(6)
        let drawn = world().grid.layout!.frame(of: 40).center
        tick(SessionRecordingTests.pointer(.down, drawn.x, min(drawn.y, 300)))
        tick(SessionRecordingTests.pointer(.up, drawn.x, min(drawn.y, 300)))
        idle(150)
        tick(key(.escape))
        idle(150)
        tick(key(.plus))
        idle(120)
    }

    func testASessionThatZoomsEveryWayReplaysToEveryDigest() throws {
        let text = try SessionRecordingTests.record(photos: 300, Self.zooming)
        let recording = try SessionRecording.read(text)
        XCTAssertNil(recording.stopped)
        guard case .verified(let ticks, let digests) = SessionReplay.run(recording) else {
            return XCTFail("\(SessionReplay.run(recording))")
        }
        XCTAssertEqual(ticks, recording.lastTick)
        XCTAssertEqual(digests, recording.ticks.count + 2)
        let states = recording.ticks.indices.compactMap { recording.state(at: $0) }
        XCTAssertTrue(states.contains { $0.grid.zoom.columns != nil }, "the recorded states hold the zoom")
    }

    /// A recording started (F5) in the middle of a zoom carries the zoom's whole state, so the
    /// replay goes on from it exactly.
    func testARecordingStartedMidZoomReplaysFromItsState() throws {
        for stop in [3, 12, 30] {
            var input = ScriptedInput(photos: photoInfos(count: 300), viewport: Self.viewport)
            input.tick([.wheel(dx: 0, dy: -30, position: Point(x: 100, y: 100), modifiers: [])])
            input.settle()
            input.tick(Self.touches(.down, spread: 120, centre: Point(x: 195, y: 300)))
            for d in stride(from: 126.0, through: 180, by: 6) {
                input.tick(Self.touches(.moved, spread: d, centre: Point(x: 195, y: 300)))
            }
            input.tick(Self.touches(.up, spread: 180, centre: Point(x: 195, y: 300)))
            input.ticks(stop)
            XCTAssertFalse(input.world.grid.isAtRest, "recording from the middle of the zoom")
            var sim = input.sim
            var recorder = SessionRecorder()
            var text = try recorder.headerLine(
                SessionHeader(
                    app: "test", platform: "test", world: sim.world, pixelDensity: 1, contentHashes: [],
                    midSession: true))
            for step in 0..<120 {
                let events = step == 5 ? Self.key(.minus) : []
                sim.step(events)
                if let line = try recorder.line(after: sim, input: events) { text += line }
            }
            let recording = try SessionRecording.read(text + (try recorder.endLine(sim)))
            guard case .verified = SessionReplay.run(recording) else {
                return XCTFail("stopped after \(stop): \(SessionReplay.run(recording))")
            }
        }
    }

    /// The recorded sessions in Tests/Fixtures/sessions/format-1 were made before the zoom: they
    /// read, with the zoom's default tuning, and verify with this build's digests
    /// (SessionFixtureTests). A world that never zoomed is coded without it, so those digests
    /// did not change.
    func testARecordingFromBeforeTheZoomReadsWithItsDefaultsAndAnUnzoomedWorldCodesAsBefore() throws {
        let folder = SessionFixtureTests.folder.appendingPathComponent("format-1")
        let tap = try String(contentsOf: folder.appendingPathComponent("tap.jsonl"), encoding: .utf8)
        XCTAssertFalse(tap.contains("gridZoom"), "the fixture predates the zoom")
        let recording = try SessionRecording.read(tap)
        XCTAssertEqual(recording.header.tuning.gridZoom, GridZoomTuning())
        guard case .verified = SessionReplay.run(recording) else { return XCTFail("\(SessionReplay.run(recording))") }

        let input = ScriptedInput(photos: photoInfos(count: 30), viewport: Self.viewport)
        let coded = try XCTUnwrap(
            JSONSerialization.jsonObject(with: JSONEncoder().encode(input.world)) as? [String: Any])
        XCTAssertNotNil((coded["grid"] as? [String: Any])?["layout"])
        XCTAssertNil((coded["grid"] as? [String: Any])?["zoom"], "no zoom in the grid")
        XCTAssertNil((coded["tuning"] as? [String: Any])?["gridZoom"])
        var tuned = Tuning()
        tuned.gridZoom.smallestCell = 20
        let back = try JSONDecoder().decode(Tuning.self, from: JSONEncoder().encode(tuned))
        XCTAssertEqual(back, tuned, "a tuned zoom is coded")
        XCTAssertNotEqual(StateDigest(of: tuned), StateDigest(of: Tuning()))
    }
}
