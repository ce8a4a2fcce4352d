import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// The whole sim state is a value: it compares, it survives a JSON round trip, and it has a
/// digest and a readable dump that say when and where two states differ.
final class StateValueTests: XCTestCase {
    let viewport = Size(width: 390, height: 844)

    /// A session stopped with something in every part of the state: a held page zoom, a flight,
    /// a pending tap, pointers down.
    func busyWorlds() -> [World] {
        var input = ScriptedInput(photos: photoInfos(count: 30), viewport: viewport)
        var worlds: [World] = []
        input.tapCell(4)
        input.ticks(20)
        worlds.append(input.world)  // mid zoom-in
        input.settle()
        input.pointer(.down, Point(x: 200, y: 400))
        input.pointer(.up, Point(x: 200, y: 400))
        worlds.append(input.world)  // a single tap waiting for a second
        input.settle()
        input.drag(from: Point(x: 200, y: 300), to: Point(x: 210, y: 500), ticks: 10, release: false)
        worlds.append(input.world)  // holding the photo on the way down
        input.pointer(.up, Point(x: 210, y: 500))
        input.ticks(5)
        worlds.append(input.world)  // flying home
        return worlds
    }

    func testEveryStateOfASessionSurvivesAJSONRoundTripUnchanged() throws {
        for (i, world) in busyWorlds().enumerated() {
            let data = try JSONEncoder().encode(world)
            let back = try JSONDecoder().decode(World.self, from: data)
            XCTAssertEqual(back, world, "state \(i)")
            XCTAssertEqual(StateDigest(of: back), StateDigest(of: world), "state \(i)")
        }
    }

    func testADecodedWorldRunsOnExactlyAsTheOriginal() throws {
        let world = busyWorlds()[2]
        var original = Simulation(resuming: world)
        var restored = Simulation(resuming: try JSONDecoder().decode(World.self, from: JSONEncoder().encode(world)))
        for t in 0..<90 {
            let events: [InputEvent] =
                t == 0
                ? [.pointer(PointerEvent(id: 0, source: .mouse, phase: .up, position: Point(x: 210, y: 520)))] : []
            original.step(events)
            restored.step(events)
        }
        XCTAssertEqual(restored.world, original.world)
        XCTAssertEqual(original.world.viewer.phase, .grid, "the session went on to land")
    }

    func testTheDigestChangesWithAnyTickAndAgreesForTheSameInput() {
        var a = ScriptedInput(photos: photoInfos(count: 30), viewport: viewport)
        var b = ScriptedInput(photos: photoInfos(count: 30), viewport: viewport)
        var seen = Set<StateDigest>()
        // Taps at the centre of cell 2 (row 0, column 2 of 386/3 pt cells 392/3 apart: (977/3,
        // 193/3)), checked after every tick, the press's and the release's.
        let c = Point(x: 977.0 / 3, y: 193.0 / 3)
        for _ in 0..<40 {
            for phase in [PointerPhase.down, .up] {
                a.pointer(phase, c)
                b.pointer(phase, c)
                XCTAssertEqual(a.sim.digest, b.sim.digest)
                XCTAssertTrue(
                    seen.insert(a.sim.digest).inserted,
                    "every tick of a moving session is a new state (tick \(a.world.tick))")
            }
        }
    }

    func testTheDigestSeesTheLastBitOfADoubleAndWhereAValueSits() {
        let rect = Rect(x: 1, y: 2, width: 3, height: 4)
        XCTAssertNotEqual(StateDigest(of: Rect(x: 1, y: 2, width: 3, height: 4.0.nextUp)), StateDigest(of: rect))
        XCTAssertNotEqual(StateDigest(of: 0.0), StateDigest(of: -0.0), "doubles hash by bit pattern")
        XCTAssertNotEqual(
            StateDigest(of: Rect(x: 2, y: 1, width: 3, height: 4)), StateDigest(of: rect),
            "the same numbers in other fields")
        XCTAssertNotEqual(
            StateDigest(of: [[1], [2, 3]]), StateDigest(of: [[1, 2], [3]]), "the same numbers in other containers")
        XCTAssertEqual(StateDigest(of: rect).description.count, 16)
    }

    func testTheDumpNamesEveryFieldByPathAndShowsAbsentOptionals() {
        let lines = busyWorlds()[0].dumpLines
        XCTAssertTrue(lines.contains("clock.tick = 22"), lines.prefix(5).joined(separator: "\n"))
        XCTAssertTrue(lines.contains("viewer.machine.phase.presenting = {}"))
        XCTAssertTrue(lines.contains("viewer.pager.pendingTap = nil"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("viewer.transition.flight.frame.motion.target.width = ") })
        XCTAssertTrue(lines.contains("photos[3].name = \"p3\""))
        XCTAssertEqual(Set(lines.map { $0.components(separatedBy: " = ")[0] }).count, lines.count, "one line per path")
    }

    func testDifferencesNameTheFieldsThatDiffer() {
        var input = ScriptedInput(photos: photoInfos(count: 30), viewport: viewport)
        input.ticks(2)  // past the first layout, so only the pause and the clock change anything
        let before = input.sim.dump()
        input.tick([.developer(.togglePause)])
        let diff = before.differences(to: input.sim.dump())
        XCTAssertEqual(
            diff, ["- clock.tick = 2", "+ clock.tick = 3", "- playback.paused = false", "+ playback.paused = true"])
    }

    func testDumpEscapesControlCharactersInNames() {
        let world = World(
            photos: [PhotoInfo(name: "a\nb\u{1b}[31m\"c", pixelSize: Size(width: 1, height: 1))], viewport: viewport)
        XCTAssertTrue(StateDump(of: world).lines.contains(#"photos[0].name = "a\nb\u{1b}[31m\"c""#))
    }
}

extension World {
    fileprivate var dumpLines: [String] { StateDump(of: self).lines }
}
