import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore

/// `WorldSprings` is the one list of the springs the world runs; the animator, the tuning
/// reload and `Simulation.isIdle` all walk it. A spring the state holds that the list lacks
/// would never advance, never retune and let the window sleep mid-motion: so through the
/// fixtures' sessions, a session that zooms the grid every way and a double click in the
/// pager, the springs found by reflecting over the whole world are exactly those the walk visits.
final class WorldSpringsTests: XCTestCase {
    func testTheWalkVisitsEverySpringTheWorldHoldsAtEveryTick() {
        var seen = Set<String>()
        var ticks = 0
        func check(_ name: String, photos: Int, _ script: (([InputEvent]) -> Void, () -> World) -> Void) {
            var sim = Simulation(
                world: World(photos: photoInfos(count: photos), viewport: SessionRecordingTests.viewport))
            script(
                { input in
                    sim.step(input)
                    // Reflecting over the whole world is slow, and a spring runs for dozens of ticks.
                    guard sim.world.tick % 4 == 0 else { return }
                    ticks += 1
                    let held = Self.springsHeld(by: sim.world)
                    seen.formUnion(held.map(\.path))
                    let visited = Self.springsVisited(in: sim.world)
                    var unheld = visited
                    let missed = held.filter { held in
                        unheld.firstIndex(of: held.spring).map { unheld.remove(at: $0) } == nil
                    }
                    XCTAssertTrue(
                        missed.isEmpty && unheld.isEmpty,
                        """
                        \(name), tick \(sim.world.tick): the walk misses the springs at \(missed.map(\.path)) \
                        and visits \(unheld.count) the state does not hold
                        """)
                    if !visited.isEmpty {
                        XCTAssertFalse(sim.isIdle, "\(name), tick \(sim.world.tick): idle while a spring runs")
                    }
                }, { sim.world })
        }
        for (name, script) in SessionFixtureTests.scripts { check(name, photos: 30, script) }
        // A mouse's double click zooms the page; its single click fades the top bar away.
        check("double-click", photos: 30) { tick, world in
            func click(_ clicks: Int) {
                for phase in [PointerPhase.down, .up] {
                    tick([
                        .pointer(
                            PointerEvent(
                                id: 0, source: .mouse, phase: phase, position: Point(x: 195, y: 380), clicks: clicks))
                    ])
                }
            }
            SessionFixtureTests.click(tick, world().grid.layout!.frame(of: 4).center)
            SessionFixtureTests.idle(tick, 150)
            click(1)
            click(2)
            SessionFixtureTests.idle(tick, 120)
            click(1)
            SessionFixtureTests.idle(tick, 120)
        }
        check("zooming", photos: 300, GridZoomRecordingTests.zooming)
        XCTAssertGreaterThan(ticks, 500)
        // The sessions run every spring there is today, so the comparison above is never empty-handed.
        XCTAssertTrue(
            seen.isSuperset(of: [
                "grid.motion.spring..0", "grid.zoom.motion.spring", "viewer.pager.paging.motion.snapping",
                "viewer.pager.zoom.motion.spring",
                "viewer.flight.transition.some.flight.some.frame",
                "viewer.flight.transition.some.flight.some.background",
                "viewer.pager.chrome.fade",
            ]), "springs seen: \(seen.sorted())")
    }

    /// Every `SpringTrack` anywhere in `world`, by its path and its whole value.
    static func springsHeld(by world: World) -> [(path: String, spring: String)] {
        var found: [(path: String, spring: String)] = []
        func reflect(_ value: Any, _ path: String) {
            if let track = value as? any HeldSpring {
                found.append((path, String(describing: track)))
                return
            }
            for child in Mirror(reflecting: value).children {
                let label = child.label ?? "[]"
                reflect(child.value, path.isEmpty ? label : path + "." + label)
            }
        }
        reflect(world, "")
        return found
    }

    /// The springs a walk over `world` passes, each as its whole value, sorted.
    static func springsVisited(in world: World) -> [String] {
        var w = world
        var visitor = Collect()
        _ = WorldSprings.walk(
            &visitor, grid: &w.grid, paging: &w.viewer.pager.paging, zoom: &w.viewer.pager.zoom,
            chrome: &w.viewer.pager.chrome,
            transition: &w.viewer.flight.transition, world.stage)
        XCTAssertEqual(w, world, "a walk that only looks changes nothing")
        return visitor.springs.sorted()
    }

    /// Told apart from every other value by a cast, whatever the spring's value type.
    fileprivate protocol HeldSpring {}

    private struct Collect: SpringVisitor {
        var springs: [String] = []
        mutating func visit<Value: SpringVector>(_ track: inout SpringTrack<Value>) -> SpringVisit {
            springs.append(String(describing: track))
            return .untouched
        }
    }
}

extension SpringTrack: WorldSpringsTests.HeldSpring {}
