import CSDL2
import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomLibrary
@testable import PhotoZoomSDL

/// The developer overlays drawn headless, checked by pixels: each overlay where it belongs, in
/// its colours, with the curves and traces at the heights their numbers imply.
final class OverlayRenderTests: XCTestCase {
    let size = Size(width: 393, height: 560)

    typealias Palette = OverlayPainter.Palette

    // MARK: Helpers

    /// A canvas cleared to one colour, so what an overlay adds is plain to see.
    func plainCanvas(_ color: Color, scale: Double = 1) throws -> HeadlessCanvas {
        let canvas = try HeadlessCanvas(size: size, scale: scale)
        SDL_SetRenderDrawColor(canvas.renderer, color.r, color.g, color.b, 255)
        SDL_RenderClear(canvas.renderer)
        return canvas
    }

    /// The real grid of bundled photos, as the window shows it.
    func gridCanvas(scale: Double = 1) throws -> HeadlessCanvas {
        try GridSnapshot.render(
            photos: try PhotoLibrary.load(PackagePaths.bundledPhotos, log: { _ in }), size: size, scale: scale
        ).canvas
    }

    func draw(_ content: OverlayContent, on canvas: HeadlessCanvas) {
        OverlayRenderer(renderer: canvas.renderer).draw(content, viewport: size, scale: canvas.scale)
        SDL_RenderFlush(canvas.renderer)
    }

    /// Every pixel's bytes, row by row.
    func bytes(_ canvas: HeadlessCanvas) -> [UInt8] {
        (0..<canvas.pixelHeight).flatMap { y in
            (0..<canvas.pixelWidth).flatMap { x -> [UInt8] in
                let p = canvas.pixel(x: x, y: y)
                return [p.r, p.g, p.b, p.a]
            }
        }
    }

    func color(_ canvas: HeadlessCanvas, _ x: Int, _ y: Int) -> Color {
        let p = canvas.pixel(x: x, y: y)
        return Color(r: p.r, g: p.g, b: p.b)
    }

    /// The rows of pixel column `x` within `rows` that are exactly `target`.
    func rows(of target: Color, in canvas: HeadlessCanvas, x: Int, _ rows: ClosedRange<Int>) -> [Int] {
        rows.filter { color(canvas, x, $0) == target }
    }

    /// Where PlotAxes puts `value` in a plot of `area` (points) spanning `low...high`, in pixels:
    /// worked out here from the rule (values padded by 8 % of their span each side), not by the code.
    func plotY(_ value: Double, area: Rect, low: Double, high: Double, scale: Double) -> Double {
        let top = (area.minY * scale).rounded()
        let bottom = (area.maxY * scale).rounded()
        return bottom - (0.08 + (value - low) / (high - low)) / 1.16 * (bottom - top)
    }

    func plotX(_ fraction: Double, area: Rect, scale: Double) -> Int {
        let left = (area.minX * scale).rounded()
        let right = (area.maxX * scale).rounded()
        return Int(left + fraction * (right - left))
    }

    // MARK: Nothing to show

    func testEmptyContentDrawsNothingAndTouchesNoRendererState() throws {
        let canvas = try gridCanvas()
        let before = bytes(canvas)
        SDL_SetRenderDrawBlendMode(canvas.renderer, SDL_BLENDMODE_NONE)
        let empties = [
            OverlayContent(), OverlayContent(status: ""),
            OverlayContent(toast: ReloadToast(lines: ["zoom.spring.response 0.4 → 0.3"], age: ReloadToast.lifetime)),
            OverlayContent(toast: ReloadToast(lines: ["gone"], age: 60)),
        ]
        for content in empties {
            XCTAssertTrue(content.isEmpty, "\(content)")
            draw(content, on: canvas)
        }
        let after = bytes(canvas)
        XCTAssertTrue(after == before, "\(zip(after, before).filter { $0 != $1 }.count) bytes changed")
        var mode = SDL_BLENDMODE_BLEND
        SDL_GetRenderDrawBlendMode(canvas.renderer, &mode)
        XCTAssertEqual(mode, SDL_BLENDMODE_NONE, "empty content left the renderer as it was")

        let somethings = [
            OverlayContent(help: true), OverlayContent(status: "×0.25"),
            OverlayContent(toast: ReloadToast(lines: ["x"], age: 1.99)), OverlayContent(errors: ["bad"]),
            OverlayContent(debug: DebugHistory().readout()),
        ]
        for content in somethings { XCTAssertFalse(content.isEmpty, "\(content)") }
    }

