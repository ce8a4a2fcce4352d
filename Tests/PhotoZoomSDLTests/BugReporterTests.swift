import Foundation
import PhotoZoomCore
import PhotoZoomSDL
import XCTest

/// The flight recorder behind F6, and a recording (`--record`, F5), keep their ticks on a
/// thread of their own; a report or a finished file still holds every tick up to that
/// moment, in order.
final class BugReporterTests: XCTestCase {
    var data: URL!
    var before: String?

    override func setUpWithError() throws {
        data = FileManager.default.temporaryDirectory.appendingPathComponent("pz-reporter-\(UUID().uuidString)")
        before = ProcessInfo.processInfo.environment["XDG_DATA_HOME"]
        setenv("XDG_DATA_HOME", data.path, 1)
    }

    override func tearDownWithError() throws {
        if let before { setenv("XDG_DATA_HOME", before, 1) } else { unsetenv("XDG_DATA_HOME") }
        try? FileManager.default.removeItem(at: data)
    }

    /// A thousand photos make each tick's line and every 240th tick's whole world slow to
    /// encode, so the report is asked for while the recorder is still behind.
    func testAReportWrittenRightAfterTheTicksHoldsEveryOne() throws {
        let window = try AppWindow(title: "PhotoZoom test", size: Size(width: 393, height: 700))
        let photos = (0..<1_000).map {
            PhotoInfo(name: String(format: "IMG_%04d.jpg", $0), pixelSize: Size(width: 4032, height: 3024))
        }
        var sim = Simulation(world: World(photos: photos, viewport: window.sizeInPoints))
        let reporter = BugReporter(
            sim: sim, contentHashes: { [] }, logTail: LogTail(), app: "photozoom test", photosFolder: "/nowhere")
        let centre = Point(x: 196, y: 350)
        for step in 0..<600 {
            let input: [InputEvent] = [.wheel(dx: 0, dy: step < 300 ? -1 : 1, position: centre, modifiers: [])]
            sim.step(input)
            reporter.record(sim, input: input)
        }
        reporter.write(sim: sim, window: window, screenshot: nil, tuning: TuningFile(), recording: nil)
        let finished = reporter.takeFinished(waiting: true)
        XCTAssertEqual(finished.count, 1)
        let folder = try XCTUnwrap(finished.first).get()
        let recording = try SessionRecording.read(
            try String(contentsOfFile: folder + "/session.jsonl", encoding: .utf8))
        XCTAssertEqual(recording.ticks.filter { $0.input?.isEmpty == false }.map(\.tick), Array(1...600))
        XCTAssertEqual(recording.end?.end, sim.world.tick)
        guard case .verified = SessionReplay.run(recording) else { return XCTFail("the report's session replays") }
    }

    /// A library of 100,000 whose sizes arrive on every tick: each tick's sim holds a new copy
    /// of the library, which the black box digests. It never falls more than a few ticks
    /// behind the window (which waits for it), so the copies it holds stay few.
    func testTheBlackBoxNeverFallsFarBehindInAHugeLibrary() throws {
        let photos = (0..<100_000).map {
            PhotoInfo(name: String(format: "IMG_%06d.jpg", $0), pixelSize: Size(width: 1, height: 1))
        }
        var sim = Simulation(world: World(photos: photos, viewport: Size(width: 393, height: 700)))
        let reporter = BugReporter(
            sim: sim, contentHashes: { [] }, logTail: LogTail(), app: "photozoom test", photosFolder: "/nowhere")
        var mostBehind = 0
        for step in 0..<240 {
            let input: [InputEvent] = [
                .photoSize(PhotoSize(photo: step, pixelSize: Size(width: 4032, height: 3024), isPlaceholder: false))
            ]
            sim.step(input)
            reporter.record(sim, input: input)
            mostBehind = max(mostBehind, reporter.ticksBehind)
        }
        XCTAssertLessThanOrEqual(mostBehind, BugReporter.mostBehind)
        XCTAssertEqual(reporter.takeFinished(waiting: false).count, 0)
    }

