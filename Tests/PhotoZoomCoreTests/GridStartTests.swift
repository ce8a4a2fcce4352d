import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore

/// A library in date order opens at its end, as Photos does: the first frame shows the last
/// row above the tab bar, and a recording of it replays from there.
final class GridStartTests: XCTestCase {
    static let viewport = Size(width: 390, height: 700)

    func testTheFirstFrameOfAGridOpenedAtTheEndShowsTheLastPhotoAboveTheTabBar() throws {
        let sim = Simulation(world: World(photos: photoInfos(count: 100), viewport: Self.viewport, gridStart: .end))
        let world = sim.world
        let last = try XCTUnwrap(world.sprite(.cell(photo: 99)), "the last photo's cell is in the first frame").current
            .frame
        XCTAssertEqual(
            last.maxY, Self.viewport.height - world.tuning.tabBarHeight, accuracy: 1e-9, "its row ends at the tab bar")
        XCTAssertNil(world.sprite(.cell(photo: 0)), "the first photo is far above")
        XCTAssertEqual(world.grid.offset, world.grid.scrollRange(viewportHeight: Self.viewport.height).upperBound)
        XCTAssertTrue(sim.isIdle, "it opens there at rest, with nothing to spring back")
        XCTAssertEqual(StateInvariants.violations(previous: world, world: world), [])

        let top = Simulation(world: World(photos: photoInfos(count: 100), viewport: Self.viewport)).world
        XCTAssertEqual(top.grid.offset, 0)
        XCTAssertEqual(try XCTUnwrap(top.sprite(.cell(photo: 0))).current.frame.minY, 0)
    }

    /// A library that fits the window opens the same either way.
    func testALibraryThatFitsOpensTheSameAtEitherEnd() {
        let end = Simulation(world: World(photos: photoInfos(count: 6), viewport: Self.viewport, gridStart: .end))
        let top = Simulation(world: World(photos: photoInfos(count: 6), viewport: Self.viewport))
        XCTAssertEqual(end.world, top.world)
        XCTAssertEqual(end.digest, top.digest)
    }

    /// The header says where the grid opened, so the replay starts there and every digest
    /// matches; without it (an older recording's header) the replay starts at the top and
    /// differs from the first digest on.
    func testASessionRecordedFromTheEndReplaysExactly() throws {
        var sim = Simulation(world: World(photos: photoInfos(count: 100), viewport: Self.viewport, gridStart: .end))
        var recorder = SessionRecorder()
        var text = try recorder.headerLine(
            SessionHeader(app: "test", platform: "test", world: sim.world, pixelDensity: 1, contentHashes: []))
        func tick(_ input: [InputEvent] = []) {
            sim.step(input)
            if let line = try? recorder.line(after: sim, input: input) { text += line }
        }
        func pointer(_ phase: PointerPhase, _ y: Double) -> [InputEvent] {
            [.pointer(PointerEvent(id: 0, source: .mouse, phase: phase, position: Point(x: 100, y: y)))]
        }
        // Scroll back a little, then open a photo in the middle of the window.
        tick(pointer(.down, 300))
        for i in 1...10 { tick(pointer(.moved, 300 + Double(i) * 12)) }
        tick(pointer(.up, 420))
        for _ in 0..<2_000 where !sim.world.grid.isAtRest { tick() }
        let shown = try XCTUnwrap(
            (0..<100).last {
                sim.world.sprite(.cell(photo: $0)).map { (300...400).contains($0.current.frame.center.y) } ?? false
            })
        let cell = try XCTUnwrap(sim.world.sprite(.cell(photo: shown))).current.frame.center
        tick([.pointer(PointerEvent(id: 0, source: .mouse, phase: .down, position: cell))])
        tick([.pointer(PointerEvent(id: 0, source: .mouse, phase: .up, position: cell))])
        for _ in 0..<120 { tick() }
        XCTAssertEqual(sim.world.viewer.currentIndex, shown)
        XCTAssertGreaterThan(shown, 70, "near the end")
        text += try recorder.endLine(sim)

        let header = try XCTUnwrap(text.split(separator: "\n").first)
        XCTAssertTrue(header.contains(#""gridStart":"end""#), String(header))
        let recording = try SessionRecording.read(text)
        XCTAssertEqual(recording.header.gridStart, .end)
        guard case .verified = SessionReplay.run(recording) else { return XCTFail("\(SessionReplay.run(recording))") }

        let older = try SessionRecording.read(text.replacingOccurrences(of: #","gridStart":"end""#, with: ""))
        XCTAssertNil(older.header.gridStart)
        guard case .diverged(let divergence) = SessionReplay.run(older) else {
            return XCTFail("a replay from the top matched")
        }
        XCTAssertEqual(divergence.tick, 0)
    }

    /// A grid opened at the top records no `gridStart`: its header is what it always was.
    func testAGridOpenedAtTheTopRecordsNoStart() throws {
        let sim = Simulation(world: World(photos: photoInfos(count: 100), viewport: Self.viewport))
        let header = SessionHeader(app: "test", platform: "test", world: sim.world, pixelDensity: 1, contentHashes: [])
        XCTAssertNil(header.gridStart)
        var recorder = SessionRecorder()
        XCTAssertFalse(try recorder.headerLine(header).contains("gridStart"))
        let midSession = SessionHeader(
            app: "test", platform: "test",
            world: Simulation(
                world: World(
                    photos: photoInfos(count: 100), viewport: Self.viewport,
                    gridStart: .end)
            ).world,
            pixelDensity: 1, contentHashes: [], midSession: true)
        XCTAssertNil(midSession.gridStart, "a header with the whole state needs none")
    }
}
