import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// A reload is an input event: from its tick the new values apply, and whatever was moving
/// goes on from where it was and as fast as it was going, under the new constants.
final class TuningReloadTests: XCTestCase {
    let viewport = Size(width: 390, height: 844)
    func input(_ tuning: Tuning = Tuning()) -> ScriptedInput {
        ScriptedInput(photos: photoInfos(count: 30), viewport: viewport, tuning: tuning)
    }

    func slower() throws -> Tuning {
        var t = Tuning()
        t.zoomInSpring = try .response(1.2, dampingRatio: 0.5)
        t.alphaRest = RestThreshold(value: 0.002, velocity: 0.02)
        return t
    }

    /// Mid zoom-in: the frame's centre and its velocity carry through the reload tick, and
    /// from there the flight is exactly the new spring started from the state before it.
    func testAReloadMidFlightIsContinuousAndFollowsTheNewSpring() throws {
        var input = input()
        input.tapCell(4)
        input.ticks(10)
        let before = input.world.viewer.transition!.flight!
        let prior = [input.world.viewer.transition!.frame]
        input.tick()
        let unreloadedNext = input.world.viewer.transition!.frame
        // Replay the same ticks with a reload stamped on the eleventh.
        var reloaded = self.input()
        reloaded.tapCell(4)
        reloaded.ticks(10)
        let new = try slower()
        reloaded.tick([.tuningReloaded(new)])
        let flight = reloaded.world.viewer.transition!.flight!
        XCTAssertEqual(reloaded.world.tuning, new)
        XCTAssertEqual(flight.frame.motion.parameters, new.zoomInSpring, "the frame flies on the new spring")
        XCTAssertEqual(flight.background.motion.parameters, new.zoomInSpring, "and so does the backdrop")
        XCTAssertEqual(flight.background.threshold, new.alphaRest, "with the new rest threshold")
        // The new motion starts from the last tick's state: value and velocity both.
        XCTAssertEqual(flight.frame.motion.from, before.frame.value)
        XCTAssertEqual(flight.frame.motion.initialVelocity, before.frame.velocity)
        // The reload tick moves the photo about as far as an unreloaded tick does: no jump, no stall.
        let step = (reloaded.world.viewer.transition!.frame.center - prior[0].center).length
        let unreloadedStep = (unreloadedNext.center - prior[0].center).length
        XCTAssertGreaterThan(step, unreloadedStep * 0.8)
        XCTAssertLessThan(step, unreloadedStep * 1.2)
        // Every later tick is the new spring's closed form from that start.
        let start = reloaded.world.tick - 1
        let motion = SpringMotion(
            parameters: new.zoomInSpring, from: before.frame.value, velocity: before.frame.velocity,
            target: before.frame.target)
        for _ in 0..<30 {
            reloaded.tick()
            guard let f = reloaded.world.viewer.transition?.frame else { break }
            let expected = motion.value(at: Double(reloaded.world.tick - start) / 120)
            XCTAssertLessThan(f.distance(to: expected), 1e-9)
        }
        reloaded.settle()
        XCTAssertEqual(reloaded.world.viewer.phase, .pager, "it lands on the page")
        let page = reloaded.world.scene.sprites.compactMap { $0 }.first { s in
            if case .page = s.role { return s.content == .photo(4) } else { return false }
        }
        XCTAssertEqual(page?.current.frame, reloaded.fitFrame(4))
    }

    /// The velocity across the reload tick: the centre's speed just before and just after
    /// differ by no more than a tick's worth of the spring's acceleration.
    func testTheVelocityCarriesThroughTheReload() throws {
        var input = input()
        input.tapCell(4)
        input.ticks(6)
        let v0 = input.world.viewer.transition!.flight!.frame.velocity
        input.tick([.tuningReloaded(try slower())])
        let v1 = input.world.viewer.transition!.flight!.frame.velocity
        XCTAssertLessThan(
            (v1.center - v0.center).length, 0.1 * max(v0.center.length, 1), "velocity \(v0.center) → \(v1.center)")
    }

    func testAReloadMidCoastKeepsTheGridsOffsetAndSpeed() {
        var tuning = Tuning()
        tuning.decelerationRate = 0.998
        var input = ScriptedInput(photos: photoInfos(count: 600), viewport: viewport, tuning: tuning)
        input.drag(from: Point(x: 195, y: 700), to: Point(x: 195, y: 300), ticks: 10)
        input.ticks(5)
        let offset = input.world.grid.offset
        let velocity = input.world.grid.velocity
        XCTAssertGreaterThan(velocity, 500)
        guard case .decelerating = input.world.grid.motion else { return XCTFail("coasting") }
        tuning.decelerationRate = 0.99
        input.tick([.tuningReloaded(tuning)])
        XCTAssertEqual(
            input.world.grid.offset, offset + velocity / 120, accuracy: velocity / 120 * 0.1,
            "one tick further, no jump")
        let first = input.world.grid.velocity
        input.ticks(12)
        // 0.99 per millisecond: a tenth of a second takes the speed down by e^(100·ln 0.99) ≈ 0.37.
        XCTAssertEqual(input.world.grid.velocity / first, pow(0.99, 100), accuracy: 0.01, "the new rate")
    }

    func testLayoutConstantsRelayoutOnTheReloadTick() {
        var input = input()
        input.ticks(2)
        XCTAssertEqual(input.world.grid.layout?.columns, 3)
        var tuning = Tuning()
        tuning.minimumCellSize = 60
        tuning.cellGap = 6
        input.tick([.tuningReloaded(tuning)])
        XCTAssertEqual(input.world.grid.layout?.columns, 6)
        XCTAssertEqual(input.cellFrame(1).minX - input.cellFrame(0).maxX, 6, accuracy: 1e-9)
        XCTAssertEqual(input.sprite(.cell(photo: 1)).current.frame, input.cellFrame(1), "the sprites follow at once")
    }

    func testAReloadOfTheSameValuesChangesNothing() {
        var a = input()
        var b = input()
        a.tapCell(4)
        b.tapCell(4)
        a.ticks(5)
        b.ticks(5)
        a.tick([.tuningReloaded(Tuning())])
        b.tick()
        a.settle()
        b.ticks(a.world.tick - b.world.tick)
        XCTAssertEqual(a.sim.digest, b.sim.digest)
    }

    func testSlowMotionPauseAndStepAreState() {
        var input = input()
        XCTAssertEqual(input.world.playback.speed, 1)
        input.tick([.developer(.cycleSlowMotion)])
        XCTAssertEqual(input.world.playback.slowMotion, .quarter)
        input.tick([.developer(.cycleSlowMotion)])
        XCTAssertEqual(input.world.playback.speed, 0.1)
        input.tick([.developer(.cycleSlowMotion)])
        XCTAssertEqual(input.world.playback.slowMotion, .off)
        input.tick([.developer(.togglePause)])
        XCTAssertTrue(input.world.playback.paused)
        input.tick([.developer(.step)])
        XCTAssertTrue(input.world.playback.paused, "a step stays paused")
        input.tick([.developer(.togglePause)])
        XCTAssertFalse(input.world.playback.paused)
        input.tick([.developer(.step)])
        XCTAssertTrue(input.world.playback.paused, "a step while running pauses")
    }
}
