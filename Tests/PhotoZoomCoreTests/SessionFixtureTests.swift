import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// The recorded sessions under Tests/Fixtures/sessions are regression tests: each replays to
/// every digest it holds. `RECORD_SNAPSHOTS=1` records them again from the scripts below, on
/// purpose, when behaviour was meant to change. A bug report's recording becomes a test by
/// copying it into that folder.
final class SessionFixtureTests: XCTestCase {
    static var folder: URL { PackagePaths.fixtures.appendingPathComponent("sessions") }

    typealias Tick = ([InputEvent]) -> Void
    static func pointer(_ phase: PointerPhase, _ p: Point) -> [InputEvent] {
        SessionRecordingTests.pointer(phase, p.x, p.y)
    }

    static func click(_ tick: Tick, _ p: Point) {
        tick(pointer(.down, p))
        tick(pointer(.up, p))
    }
    static func idle(_ tick: Tick, _ n: Int) { for _ in 0..<n { tick([]) } }
    static func drag(_ tick: Tick, _ from: Point, _ to: Point, _ steps: Int) {
        tick(pointer(.down, from))
        for i in 1...steps { tick(pointer(.moved, from + (to - from) * (Double(i) / Double(steps)))) }
        tick(pointer(.up, to))
    }

    /// Each session: open photo 4 from the grid, then what the name says.
    static let scripts: [(name: String, script: (Tick, () -> World) -> Void)] = [
        (
            "tap",
            { tick, world in
                click(tick, world().grid.layout!.frame(of: 4).center)
                idle(tick, 150)
            }
        ),
        (
            "page",
            { tick, world in
                click(tick, world().grid.layout!.frame(of: 4).center)
                idle(tick, 150)
                drag(tick, Point(x: 320, y: 350), Point(x: 80, y: 352), 14)
                idle(tick, 120)
            }
        ),
        (
            "zoom",
            { tick, world in
                click(tick, world().grid.layout!.frame(of: 4).center)
                idle(tick, 150)
                click(tick, Point(x: 195, y: 380))
                idle(tick, 3)
                click(tick, Point(x: 195, y: 380))
                idle(tick, 120)
                drag(tick, Point(x: 195, y: 380), Point(x: 260, y: 330), 10)
                idle(tick, 120)
            }
        ),
        (
            "drag-dismiss",
            { tick, world in
                click(tick, world().grid.layout!.frame(of: 4).center)
                idle(tick, 150)
                drag(tick, Point(x: 195, y: 300), Point(x: 195, y: 560), 18)
                idle(tick, 150)
            }
        ),
        (
            "reload",
            { tick, world in
                var bouncy = Tuning()
                bouncy.zoomInSpring = try! .response(0.7, dampingRatio: 0.45)
                bouncy.cellGap = 6
                click(tick, world().grid.layout!.frame(of: 4).center)
                idle(tick, 12)
                tick([.tuningReloaded(bouncy)])
                idle(tick, 240)
                tick([.key(.escape, modifiers: [])])
                idle(tick, 150)
            }
        ),
        (
            "resize",
            { tick, world in
                click(tick, world().grid.layout!.frame(of: 4).center)
                idle(tick, 20)
                tick([.resize(Size(width: 620, height: 480))])
                idle(tick, 150)
                tick([.key(.escape, modifiers: [])])
                idle(tick, 8)
                tick([.resize(Size(width: 360, height: 720))])
                idle(tick, 150)
            }
        ),
        (
            "catch-mid-flight",
            { tick, world in
                click(tick, world().grid.layout!.frame(of: 4).center)
                idle(tick, 10)
                let flying = world().viewer.transition!.frame.center
                drag(tick, flying, flying + Point(x: 20, y: 140), 16)
                idle(tick, 150)
            }
        ),
    ]

    func testEveryRecordedSessionVerifies() throws {
        let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
        if record { try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true) }
        for (name, script) in Self.scripts {
            let url = Self.folder.appendingPathComponent(name + ".jsonl")
            if record { try SessionRecordingTests.record(script).write(to: url, atomically: true, encoding: .utf8) }
            let recording = try SessionRecording.read(try String(contentsOf: url, encoding: .utf8))
            XCTAssertNil(recording.stopped, name)
            let outcome = SessionReplay.run(recording)
            guard case .verified = outcome else {
                XCTFail(
                    "\(name).jsonl no longer replays: \(outcome). If the change was meant, RECORD_SNAPSHOTS=1 records it again"
                )
                continue
            }
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter {
            $0.hasSuffix(".jsonl")
        }
        XCTAssertGreaterThanOrEqual(files.count, Self.scripts.count)
    }

