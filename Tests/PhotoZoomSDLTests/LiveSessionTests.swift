import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomSDL

/// A session run with no view and no surface: its ticks recorded, a save of its tuning file
/// (real inotify) taken as input for its next tick, and the recording replaying to the same
/// sim, the reload included.
final class LiveSessionTests: XCTestCase {
    func testItRecordsAndReloadsItsTuningWithoutAView() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pz-live-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let tuning = folder.appendingPathComponent("tuning.json").path
        let recordPath = folder.appendingPathComponent("session.jsonl").path
        let settings = LiveSession.Settings(tuning: try LiveTuning.start(path: tuning).live, photosFolder: folder.path)
        let session = try LiveSession(
            settings, side: nil, viewport: Size(width: 393, height: 560), photos: photoInfos(count: 12),
            contentHashes: { Array(repeating: nil, count: 12) }, wake: .none, logTail: LogTail(), log: { _ in })
        let recording = try SessionFile(
            path: recordPath, headers: [session.header(midSession: false, pixelDensity: 1)], log: { XCTFail($0) })
        session.recording = recording
        var now: UInt64 = 1_000_000_000
        /// One frame of `events`, a sixtieth of a second long; whether it took a save.
        @discardableResult
        func frame(_ events: [InputEvent] = []) -> Bool {
            now += 16_666_666
            let saved = session.take(LiveSession.Input(events: events), sizes: [], library: nil, at: now)
            session.advance(frameSeconds: 1 / 60, wasIdle: false, woken: false)
            return saved
        }
        let cell = Point(x: 60, y: 200)
        frame([.pointer(PointerEvent(id: 0, source: .mouse, phase: .down, position: cell))])
        frame([.pointer(PointerEvent(id: 0, source: .mouse, phase: .up, position: cell))])
        for _ in 0..<300 where session.sim.world.viewer.phase != .pager { frame() }
        XCTAssertEqual(session.sim.world.viewer.phase, .pager, "the tap opened the photo")
        XCTAssertEqual(session.sim.world.tuning.cellGap, 2)

        try "{\"grid\": {\"cellGap\": 4}}\n".write(toFile: tuning, atomically: false, encoding: .utf8)
        let deadline = Date().addingTimeInterval(HangGuard.seconds)
        while !frame() {
            guard Date() < deadline else { return XCTFail(HangGuard.failure("the save was not taken")) }
            usleep(10_000)
        }
        XCTAssertEqual(session.sim.world.tuning.cellGap, 4, "the save is the input of the tick after it")
        XCTAssertEqual(session.tuningFile.tuning.cellGap, 4)
        XCTAssertEqual(
            session.frame(at: now).overlay.toast?.lines, ["grid.cellGap 2 → 4"], "and its toast is handed to a view")
        for _ in 0..<3 { frame() }
        recording.finish(session.sim)

        let read = try SessionRecording.read(try String(contentsOfFile: recordPath, encoding: .utf8))
        var replayed: Simulation?
        let outcome = SessionReplay.run(read) { replayed = $0 }
        XCTAssertNil(outcome.divergence, "the recording replays: \(outcome)")
        XCTAssertEqual(replayed?.world.tick, session.sim.world.tick)
        XCTAssertEqual(replayed?.world.tuning.cellGap, 4, "the reload is in the recording")
    }
}
