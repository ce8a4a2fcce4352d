import PhotoZoomCore

/// Sessions recorded from scripted input, as the window records them, for the tests that
/// replay, draw or compare them.
public enum RecordedScript {
    /// A session in a `window` (390x700 unless told) over `photos`, recorded as the window
    /// records one, of the input `script` gives each tick.
    public static func record(
        photos: [PhotoInfo], tuning: Tuning = Tuning(), window: Size = Size(width: 390, height: 700),
        _ script: (_ tick: ([InputEvent]) throws -> Void, _ world: World) throws -> Void
    ) throws -> String {
        var sim = Simulation(world: World(photos: photos, viewport: window, tuning: tuning))
        var recorder = SessionRecorder()
        var text = try recorder.headerLine(
            SessionHeader(app: "test", platform: "test", world: sim.world, pixelDensity: 1, contentHashes: []))
        try script(
            { input in
                sim.step(input)
                text += try recorder.line(after: sim, input: input) ?? ""
            }, sim.world)
        return text + (try recorder.endLine(sim))
    }

    /// Photo 4 opened (tick 2), its page at rest, then dragged down home (released at tick
    /// 172), the grid at rest to the end at tick 322.
    public static func openAndDismiss(_ tick: ([InputEvent]) throws -> Void, _ world: World) throws {
        let cell = world.grid.layout!.frame(of: 4).center
        try tick(pointer(.down, cell))
        try tick(pointer(.up, cell))
        for _ in 0..<150 { try tick([]) }
        try tick(pointer(.down, Point(x: 195, y: 300)))
        for i in 1...18 { try tick(pointer(.moved, Point(x: 195, y: 300 + 260 * Double(i) / 18))) }
        try tick(pointer(.up, Point(x: 195, y: 560)))
        for _ in 0..<150 { try tick([]) }
    }

    /// The mouse's one pointer, `phase` at `p`.
    public static func pointer(_ phase: PointerPhase, _ p: Point) -> [InputEvent] {
        [.pointer(PointerEvent(id: 0, source: .mouse, phase: phase, position: p))]
    }
}
