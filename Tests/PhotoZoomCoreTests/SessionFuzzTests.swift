import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore

/// The session reader and replay against broken files: the recorded sessions
/// (`Tests/Fixtures/sessions/`, those in format 1 among them) and the fuzzing seeds
/// (`Tests/Fixtures/session-corpus/`)
/// mutated at random — cut short, bytes flipped, lines swapped, repeated or dropped, numbers
/// swapped for extremes, tokens put in. Whatever the text, reading must refuse it with one
/// line or read it (saying in one line where it stopped), and replaying what was read — also
/// with its start digest made to match, so the ticks really run — must not trap and must end
/// soon. `scripts/fuzz-session.sh` holds libFuzzer to the same for longer.
final class SessionFuzzTests: XCTestCase {
    static var corpus: URL { PackagePaths.fixtures.appendingPathComponent("session-corpus") }

    /// The seeds the fixtures lack: a header that holds the whole state (a recording started
    /// mid-flight) and every kind of input event. `RECORD_SNAPSHOTS=1` records them again.
    static let seeds: [(name: String, text: () throws -> String)] = [
        ("resume-mid-flight", resumedMidFlight),
        ("every-input", everyInput),
        ("compared", compared),
    ]

    /// Two sessions compared side by side in one file: B under a bouncier zoom-in, both opening
    /// the same photo, then A alone taken back to the grid.
    static func compared() throws -> String {
        let world = World(photos: photoInfos(count: 6), viewport: SessionRecordingTests.viewport)
        var bouncy = world
        bouncy.tuning.zoomInSpring = .response(0.3, dampingRatio: 0.5)
        var sims = [Simulation(world: world), Simulation(world: bouncy)]
        var recorders = [SessionRecorder(), SessionRecorder(side: "B")]
        var text = try zip(recorders, sims).enumerated().map { side, pair in
            try pair.0.headerLine(
                SessionHeader(
                    app: "test", platform: "test", world: pair.1.world, pixelDensity: 1, contentHashes: [],
                    side: side == 0 ? "A" : "B"))
        }.joined()
        for step in 0..<200 {
            let both: [InputEvent] =
                step == 10
                ? SessionRecordingTests.pointer(.down, 60, 60)
                : step == 11 ? SessionRecordingTests.pointer(.up, 60, 60) : []
            for side in sims.indices {
                let events = both + (step == 120 && side == 0 ? [.key(.escape, modifiers: [])] : [])
                sims[side].step(events)
                if let line = try recorders[side].line(after: sims[side], input: events) { text += line }
            }
        }
        return text + (try zip(recorders, sims).map { try $0.0.endLine($0.1) }.joined())
    }

    static func resumedMidFlight() throws -> String {
        var input = ScriptedInput(photos: photoInfos(count: 6), viewport: SessionRecordingTests.viewport)
        input.tapCell(2)
        input.ticks(9)
        var sim = input.sim
        var recorder = SessionRecorder()
        var text = try recorder.headerLine(
            SessionHeader(
                app: "test", platform: "test", world: sim.world, pixelDensity: 2, contentHashes: [],
                midSession: true))
        var bouncy = Tuning()
        bouncy.zoomInSpring = .response(0.7, dampingRatio: 0.45)
        let script: [Int: [InputEvent]] = [
            3: [.tuningReloaded(bouncy)],
            60: finger(1, .down, 150, 350) + finger(2, .down, 240, 350),
            61: finger(1, .moved, 120, 350) + finger(2, .moved, 270, 350),
            62: finger(1, .moved, 90, 350) + finger(2, .moved, 300, 350),
            63: finger(1, .up, 90, 350) + finger(2, .up, 300, 350),
            120: [.resize(Size(width: 520, height: 640))],
            200: [.key(.escape, modifiers: [])],
        ]
        for step in 0..<300 {
            let events = script[step] ?? []
            sim.step(events)
            if let line = try recorder.line(after: sim, input: events) { text += line }
        }
        return text + (try recorder.endLine(sim))
    }

