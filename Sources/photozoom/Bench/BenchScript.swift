import PhotoZoomCore

/// The window has no room for the session: the grid shows only above the tab bar, so in a
/// window no taller than the bar no photo can be tapped open.
struct NoRoomForSession: UserFacingError {
    let viewport: Size
    let tabBarHeight: Double
    var description: String {
        "bench needs a window taller than the \(Int(tabBarHeight))-point tab bar, so that a photo can be tapped open: "
            + "a \(Int(viewport.width))x\(Int(viewport.height)) window shows no grid"
    }
}

/// The folder has too few photos for the session, which opens one and swipes to the next.
struct TooFewPhotosForSession: UserFacingError {
    let photos: Int
    var description: String {
        "bench needs a folder of at least two photos, one to open and one to swipe to; --photos has \(photos)"
    }
}

/// Input for the sim-tick benchmarks: a repeating five-second session through every system —
/// grid drag and flick, a wheel back to the top, tap into the pager, a swipe, double-tap zoom
/// in and out, and a drag down that dismisses into the grid. Where each gesture happens comes
/// from the layout and the window's size, so the session plays out in any window whose grid
/// shows above the tab bar; a gesture a small window has too little room for runs on past its
/// edge, as a mouse drag may.
struct BenchScript {
    /// One session is this many ticks; tick `t` (from 1) replays tick `(t − 1) % sessionTicks`
    /// of it, so the first session is ticks 1 … 600.
    static let sessionTicks = 600

    /// Every phase a session must pass through; one that never shows up means the numbers
    /// would time an idle grid or a stuck pager, not the interaction.
    static let phases: [(phase: ViewerState.Phase, name: String)] = [
        (.grid, "grid"),
        (.presenting, "presenting"),
        (.pager, "pager"),
        (.dismissing(interactive: true), "dismissing (dragged)"),
        (.dismissing(interactive: false), "dismissing (flying)"),
    ]

    /// The grid drag, up through the middle of the grid: far enough to flick.
    let flick: (from: Point, to: Point)
    /// Wheel units that scroll any offset of this library back to the top.
    let wheelUnits: Double
    /// The centre of the tapped cell's visible part: the middle column of the top row.
    let cell: Point
    /// The swipe to the next photo, right to left across the middle of the window.
    let swipe: (from: Point, to: Point)
    /// Double taps land here: the middle of the photo below the top bar (clear of its back button).
    let doubleTap: Point
    /// The drag down that dismisses: past the distance the release rule finishes at.
    let dismiss: (from: Point, to: Point)

    /// A session over `photos` (at least two: one to open, one to swipe to) in `viewport`.
    init(viewport: Size, photos: Int, tuning: Tuning = Tuning()) throws {
        guard photos >= 2 else { throw TooFewPhotosForSession(photos: photos) }
        let layout = GridLayout(viewport: viewport, count: photos, tuning: tuning)
        // The grid is drawn, and tapped, only above the tab bar.
        let band = viewport.height - tuning.tabBarHeight
        guard band > 0 else { throw NoRoomForSession(viewport: viewport, tabBarHeight: tuning.tabBarHeight) }
        let w = viewport.width
        let h = viewport.height
        // A drag must pass the tap slop with room to spare, or it would be a tap.
        let least = 3 * tuning.tapSlop
        let drag = max(band / 2, least)
        flick = (Point(x: w / 2, y: band / 2 + drag / 2), Point(x: w / 2, y: band / 2 - drag / 2))
        wheelUnits = ((layout.contentHeight + tuning.tabBarHeight) / tuning.wheelPointsPerUnit).rounded(.up)
        // The middle column, and a photo after it to swipe to.
        let frame = layout.frame(of: min(layout.columns / 2, photos - 2))
        cell = Point(x: frame.center.x, y: min(frame.center.y, band / 2))
        let swipeLength = max(w * 0.6, least)
        swipe = (Point(x: w / 2 + swipeLength / 2, y: h / 2), Point(x: w / 2 - swipeLength / 2, y: h / 2))
        doubleTap = Point(x: w / 2, y: (tuning.topBarHeight + h) / 2)
        let dismissLength = max(h / 2, 1.5 * tuning.dismissFinishDistance)
        dismiss = (Point(x: w / 2, y: h * 0.3), Point(x: w / 2, y: h * 0.3 + dismissLength))
    }

    func events(at tick: Int) -> [InputEvent] {
        let step = (tick - 1) % Self.sessionTicks
        func pointer(_ p: PointerPhase, _ at: Point) -> [InputEvent] {
            [.pointer(PointerEvent(id: 0, source: .mouse, phase: p, position: at))]
        }
        /// Where the pointer is after `i` of the `n` equal moves along `path`.
        func along(_ path: (from: Point, to: Point), _ i: Int, of n: Int) -> Point {
            path.from + (path.to - path.from) * (Double(i) / Double(n))
        }
        // Each gesture waits until what the one before set moving is still, even in the largest
        // window (16384 points a side, where springs take longest): the wheel has 90 ticks, the
        // flight into the pager 109, the page snap 100, and the flight home 100, so the session
        // ends at rest in the grid, where the next one starts.
        switch step {
        case 0: return pointer(.down, flick.from)
        case 1..<30: return pointer(.moved, along(flick, step, of: 30))
        case 30: return pointer(.up, flick.to)
        case 80: return [.wheel(dx: 0, dy: wheelUnits, position: cell, modifiers: [])]
        case 170: return pointer(.down, cell)
        case 171: return pointer(.up, cell)
        case 280: return pointer(.down, swipe.from)
        case 281..<290: return pointer(.moved, along(swipe, step - 280, of: 10))
        case 290: return pointer(.up, swipe.to)
        case 390, 394, 430, 434: return pointer(.down, doubleTap)
        case 391, 395, 431, 435: return pointer(.up, doubleTap)
        case 470: return pointer(.down, dismiss.from)
        case 471..<500: return pointer(.moved, along(dismiss, step - 470, of: 30))
        case 500: return pointer(.up, dismiss.to)
        default: return []
        }
    }

    /// The names of the phases a session must reach that are not in `seen`.
    static func missing(from seen: Set<ViewerState.Phase>) -> [String] {
        phases.filter { !seen.contains($0.phase) }.map(\.name)
    }
}

/// Photo libraries made up for the benchmark: no files, only names and pixel sizes, with the
/// mix of shapes a camera roll has, the same on every run.
enum SyntheticLibrary {
    /// Phone landscape and portrait, DSLR 3:2 both ways, video frames, squares, a panorama and
    /// a tall screenshot.
    private static let shapes: [Size] = [
        Size(width: 4032, height: 3024), Size(width: 3024, height: 4032),
        Size(width: 6000, height: 4000), Size(width: 4000, height: 6000),
        Size(width: 1920, height: 1080), Size(width: 1080, height: 1920),
        Size(width: 2048, height: 2048), Size(width: 9000, height: 3000),
        Size(width: 1170, height: 2532),
    ]

    static func photos(count: Int) -> [PhotoInfo] {
        // A stride coprime to the number of shapes: neighbouring cells differ, and every shape
        // is used equally often.
        (0..<count).map { i in PhotoInfo(name: "synthetic-\(i)", pixelSize: shapes[(i * 7) % shapes.count]) }
    }
}