    // MARK: Help

    func testHelpDimsTheWindowAndListsTheKeysInWhite() throws {
        let canvas = try gridCanvas()
        let corners = [(3, 3), (389, 3), (3, 556), (389, 556)]
        let before = corners.map { color(canvas, $0.0, $0.1) }
        draw(OverlayContent(help: true), on: canvas)
        for (corner, was) in zip(corners, before) {
            let now = color(canvas, corner.0, corner.1)
            for (a, b) in [(now.r, was.r), (now.g, was.g), (now.b, was.b)] {
                XCTAssertEqual(
                    Double(a), Double(b) * 0.5, accuracy: 1.5, "the corner \(corner) is dimmed by half: \(was) → \(now)"
                )
            }
        }
        // The panel, centred: a dark margin down its left, white text inside.
        for y in stride(from: 200, through: 360, by: 20) {
            let c = color(canvas, 28, y)
            XCTAssertLessThan(max(c.r, c.g, c.b), 45, "the panel's dark margin at y \(y): \(c)")
        }
        var white = 0
        for y in 130..<430 {
            for x in 30..<370 where min(color(canvas, x, y).r, color(canvas, x, y).g, color(canvas, x, y).b) >= 230 {
                white += 1
            }
        }
        XCTAssertGreaterThan(white, 800, "the key list is written in white")
    }

    /// The one key table: the interaction's rows are keys EventTranslator hands the sim, the
    /// developer rows are keys it does not (so the loop may take them), one row per command,
    /// and the lookup the loop uses answers from the same rows.
    func testTheKeyTableMatchesTheTranslatorAndTheCommandLookup() {
        let interaction = HelpOverlay.keys.filter { $0.group == .interaction || $0.group == .grid }
        let developer = HelpOverlay.keys.filter { $0.group == .developer }
        for row in interaction {
            XCTAssertNil(row.command)
            for chord in row.chords {
                XCTAssertNotNil(EventTranslator.key(chord.keycode), "\(row.key) reaches the sim")
            }
        }
        for command in HelpOverlay.Command.allCases {
            XCTAssertEqual(developer.filter { $0.command == command }.count, 1, "one row for \(command)")
        }
        for row in developer {
            for chord in row.chords {
                XCTAssertNil(EventTranslator.key(chord.keycode), "\(row.key) is not an interaction key too")
                XCTAssertEqual(
                    HelpOverlay.command(for: chord.keycode, modifiers: chord.shift ? .shift : []), row.command)
            }
        }
        func key(_ k: SDL_KeyCode) -> SDL_Keycode { SDL_Keycode(k.rawValue) }
        XCTAssertEqual(HelpOverlay.command(for: key(SDLK_s), modifiers: []), .slowMotion)
        XCTAssertEqual(HelpOverlay.command(for: key(SDLK_p), modifiers: .shift), .pause, "Shift does not matter to P")
        XCTAssertEqual(HelpOverlay.command(for: key(SDLK_PERIOD), modifiers: []), .step)
        XCTAssertEqual(HelpOverlay.command(for: key(SDLK_d), modifiers: []), .debug)
        XCTAssertEqual(HelpOverlay.command(for: key(SDLK_F1), modifiers: []), .help)
        XCTAssertEqual(HelpOverlay.command(for: key(SDLK_SLASH), modifiers: .shift), .help, "? is Shift-/")
        XCTAssertNil(HelpOverlay.command(for: key(SDLK_SLASH), modifiers: []), "/ alone is not ?")
        XCTAssertNil(HelpOverlay.command(for: key(SDLK_s), modifiers: .control), "Ctrl-S is someone else's")
        XCTAssertNil(HelpOverlay.command(for: key(SDLK_x), modifiers: []))
        let slow = developer.first { $0.command == .slowMotion }!
        XCTAssertEqual(
            slow.action, "slow motion ×1 → ×0.25 → ×0.1", "the help says the factors the loop cycles through")
    }