    static func everyInput() throws -> String {
        try SessionRecordingTests.record(photos: 4) { tick, world in
            func idle(_ n: Int) { for _ in 0..<n { tick([]) } }
            let cell = world().grid.layout!.frame(of: 1).center
            tick([.wheel(dx: 0, dy: -3, position: cell, modifiers: [])])
            idle(20)
            tick(SessionRecordingTests.pointer(.down, cell.x, cell.y))
            tick(SessionRecordingTests.pointer(.up, cell.x, cell.y))
            idle(40)
            tick([.wheel(dx: 2, dy: 0, position: Point(x: 200, y: 300), modifiers: .control)])
            idle(10)
            tick([.key(.right, modifiers: [])])
            idle(10)
            tick([.developer(.cycleSlowMotion)])
            tick([.developer(.togglePause)])
            tick([.developer(.step)])
            tick(finger(1, .down, 200, 300))
            tick(finger(1, .moved, 200, 420))
            tick([.focusLost])
            idle(30)
            tick([
                .pointer(
                    PointerEvent(id: 0, source: .mouse, phase: .down, position: Point(x: 200, y: 300), modifiers: .alt))
            ])
            tick([
                .pointer(
                    PointerEvent(id: 0, source: .mouse, phase: .moved, position: Point(x: 240, y: 340), modifiers: .alt)
                )
            ])
            tick([
                .pointer(
                    PointerEvent(
                        id: 0, source: .mouse, phase: .cancelled, position: Point(x: 240, y: 340), modifiers: .alt))
            ])
            idle(30)
            tick([.resize(Size(width: 330, height: 410))])
            tick([.key(.escape, modifiers: [])])
            idle(60)
        }
    }

    static func finger(_ id: Int, _ phase: PointerPhase, _ x: Double, _ y: Double) -> [InputEvent] {
        [.pointer(PointerEvent(id: id, source: .touch, phase: phase, position: Point(x: x, y: y)))]
    }

    func testTheSeedsAreRecordedSessionsThatVerify() throws {
        let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
        for (name, text) in Self.seeds {
            let url = Self.corpus.appendingPathComponent(name + ".jsonl")
            if record { try text().write(to: url, atomically: true, encoding: .utf8) }
            let recording = try SessionRecording.read(try String(contentsOf: url, encoding: .utf8))
            for session in [recording, recording.compared].compactMap({ $0 }) {
                XCTAssertNil(session.stopped, name)
                guard case .verified = SessionReplay.run(session) else {
                    return XCTFail(
                        "\(name).jsonl no longer replays: \(SessionReplay.run(session)). If the change was meant, RECORD_SNAPSHOTS=1 records it again"
                    )
                }
            }
        }
    }