    /// Of a library of a thousand, the report names only the photos its session showed (the
    /// cells paged past); the others are in it by their sizes alone, it replays to every
    /// digest, and its README says so.
    func testAReportNamesOnlyThePhotosItsSessionShowed() throws {
        let window = try AppWindow(title: "PhotoZoom test", size: Size(width: 393, height: 700))
        let photos = (0..<1_000).map {
            PhotoInfo(name: String(format: "IMG_%04d.jpg", $0), pixelSize: Size(width: 4032, height: 3024))
        }
        var sim = Simulation(world: World(photos: photos, viewport: window.sizeInPoints))
        let first = Set(sim.world.cells.photos)
        var shown = first
        let reporter = BugReporter(
            sim: sim, contentHashes: { [] }, logTail: LogTail(), app: "photozoom test", photosFolder: "/nowhere")
        // Three pages down, a second apart.
        for step in 0..<360 {
            let input: [InputEvent] = step % 120 == 0 ? [.key(.pageDown, modifiers: [])] : []
            sim.step(input)
            reporter.record(sim, input: input)
            shown.formUnion(sim.world.cells.photos)
        }
        reporter.write(sim: sim, window: window, screenshot: nil, tuning: TuningFile(), recording: nil)
        let folder = try XCTUnwrap(reporter.takeFinished(waiting: true).first).get()
        let recording = try SessionRecording.read(
            try String(contentsOfFile: folder + "/session.jsonl", encoding: .utf8))
        XCTAssertGreaterThan(shown.count, first.count, "it scrolled")
        XCTAssertEqual(recording.header.photos.count, 1_000, "every photo is there, by its size")
        XCTAssertEqual(
            recording.header.photos.indices.filter { !recording.header.photos[$0].name.isEmpty }, shown.sorted())
        for i in shown { XCTAssertEqual(recording.header.photos[i].name, photos[i].name) }
        guard case .verified = SessionReplay.run(recording) else { return XCTFail("the report's session replays") }
        let readme = try String(contentsOfFile: folder + "/README.txt", encoding: .utf8)
        XCTAssertTrue(
            readme.contains("session.jsonl names the \(shown.count) of the library's 1000 photos the session showed"),
            readme)
    }

    func testARecordingReadOrFinishedRightAfterTheTicksHoldsEveryOne() throws {
        let photos = (0..<1_000).map {
            PhotoInfo(name: String(format: "IMG_%04d.jpg", $0), pixelSize: Size(width: 4032, height: 3024))
        }
        var sim = Simulation(world: World(photos: photos, viewport: Size(width: 393, height: 700)))
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let path = data.appendingPathComponent("session.jsonl").path
        let file = try SessionFile(
            path: path,
            header: SessionHeader(
                app: "photozoom test", platform: "test", world: sim.world, pixelDensity: 1,
                contentHashes: []), log: { XCTFail($0) })
        func wheel(_ step: Int) -> [InputEvent] {
            [.wheel(dx: 0, dy: step < 300 ? -1 : 1, position: Point(x: 196, y: 350), modifiers: [])]
        }
        for step in 0..<300 {
            sim.step(wheel(step))
            file.record(sim, input: wheel(step))
        }
        let soFar = try SessionRecording.read(try XCTUnwrap(file.textSoFar(endingAt: sim)))
        XCTAssertEqual(soFar.ticks.filter { $0.input != nil }.map(\.tick), Array(1...300))
        for step in 300..<600 {
            sim.step(wheel(step))
            file.record(sim, input: wheel(step))
        }
        file.finish(sim)
        let finished = try SessionRecording.read(try String(contentsOfFile: path, encoding: .utf8))
        XCTAssertEqual(finished.ticks.filter { $0.input != nil }.map(\.tick), Array(1...600))
        XCTAssertEqual(finished.end?.digest, sim.digest.description)
    }
}