    // MARK: Errors

    func testTheErrorPanelHasARedBorderAndKeepsItsLinesInsideTheWindow() throws {
        let scale = 2.0
        let canvas = try plainCanvas(.white, scale: scale)
        let errors = (1...20).map {
            "/a/rather/long/path/to/tuning.json: line \($0): springs.zoomIn.dampingRatio must be greater than 0, got -0.\($0)"
        }
        draw(OverlayContent(errors: errors), on: canvas)

        // Its frame, as the panel lays it out: across the window below the top bar.
        let painter = OverlayPainter(renderer: canvas.renderer, log: { _ in })
        painter.begin(scale: scale)
        let width = 393.0 - 16
        let inner = width - 2 * (10 + 2)
        let lines = ErrorPanel.lines(errors, width: inner, painter)
        XCTAssertEqual(lines.count, ErrorPanel.maximumLines + 1, "at most 8 lines, then …")
        XCTAssertEqual(lines.last?.text, "…")
        for line in lines {
            XCTAssertLessThanOrEqual(painter.width(line.text, 12) + line.indent, inner + 0.5, "'\(line.text)' fits")
        }
        let titleLines = painter.wrap(ErrorPanel.title, width: inner, size: 13).count
        let height = 2 * 12 + Double(titleLines) * 18 + 4 + Double(lines.count) * 16
        let top = 52.0 * scale
        let bottom = (52 + height) * scale
        let left = 8 * scale
        let right = (8 + width) * scale

        let red = Palette.error
        // Down the left and right edges, clear of the rounded corners, the border is red, 2 pt wide.
        for y in stride(from: Int(top) + 24, to: Int(bottom) - 24, by: 8) {
            XCTAssertEqual(color(canvas, Int(left), y), red, "left border at \(y)")
            XCTAssertEqual(color(canvas, Int(left) + 3, y), red, "left border, 4 px at 2x, at \(y)")
            XCTAssertEqual(color(canvas, Int(right) - 1, y), red, "right border at \(y)")
            XCTAssertEqual(color(canvas, Int(left) - 2, y), .white, "nothing left of the panel at \(y)")
        }
        for x in stride(from: Int(left) + 24, to: Int(right) - 24, by: 16) {
            XCTAssertEqual(color(canvas, x, Int(top)), red, "top border at \(x)")
            XCTAssertEqual(color(canvas, x, Int(bottom) - 1), red, "bottom border at \(x)")
        }
        XCTAssertEqual(color(canvas, 100, Int(bottom) + 2), .white, "the panel ends where its lines do")
        let inside = color(canvas, Int(left) + 8, Int((top + bottom) / 2))
        XCTAssertLessThan(max(inside.r, inside.g, inside.b), 70, "dark inside: \(inside)")
    }

    // MARK: Reload toast

