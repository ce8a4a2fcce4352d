import CSDL2
import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomSDL

/// The replay window's timeline drawn headless, checked by its pixels: the moments of a
/// recording marked on the track, and the ticks where a compared tuning differs marked apart
/// from them.
final class TimelineRenderTests: XCTestCase {
    let window = Size(width: 390, height: 766)
    typealias Palette = TimelineRenderer.Palette

    /// The drag-dismiss fixture's timeline, with `differences`, drawn paused at its start.
    func render(differences: [Int]) throws -> (canvas: HeadlessCanvas, timeline: ReplayTimeline) {
        let url = PackagePaths.fixtures.appendingPathComponent("sessions/drag-dismiss.jsonl")
        let recording = try SessionRecording.read(try String(contentsOf: url, encoding: .utf8))
        var player = SessionPlayer(recording)
        var moments = SessionMoments(recording)
        player.playThrough { moments.observe($0) }
        let timeline = ReplayTimeline(
            firstTick: player.firstTick, lastTick: player.lastTick, moments: moments.all, divergence: nil,
            differences: differences, playing: false)
        let canvas = try HeadlessCanvas(size: window)
        TimelineRenderer(renderer: canvas.renderer, log: { XCTFail($0) })
            .draw(
                timeline, tick: 0, tickRate: 120, phase: .grid, recordedSpeed: 1,
                verdict: TimelineRenderer.Verdict(text: "✓", good: true),
                window: window, scale: 1)
        SDL_RenderFlush(canvas.renderer)
        return (canvas, timeline)
    }

    func colour(_ canvas: HeadlessCanvas, _ x: Double, _ y: Double) -> Color {
        let p = canvas.pixel(x: Int(x.rounded(.down)), y: Int(y.rounded(.down)))
        return Color(r: p.r, g: p.g, b: p.b)
    }

    /// B's landing 150 ms after A's (tick 117) and its cancelled dismissal (tick 172): a pink
    /// dot above the track at each, none above A's own moments; the moments' lines are drawn
    /// as before, the cancel's over the release at the same tick.
    func testDifferencesAreDotsAboveTheTrackApartFromTheMoments() throws {
        let (canvas, timeline) = try render(differences: [117, 172])
        let track = ReplayTimeline.track(in: window)
        let above = track.minY - 7 - TimelineRenderer.dot / 2
        for tick in [117, 172] {
            XCTAssertEqual(
                colour(canvas, timeline.x(of: tick, in: window), above), Palette.difference, "a dot above tick \(tick)")
        }
        for tick in [99, 153, 235] {
            XCTAssertEqual(
                colour(canvas, timeline.x(of: tick, in: window), above), Palette.bar,
                "nothing above tick \(tick)'s moment")
        }
        XCTAssertEqual(
            colour(canvas, timeline.x(of: 99, in: window), track.minY - 3), Palette.marker(.landing),
            "the landing's line")
        XCTAssertEqual(
            colour(canvas, timeline.x(of: 172, in: window), track.minY - 3), Palette.marker(.release),
            "the release's line")
        XCTAssertEqual(
            colour(canvas, timeline.x(of: 117, in: window), track.minY - 3), Palette.bar, "no moment's line at tick 117"
        )

        let alone = try render(differences: [])
        XCTAssertEqual(
            colour(alone.canvas, timeline.x(of: 117, in: window), above), Palette.bar, "no dot without a difference")
    }

    /// Issue 33, item 20: a recording started 62 s into a session says its own ticks and time,
    /// from its first tick, not the session's; and the keys are all on the bar, whole, at the
    /// replay window's usual width and at a narrow one, the second line drawn inside the bar.
    func testTheStatusCountsFromTheFirstTickAndTheKeysFit() throws {
        let timeline = ReplayTimeline(firstTick: 7038, lastTick: 7548, moments: [], divergence: nil, playing: false)
        XCTAssertEqual(
            TimelineRenderer.status(timeline, tick: 7518, tickRate: 120, phase: .pager, recordedSpeed: 1),
            "❚❚ tick 480 / 510 · 4.00 s / 4.25 s · pager")
        // A recorded phone window, the default one, and two of them compared.
        for (width, count) in [(390.0, 2), (393, 2), (786, 1)] {
            let size = Size(width: width, height: 400)
            let canvas = try HeadlessCanvas(size: size)
            let bar = TimelineRenderer(renderer: canvas.renderer, log: { XCTFail($0) })
            bar.draw(
                timeline, tick: 7518, tickRate: 120, phase: .pager, recordedSpeed: 1,
                verdict: TimelineRenderer.Verdict(text: "✓ 52 digests match", good: true), window: size, scale: 1)
            SDL_RenderFlush(canvas.renderer)
            let lines = bar.hintLines(width: width - 32)
            XCTAssertEqual(lines.joined(separator: " · "), ReplayKeys.hint, "\(width) wide: every key, whole: \(lines)")
            XCTAssertEqual(lines.count, count, "\(width) wide")
            guard count == 2 else { continue }
            // The second line's text, in the keys' grey, between the first and the bar's bottom.
            let second = (size.height - 22)..<(size.height - 8)
            let lit = stride(from: second.lowerBound, to: second.upperBound, by: 1).reduce(0) { count, y in
                count
                    + stride(from: 16.0, to: width - 16, by: 1).filter { x in colour(canvas, x, y) != Palette.bar }
                    .count
            }
            XCTAssertGreaterThan(lit, 100, "\(width) wide: the keys' second line is drawn in the bar")
        }
    }
}
