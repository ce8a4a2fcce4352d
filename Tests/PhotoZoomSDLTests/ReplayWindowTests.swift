import Foundation
import PhotoZoomCore
import PhotoZoomLibrary
import PhotoZoomSDL
import PhotoZoomTestSupport
import XCTest

/// `photozoom replay FILE` in a real window on a private X server, driven by xdotool: a drag on
/// the timeline shows the tick under the pointer, pixel for pixel as a headless render of that
/// tick draws it, with the playhead there; End goes to the last tick.
final class ReplayWindowTests: XCTestCase {
    func testScrubbingAndKeysShowTheTickTheTimelineSays() throws {
        let file = PackagePaths.fixtures.appendingPathComponent("sessions/drag-dismiss.jsonl")
        let recording = try SessionRecording.read(try String(contentsOf: file, encoding: .utf8))
        var player = SessionPlayer(recording)
        var moments = SessionMoments(recording)
        player.playThrough { moments.observe($0) }
        let timeline = ReplayTimeline(
            firstTick: player.firstTick, lastTick: player.lastTick, moments: moments.all, divergence: nil)
        let viewport = recording.header.world.viewport
        let window = Size(width: viewport.width, height: viewport.height + ReplayTimeline.height)
        let photos = try ReplayPhotos.load(recording.header.photos, folder: PhotoFolder.bundledFolder(), log: { _ in })
        let canvas = try HeadlessCanvas(size: viewport)
        let renderer = OnDemandScene(renderer: canvas.renderer, library: photos, log: { XCTFail($0) })

        let session = try XvfbSession(width: 800, height: 900)
        defer { session.stop() }
        let env = session.environment(["SDL_VIDEODRIVER": "x11", "SDL_RENDER_DRIVER": nil])
        let app = try session.start(
            PackagePaths.executable.path, ["replay", file.path, "--at", "0"], name: "photozoom", environment: env,
            directory: PackagePaths.root)
        let (id, frame) = try session.waitForWindow(named: "^PhotoZoom replay", timeout: 60)
        XCTAssertEqual(frame.size, window, session.log(of: app))
        try session.run("xdotool", ["windowfocus", "--sync", id])
        func at(_ p: Point) -> [String] { [String(Int(frame.minX + p.x)), String(Int(frame.minY + p.y))] }

        /// The window shows `tick`: its scene as the headless render of that tick, the playhead at its x.
        func assertShows(_ tick: Int, _ what: String) throws {
            player.seek(to: tick)
            renderer.draw(player.sim.drawList(interpolation: 1), window: viewport, scale: 1)
            let track = ReplayTimeline.track(in: window)
            func playhead(_ shot: ReferenceImage) -> Int {
                Self.rgb(shot, Int(timeline.x(of: tick, in: window).rounded()), Int(track.minY) - 6).reduce(0, +)
            }
            func differing(_ shot: ReferenceImage) -> Double {
                var off = 0
                for y in stride(from: 0, to: Int(viewport.height), by: 2) {
                    for x in stride(from: 0, to: Int(viewport.width), by: 2) {
                        let a = Self.rgb(shot, x, y)
                        let b = canvas.pixel(x: x, y: y)
                        let d = max(abs(a[0] - Int(b.r)), abs(a[1] - Int(b.g)), abs(a[2] - Int(b.b)))
                        if d > 8 { off += 1 }
                    }
                }
                return Double(off) / (viewport.width * viewport.height / 4)
            }
            // The window draws when the X server hands it the input: a busy machine takes a while.
            var shot = try session.screenshot(of: frame).image
            let deadline = Date() + HangGuard.seconds
            while differing(shot) >= 0.01 || playhead(shot) <= 700, Date() < deadline {
                Thread.sleep(forTimeInterval: 0.1)
                shot = try session.screenshot(of: frame).image
            }
            XCTAssertLessThan(
                differing(shot), 0.01, "\(what): the scene is tick \(tick)'s (\(player.sim.world.viewer.phase.name))")
            XCTAssertGreaterThan(playhead(shot), 700, "\(what): the playhead is at tick \(tick)")
        }

        let trackY = ReplayTimeline.track(in: window).center.y
        let x = (timeline.x(of: 100, in: window)).rounded()
        let pressed = timeline.tick(atX: x, in: window)
        try session.run("xdotool", ["mousemove"] + at(Point(x: x, y: trackY)) + ["mousedown", "1"])
        try assertShows(pressed, "pressed on the track")
        XCTAssertEqual(player.sim.world.viewer.phase, .pager)
        let dragged = (timeline.x(of: 165, in: window)).rounded()
        try session.run("xdotool", ["mousemove"] + at(Point(x: dragged, y: trackY - 40)))
        try assertShows(timeline.tick(atX: dragged, in: window), "dragged along it")
        try session.run("xdotool", ["mouseup", "1"])
        try session.run("xdotool", ["key", "End"])
        try assertShows(player.lastTick, "End")
        try session.run("xdotool", ["key", "Home", "shift+Right", "shift+Right", "shift+Right", "Right"])
        try assertShows(moments.all[2].tick + 1, "three moments on and a tick")
        try session.run("xdotool", ["key", "q"])
        app.waitUntilExit()
        XCTAssertEqual(app.terminationReason, .exit, "signal \(app.terminationStatus): \(session.log(of: app))")
        XCTAssertEqual(app.terminationStatus, 0, session.log(of: app))
    }

