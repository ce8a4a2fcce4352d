import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomLibrary
@testable import PhotoZoomSDL

/// A view handed a recorded sim draws it at the blend it is given, pixel for pixel as the
/// replay's own renderer draws that blend; fitted into a smaller area it keeps the sim's
/// window, scaled and centred; and its gate draws a frame once.
final class SessionViewTests: XCTestCase {
    func testItDrawsTheSimItIsHandedAtTheAlphaGiven() throws {
        let file = PackagePaths.fixtures.appendingPathComponent("sessions/drag-dismiss.jsonl")
        let recording = try SessionRecording.read(try String(contentsOf: file, encoding: .utf8))
        var player = SessionPlayer(recording)
        // The tick where the scene moves most between its last two states.
        func moved(_ sim: Simulation) -> Double {
            zip(sim.drawList(interpolation: 0), sim.drawList(interpolation: 1)).map {
                abs($0.frame.minX - $1.frame.minX) + abs($0.frame.minY - $1.frame.minY)
            }
            .reduce(0, +)
        }
        var busiest = (tick: player.tick, moved: 0.0)
        player.playThrough { sim in if moved(sim) > busiest.moved { busiest = (sim.world.tick, moved(sim)) } }
        XCTAssertGreaterThan(busiest.moved, 20)
        player.seek(to: busiest.tick)
        let sim = player.sim
        let viewport = sim.world.viewport
        let photos = try ReplayPhotos.load(recording.header.photos, folder: PhotoFolder.bundledFolder(), log: { _ in })

        let reference = try HeadlessCanvas(size: viewport)
        let replay = OnDemandScene(renderer: reference.renderer, library: photos, log: { XCTFail($0) })
        let canvas = try HeadlessCanvas(size: viewport)
        let view = SessionView(
            area: Rect(origin: .zero, size: viewport), label: [], placement: .fitted, surface: canvas,
            pictures: OnDemandScene(renderer: canvas.renderer, library: photos, log: { XCTFail($0) }),
            log: { XCTFail($0) })
        replay.draw(sim.drawList(interpolation: 0.5), window: viewport, scale: 1)
        let blank = Self.differing(canvas, reference, viewport)
        view.draw(SessionView.Frame(sim, alpha: 0.5))
        XCTAssertLessThan(Self.differing(canvas, reference, viewport), 0.01, "drawn at the alpha given")
        view.draw(SessionView.Frame(sim, alpha: 1))
        XCTAssertGreaterThan(Self.differing(canvas, reference, viewport), 0.01, "another alpha is another picture")
        XCTAssertGreaterThan(blank, 0.05, "the canvas was blank before")

        // Fitted into an area half as large, off the corner: scaled by a half, centred in it.
        let area = Rect(x: 10, y: 20, width: viewport.width / 2 + 40, height: viewport.height / 2)
        let small = SessionView(
            area: area, label: [], placement: .fitted, surface: canvas,
            pictures: OnDemandScene(renderer: canvas.renderer, library: photos, log: { XCTFail($0) }),
            log: { XCTFail($0) })
        small.draw(SessionView.Frame(sim, alpha: 1))
        XCTAssertEqual(
            small.scenePixels,
            PixelRect(minX: 30, minY: 20, maxX: 30 + Int(viewport.width / 2), maxY: 20 + Int(viewport.height / 2)))

        // The gate: a frame drawn once, drawn again only when the surface lost it.
        let frame = SessionView.Frame(sim, alpha: 0.5)
        XCTAssertTrue(view.needsDrawing(frame, lost: false))
        view.draw(frame)
        XCTAssertFalse(view.needsDrawing(frame, lost: false), "nothing new")
        XCTAssertTrue(view.needsDrawing(frame, lost: true), "the surface lost it")
        XCTAssertTrue(view.needsDrawing(SessionView.Frame(sim, alpha: 1), lost: false), "another blend")
    }

    /// The share of `size`'s pixels, every second one each way, that differ between `a` and `b`.
    static func differing(_ a: HeadlessCanvas, _ b: HeadlessCanvas, _ size: Size) -> Double {
        var off = 0
        for y in stride(from: 0, to: Int(size.height), by: 2) {
            for x in stride(from: 0, to: Int(size.width), by: 2) {
                let p = a.pixel(x: x, y: y)
                let q = b.pixel(x: x, y: y)
                if max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b))) > 8 { off += 1 }
            }
        }
        return Double(off) / (size.width * size.height / 4)
    }
}