    /// A springier, quicker zoom-in replacing a critically damped one: each curve passes where
    /// its spring is at 0.08 s and 0.2 s, in its colour, and the target line shows before either
    /// curve has risen.
    func testTheToastDrawsEachSpringsCurveWhereTheSpringIs() throws {
        let old = try SpringParameters.response(0.6, dampingRatio: 1)
        let new = try SpringParameters.response(0.3, dampingRatio: 0.5)
        let toast = ReloadToast(
            lines: ["springs.zoomIn 0.6 s ζ 1 → 0.3 s ζ 0.5"],
            springs: [SpringChange(path: "springs.zoomIn", old: old, new: new)])
        let canvas = try plainCanvas(Color(r: 128, g: 128, b: 128))
        draw(OverlayContent(toast: toast), on: canvas)
        let area = try XCTUnwrap(ToastPanel.layout(toast, viewport: size).plots.first).area
        XCTAssertLessThan(area.maxY, 560 - 50, "above the tab bar")

        // The value axis spans 0 to the new spring's overshoot (the old one never passes 1).
        let oldMotion = SpringMotion(parameters: old, from: 0.0, target: 1)
        let newMotion = SpringMotion(parameters: new, from: 0.0, target: 1)
        let peak = (0...1000).map { newMotion.value(at: Double($0) / 1000) }.max()!
        XCTAssertGreaterThan(peak, 1.1)
        for (motion, colour, name) in [(newMotion, Palette.newCurve, "new"), (oldMotion, Palette.oldCurve, "old")] {
            for t in [0.08, 0.2] {
                let x = plotX(t, area: area, scale: 1)
                let y = plotY(motion.value(at: t), area: area, low: 0, high: peak, scale: 1)
                let found = rows(of: colour, in: canvas, x: x, Int(y) - 4...Int(y) + 4)
                XCTAssertFalse(found.isEmpty, "the \(name) curve at t = \(t) near row \(Int(y)) of column \(x)")
            }
        }
        XCTAssertNotEqual(
            Int(plotY(oldMotion.value(at: 0.08), area: area, low: 0, high: peak, scale: 1)),
            Int(plotY(newMotion.value(at: 0.08), area: area, low: 0, high: peak, scale: 1)), "the curves lie apart")
        let target = plotY(1, area: area, low: 0, high: peak, scale: 1)
        XCTAssertFalse(
            rows(
                of: Palette.target, in: canvas, x: plotX(0.01, area: area, scale: 1), Int(target) - 1...Int(target) + 1
            ).isEmpty,
            "the target line at 1")
    }