    /// Issue 33, item 8: `replay --compare` in the window fits A and B into scenes of the same
    /// size (B's three-line label made B's smaller), with no white line down either edge (the
    /// part of a pixel past a scaled scene showed the background).
    func testCompareDrawsBothHalvesTheSameSize() throws {
        let fixture = PackagePaths.fixtures.appendingPathComponent("sessions/drag-dismiss.jsonl")
        let recording = try SessionRecording.read(try String(contentsOf: fixture, encoding: .utf8))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pz-replay-halves-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let b = folder.appendingPathComponent("b.json")
        try
            #"{"springs": {"zoomIn": {"response": 0.3, "dampingRatio": 0.8}}, "pager": {"pageGap": 30}, "dismissal": {"shrink": 0.3}}"#
            .write(to: b, atomically: true, encoding: .utf8)
        let viewport = recording.header.world.viewport
        let session = try XvfbSession(width: 1000, height: 1000)
        defer { session.stop() }
        let env = session.environment(["SDL_VIDEODRIVER": "x11", "SDL_RENDER_DRIVER": nil])
        // Tick 120: in the pager, black but for the photo's grey placeholder and the bar's text.
        let app = try session.start(
            PackagePaths.executable.path, ["replay", fixture.path, "--compare", b.path, "--at", "120"],
            name: "photozoom", environment: env, directory: PackagePaths.root)
        let (_, frame) = try session.waitForWindow(named: "^PhotoZoom replay", timeout: 60)
        let letterbox = [44, 44, 50]
        let half = Int(viewport.width)
        let middle = Int(viewport.height / 2)
        /// Each half's scene, as the columns of the middle row that are not letterbox.
        func scenes(_ shot: ReferenceImage) -> [ClosedRange<Int>?] {
            (0..<2).map { i in
                let columns = (i * half..<(i + 1) * half).filter { Self.rgb(shot, $0, middle) != letterbox }
                return columns.first.flatMap { first in columns.last.map { first...$0 } }
            }
        }
        var shot = try session.screenshot(of: frame).image
        let deadline = Date() + HangGuard.seconds
        while scenes(shot).contains(where: { $0 == nil || $0!.count == half }), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            shot = try session.screenshot(of: frame).image
        }
        let found = scenes(shot)
        let a = try XCTUnwrap(found[0])
        let bScene = try XCTUnwrap(found[1])
        XCTAssertLessThan(a.count, half, "A is fitted under its label, letterboxed")
        XCTAssertEqual(bScene.count, a.count, "B's scene is as wide as A's")
        XCTAssertEqual(bScene.lowerBound, a.lowerBound + half, "and in the same place in its half")
        for (side, scene) in [("A", a), ("B", bScene)] {
            let white = (80..<Int(viewport.height)).filter { y in
                [scene.lowerBound, scene.upperBound].contains { x in Self.rgb(shot, x, y).allSatisfy { $0 > 240 } }
            }
            XCTAssertEqual(white.count, 0, "\(side)'s scene has white at its edges, rows \(white.prefix(8))")
        }
        kill(app.processIdentifier, SIGTERM)
        app.waitUntilExit()
    }

    static func rgb(_ image: ReferenceImage, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * image.width + x) * 4
        return [Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2])]
    }

    /// A recording this build replays differently: the timeline marks the tick in red and says
    /// so in red on the right.
    func testADivergenceIsMarkedInRed() throws {
        let fixture = PackagePaths.fixtures.appendingPathComponent("sessions/drag-dismiss.jsonl")
        var lines = try String(contentsOf: fixture, encoding: .utf8).split(separator: "\n").map(String.init)
        // Tick 150's digest, changed: the replay differs there.
        let index = try XCTUnwrap(lines.firstIndex { $0.contains("\"tick\":150") })
        lines[index] = lines[index].replacingOccurrences(
            of: #""digest":"[0-9a-f]{16}""#, with: "\"digest\":\"0123456789abcdef\"", options: .regularExpression)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-diverged-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("diverged.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let recording = try SessionRecording.read(try String(contentsOf: file, encoding: .utf8))
        let timeline = ReplayTimeline(firstTick: 0, lastTick: recording.lastTick, moments: [], divergence: 150)
        let window = Size(
            width: recording.header.window.width, height: recording.header.window.height + ReplayTimeline.height)

        let session = try XvfbSession(width: 800, height: 900)
        defer { session.stop() }
        let env = session.environment(["SDL_VIDEODRIVER": "x11", "SDL_RENDER_DRIVER": nil])
        let app = try session.start(
            PackagePaths.executable.path, ["replay", file.path, "--at", "0"], name: "photozoom", environment: env,
            directory: PackagePaths.root)
        let (_, frame) = try session.waitForWindow(named: "^PhotoZoom replay", timeout: 60)
        let track = ReplayTimeline.track(in: window)
        var red: [Int] = []
        let deadline = Date() + HangGuard.seconds
        while Date() < deadline {
            let shot = try session.screenshot(of: frame).image
            red = Self.rgb(shot, Int(timeline.x(of: 150, in: window).rounded()), Int(track.minY) - 8)
            if red[0] > 200, red[1] < 100 { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTAssertGreaterThan(red[0], 200, "a red marker at tick 150: \(red)")
        XCTAssertLessThan(red[1], 100, "a red marker at tick 150: \(red)")
        kill(app.processIdentifier, SIGTERM)
        app.waitUntilExit()
        XCTAssertTrue(
            session.log(of: app).contains("photozoom: replay: differs from the recording at tick 150"),
            session.log(of: app))
    }

    /// `replay --compare` in the window: A and B side by side under one timeline, a pink mark
    /// where B goes otherwise (its zoom-in lands later), said in the log too.
    func testCompareShowsBothSidesUnderOneTimelineWithWhereBDiffersMarked() throws {
        let fixture = PackagePaths.fixtures.appendingPathComponent("sessions/drag-dismiss.jsonl")
        let recording = try SessionRecording.read(try String(contentsOf: fixture, encoding: .utf8))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pz-replay-compare-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let b = folder.appendingPathComponent("b.json")
        try #"{"springs": {"zoomIn": {"uikitDuration": 0.6, "dampingRatio": 0.8}}}"#.write(
            to: b, atomically: true, encoding: .utf8)
        let tuningB = TuningFile.read(try String(contentsOf: b, encoding: .utf8)).file.tuning
        let difference = try XCTUnwrap(
            MomentComparison.differences(recording, beside: .tuning(tuningB)).first, "B lands later")
        var player = SessionPlayer(recording)
        var moments = SessionMoments(recording)
        var flightStart: Int?
        player.playThrough {
            moments.observe($0)
            if flightStart == nil, $0.world.viewer.phase == .presenting { flightStart = $0.world.tick }
        }
        let viewport = recording.header.world.viewport
        let window = Size(width: viewport.width * 2, height: viewport.height + ReplayTimeline.height)
        let timeline = ReplayTimeline(
            firstTick: player.firstTick, lastTick: player.lastTick, moments: moments.all, divergence: nil,
            differences: [difference.tick])

        let session = try XvfbSession(width: 1000, height: 1000)
        defer { session.stop() }
        let env = session.environment(["SDL_VIDEODRIVER": "x11", "SDL_RENDER_DRIVER": nil])
        // Paused early in the zoom-in, where B's slower spring has the photo smaller than A's.
        let at = try XCTUnwrap(flightStart) + 8
        let app = try session.start(
            PackagePaths.executable.path, ["replay", fixture.path, "--compare", b.path, "--at", String(at)],
            name: "photozoom", environment: env, directory: PackagePaths.root)
        let (_, frame) = try session.waitForWindow(named: "^PhotoZoom replay", timeout: 60)
        XCTAssertEqual(frame.size, window, session.log(of: app))
        let track = ReplayTimeline.track(in: window)
        var mark: [Int] = []
        var apart = 0
        let deadline = Date() + HangGuard.seconds
        while Date() < deadline {
            let shot = try session.screenshot(of: frame).image
            mark = Self.rgb(shot, Int(timeline.x(of: difference.tick, in: window).rounded()), Int(track.minY) - 7 - 3)
            apart = stride(from: 60, to: Int(viewport.height) - 40, by: 8).reduce(0) { count, y in
                count
                    + stride(from: 0, to: Int(viewport.width), by: 8).filter { x in
                        zip(Self.rgb(shot, x, y), Self.rgb(shot, x + Int(viewport.width), y)).contains {
                            abs($0 - $1) > 24
                        }
                    }.count
            }
            if mark[0] > 200, mark[1] < 120, apart > 100 { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTAssertTrue(
            mark[0] > 200 && mark[1] < 120 && mark[2] > 120, "a pink mark at tick \(difference.tick): \(mark)")
        XCTAssertGreaterThan(apart, 100, "B's half is not A's mid-flight")
        kill(app.processIdentifier, SIGTERM)
        app.waitUntilExit()
        XCTAssertTrue(
            session.log(of: app).contains(
                "photozoom: replay: B differs at tick \(difference.tick): \(difference.text)"), session.log(of: app))
    }
}
