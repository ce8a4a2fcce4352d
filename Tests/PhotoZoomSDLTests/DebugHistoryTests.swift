import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomSDL

/// The debug overlay's history, fed by the real simulation: bounded however long it runs, and
/// its readout says what the world did, as the test works it out from the world itself.
final class DebugHistoryTests: XCTestCase {
    let viewport = Size(width: 393, height: 560)

    func testItKeepsTwoSecondsOfTicksHoweverLongItRuns() {
        var input = ScriptedInput(photos: photoInfos(count: 18), viewport: viewport)
        var history = DebugHistory()
        for i in 0..<10_000 {
            input.tick()
            history.record(input.world)
            history.recordFrame(frameSeconds: Double(i) / 1e6, tickSeconds: 0)
        }
        XCTAssertEqual(history.capacity, 240, "two seconds at 120 Hz")
        XCTAssertEqual(history.count, 240)
        XCTAssertEqual(history.samples.count, 240)
        XCTAssertEqual(history.frameCosts.count, 240)
        XCTAssertEqual(history.tickCosts.count, 240)
        let readout = history.readout()
        XCTAssertEqual(readout.traces.map(\.values.count), [240, 240, 240])
        XCTAssertEqual(readout.tickNumber, 10_000)
        XCTAssertEqual(try XCTUnwrap(readout.frame).last, 9_999 / 1e3, accuracy: 1e-9, "the newest frame, in ms")

        // Another rate, another capacity: still two seconds.
        var slow = ScriptedInput(photos: photoInfos(count: 3), viewport: viewport, loop: LoopSettings(tickRate: 60))
        var history60 = DebugHistory()
        for _ in 0..<500 {
            slow.tick()
            history60.record(slow.world)
        }
        XCTAssertEqual(history60.capacity, 120)
        XCTAssertEqual(history60.count, 120)
    }

    /// What one tick recorded, worked out by the test from the world: the transition sprite's
    /// centre y, its width over the photo's aspect-fit width, and the pager background's alpha.
    struct Expected: Equatable {
        var centreY: Double?
        var scale: Double?
        var background: Double
    }

    func expected(_ input: ScriptedInput) -> Expected {
        let world = input.world
        let background: Double
        switch world.viewer.phase {
        case .grid: background = 0
        case .pager: background = 1
        default: background = world.viewer.transition!.backgroundAlpha
        }
        guard let t = world.viewer.transition else { return Expected(centreY: nil, scale: nil, background: background) }
        return Expected(
            centreY: t.frame.minY + t.frame.height / 2, scale: t.frame.width / input.fitFrame(t.photo).width,
            background: background)
    }

