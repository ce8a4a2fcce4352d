import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// The real `photozoom run` window on a private X server (Xvfb), driven by xdotool as a person's
/// mouse would: the pointer moves, presses and releases through X and SDL's event loop, and what
/// the window shows is read back from screenshots (ImageMagick `import` of the screen, cropped to
/// the window, decoded with SDL_image). Nothing here reaches into the app or scripts its input.
///
/// Needs Xvfb, xdotool, xdpyinfo and ImageMagick: `scripts/setup.sh --test` installs them, and
/// the test fails (never skips) without them, because CI has them.
final class RealWindowTests: XCTestCase {
    /// The window is opened at the default phone size, explicitly, because every point sampled
    /// below is in window coordinates at this size (1 pixel per point under Xvfb).
    static let windowSize = Size(width: 393, height: 852)
    static let screen = (width: 1024, height: 1024)
    static let photoCount = 18

    /// Cell 4: row 1, column 1, the middle of the second row. Photos go in file-name order, so
    /// it shows china-panorama.jpg (640×213): in the pager it is fitted to 393 wide, about
    /// 131 tall, centred on y = 426, so far from the corners sampled below.
    static let cell = 4

    /// The grid as the app lays it out (the real layout with the default tuning): cells of
    /// (393 − 4) / 3 ≈ 129.67 pt with 2 pt gaps.
    static let layout = GridLayout(viewport: windowSize, count: photoCount, tuning: Tuning())

    // MARK: Colour limits (largest per-channel difference, 8-bit levels)

    /// "Is white" / "is black": the renderer fills exactly; 10 allows for nothing but noise.
    static let solid = 10.0
    /// "Is not white / not black": a photo's centre patch is far from both.
    static let notSolid = 40.0
    /// The same photo point, drawn at a different scale (the dragged photo shrinks). Measured
    /// 5 on the lake; the point 10 pt above (where the press was) is 19 off, the grid beneath the
    /// pointer well over 100: this asks "is the photo under the pointer", not "to the pixel".
    static let samePhotoPoint = 30.0
    /// The same cell, drawn the same way, before and after the round trip.
    static let sameCell = 6.0
    /// Two screenshots in a row at a point that has stopped moving.
    static let steady = 2.0

    static let white = RGB(r: 255, g: 255, b: 255)
    static let black = RGB(r: 0, g: 0, b: 0)

    // MARK: Points sampled, in window points

    static var cellFrame: Rect { layout.frame(of: cell) }
    static var cellCentre: Point { cellFrame.center }
    /// The middle of the 2 pt gaps left and right of the cell, at its centre's height.
    static var gaps: [Point] {
        [
            Point(x: cellFrame.minX - layout.gap / 2, y: cellCentre.y),
            Point(x: cellFrame.maxX + layout.gap / 2, y: cellCentre.y),
        ]
    }
    static var windowCentre: Point { Point(x: windowSize.width / 2, y: windowSize.height / 2) }
    /// Below the pager's 44 pt top bar and above the tab bar, far above and below the photo.
    static let backdropPoints = [Point(x: 20, y: 150), Point(x: 20, y: 700)]

    /// The drag: press on the photo (on the lake, right of the pagoda, where the picture is
    /// smooth), then 30 steps of 10 pt straight down, slowly.
    static let pressPoint = Point(x: 290, y: 426)
    static let dragSteps = 30, dragStep = 10.0, dragStepPause = 0.03
    /// From the click to the press that starts the drag: the zoom-in (a 0.5 s spring) has
    /// settled by then. Pressed 0.45–0.65 s after the click, the press still lands in the
    /// flight (measured under Xvfb, debug build).
    static let pagerSettle = 1.0
    static var dragEnd: Point { Point(x: pressPoint.x, y: pressPoint.y + Double(dragSteps) * dragStep) }

    // MARK: Set-up

    private var session: XvfbSession?
    private var app: Process?
    /// The window's frame on the screen, in pixels, and its X id.
    private var window = Rect(x: 0, y: 0, width: 0, height: 0)
    private var windowID = ""
    private var timings: [(String, TimeInterval)] = []
    private var began = Date()

    /// Starts the server and the app and waits for the window. Called from the test, not from
    /// setUp: on Linux, XCTest counts an error thrown by setUp as a failure *and* a skip, and a
    /// missing tool must read as a plain failure.
    private func openWindow() throws {
        began = Date()
        let executable = PackagePaths.executable.path
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw XvfbSession.Failure(
                "the photozoom executable was not found at \(executable); build it first "
                    + "(`swift build --build-tests`, with the same --scratch-path as the tests)")
        }
        let session = try XvfbSession(width: Self.screen.width, height: Self.screen.height)
        self.session = session
        mark("Xvfb \(session.display) accepting connections")

