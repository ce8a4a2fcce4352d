import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// A session recorded through the real systems replays to the same digests; a replay that
/// differs says at which tick and how; damaged files replay as far as they are good.
final class SessionRecordingTests: XCTestCase {
    static let viewport = Size(width: 390, height: 700)

    /// Records `script` (which gets a function to run one tick with input) into session text.
    static func record(
        photos: Int = 30, tuning: Tuning = Tuning(),
        _ script: (_ tick: ([InputEvent]) -> Void, _ world: () -> World) -> Void
    ) throws -> String {
        var sim = Simulation(world: World(photos: photoInfos(count: photos), viewport: viewport, tuning: tuning))
        var recorder = SessionRecorder()
        var text = try recorder.headerLine(
            SessionHeader(app: "test", platform: "test", world: sim.world, pixelDensity: 1, contentHashes: []))
        func tick(_ input: [InputEvent]) {
            sim.step(input)
            if let line = try? recorder.line(after: sim, input: input) { text += line }
        }
        script(tick, { sim.world })
        return text + (try recorder.endLine(sim))
    }

    static func pointer(_ phase: PointerPhase, _ x: Double, _ y: Double) -> [InputEvent] {
        [.pointer(PointerEvent(id: 0, source: .mouse, phase: phase, position: Point(x: x, y: y)))]
    }

    /// Tap a cell, page, double-click zoom, drag down to dismiss, a tuning reload mid-flight
    /// and a resize mid-flight.
    static func scriptedSession() throws -> String {
        var bouncy = Tuning()
        bouncy.zoomInSpring = try .response(0.6, dampingRatio: 0.5)
        return try record { tick, world in
            func idle(_ n: Int) { for _ in 0..<n { tick([]) } }
            func drag(_ from: Point, _ to: Point, _ steps: Int) {
                tick(pointer(.down, from.x, from.y))
                for i in 1...steps {
                    let p = from + (to - from) * (Double(i) / Double(steps))
                    tick(pointer(.moved, p.x, p.y))
                }
                tick(pointer(.up, to.x, to.y))
            }
            idle(3)
            let cell = world().grid.layout!.frame(of: 4).center
            tick(pointer(.down, cell.x, cell.y))
            tick(pointer(.up, cell.x, cell.y))
            idle(10)
            tick([.tuningReloaded(bouncy)])
            idle(150)
            drag(Point(x: 300, y: 350), Point(x: 60, y: 350), 12)
            idle(120)
            for _ in 0..<2 {
                tick(pointer(.down, 195, 400))
                tick(pointer(.up, 195, 400))
                idle(2)
            }
            idle(120)
            for _ in 0..<2 {
                tick(pointer(.down, 195, 400))
                tick(pointer(.up, 195, 400))
                idle(2)
            }
            idle(120)
            drag(Point(x: 195, y: 300), Point(x: 195, y: 600), 20)
            idle(5)
            tick([.resize(Size(width: 500, height: 640))])
            idle(150)
        }
    }

    func testAScriptedSessionReplaysToEveryDigest() throws {
        let text = try Self.scriptedSession()
        let recording = try SessionRecording.read(text)
        XCTAssertNil(recording.stopped)
        XCTAssertNotNil(recording.end)
        // The whole state now and then, read when asked for, each the state of its own tick.
        let held = recording.ticks.indices.filter { recording.state(at: $0) != nil }
        XCTAssertFalse(held.isEmpty)
        XCTAssertEqual(
            held.map { recording.ticks[$0].tick },
            text.split(separator: "\n").filter { $0.contains("\"state\"") && $0.contains("\"tick\"") }
                .map { try! JSONDecoder().decode(SessionTick.self, from: Data($0.utf8)).tick })
        XCTAssertTrue(held.allSatisfy { recording.state(at: $0)?.tick == recording.ticks[$0].tick })
        XCTAssertTrue(
            recording.ticks.contains {
                $0.input?.contains { if case .tuningReloaded = $0 { return true } else { return false } } ?? false
            })
        guard case .verified(let ticks, let digests) = SessionReplay.run(recording) else {
            return XCTFail("\(SessionReplay.run(recording))")
        }
        XCTAssertEqual(ticks, recording.lastTick)
        XCTAssertEqual(digests, recording.ticks.count + 2, "the start, every line and the end")
        // Reading is exact: the events and states come back equal, so the text is stable.
        var again = SessionRecorder()
        XCTAssertEqual(try again.headerLine(recording.header) + "", String(text.prefix { $0 != "\n" }) + "\n")
    }

    /// A replay that behaves differently from the recording (here: one input moved by a
    /// point, as a changed build would move a spring) stops at the first tick it matters and
    /// names what differs.
    func testADifferentReplayNamesTheTickAndTheDifferences() throws {
        var lines = try Self.scriptedSession().split(separator: "\n").map(String.init)
        let index = try XCTUnwrap(lines.firstIndex { $0.contains("\"phase\":\"moved\"") && $0.contains("\"x\":280") })
        lines[index] = lines[index].replacingOccurrences(of: "\"x\":280", with: "\"x\":281")
        let tick = try JSONDecoder().decode(SessionTick.self, from: Data(lines[index].utf8)).tick
        guard case .diverged(let d) = SessionReplay.run(try SessionRecording.read(lines.joined(separator: "\n") + "\n"))
        else {
            return XCTFail("a changed input must not verify")
        }
        XCTAssertEqual(d.tick, tick)
        XCTAssertNotNil(d.stateTick)
        XCTAssertTrue(
            d.differences.contains { $0.hasPrefix("viewer.pager.paging.offset: ") && $0.contains(" → ") },
            "\(d.differences.prefix(10))")
    }

