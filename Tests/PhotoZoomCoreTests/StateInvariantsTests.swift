import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// The monkey's invariants: they hold through ordinary use and name what breaks.
final class StateInvariantsTests: XCTestCase {
    let viewport = Size(width: 390, height: 700)

    func testARoundTripBreaksNothing() {
        var input = ScriptedInput(photos: photoInfos(count: 30), viewport: viewport)
        var previous = input.world
        func check() {
            XCTAssertEqual(
                StateInvariants.violations(previous: previous, world: input.world), [], "tick \(input.world.tick)")
            previous = input.world
        }
        input.tapCell(4)
        check()
        for _ in 0..<150 {
            input.tick()
            check()
        }
        input.drag(from: Point(x: 195, y: 300), to: Point(x: 195, y: 600), ticks: 20)
        for _ in 0..<150 {
            input.tick()
            check()
        }
        XCTAssertEqual(input.world.viewer.phase, .grid)
    }

    /// A tuning no file could hold (the reload event itself does not check) makes the held
    /// photo's frame NaN: the check names where.
    func testANaNIsFoundAndNamed() {
        var input = ScriptedInput.pager(on: 4, photos: photoInfos(count: 30), viewport: viewport)
        var broken = Tuning()
        broken.dismissScaleDistance = .nan
        input.tick([.tuningReloaded(broken)])
        let before = input.world
        input.drag(from: Point(x: 195, y: 300), to: Point(x: 195, y: 500), ticks: 10, release: false)
        let found = StateInvariants.violations(previous: before, world: input.world)
        XCTAssertTrue(
            found.contains { $0.hasPrefix("not a finite number: tuning.dismissScaleDistance = nan") }, "\(found)")
    }
}

extension StateInvariantsTests {
    /// Found by the monkey: a bouncy flight home overshoots past its small cell, and its frame
    /// went below zero size (a mirrored photo). It stops at nothing instead.
    func testABouncyFlightNeverDrawsANegativeSize() throws {
        var tuning = Tuning()
        tuning.finishSpring = try .response(0.6, dampingRatio: 0.05)
        tuning.minimumCellSize = 20
        var input = ScriptedInput.pager(
            on: 4, photos: photoInfos(count: 3000), viewport: Size(width: 1200, height: 700), tuning: tuning)
        var previous = input.world
        input.tick([.key(.escape, modifiers: [])])
        var narrowest = Double.infinity
        for _ in 0..<400 where input.world.viewer.transition != nil {
            XCTAssertEqual(
                StateInvariants.violations(previous: previous, world: input.world), [], "tick \(input.world.tick)")
            narrowest = min(narrowest, input.world.viewer.transition!.frame.width)
            previous = input.world
            input.tick()
        }
        XCTAssertEqual(narrowest, 0, "the overshoot reaches nothing, and stops there")
    }
}
