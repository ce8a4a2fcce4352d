import CSDL2
import Foundation
import PhotoZoomCore
import PhotoZoomLibrary
import PhotoZoomSDL
import PhotoZoomTestSupport
import XCTest

/// `run --compare`, headless: two sessions side by side in one canvas under one pointer, driven
/// through `WindowSessions` as the window drives them, against each tuning's session alone in a
/// canvas the size of its half. Every photo is one flat colour, so a cell's picture is the same
/// whether its thumbnail or its page has arrived, and only the motion can differ.
final class CompareSessionsTests: XCTestCase {
    static let photoCount = 24
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-compare-\(getpid())")

    override class func setUp() {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        FlatColourPhotos.write(photoCount, width: 64, height: 48, into: folder)
    }

    override class func tearDown() { try? FileManager.default.removeItem(at: folder) }

    /// A tuning file whose zoom-in is much quicker and bounces: mid-flight, B is elsewhere.
    func quickZoomIn() throws -> String {
        var file = TuningFile()
        file.springs["springs.zoomIn"] = .swiftUI(response: 0.2, dampingRatio: 0.5)
        file.tuning.zoomInSpring = try file.springs["springs.zoomIn"]!.parameters()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pz-compare-b-\(getpid()).json").path
        try OutputFile.saveText(file.text, to: path, overwrite: true, replaceFlag: "--force")
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// A canvas of `size` points and its sessions, one for each tuning file (nil: the defaults),
    /// opened and settled: every cell's picture in, every fade over.
    final class Opened {
        let canvas: HeadlessCanvas
        let sessions: WindowSessions
        /// The window's loop on a scripted clock: frames of a sixtieth of a second, two ticks
        /// each, or a sleep's worth when an idle poll waits.
        private var driver = FrameDriver(
            input: HandedPolls(), clock: ScriptedClock(time: 1_000_000_000), framesPerSecond: 60)

        init(size: Size, tunings: [String?], recordPath: String? = nil) throws {
            let reading = OpeningRead(
                folder: CompareSessionsTests.folder.path, scan: PhotoFolder.Scan(), viewport: size, file: TuningFile(),
                log: { _ in })
            canvas = try HeadlessCanvas(size: size, format: HeadlessCanvas.windowFormat)
            let settings = try tunings.map { path in
                LiveSession.Settings(
                    tuning: try path.map { try LiveTuning.start(path: $0).live },
                    photosFolder: CompareSessionsTests.folder.path)
            }
            sessions = try WindowSessions(
                opening: try reading.take(), surface: canvas, settings: settings, cache: nil, fillsCache: false,
                limits: LibraryLimits(), wake: .none, recordPath: recordPath, log: { _ in })
            let deadline = Date().addingTimeInterval(HangGuard.seconds)
            // Asleep between arrivals, as the window is: a wake runs a tick only for its input.
            while !(sessions.showsEveryCellSharp && !sessions.hasArrivals
                && sessions.sessions.allSatisfy(\.sim.isIdle)), Date() < deadline
            {
                usleep(5_000)
                _ = driver.frame(sessions)
            }
        }

        deinit { close() }

        /// Ends the sessions: a recording's last lines written.
        func close() { sessions.close(stoppingLoaders: false) }

        /// One frame with `events` polled and Tab pressed `switchingSides` times, after a sleep
        /// if the sessions are idle, when only input runs a tick.
        func frame(_ events: [InputEvent] = [], switchingSides: Int = 0) {
            var polled = AppWindow.Polled(events: events)
            polled.sideSwitches = switchingSides
            driver.input.next = polled
            _ = driver.frame(sessions)
        }

        /// Frames until the window may sleep (its photos' decodes ahead come in on threads of
        /// their own), or the hang guard's real time; whether it may.
        func untilIdle() -> Bool {
            let deadline = Date().addingTimeInterval(HangGuard.seconds)
            while !sessions.isIdle(at: driver.clock.now()) {
                guard Date() < deadline else { return false }
                usleep(5_000)
                frame()
            }
            return true
        }
    }

    static func tap(at point: Point) -> [[InputEvent]] {
        [
            [.pointer(PointerEvent(id: 0, source: .mouse, phase: .down, position: point))],
            [.pointer(PointerEvent(id: 0, source: .mouse, phase: .up, position: point))],
        ]
    }

    /// How many pixels of `region` (in `canvas`) differ from `alone`'s, from its top-left.
    static func differences(_ canvas: HeadlessCanvas, _ region: Rect, _ alone: HeadlessCanvas) -> Int {
        var count = 0
        for y in stride(from: 0, to: Int(region.height), by: 2) {
            for x in stride(from: 0, to: Int(region.width), by: 2) {
                let a = canvas.pixel(x: Int(region.minX) + x, y: Int(region.minY) + y)
                let b = alone.pixel(x: x, y: y)
                if a.r != b.r || a.g != b.g || a.b != b.b { count += 1 }
            }
        }
        return count
    }

    func testEachHalfIsItsTuningsSessionAloneUnderTheSameHand() throws {
        let b = try quickZoomIn()
        let pair = try Opened(size: Size(width: 900, height: 640), tunings: [nil, b])
        let areas = pair.sessions.views.map(\.sceneArea)
        XCTAssertEqual(
            areas.map(\.size), [Size(width: 446, height: 594), Size(width: 446, height: 594)],
            "side by side, each under its two-line label")
        let alone = try [nil, b].map { try Opened(size: areas[0].size, tunings: [$0]) }
        // A cell in B's half: the same press in both sessions, at the same point of each.
        let cell = Point(x: 60, y: 60)
        var script = Self.tap(at: areas[1].origin + cell)
        script += Array(repeating: [], count: 8)
        var seen: [[Int]] = []
        for (frame, events) in script.enumerated() {
            pair.frame(events)
            for single in alone { single.frame(events.map { Self.shifted($0, by: areas[1].origin) }) }
            if frame >= 4 {
                seen.append((0..<2).map { Self.differences(pair.canvas, areas[$0], alone[$0].canvas) })
                // Mid-flight the two tunings are apart: B's half is not A's session.
                XCTAssertGreaterThan(
                    Self.differences(pair.canvas, areas[1], alone[0].canvas), 500, "frame \(frame): B moves as A does")
            }
        }
        XCTAssertEqual(
            pair.sessions.sessions.map(\.sim.world.viewer.phase),
            alone.map(\.sessions.sessions[0].sim.world.viewer.phase))
        XCTAssertTrue(seen.allSatisfy { $0 == [0, 0] }, "pixels differing from each session alone, by frame: \(seen)")
    }

    func testTabDrivesOneSideThenTheOtherThenBoth() throws {
        let pair = try Opened(size: Size(width: 600, height: 900), tunings: [nil, nil])
        let areas = pair.sessions.views.map(\.area)
        XCTAssertEqual(areas.map(\.minY), [0, 454], "taller than wide: one above the other, a divider apart")
        func phases() -> [ViewerPhase] { pair.sessions.sessions.map(\.sim.world.viewer.phase) }
        pair.frame(switchingSides: 1)
        XCTAssertEqual(pair.sessions.driven, 0)
        for events in Self.tap(at: Point(x: 60, y: 500)) { pair.frame(events) }
        for _ in 0..<60 { pair.frame() }
        XCTAssertEqual(phases(), [.pager, .grid], "A alone opened the photo, though the press was in B's half")
        pair.frame(switchingSides: 1)
        XCTAssertEqual(pair.sessions.driven, 1)
        for events in Self.tap(at: Point(x: 60, y: 80)) { pair.frame(events) }
        for _ in 0..<60 { pair.frame() }
        XCTAssertEqual(phases(), [.pager, .pager])
        pair.frame([.key(.escape, modifiers: [])], switchingSides: 1)
        XCTAssertNil(pair.sessions.driven)
        for _ in 0..<90 { pair.frame() }
        XCTAssertEqual(phases(), [.grid, .grid], "both driven again: Escape closed both")
    }

    func testACompareSessionRecordedReplaysBothSidesEachAsItRan() throws {
        let b = try quickZoomIn()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pz-compare-\(getpid()).jsonl").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        let pair = try Opened(size: Size(width: 900, height: 640), tunings: [nil, b], recordPath: path)
        let areas = pair.sessions.views.map(\.sceneArea)
        // Both open a photo; then A alone is dragged home while B stays in its pager.
        for events in Self.tap(at: areas[1].origin + Point(x: 60, y: 60)) { pair.frame(events) }
        for _ in 0..<40 { pair.frame() }
        pair.frame(switchingSides: 1)
        let from = areas[0].origin + Point(x: 220, y: 200)
        pair.frame([.pointer(PointerEvent(id: 0, source: .mouse, phase: .down, position: from))])
        for step in 1...12 {
            pair.frame([
                .pointer(
                    PointerEvent(
                        id: 0, source: .mouse, phase: .moved, position: from + Point(x: 0, y: Double(step) * 25)))
            ])
        }
        pair.frame([.pointer(PointerEvent(id: 0, source: .mouse, phase: .up, position: from + Point(x: 0, y: 300)))])
        for _ in 0..<60 { pair.frame() }
        XCTAssertEqual(pair.sessions.sessions.map(\.sim.world.viewer.phase), [.grid, .pager])
        pair.close()

        let recording = try SessionRecording.read(String(contentsOfFile: path, encoding: .utf8))
        let other = try XCTUnwrap(recording.compared, "B's side is in the file")
        XCTAssertEqual([recording.header.side, other.header.side], ["A", "B"])
        XCTAssertEqual([recording.stopped, other.stopped], [nil, nil], "every line read as its side's")
        XCTAssertEqual(
            [recording.end?.end, other.end?.end],
            [pair.sessions.sessions[0].sim.world.tick, pair.sessions.sessions[1].sim.world.tick])
        XCTAssertEqual(other.header.tuning, try LiveTuning.start(path: b).live.good.tuning)
        XCTAssertNotEqual(
            recording.ticks.compactMap(\.input), other.ticks.compactMap(\.input), "the drag was A's alone")
        for (side, session) in [("A", recording), ("B", other)] {
            guard case .verified = SessionReplay.run(session) else {
                return XCTFail("\(side) does not replay to its digests")
            }
        }
        // The executable says so for both.
        let verified = try ChildProcess.run(
            PackagePaths.executable, ["replay", path, "--verify"], environment: ["SDL_VIDEODRIVER": "offscreen"],
            timeout: 60)
        XCTAssertEqual(verified.status, 0, verified.stderr)
        XCTAssertTrue(
            verified.stdout.hasPrefix("A verified: ") && verified.stdout.contains("\nB verified: "), verified.stdout)
    }

    /// Input that wakes the window runs a tick in both sessions, though one alone hears it:
    /// the two stay on the same tick, so B's moment is A's.
    func testBothSessionsKeepTheSameTicksWhenOneAloneHearsTheInput() throws {
        let pair = try Opened(size: Size(width: 900, height: 640), tunings: [nil, nil])
        pair.frame(switchingSides: 1)
        for key in 0..<5 {
            XCTAssertTrue(pair.untilIdle(), HangGuard.failure("the window did not sleep before key \(key)"))
            let start = pair.sessions.sessions.map(\.sim.world.tick)
            XCTAssertEqual(start[0], start[1])
            pair.frame([.key(.right, modifiers: [])])
            XCTAssertEqual(
                pair.sessions.sessions.map(\.sim.world.tick), [start[0] + 1, start[1] + 1],
                "key \(key): the wake is one tick in both")
        }
    }

    /// A tuning file three values away from the defaults, in the defaults' words.
    func threeDifferences() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pz-compare-b3-\(getpid()).json").path
        try
            #"{"springs": {"zoomIn": {"uikitDuration": 0.3, "dampingRatio": 0.8}}, "pager": {"pageGap": 30}, "dismissal": {"shrink": 0.3}}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// Issue 33, item 7: at 900×600 and at the default 393×852, B's label has every difference
    /// whole on lines that end before the strip's edge (one line cut mid-word showed the
    /// first), A's strip is as high, and the halves are a divider apart that is neither the
    /// grid's white nor the strip's black.
    func testLabelsShowEveryDifferenceThatFitsAndTheHalvesAreApart() throws {
        let b = try threeDifferences()
        let differences = [
            "springs.zoomIn.uikitDuration 0.5 | 0.3", "pager.pageGap 16 | 30", "dismissal.shrink 0.5 | 0.3",
        ]
        for size in [Size(width: 900, height: 600), Size(width: 393, height: 852)] {
            let pair = try Opened(size: size, tunings: [nil, b])
            let sessions = pair.sessions.views
            for difference in differences {
                XCTAssertTrue(
                    sessions[1].label.contains { $0.contains(difference) },
                    "\(size): \(difference) in \(sessions[1].label)")
            }
            XCTAssertEqual(sessions[0].label.count, sessions[1].label.count, "\(size): both strips as high")
            XCTAssertEqual(sessions[0].sceneArea.size, sessions[1].sceneArea.size, "\(size)")
            for (side, session) in zip(["A", "B"], sessions) {
                let edge = Int(session.area.maxX) - 6
                let lit = (Int(session.area.minY)..<Int(session.sceneArea.minY)).flatMap { y -> [String] in
                    (edge..<Int(session.area.maxX)).filter { x in pair.canvas.pixel(x: x, y: y).r > 40 }.map { x in
                        "(\(x), \(y))"
                    }
                }
                XCTAssertEqual(lit, [], "\(size): \(side)'s label runs to the strip's edge")
            }
            let across = size.width >= size.height
            let gap =
                across ? sessions[1].area.minX - sessions[0].area.maxX : sessions[1].area.minY - sessions[0].area.maxY
            XCTAssertGreaterThanOrEqual(gap, 8, "\(size): the halves are apart")
            let middle =
                across
                ? pair.canvas.pixel(x: Int(sessions[0].area.maxX + gap / 2), y: Int(size.height / 2))
                : pair.canvas.pixel(x: Int(size.width / 2), y: Int(sessions[0].area.maxY + gap / 2))
            XCTAssertTrue(
                (60...160).contains(middle.r) && (60...160).contains(middle.b),
                "\(size): the divider is grey: \(middle)")
        }
    }

    /// Issue 33, item 6: a replay's `--compare` frames label B as the window does, in a strip of
    /// its own above B's picture: B's strip in a frame is, pixel for pixel, B's strip in a
    /// window whose halves are as wide (the frames wrote it over the picture, in other words).
    func testAReplaysLabelIsTheWindowsInAStripOfItsOwn() throws {
        let b = try threeDifferences()
        let frames = FileManager.default.temporaryDirectory.appendingPathComponent("pz-compare-frames-\(getpid())")
        addTeardownBlock { try? FileManager.default.removeItem(at: frames) }
        let fixture = PackagePaths.fixtures.appendingPathComponent("sessions/drag-dismiss.jsonl")
        let replay = try ChildProcess.run(
            PackagePaths.executable, ["replay", fixture.path, "--compare", b, "--frames", frames.path, "--fps", "1"],
            environment: ["SDL_VIDEODRIVER": "offscreen"], timeout: 60)
        XCTAssertEqual(replay.status, 0, replay.stderr)
        guard let loaded = IMG_Load(frames.appendingPathComponent("frame-000001.png").path),
            let frame = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32.rawValue, 0)
        else { return XCTFail("no frame") }
        defer {
            SDL_FreeSurface(loaded)
            SDL_FreeSurface(frame)
        }
        // The recording's window is 390×700: two of them across, a divider apart, each under its strip.
        let pair = try Opened(size: Size(width: 390, height: 1000), tunings: [nil, b])
        let window = pair.sessions.views[1]
        let strip = Int(window.sceneArea.minY - window.area.minY)
        XCTAssertGreaterThan(strip, 20)
        XCTAssertEqual(Int(frame.pointee.h), 700 + strip, "the strips are above the pictures, not over them")
        let left = Int(frame.pointee.w) - 390
        var differing: [String] = []
        for y in 0..<strip {
            for x in 0..<390 {
                let p =
                    frame.pointee.pixels.assumingMemoryBound(to: UInt8.self) + y * Int(frame.pointee.pitch) + (left + x)
                    * 4
                let w = pair.canvas.pixel(x: x, y: Int(window.area.minY) + y)
                if max(abs(Int(p[0]) - Int(w.r)), abs(Int(p[1]) - Int(w.g)), abs(Int(p[2]) - Int(w.b))) > 2 {
                    differing.append("(\(x), \(y))")
                }
            }
        }
        XCTAssertEqual(differing.count, 0, "B's strip differs from the window's at \(differing.prefix(10))")
    }

    static func shifted(_ event: InputEvent, by origin: Point) -> InputEvent {
        guard case .pointer(var pointer) = event else { return event }
        pointer.position = pointer.position - origin
        return .pointer(pointer)
    }
}
