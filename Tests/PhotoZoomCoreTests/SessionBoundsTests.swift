import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore

/// What the fuzzing of the session reader found, or showed could be reached: a file no
/// recorder writes that replayed without end or trapped. Each is now refused with one line
/// saying what is wrong — the whole file when it is the header, the rest of it from the line
/// where it is an input or a tick.
final class SessionBoundsTests: XCTestCase {
    static func lines(_ name: String, folder: String = "sessions") throws -> [String] {
        let url = PackagePaths.fixtures.appendingPathComponent(folder).appendingPathComponent(name + ".jsonl")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// `line` (a JSON object) with `edit` applied to it.
    static func edited(_ line: String, _ edit: (inout [String: Any]) -> Void) throws -> String {
        var object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        edit(&object)
        return String(
            decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    static func refusal(_ text: String) -> String? {
        do {
            _ = try SessionRecording.read(text)
            return nil
        } catch {
            return "\(error)"
        }
    }

    static func tickLine(_ tick: Int, _ input: [InputEvent]) throws -> String {
        String(
            decoding: try JSONEncoder().encode(SessionTick(tick: tick, input: input, digest: "0123456789abcdef")),
            as: UTF8.self)
    }

    /// Found by the mutation test: a tick of 10¹⁸ after tick 2 was 10¹⁸ ticks of replay, a
    /// replay without end. The recorder writes a line every 30 ticks at least.
    func testATickFarAfterTheLastOneStopsTheReplayThere() throws {
        let lines = try Self.lines("tap")
        for far in [
            "{\"digest\":\"0123456789abcdef\",\"tick\":1000000000000000000}",
            "{\"digest\":\"0123456789abcdef\",\"end\":9223372036854775807}",
        ] {
            let recording = try SessionRecording.read((lines[0...2] + [far]).joined(separator: "\n"))
            let gap = far.contains("end") ? "9223372036854775805" : "999999999999999998"
            let tick = far.contains("end") ? "9223372036854775807" : "1000000000000000000"
            XCTAssertEqual(
                recording.stopped,
                "line 4: tick \(tick) comes \(gap) ticks after tick 2; a recording has a line at least every 30; replayed up to tick 2"
            )
            XCTAssertEqual(SessionReplay.run(recording), .verified(ticks: 2, digests: 3))
        }
        let thirtyOne = try SessionRecording.read(lines[0] + "\n" + "{\"digest\":\"0123456789abcdef\",\"tick\":31}")
        XCTAssertEqual(
            thirtyOne.stopped,
            "line 2: tick 31 comes 31 ticks after tick 0; a recording has a line at least every 30; replayed up to tick 0"
        )
    }

    /// Found measuring `photozoom replay` on large files: a read tick held a whole world's room
    /// inline (2.4 KB, state or not) and an event a whole tuning's, so 107 MB of short tick
    /// lines read to 10.5 GB. Each is now about the size of its line.
    func testAReadTickTakesAboutTheRoomOfItsLine() {
        XCTAssertLessThanOrEqual(MemoryLayout<SessionTick>.size, 64, "a tick's state is kept out of line")
        XCTAssertLessThanOrEqual(MemoryLayout<InputEvent>.size, 64, "a reload's tuning is kept out of line")
    }

    /// A header whose world the sim was never given: numbers the tuning file refuses (a 1e300
    /// gap is a grid no Int holds), a window or photo past what the window and the decoder make.
    func testAHeaderNoRecordingCouldHaveIsRefusedInOneLine() throws {
        let header = try Self.lines("tap")[0]
        let cases: [(edit: (inout [String: Any]) -> Void, message: String)] = [
            (
                { $0["tuning"] = (($0["tuning"] as! [String: Any]).merging(["cellGap": 1e300]) { $1 }) },
                "its tuning is one no tuning file gives: grid.cellGap: must lie in [0, 100], got 1e+300"
            ),
            (
                { $0["loop"] = ["tickRate": 1e9, "maxFrameDelta": 0.25] },
                "its tuning is one no tuning file gives: debug.tickRate: must lie in [30, 1000], got 1000000000.0"
            ),
            (
                { $0["window"] = ["width": 390, "height": 1e9, "pixelDensity": 1] },
                "its window is 390.0×1000000000.0 points; a window is 1 to 16384 points a side"
            ),
            (
                { $0["window"] = ["width": 0, "height": 700, "pixelDensity": 1] },
                "its window is 0.0×700.0 points; a window is 1 to 16384 points a side"
            ),
            (
                { $0["window"] = ["width": 390, "height": 700, "pixelDensity": 0] },
                "its window has 0.0 pixels per point; a display has 0.25 to 16.0"
            ),
            (
                { $0["photos"] = [["name": "p0", "width": 0, "height": 400, "placeholder": false]] },
                "photo 0 is 0.0×400.0 pixels; a photo is 1 to 1048576 pixels a side"
            ),
            ({ $0["start"] = "not hex" }, "its start digest is not 16 hex digits"),
        ]
        for (edit, message) in cases {
            XCTAssertEqual(
                Self.refusal(try Self.edited(header, edit)), "has a header no recording could have: " + message)
        }
    }

    /// A library of more photos than any folder shown: each tick that brings a photo's size
    /// digests them all, so a replay of such a header costs more than its file's size.
    func testAHeaderOfMorePhotosThanALibraryHasIsRefused() throws {
        var header = try JSONDecoder().decode(SessionHeader.self, from: Data(try Self.lines("tap")[0].utf8))
        let photo = RecordedPhoto(name: "p", width: 600, height: 400, placeholder: true, contentHash: nil)
        header.photos = Array(repeating: photo, count: SessionBounds.maximumPhotos)
        XCTAssertNil(SessionBounds.problem(in: header))
        header.photos.append(photo)
        XCTAssertEqual(
            SessionBounds.problem(in: header), "it names 1000001 photos; a library has at most 1000000")
    }

    /// A header that does not decode says where and what, in one line, not the decoder's
    /// whole error value.
    func testADamagedHeaderSaysWhereInIt() throws {
        let header = try Self.lines("tap")[0]
        XCTAssertEqual(
            Self.refusal(
                try Self.edited(header) { $0["window"] = ["width": "wide", "height": 700, "pixelDensity": 1] }),
            "has a damaged header: window.width: Expected to decode Double but found a string instead.")
        XCTAssertEqual(
            Self.refusal(
                try Self.edited(header) { $0["photos"] = [["name": "p0", "width": 600, "placeholder": false]] }),
            "has a damaged header: photos[0].height: missing")
        let resumed = try Self.lines("resume-mid-flight", folder: "session-corpus")[0]
        XCTAssertEqual(
            Self.refusal(
                try Self.edited(resumed) { line in
                    line["state"] = Self.set(line["state"] as! [String: Any], ["viewer", "currentIndex"], "two")
                }),
            "has a damaged header: state.viewer.currentIndex: Expected to decode Int but found a string instead.")
    }

    /// Input no window sends, which the systems were never written for: a resize the renderer
    /// refuses, a pointer or a wheel past any screen (an Int of a 1e300 offset traps), a tuning
    /// no file gives, a tick of input or pointers without end (each pointer costs every event).
    func testInputNoWindowSendsStopsTheReplayThere() throws {
        let lines = try Self.lines("tap")
        var bad = Tuning()
        bad.minimumCellSize = 1e-300
        let pointer = { (id: Int, phase: PointerPhase, x: Double) in
            InputEvent.pointer(PointerEvent(id: id, source: .touch, phase: phase, position: Point(x: x, y: 10)))
        }
        let cases: [(input: [InputEvent], message: String)] = [
            (
                [.resize(Size(width: 20000, height: 700))],
                "a resize to 20000.0×700.0 points; a window is 1 to 16384 points a side"
            ),
            ([pointer(0, .down, 1e300)], "a pointer at 1e+300, 10.0, more than 1000000 points from the window"),
            (
                [.wheel(dx: 0, dy: -1e300, position: Point(x: 10, y: 10), modifiers: [])],
                "a wheel turned by 0.0, -1e+300 units; one event turns at most 10000"
            ),
            (
                [.tuningReloaded(bad)],
                "a tuning reload no tuning file gives: grid.minimumCellSize: must lie in [20, 16384], got 1e-300"
            ),
            (
                Array(repeating: .key(.left, modifiers: []), count: 1001),
                "1001 input events in one tick; a tick has at most 1000"
            ),
            ((1...65).map { pointer($0, .down, 10) }, "65 pointers down at once; a session has at most 64"),
        ]
        for (input, message) in cases {
            let recording = try SessionRecording.read(lines[0] + "\n" + (try Self.tickLine(5, input)))
            XCTAssertEqual(recording.stopped, "line 2: tick 5 has \(message); replayed up to tick 0")
        }
        // Lifted fingers and focus lost count as up.
        let lifted =
            (1...65).flatMap { [pointer($0, .down, 10), pointer($0, .up, 10)] }
            + (1...64).map { pointer($0, .down, 10) } + [.focusLost, pointer(65, .down, 10)]
        XCTAssertNil(try SessionRecording.read(lines[0] + "\n" + (try Self.tickLine(5, lifted))).stopped)
    }

    /// A recording started mid-session holds the whole state; one edited by hand, with its
    /// digest made to match, must not reach the systems, which trust what they made.
    func testAResumedStateTheSystemsCouldNotHaveMadeIsRefused() throws {
        let header = try Self.lines("resume-mid-flight", folder: "session-corpus")[0]
        func state(_ edit: @escaping (inout [String: Any]) -> Void) -> (inout [String: Any]) -> Void {
            { line in
                var s = line["state"] as! [String: Any]
                edit(&s)
                line["state"] = s
            }
        }
        func at(_ path: [String], _ value: Any) -> (inout [String: Any]) -> Void {
            state { s in s = Self.set(s, path[...], value) }
        }
        let cases: [(edit: (inout [String: Any]) -> Void, message: String)] = [
            (
                at(["clock", "tick"], 9_223_372_036_854_775_807),
                "its tick 9223372036854775807 is not in 0...1099511627776"
            ),
            (at(["grid", "offset"], 1e300), "grid.offset = 1e+300, not a finite number within ±1000000000000.0"),
            (
                at(["viewer", "transition", "flight", "frame", "startTick"], -9_223_372_036_854_775_807),
                "viewer.transition.flight.frame.startTick = -9223372036854775807, not within ±1099511627776"
            ),
            (at(["scene", "free"], [400]), "its free slot 400 is not an empty slot of 17"),
            (at(["scene", "free"], [0]), "its free slot 0 is not an empty slot of 17"),
            (at(["cells", "photos"], [0, 9]), "its cells show photos 0..<9 of 6 with 6 sprites"),
            (at(["cells", "spare"], [["index": 99]]), "a cell's entity 99 has no sprite"),
            (at(["viewerSprites", "topBar", "index"], -1), "a viewer entity -1 has no sprite"),
            (at(["viewer", "currentIndex"], 6), "its current photo 6 is not in the library of 6"),
            (at(["viewer", "transition", "photo"], 7), "its transition carries photo 7 of 6"),
            (at(["clock", "rate"], 60), "it runs at 60.0 ticks a second, the header's loop at 120.0"),
            (at(["viewport", "width"], 391), "its viewport is not the header's window"),
            (at(["tuning", "cellGap"], 3), "its tuning is not the header's"),
            (at(["photos"], []), "its photos are not the header's"),
        ]
        for (edit, message) in cases {
            XCTAssertEqual(
                Self.refusal(try Self.edited(header, edit)), "has a header no recording could have: " + message)
        }
        var sprites = try XCTUnwrap(
            ((JSONSerialization.jsonObject(with: Data(header.utf8)) as? [String: Any])?["state"] as? [String: Any])?[
                "scene"] as? [String: Any])
        var list = try XCTUnwrap(sprites["sprites"] as? [Any])
        list[0] = Self.set(list[0] as! [String: Any], ["content"], ["photo": ["_0": 40]])
        sprites["sprites"] = list
        XCTAssertEqual(
            Self.refusal(try Self.edited(header, state { $0["scene"] = sprites })),
            "has a header no recording could have: sprite 0 shows photo 40 of 6")
    }

    /// `object` with the value at `path` replaced.
    static func set(_ object: [String: Any], _ path: ArraySlice<String>, _ value: Any) -> [String: Any] {
        var object = object
        guard let key = path.first else { return object }
        object[key] = path.count == 1 ? value : set(object[key] as? [String: Any] ?? [:], path.dropFirst(), value)
        return object
    }

    /// Input at the edges of what the reader takes, in every phase, through every system:
    /// recorded, read back whole, and replayed to the same digests without a trap.
    func testInputAtTheBoundsReplays() throws {
        var random = try SeededGenerator(fixedSeed: 0xB0_0D5)
        let edge = SessionBounds.maximumCoordinate
        let wheel = SessionBounds.maximumWheel
        let side = SessionBounds.windowSides
        for round in 0..<12 {
            let text = try SessionRecordingTests.record(photos: Int.random(in: 1...40, using: &random)) { tick, world in
                for _ in 0..<Int.random(in: 40...120, using: &random) {
                    let far = Point(
                        x: [-edge, edge, 0, 195].randomElement(using: &random)!,
                        y: [-edge, edge, 0, 300].randomElement(using: &random)!)
                    let near = Point(
                        x: Double.random(in: 0...390, using: &random), y: Double.random(in: 0...700, using: &random))
                    let at = Bool.random(using: &random) ? far : near
                    let source: PointerSource = Bool.random(using: &random) ? .mouse : .touch
                    switch Int.random(in: 0..<12, using: &random) {
                    case 0:
                        tick([
                            .pointer(
                                PointerEvent(
                                    id: 0, source: source, phase: .down, position: at,
                                    clicks: Int.random(in: 1...3, using: &random)))
                        ])
                    case 1: tick([.pointer(PointerEvent(id: 0, source: source, phase: .moved, position: at))])
                    case 2: tick([.pointer(PointerEvent(id: 0, source: source, phase: .up, position: at, clicks: 2))])
                    case 3:
                        tick([
                            .wheel(
                                dx: [-wheel, wheel, 0].randomElement(using: &random)!,
                                dy: [-wheel, wheel, 1].randomElement(using: &random)!,
                                position: at, modifiers: Bool.random(using: &random) ? .control : [])
                        ])
                    case 4:
                        tick([
                            .resize(
                                Size(
                                    width: [side.lowerBound, side.upperBound, 390].randomElement(using: &random)!,
                                    height: [side.lowerBound, side.upperBound, 700].randomElement(using: &random)!))
                        ])
                    case 5:
                        tick([
                            .key(
                                [.left, .right, .escape, .enter, .space, .home, .end].randomElement(using: &random)!,
                                modifiers: [])
                        ])
                    case 6:
                        tick(
                            (1...2).map { i in
                                .pointer(
                                    PointerEvent(id: i, source: .touch, phase: .down, position: i == 1 ? near : at))
                            })
                    case 7:
                        tick(
                            (1...2).map { i in
                                .pointer(
                                    PointerEvent(id: i, source: .touch, phase: .moved, position: i == 1 ? at : near))
                            })
                    case 8:
                        tick(
                            (1...2).map { i in .pointer(PointerEvent(id: i, source: .touch, phase: .up, position: at)) }
                        )
                    case 9 where world().grid.layout != nil:
                        tick([
                            .pointer(
                                PointerEvent(
                                    id: 0, source: .mouse, phase: .down,
                                    position: world().grid.layout!.frame(of: 0).center))
                        ])
                    default: for _ in 0..<Int.random(in: 1...60, using: &random) { tick([]) }
                    }
                }
            }
            let recording = try SessionRecording.read(text)
            XCTAssertNil(recording.stopped, "\(random), round \(round)")
            let outcome = SessionReplay.run(recording)
            guard case .verified = outcome else { return XCTFail("\(random), round \(round): \(outcome)") }
        }
    }
}
