import PhotoZoomCore

/// Input for the sim-tick benchmarks: a repeating five-second session through every system —
/// grid drag and flick, tap into the pager, a swipe, double-tap zoom in and out, and a drag
/// down that dismisses into the grid.
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

    let viewport: Size

    func events(at tick: Int) -> [InputEvent] {
        let phase = (tick - 1) % Self.sessionTicks
        let x = viewport.width / 2, cell = Point(x: viewport.width / 2, y: 60)
        func pointer(_ p: PointerPhase, _ at: Point) -> [InputEvent] {
            [.pointer(PointerEvent(id: 0, source: .mouse, phase: p, position: at))]
        }
        switch phase {
        case 0: return pointer(.down, Point(x: x, y: 600))
        case 1..<30: return pointer(.moved, Point(x: x, y: 600 - Double(phase) * 10))
        case 30: return pointer(.up, Point(x: x, y: 310))
        case 120: return [.wheel(dx: 0, dy: 50, position: cell, modifiers: [])]
        case 200: return pointer(.down, cell)
        case 201: return pointer(.up, cell)
        case 300: return pointer(.down, Point(x: 300, y: 400))
        case 301..<310: return pointer(.moved, Point(x: 300 - Double(phase - 300) * 15, y: 400))
        case 310: return pointer(.up, Point(x: 165, y: 400))
        case 380, 420: return pointer(.down, Point(x: x, y: 420))
        case 381, 421: return pointer(.up, Point(x: x, y: 420))
        case 384, 424: return pointer(.down, Point(x: x, y: 420))
        case 385, 425: return pointer(.up, Point(x: x, y: 420))
        case 500: return pointer(.down, Point(x: x, y: 420))
        case 501..<550: return pointer(.moved, Point(x: x, y: 420 + Double(phase - 500) * 6))
        case 550: return pointer(.up, Point(x: x, y: 720))
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