    /// Both nil (a gap where no sprite flew), or both values and equal but for rounding.
    func assertSame(_ got: Double?, _ want: Double?, _ what: String, file: StaticString = #filePath, line: UInt = #line)
    {
        switch (got, want) {
        case (nil, nil): break
        case (let g?, let w?): XCTAssertEqual(g, w, accuracy: 1e-9, what, file: file, line: line)
        default:
            XCTFail(
                "\(what): recorded \(String(describing: got)), the world had \(String(describing: want))", file: file,
                line: line)
        }
    }

    func testTheReadoutSaysWhatEachTickRecorded() throws {
        var input = ScriptedInput(photos: photoInfos(count: 18), viewport: viewport)
        var history = DebugHistory()
        var seen: [Expected] = []
        input.tapCell(4)
        // 1.5 s: the flight (about a second to rest) and the pager after it.
        for _ in 0..<180 {
            input.tick()
            history.record(input.world)
            seen.append(expected(input))
        }
        XCTAssertTrue(
            seen.contains { $0.centreY != nil } && seen.contains { $0.centreY == nil },
            "the flight flew and landed: \(seen.filter { $0.centreY != nil }.count) of \(seen.count) ticks in flight")
        let readout = history.readout()
        XCTAssertEqual(readout.traces.count, 3)
        let recorded = readout.traces.map { Array($0.values.suffix(seen.count)) }
        for (i, e) in seen.enumerated() {
            assertSame(recorded[0][i], e.centreY, "centre y at \(i)")
            assertSame(recorded[1][i], e.scale, "scale at \(i)")
            assertSame(recorded[2][i], e.background, "background at \(i)")
        }
        // Slots before the first record are gaps, so the newest value sits at the right edge.
        XCTAssertTrue(readout.traces.allSatisfy { $0.values.prefix(240 - seen.count).allSatisfy { $0 == nil } })
        XCTAssertEqual(readout.traces[0].range, 0...560, "centre y spans the window")
        XCTAssertEqual(readout.traces[2].range, 0...1)
        XCTAssertEqual(readout.phase, input.world.viewer.phase == .pager ? "pager" : "presenting")
        XCTAssertEqual(readout.currentIndex, 4)
        XCTAssertEqual(readout.photoCount, 18)
        XCTAssertEqual(readout.tickNumber, input.world.tick)
        XCTAssertNil(readout.frame, "no frame recorded yet")
        XCTAssertTrue(readout.traces[0].label.hasPrefix("centre y "), readout.traces[0].label)
    }

    func testP99IsTheNearestRankOverTheFramesStillHeld() throws {
        var history = DebugHistory()
        // 1…100 ms in a scrambled order: the 99th percentile is 99 ms, the last is the last given.
        let order = (1...100).map { ($0 * 37) % 101 }
        for ms in order { history.recordFrame(frameSeconds: Double(ms) / 1000, tickSeconds: Double(ms) / 10_000) }
        var readout = history.readout()
        XCTAssertEqual(try XCTUnwrap(readout.frame).p99, 99, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(readout.frame).last, Double(order.last!), accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(readout.tick).p99, 9.9, accuracy: 1e-9)

        // A full history of 240 frames: 16 ms with three stutters; p99 is the third slowest.
        for i in 0..<240 {
            history.recordFrame(frameSeconds: [7: 0.050, 100: 0.070, 200: 0.060][i] ?? 0.016, tickSeconds: 0)
        }
        readout = history.readout()
        XCTAssertEqual(try XCTUnwrap(readout.frame).p99, 50, accuracy: 1e-9)
        // Once the stutters are more than 240 frames old they no longer count.
        for _ in 0..<240 { history.recordFrame(frameSeconds: 0.016, tickSeconds: 0) }
        XCTAssertEqual(try XCTUnwrap(history.readout().frame).p99, 16, accuracy: 1e-9)
    }

    /// Opening a photo from the top-left cell: the sprite's centre rises (in value) from the
    /// cell's centre to the centre of the fitted frame, the scale to 1 and the background to 1.
    func testAFlightsTracesRiseTowardTheFittedFrame() throws {
        var input = ScriptedInput(photos: photoInfos(count: 18), viewport: viewport)
        var history = DebugHistory()
        let cell = input.cellFrame(0)
        let fit = input.fitFrame(0)
        XCTAssertLessThan(cell.center.y, fit.center.y - 100, "the cell lies well above the window's centre")
        input.tapCell(0)
        history.record(input.world)
        input.settle { history.record($0) }
        XCTAssertEqual(input.world.viewer.phase, .pager)
        let readout = history.readout()
        let centres = readout.traces[0].values.compactMap { $0 }
        let scales = readout.traces[1].values.compactMap { $0 }
        let backgrounds = readout.traces[2].values.compactMap { $0 }
        XCTAssertGreaterThan(centres.count, 20, "the flight was recorded tick by tick")
        XCTAssertEqual(centres.first!, cell.center.y, accuracy: 10, "it starts at the cell")
        XCTAssertEqual(centres.last!, fit.center.y, accuracy: 0.5, "it ends at the fitted frame's centre")
        // Rising all the way to its peak; past it only the spring's small overshoot, coming back.
        let peak = centres.firstIndex(of: centres.max()!)!
        for i in 1...peak { XCTAssertGreaterThanOrEqual(centres[i], centres[i - 1] - 1e-9, "rising at \(i)") }
        XCTAssertLessThan(
            centres.max()!, fit.center.y + 0.05 * (fit.center.y - cell.center.y), "no more than a small overshoot")
        XCTAssertLessThan(scales.first!, 0.5, "a cell is far smaller than the fitted photo")
        XCTAssertEqual(scales.last!, 1, accuracy: 0.01)
        XCTAssertEqual(backgrounds.last!, 1, accuracy: 1e-9)
        XCTAssertLessThan(backgrounds.first!, 0.5)
    }
}