    /// The texts to mutate: every recorded session and seed, as bytes.
    func bases() throws -> [[UInt8]] {
        let sessions = PackagePaths.fixtures.appendingPathComponent("sessions")
        let folders = [sessions, sessions.appendingPathComponent("format-1"), Self.corpus]
        let files = try folders.flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jsonl") }.sorted()
                .map { folder.appendingPathComponent($0) }
        }
        XCTAssertGreaterThanOrEqual(files.count, 9, "the sessions and the seeds")
        return try files.map { try Array(Data(contentsOf: $0)) }
    }

    /// Numbers at and past every edge a session's numbers have: ticks, sizes, positions,
    /// tuning values, Int and Double limits.
    static let numbers = [
        "0", "-0", "-1", "1", "2", "0.5", "29", "30", "31", "16384", "16385", "1000000", "1000001", "-1000001", "1e18",
        "4611686018427387904", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
        "1e300", "-1e300", "1e999", "-1e999", "5e-324", "1e-300", "1.7976931348623157e308", "123456789.123",
    ]

    /// What a mutation puts in: JSON's own tokens, words that are not JSON, and pieces of a
    /// session line.
    static let tokens =
        [
            "{", "}", "[", "]", "\"", ":", ",", "\n", "null", "true", "false", "\"\"", "{}", "[]", "NaN", "Infinity",
            "\\u0000", "é", "😀",
            "\"tick\":", "\"state\":", "\"input\":", "\"end\":", "\"digest\":\"0000000000000000\"", "\"photos\":[]",
            "\"version\":1",
            "{\"tick\":1000000000,\"digest\":\"0123456789abcdef\"}",
            "{\"end\":9223372036854775807,\"digest\":\"0123456789abcdef\"}",
            "{\"resize\":{\"_0\":{\"width\":0,\"height\":0}}}", "{\"focusLost\":{}}",
            "{\"developer\":{\"_0\":\"step\"}}",
        ] + numbers

    /// One to four mutations of `base`, `other` lending lines to splice in.
    static func mutate(_ base: [UInt8], other: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var bytes = base
        let newline = UInt8(ascii: "\n")
        func lines(_ b: [UInt8]) -> [ArraySlice<UInt8>] {
            b.split(separator: newline, omittingEmptySubsequences: false)
        }
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let at = Int.random(in: 0...bytes.count, using: &generator)
            let span = Int.random(in: 0...Swift.min(64, bytes.count - at), using: &generator)
            switch Int.random(in: 0..<100, using: &generator) {
            case 0..<10:
                if at < bytes.count { bytes[at] ^= 1 << UInt8.random(in: 0...7, using: &generator) }
            case 10..<18:
                bytes.removeSubrange(at..<at + span)
            case 18..<30:
                bytes.insert(contentsOf: tokens.randomElement(using: &generator)!.utf8, at: at)
            case 30..<60:
                // The next number (a value, not hex digits in a digest) swapped for an extreme.
                let starts = "-0123456789".utf8
                let before = ":,[".utf8
                if let start = bytes.indices.dropFirst(Swift.max(at, 1)).first(where: {
                    starts.contains(bytes[$0]) && before.contains(bytes[$0 - 1])
                }) {
                    let end = bytes[start...].firstIndex { !"0123456789.eE+-".utf8.contains($0) } ?? bytes.endIndex
                    bytes.replaceSubrange(start..<end, with: numbers.randomElement(using: &generator)!.utf8)
                }
            case 60..<70:
                var all = lines(bytes)
                let i = Int.random(in: 0..<all.count, using: &generator)
                let j = Int.random(in: 0..<all.count, using: &generator)
                all.swapAt(i, j)
                bytes = Array(all.joined(separator: [newline]))
            case 70..<78:
                var all = lines(bytes)
                let i = Int.random(in: 0..<all.count, using: &generator)
                if Bool.random(using: &generator) { all.insert(all[i], at: i) } else { all.remove(at: i) }
                bytes = Array(all.joined(separator: [newline]))
            case 78..<86:
                // A line of another session, the header included: a state from elsewhere.
                var all = lines(bytes)
                let theirs = lines(other)
                all.insert(
                    theirs.randomElement(using: &generator)!, at: Int.random(in: 0...all.count, using: &generator))
                bytes = Array(all.joined(separator: [newline]))
            case 86..<94:
                bytes.removeSubrange(at...)
            default:
                let slice = Array(bytes[at..<at + span])
                bytes.insert(contentsOf: slice, at: Int.random(in: 0...bytes.count, using: &generator))
            }
        }
        return bytes
    }

    func testMutatedSessionsAreRefusedOrReplayedInBoundedTime() throws {
        var generator = try SeededGenerator(fixedSeed: 0x5E55_F022)
        let bases = try bases()
        var failures = 0
        let clock = ContinuousClock()
        for round in 0..<400 {
            let base = bases[round % bases.count]
            let other = bases[Int.random(in: 0..<bases.count, using: &generator)]
            let bytes = Self.mutate(base, other: other, using: &generator)
            let text = String(decoding: bytes, as: UTF8.self)
            var why: String?
            let took = clock.measure { why = SessionFileProperties.violation(readingAndReplaying: text) }
            // The longest seed replays in well under a second in debug; a replay with no bound on
            // its ticks runs for hours.
            if why == nil, took > .seconds(HangGuard.seconds) {
                why = HangGuard.failure("reading and replaying did not end (\(took))")
            }
            guard let why else { continue }
            let shown = text.count > 4000 ? String(text.prefix(4000)) + "…" : text
            XCTFail("\(generator), round \(round): \(why)\n--- input ---\n\(shown)")
            failures += 1
            if failures == 3 { break }
        }
    }
}