    func testTheToastFadesOverItsLastMomentsAndIsGoneAtTheEndOfItsLife() throws {
        XCTAssertEqual(ReloadToast.lifetime, 2)
        XCTAssertEqual(ReloadToast(lines: [], age: 1.7).opacity, 1)
        XCTAssertEqual(ReloadToast(lines: [], age: 1.85).opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(ReloadToast(lines: [], age: 2).opacity, 0)
        XCTAssertFalse(ReloadToast(lines: [], age: 2).isVisible)

        let grey = Color(r: 128, g: 128, b: 128)
        let toast = ReloadToast(
            lines: ["springs.zoomIn.response 0.5 → 0.4"],
            springs: [
                SpringChange(
                    path: "springs.zoomIn", old: try .response(0.5, dampingRatio: 0.8),
                    new: try .response(0.4, dampingRatio: 0.8))
            ])
        let panel = ToastPanel.layout(toast, viewport: size).panel
        // In the panel's left padding, clear of text and plots.
        let probe = (x: Int(panel.minX) + 4, y: Int(panel.center.y))
        func shade(atAge age: Double) throws -> (Double, HeadlessCanvas) {
            var aged = toast
            aged.age = age
            let canvas = try plainCanvas(grey)
            draw(OverlayContent(toast: aged), on: canvas)
            return (Double(color(canvas, probe.x, probe.y).r), canvas)
        }
        // The panel is the dark panel colour at 90 %; at half opacity, at 45 %.
        let (fresh, _) = try shade(atAge: 0.5)
        XCTAssertEqual(fresh, 128 * 0.1 + Double(Palette.panel.r) * 0.9, accuracy: 1.5)
        let (fading, _) = try shade(atAge: 1.85)
        XCTAssertEqual(fading, 128 * 0.55 + Double(Palette.panel.r) * 0.45, accuracy: 1.5, "half faded")
        let (gone, canvas) = try shade(atAge: 2)
        XCTAssertEqual(gone, 128)
        let untouched = try plainCanvas(grey)
        XCTAssertTrue(bytes(canvas) == bytes(untouched), "nothing at all drawn at the end of its life")
    }

    // MARK: Debug overlay

    /// Made-up traces: each drawn at the height its value implies within its range, with a gap
    /// where there are no values.
    func testTheDebugPlotsDrawEachTraceAtTheHeightItsValuesImply() throws {
        let scale = 2.0
        let half = [Double?](repeating: nil, count: 120)
        let readout = DebugReadout(
            frame: .init(last: 16.7, p99: 18.2), tick: .init(last: 0.2, p99: 0.4), phase: "pager", currentIndex: 4,
            photoCount: 18,
            tickNumber: 1234,
            traces: [
                DebugReadout.Trace(
                    label: "centre y 140 pt", values: half + Array(repeating: 140, count: 120), range: 0...560),
                DebugReadout.Trace(
                    label: "scale 0.50×", values: half + Array(repeating: 0.5, count: 120), range: 0...1),
                DebugReadout.Trace(label: "background 0.90", values: Array(repeating: 0.9, count: 240), range: 0...1),
            ])
        let canvas = try plainCanvas(.white, scale: scale)
        draw(OverlayContent(debug: readout), on: canvas)
        let layout = DebugPanel.layout(readout, top: OverlayRenderer.topInset, viewport: size)
        XCTAssertEqual(layout.panel.minX, 8, "down the left side")
        XCTAssertLessThan(layout.panel.maxX, 393 * 0.55, "leaving the right side to the photo")
        for (i, (trace, place)) in zip(readout.traces, layout.traces).enumerated() {
            let colour = DebugPanel.traceColors[i]
            let column = plotX(200 / 239, area: place.area, scale: scale)
            let y = plotY(
                trace.values[200]!, area: place.area, low: trace.range.lowerBound, high: trace.range.upperBound,
                scale: scale)
            let found = rows(of: colour, in: canvas, x: column, Int(y) - 1...Int(y) + 4)
            XCTAssertFalse(found.isEmpty, "\(trace.label) drawn near row \(Int(y))")
            let everywhere = rows(
                of: colour, in: canvas, x: column, Int(place.area.minY * scale)...Int(place.area.maxY * scale) + 4)
            XCTAssertEqual(everywhere, found, "and nowhere else in its plot")
            let gapColumn = plotX(40 / 239, area: place.area, scale: scale)
            let inGap = rows(
                of: colour, in: canvas, x: gapColumn, Int(place.area.minY * scale)...Int(place.area.maxY * scale) + 4)
            XCTAssertEqual(inGap.isEmpty, trace.values[40] == nil, "\(trace.label): a gap where there are no values")
        }
    }

    /// A real flight recorded tick by tick: the centre-y plot's newest point lies at the
    /// height of the sprite's centre as the world last had it.
    func testTheDebugPlotFollowsARecordedFlight() throws {
        var input = ScriptedInput(photos: photoInfos(count: 18), viewport: size)
        var history = DebugHistory()
        input.tapCell(0)
        for _ in 0..<30 {
            input.tick()
            history.record(input.world)
        }
        let centre = try XCTUnwrap(input.world.viewer.transition, "still flying").frame.center.y
        let readout = history.readout()
        XCTAssertEqual(readout.traces[0].values.last!!, centre, accuracy: 1e-9)
        let canvas = try plainCanvas(.white)
        draw(OverlayContent(debug: readout), on: canvas)
        let area = DebugPanel.layout(readout, top: OverlayRenderer.topInset, viewport: size).traces[0].area
        let column = plotX(1, area: area, scale: 1) - 1
        let y = plotY(centre, area: area, low: 0, high: 560, scale: 1)
        XCTAssertFalse(
            rows(of: DebugPanel.traceColors[0], in: canvas, x: column, Int(y) - 3...Int(y) + 3).isEmpty,
            "the newest centre y, \(centre) pt, plotted near row \(Int(y))")
        // Thirty ticks back, the sprite was lower in value (nearer the top-left cell).
        let earlier = readout.traces[0].values[239 - 29]!
        XCTAssertLessThan(earlier, centre)
        let yEarlier = plotY(earlier, area: area, low: 0, high: 560, scale: 1)
        XCTAssertFalse(
            rows(
                of: DebugPanel.traceColors[0], in: canvas, x: plotX(210 / 239, area: area, scale: 1),
                Int(yEarlier) - 3...Int(yEarlier) + 3
            ).isEmpty)
    }

    // MARK: Review pictures

    /// Set PHOTOZOOM_OVERLAY_PNGS to a path prefix (e.g. /tmp/overlays) to write each overlay
    /// over a real grid as PNGs for a person to look at; otherwise skipped.
    func testWritesReviewPicturesWhenAsked() throws {
        guard let prefix = ProcessInfo.processInfo.environment["PHOTOZOOM_OVERLAY_PNGS"] else {
            throw XCTSkip("set PHOTOZOOM_OVERLAY_PNGS=/tmp/overlays to write the review pictures")
        }
        let tuning = Tuning()
        let springs = [
            SpringChange(
                path: "springs.zoomIn", old: tuning.zoomInSpring, new: try .uikit(duration: 0.4, dampingRatio: 0.6)),
            SpringChange(
                path: "springs.cancel", old: tuning.cancelSpring, new: try .uikit(duration: 0.7, dampingRatio: 1)),
            SpringChange(
                path: "pager.snapSpring", old: tuning.pageSnapSpring, new: try .response(0.25, dampingRatio: 0.7)),
            SpringChange(path: "zoom.spring", old: tuning.zoomSpring, new: try .response(0.3, dampingRatio: 1)),
        ]
        let toast = ReloadToast(
            lines: [
                "springs.zoomIn.duration 0.5 → 0.4", "springs.zoomIn.dampingRatio 0.8 → 0.6",
                "springs.cancel.duration 0.5 → 0.7", "pager.snapSpring.response 0.35 → 0.25",
                "zoom.spring.response 0.4 → 0.3",
            ], springs: springs)
        let errors = [
            "/home/someone/src/PhotoZoom/assets/tuning.json: line 12: springs.zoomIn.dampingRatio must be greater than 0, got -0.2",
            "pager.pageGap must not be negative, got -4",
            "zoom.maximumZoom is not a number: \"lots\"",
        ]
        let one = ReloadToast(lines: ["springs.zoomIn.duration 0.5 → 0.4"], springs: Array(springs.prefix(1)))
        let cases: [(String, Double, (inout DebugHistory) -> OverlayContent)] = [
            ("help", 1, { _ in OverlayContent(help: true, status: "×0.25") }),
            ("toast", 1, { _ in OverlayContent(status: "paused · tick 1234", toast: toast) }),
            ("toast-one", 2, { _ in OverlayContent(toast: one) }),
            (
                "toast-fading", 1,
                { _ in OverlayContent(toast: ReloadToast(lines: toast.lines, springs: springs, age: 1.85)) }
            ),
            ("errors", 1, { _ in OverlayContent(errors: errors) }),
            ("debug", 1, { h in OverlayContent(status: "×0.1", debug: h.readout()) }),
            ("debug-2x", 2, { h in OverlayContent(errors: Array(errors.prefix(1)), debug: h.readout()) }),
            (
                "all", 1,
                { h in OverlayContent(status: "×0.25", toast: one, errors: Array(errors.prefix(2)), debug: h.readout())
                }
            ),
        ]
        for (name, scale, content) in cases {
            let photos = try PhotoLibrary.load(PackagePaths.bundledPhotos, log: { _ in })
            var history = DebugHistory()
            let (canvas, _) = try GridSnapshot.render(photos: photos, size: size, scale: scale) { sim in
                let c = sim.world.grid.layout!.frame(of: 5).center
                sim.step([.pointer(PointerEvent(id: 0, source: .mouse, phase: .down, position: c))])
                history.record(sim.world)
                sim.step([.pointer(PointerEvent(id: 0, source: .mouse, phase: .up, position: c))])
                history.record(sim.world)
                for i in 0..<(name.hasPrefix("debug") || name == "all" ? 40 : 0) {
                    sim.step()
                    history.record(sim.world)
                    history.recordFrame(
                        frameSeconds: 0.0167 + Double(i % 7) * 0.0003, tickSeconds: 0.0002 + Double(i % 5) * 0.00002)
                }
            }
            let overlay = OverlayRenderer(renderer: canvas.renderer, log: { print($0) })
            overlay.draw(content(&history), viewport: size, scale: scale)
            let path = "\(prefix)-\(name).png"
            try canvas.save(to: path, overwrite: true)
            print("wrote \(path)")
        }
    }
}

extension OverlayRenderTests {
    /// Issue 23, item 8: over the grid, which has no top bar and fills the window above the tab
    /// bar with cells, the dot and the slow-motion badge sit at the right of the tab bar, the
    /// progress pill keeping clear of them, and nothing of theirs is drawn over a cell.
    func testOverTheGridTheDotAndTheBadgeSitInTheTabBar() throws {
        let size = Size(width: 393, height: 560)
        let canvas = try HeadlessCanvas(size: size)
        var content = OverlayContent(status: "paused · tick 1234")
        content.recording = true
        content.badgesInTabBar = true
        content.library = LibraryProgress(stage: .makingThumbnails, done: 1234, total: 10_000)
        OverlayRenderer(renderer: canvas.renderer).draw(content, viewport: size, scale: 1)
        let tabBar = 560 - Int(Tuning().tabBarHeight)
        let red = (0..<393).flatMap { x in (0..<560).map { (x, $0) } }.filter { x, y in
            let p = canvas.pixel(x: x, y: y)
            return p.r > 200 && p.g < 80 && p.b < 80
        }
        XCTAssertFalse(red.isEmpty, "the dot is drawn")
        XCTAssertTrue(red.allSatisfy { $0.1 >= tabBar && $0.0 > 393 - 30 }, "at the right of the tab bar")
        // Nothing drawn above the tab bar: the canvas is still its clear colour there.
        func rgb(_ x: Int, _ y: Int) -> [UInt8] {
            let p = canvas.pixel(x: x, y: y)
            return [p.r, p.g, p.b]
        }
        let clear = rgb(0, 0)
        for y in stride(from: 0, to: tabBar, by: 7) {
            for x in stride(from: 0, to: 393, by: 7) { XCTAssertEqual(rgb(x, y), clear, "(\(x), \(y)) is the grid's") }
        }
        // The pill and the badge do not overlap: between them, a column of the bar's own colour.
        let row = tabBar + Int(Tuning().tabBarHeight / 2)
        let dotLeft = red.map(\.0).min()!
        let drawn = (0..<dotLeft - 1).map { rgb($0, row) != clear }
        let runs = zip([false] + drawn, drawn).filter { !$0.0 && $0.1 }.count
        XCTAssertGreaterThanOrEqual(runs, 2, "the pill and the badge apart across the bar's middle")
    }

    /// While recording, a red dot in the top-right corner, the status badge to its left.
    func testTheRecordingDotIsRedInTheTopRightCorner() throws {
        let size = Size(width: 393, height: 560)
        let canvas = try HeadlessCanvas(size: size)
        var content = OverlayContent(status: "×0.25")
        content.recording = true
        XCTAssertFalse(content.isEmpty)
        OverlayRenderer(renderer: canvas.renderer).draw(content, viewport: size, scale: 1)
        let dot = (0..<60).flatMap { dx in (0..<44).map { (393 - 60 + dx, $0) } }.filter { x, y in
            let p = canvas.pixel(x: x, y: y)
            return p.r > 200 && p.g < 80 && p.b < 80
        }
        XCTAssertFalse(dot.isEmpty, "red pixels in the corner")
        XCTAssertTrue(dot.allSatisfy { $0.0 > 393 - 30 }, "the dot is the rightmost thing")
    }
}