    /// F5 in the window starts a recording mid-session: the header holds the whole state, and
    /// the replay resumes from it.
    func testARecordingStartedMidSessionReplaysFromItsState() throws {
        var input = ScriptedInput(photos: photoInfos(count: 30), viewport: Self.viewport)
        input.tapCell(4)
        input.ticks(9)
        var sim = input.sim
        var recorder = SessionRecorder()
        var text = try recorder.headerLine(
            SessionHeader(
                app: "test", platform: "test", world: sim.world, pixelDensity: 1, contentHashes: [],
                midSession: true))
        for step in 0..<200 {
            let events = step == 150 ? Self.pointer(.down, 195, 300) : step == 160 ? Self.pointer(.up, 195, 300) : []
            sim.step(events)
            if let line = try recorder.line(after: sim, input: events) { text += line }
        }
        let recording = try SessionRecording.read(text + (try recorder.endLine(sim)))
        XCTAssertEqual(recording.header.state?.tick, 11)
        guard case .verified(let ticks, _) = SessionReplay.run(recording) else {
            return XCTFail("\(SessionReplay.run(recording))")
        }
        XCTAssertEqual(ticks, 200, "the ticks replayed, from its state's tick 11 to 211")
    }

    func testACutShortFileReplaysUpToItsLastWholeLine() throws {
        let text = try Self.scriptedSession()
        let cut = String(text.prefix(text.count * 2 / 3))
        let recording = try SessionRecording.read(cut)
        XCTAssertNil(recording.end)
        let stopped = try XCTUnwrap(recording.stopped)
        XCTAssertTrue(
            stopped.contains("cut short (the recording was not finished); replayed up to tick \(recording.lastTick)"),
            stopped)
        guard case .verified = SessionReplay.run(recording) else { return XCTFail("the whole lines verify") }
    }

    func testADamagedLineStopsTheReplayThereAndSaysWhere() throws {
        var lines = try Self.scriptedSession().split(separator: "\n").map(String.init)
        lines[5] = "{\"tick\": garbage"
        let recording = try SessionRecording.read(lines.joined(separator: "\n"))
        XCTAssertEqual(recording.ticks.count, 4)
        XCTAssertEqual(recording.stopped, "line 6: not a session line; replayed up to tick \(recording.ticks[3].tick)")
    }

    func testANewerFormatOrNotASessionIsRefusedByName() throws {
        var lines = try Self.scriptedSession().split(separator: "\n").map(String.init)
        let current = SessionHeader.currentVersion
        XCTAssertTrue(lines[0].contains("\"version\":\(current)"))
        lines[0] = lines[0].replacingOccurrences(of: "\"version\":\(current)", with: "\"version\":\(current + 5)")
        XCTAssertThrowsError(try SessionRecording.read(lines.joined(separator: "\n"))) { error in
            XCTAssertEqual(
                "\(error)",
                "was recorded in session format version \(current + 5), newer than this build reads (version \(SessionHeader.comparedVersion)); "
                    + "replay it with a newer PhotoZoom")
        }
        XCTAssertThrowsError(try SessionRecording.read("{\"grid\": {}}\n")) { error in
            XCTAssertEqual("\(error)", "is not a recorded session: its first line is not a photozoom-session header")
        }
        XCTAssertThrowsError(try SessionRecording.read(""))
    }

    /// Random sessions through every system, each recorded and replayed.
    func testTwoHundredRandomSessionsAllVerify() throws {
        var random = try SeededGenerator(fixedSeed: 0x5E55_1005)
        for round in 0..<200 {
            let text = try Self.record(photos: Int.random(in: 2...40, using: &random)) { tick, _ in
                var down = false
                for _ in 0..<Int.random(in: 20...60, using: &random) {
                    let p = Point(
                        x: Double.random(in: -20...410, using: &random), y: Double.random(in: -20...720, using: &random)
                    )
                    switch Int.random(in: 0..<20, using: &random) {
                    case 0:
                        tick(Self.pointer(down ? .up : .down, p.x, p.y))
                        down.toggle()
                    case 1...5 where down: tick(Self.pointer(.moved, p.x, p.y))
                    case 6:
                        tick([
                            .wheel(
                                dx: Double.random(in: -3...3, using: &random),
                                dy: Double.random(in: -3...3, using: &random), position: p, modifiers: [])
                        ])
                    case 7:
                        tick([
                            .key([.left, .right, .escape, .home, .end].randomElement(using: &random)!, modifiers: [])
                        ])
                    case 8:
                        tick([.focusLost])
                        down = false
                    case 9:
                        tick([
                            .resize(
                                Size(
                                    width: Double.random(in: 320...800, using: &random),
                                    height: Double.random(in: 400...900, using: &random)))
                        ])
                    default: tick([])
                    }
                }
            }
            let outcome = SessionReplay.run(try SessionRecording.read(text))
            guard case .verified = outcome else { return XCTFail("\(random), round \(round): \(outcome)") }
        }
    }
}