        // The real X11 driver on that display, whatever the test run's headless settings say, and
        // the renderer the window picks for itself (SDL's software one: Xvfb has no GPU).
        let env = session.environment(["SDL_VIDEODRIVER": "x11", "SDL_RENDER_DRIVER": nil])
        let size = "\(Int(Self.windowSize.width))x\(Int(Self.windowSize.height))"
        let app = try session.start(
            executable, ["run", "--size", size], name: "photozoom", environment: env, directory: PackagePaths.root)
        self.app = app
        do {
            (windowID, window) = try session.waitForWindow(named: "^PhotoZoom$", timeout: 60)
        } catch {
            throw XvfbSession.Failure(
                "\(error); photozoom \(app.isRunning ? "is running" : "exited \(app.terminationStatus)"), its output: \(session.log(of: app))"
            )
        }
        mark("window mapped")
    }

    override func tearDown() {
        session?.stop()  // the app first, then the server
        session = nil
        app = nil
        if !timings.isEmpty {
            print(
                "RealWindowTests timings: "
                    + timings.map { "\($0.0) at \(String(format: "%.2f", $0.1)) s" }.joined(separator: ", "))
        }
        super.tearDown()
    }

    // MARK: The test

    func testClickingACellOpensThePagerAndDraggingDownReturnsToTheGrid() throws {
        try openWindow()
        let session = try XCTUnwrap(session)
        XCTAssertEqual(
            window.size, Self.windowSize, "the window opens at the requested size, 1 pixel per point under Xvfb")

        // a. The grid, once the photos are drawn: white gaps, a photo in the cell. Every point
        // compared later is steady first: a cell whose picture has just arrived fades in, and
        // on a busy machine that was still under way at the backdrop's points.
        let grid = try waitFor(
            "grid drawn", steady: [Self.cellCentre] + Self.backdropPoints, Self.gridProblems)
        let cellColour = grid.colour(Self.cellCentre)

        // b. A click (press and release in place) on the cell zooms its photo into the pager.
        let click = screen(Self.cellCentre)
        try session.run("xdotool", ["mousemove", click.x, click.y, "click", "1"])
        let clicked = Date()
        mark("clicked cell \(Self.cell)")
        let pager = try waitFor(
            "pager open", steady: [Self.windowCentre, Self.pressPoint], Self.pagerProblems)
        // The zoom-in looks finished about 0.5 s after the click, but its spring is still
        // settling for a while after that, and a press then catches the flying photo at once
        // instead of starting the pager's drag. Press in the settled pager.
        Thread.sleep(forTimeInterval: max(0, Self.pagerSettle - Date().timeIntervalSince(clicked)))

        // c. Press on the photo and drag slowly straight down, still holding at the end: the
        // photo follows the pointer and shrinks, the black fades and the grid shows through.
        let press = screen(Self.pressPoint)
        var drag = ["mousemove", press.x, press.y, "mousedown", "1"]
        for step in 1...Self.dragSteps {
            let to = screen(Point(x: Self.pressPoint.x, y: Self.pressPoint.y + Double(step) * Self.dragStep))
            drag += ["sleep", String(Self.dragStepPause), "mousemove", to.x, to.y]
        }
        try session.run("xdotool", drag)
        mark("dragged \(Int(Self.dragEnd.y - Self.pressPoint.y)) pt down, holding")
        // The pager starts the drag at the first move past the 8 pt tap slop, one step below the
        // press, and the photo point there stays under the pointer.
        let grabbed = pager.colour(Point(x: Self.pressPoint.x, y: Self.pressPoint.y + Self.dragStep))
        _ = try waitFor("photo held low, grid showing", steady: [Self.dragEnd]) { shot in
            var problems: [String] = []
            for p in Self.backdropPoints {
                let c = shot.colour(p)
                let underneath = grid.colour(p)
                if max(c.r, c.g, c.b) < 60 || c.distance(to: underneath) >= c.distance(to: Self.black) {
                    problems.append("the backdrop at \(p) is \(c), still nearer black than the grid's \(underneath)")
                }
            }
            let centre = shot.colour(Self.windowCentre)
            if centre.distance(to: grid.colour(Self.windowCentre))
                >= centre.distance(to: pager.colour(Self.windowCentre))
            {
                problems.append(
                    "the window centre is \(centre), still nearer the photo (\(pager.colour(Self.windowCentre))) than the grid"
                )
            }
            let held = shot.colour(Self.dragEnd)
            if held.distance(to: grabbed) > Self.samePhotoPoint {
                problems.append(
                    "under the pointer at \(Self.dragEnd) is \(held), not the photo point it grabbed (\(grabbed))")
            }
            return problems
        }

        // Let go: the photo flies back into its cell and the grid is left, white and whole.
        try session.run("xdotool", ["mouseup", "1"])
        mark("released")
        _ = try waitFor("back in the grid", steady: [Self.cellCentre]) { shot in
            var problems = Self.gridProblems(shot)
            let c = shot.colour(Self.cellCentre)
            if c.distance(to: cellColour) > Self.sameCell {
                problems.append("cell \(Self.cell)'s centre is \(c), was \(cellColour) before the round trip")
            }
            for p in Self.backdropPoints where shot.colour(p).distance(to: grid.colour(p)) > Self.solid {
                problems.append("at \(p) the window shows \(shot.colour(p)), the grid there is \(grid.colour(p))")
            }
            return problems
        }

        // Resize the idle window taller: the grid is laid out anew and the tab bar drawn at the
        // new bottom edge, though nothing else moved (under X11 the size change reaches SDL
        // only on its next pump, and the software renderer's first frame after it can be lost).
        // Still on the 1024-pixel screen.
        let taller = Size(width: Self.windowSize.width, height: Self.windowSize.height + 60)
        try session.run("xdotool", ["windowsize", windowID, String(Int(taller.width)), String(Int(taller.height))])
        window = Rect(origin: window.origin, size: taller)
        mark("resized to \(Int(taller.width))x\(Int(taller.height))")
        // (A frame lost to the old surface leaves the new strip black.)
        let newTabBar = Point(x: 20, y: taller.height - 10)
        let tabBarGrey = RGB(r: 247, g: 247, b: 247)
        _ = try waitFor("tab bar at the new bottom", steady: [newTabBar]) { shot in
            shot.colour(newTabBar).distance(to: tabBarGrey) > Self.solid
                ? ["at the new bottom \(newTabBar) the window shows \(shot.colour(newTabBar)), not the tab bar"] : []
        }
        let app = try XCTUnwrap(app)
        XCTAssertTrue(
            app.isRunning, "photozoom is still running after the round trip; its output: \(session.log(of: app))")
    }

    // MARK: What each state looks like

    static func gridProblems(_ shot: Shot) -> [String] {
        var problems: [String] = []
        for gap in gaps {
            let c = shot.colour(gap, side: 1)
            if c.distance(to: white) > solid { problems.append("the gap at \(gap) is \(c), not white") }
        }
        let c = shot.colour(cellCentre)
        if c.distance(to: white) <= notSolid || c.distance(to: black) <= notSolid {
            problems.append("cell \(cell)'s centre \(cellCentre) is \(c), no photo")
        }
        return problems
    }

    static func pagerProblems(_ shot: Shot) -> [String] {
        var problems: [String] = []
        for p in backdropPoints {
            let c = shot.colour(p)
            if c.distance(to: black) > solid { problems.append("the backdrop at \(p) is \(c), not black") }
        }
        let c = shot.colour(windowCentre)
        if c.distance(to: black) <= notSolid { problems.append("the window centre is \(c), no photo") }
        return problems
    }

    // MARK: Screenshots

    /// One screenshot of the window, read in window points.
    struct Shot {
        let image: ReferenceImage
        let file: URL

        /// Mean colour of the `side`×`side` pixel patch centred on the pixel holding window
        /// point `p`.
        func colour(_ p: Point, side: Int = 5) -> RGB {
            let x = p.x.rounded(.down)
            let y = p.y.rounded(.down)
            let half = Double(side / 2)
            return image.mean(of: Rect(x: x - half, y: y - half, width: Double(side), height: Double(side)))
        }
    }

    /// A window point as xdotool's screen coordinates.
    func screen(_ p: Point) -> (x: String, y: String) {
        (String(Int((window.minX + p.x).rounded(.down))), String(Int((window.minY + p.y).rounded(.down))))
    }

    /// Takes screenshots until `problems` finds nothing wrong and the `steady` points look the
    /// same as in the screenshot before (so nothing is still moving there), or the hang guard
    /// passes: then fails with what was still wrong, keeping the last screenshot for a person to
    /// see.
    func waitFor(_ what: String, steady: [Point], _ problems: (Shot) -> [String]) throws -> Shot {
        let session = try XCTUnwrap(session)
        let start = Date()
        var previous: Shot?
        var attempts = 0
        while true {
            let taken = try session.screenshot(of: window)
            let shot = Shot(image: taken.image, file: taken.file)
            attempts += 1
            var wrong = problems(shot)
            if let previous {
                for p in steady where shot.colour(p).distance(to: previous.colour(p)) > Self.steady {
                    wrong.append("\(p) still changing (\(previous.colour(p)) → \(shot.colour(p)))")
                }
            } else {
                wrong.append("(one more screenshot to see it is steady)")
            }
            if wrong.isEmpty {
                mark("\(what) (\(attempts) screenshots)")
                return shot
            }
            if Date().timeIntervalSince(start) > HangGuard.seconds {
                let slug = String(what.map { $0.isLetter || $0.isNumber ? $0 : "-" })
                let kept = FileManager.default.temporaryDirectory.appendingPathComponent("RealWindowTests-\(slug).bmp")
                try? FileManager.default.removeItem(at: kept)
                try? FileManager.default.copyItem(at: shot.file, to: kept)
                throw XvfbSession.Failure(
                    HangGuard.failure("\(what): not seen") + " (\(attempts) screenshots): "
                        + wrong.joined(separator: "; ")
                        + ". The last screenshot is \(kept.path) (window at \(window)).")
            }
            previous = shot
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    private func mark(_ what: String) { timings.append((what, Date().timeIntervalSince(began))) }
}