    /// Recordings in session format 1, kept as they were made and never recorded again: the
    /// sessions above as the build before format 2 recorded them, the fuzzing seeds, and two
    /// made by that build for the messages its states held (a header whose state holds a
    /// tick's gestures, pager tap and relayout; a tick that taps the pager and then opens a
    /// photo from the grid). Each still verifies, its digests taken as format 1 took them.
    func testEveryFormatOneRecordingStillVerifies() throws {
        let folder = Self.folder.appendingPathComponent("format-1")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jsonl") }
            .sorted()
        XCTAssertGreaterThanOrEqual(names.count, Self.scripts.count + 4)
        for name in names + ["../lost-click.jsonl"] {
            let recording = try SessionRecording.read(
                try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
            XCTAssertEqual(recording.header.version, 1, name)
            XCTAssertNil(recording.stopped, name)
            guard case .verified(_, let digests) = SessionReplay.run(recording) else {
                XCTFail("\(name), in format 1, no longer verifies: \(SessionReplay.run(recording))")
                continue
            }
            XCTAssertEqual(digests, recording.ticks.count + 2, "\(name): every digest checked")
        }
    }

    /// Issue 23's lost click, from its bug report's recording (its last 21 ticks, resumed from
    /// the state at tick 3400; 310 photos at 820×1000): two clicks at (460, 500) on a grid at
    /// rest opened nothing. They landed 0.125 points below a row, on the 2-point gap between
    /// cells; a click on a gap now opens the nearer cell's photo, as a tap on any grid at rest does.
    func testTheLostClickOnTheGapBetweenRowsOpensThePhoto() throws {
        let recording = try SessionRecording.read(
            try String(contentsOf: Self.folder.appendingPathComponent("lost-click.jsonl"), encoding: .utf8))
        XCTAssertEqual(recording.header.state?.tick, 3400)
        guard case .verified = SessionReplay.run(recording) else { return XCTFail("\(SessionReplay.run(recording))") }
        var player = SessionPlayer(recording)
        while player.tick < 3418 { player.step() }
        let world = player.sim.world
        XCTAssertEqual(world.viewer.phase, .grid)
        let layout = try XCTUnwrap(world.grid.layout)
        let content = Point(x: 460, y: 500 + world.grid.offset)
        XCTAssertNil(layout.index(at: content), "the click is on no cell")
        XCTAssertEqual(layout.index(tappedAt: content), 220, "row 27, column 4: the row it is 0.125 points below")
        player.step()
        XCTAssertEqual(player.tick, 3419)
        XCTAssertEqual(player.sim.world.viewer.phase, .presenting, "the release opens the photo")
        XCTAssertEqual(player.sim.world.viewer.currentIndex, 220)
    }

    /// Issue 33's "a diagonal pan of a zoomed photo zooms it further", from its bug report's
    /// recording (photo 2 of the bundled photos, 512 × 512, at 393 × 852): double-clicked to
    /// 2.5×, then dragged diagonally and let go. A pan moves the photo and nothing else: from the
    /// press to the end the photo is 982.5 points square, 2.5 × its 393-point fit, while the pan
    /// carries it 240 points across. (The photo did not grow: coasting toward the man at its left
    /// edge fills the window with him, which reads as a zoom; `PanKeepsTheZoomTests` holds the
    /// pixels drawn to the photo's own at 2.5×.)
    func testAPanOfAZoomedPhotoMovesItAndKeepsItsZoom() throws {
        let recording = try SessionRecording.read(
            try String(contentsOf: Self.folder.appendingPathComponent("pan-zooms-in.jsonl"), encoding: .utf8))
        let outcome = SessionReplay.run(recording)
        if case .verified = outcome {} else { XCTFail("the bug report's recording replays as it was made: \(outcome)") }
        var player = SessionPlayer(recording)
        var panned: [Rect] = []
        var pressed = false
        while !player.atEnd {
            let input = player.input(at: player.tick + 1)
            player.step()
            let world = player.sim.world
            if !pressed, world.viewer.zoom.frame != nil,
                input.contains(where: { if case .pointer(let p) = $0 { p.phase == .down } else { false } }),
                case .idle = world.viewer.zoom.motion, world.tick > 200
            {
                pressed = true
            }
            guard pressed else { continue }
            let drawn = try XCTUnwrap(world.viewer.zoom.frame, "tick \(world.tick): still zoomed")
            let page = world.scene.sprites.compactMap { $0 }.first {
                if case .page = $0.role { $0.content == .photo(world.viewer.currentIndex) && !$0.hidden } else { false }
            }
            let photo = try XCTUnwrap(page, "tick \(world.tick): the page is drawn").current.frame
            XCTAssertEqual(photo, drawn, "tick \(world.tick): the page is drawn at the zoom's frame")
            panned.append(drawn)
        }
        XCTAssertGreaterThan(panned.count, 100, "the pan and the coast after it")
        for frame in panned {
            XCTAssertEqual(frame.width, 982.5, accuracy: 1e-9, "\(frame): a pan changes no zoom")
            XCTAssertEqual(frame.height, 982.5, accuracy: 1e-9, "\(frame): a pan changes no zoom")
        }
        XCTAssertEqual(
            panned.last!.minX - panned.first!.minX, 239.8, accuracy: 0.1, "the pan and its coast carry the photo right")
    }
}
