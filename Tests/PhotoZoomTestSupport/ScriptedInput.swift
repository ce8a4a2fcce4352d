import PhotoZoomCore
import XCTest

/// A person at the mouse or screen, scripted: builds tick-by-tick input and feeds it to the
/// real simulation, so tests drive exactly the systems the window drives.
public struct ScriptedInput {
    public var sim: Simulation
    /// The desktop's click counting, as SDL does it: a press within `doubleClickTime` and
    /// `doubleClickRadius` of the previous one counts on from it.
    public static let doubleClickTime = 0.5, doubleClickRadius = 32.0
    private var lastClick: (tick: Int, at: Point, clicks: Int)?

    public init(_ sim: Simulation) { self.sim = sim }

    public init(photos: [PhotoInfo], viewport: Size, tuning: Tuning = Tuning(), loop: LoopSettings = LoopSettings()) {
        sim = Simulation(world: World(photos: photos, viewport: viewport, tuning: tuning, loop: loop))
    }

    public var world: World { sim.world }

    public mutating func tick(_ events: [InputEvent] = []) { sim.step(events) }
    public mutating func ticks(_ n: Int) { for _ in 0..<n { sim.step() } }

    public mutating func pointer(
        _ phase: PointerPhase, _ p: Point, id: Int = 0, source: PointerSource = .mouse, modifiers: Modifiers = []
    ) {
        var clicks = 1
        if source == .mouse, phase == .down || phase == .up {
            let now = sim.world.tick + 1
            if phase == .down {
                if let last = lastClick, Double(now - last.tick) / sim.world.clock.rate <= Self.doubleClickTime,
                    (p - last.at).length <= Self.doubleClickRadius
                {
                    clicks = last.clicks + 1
                }
                lastClick = (now, p, clicks)
            } else {
                clicks = lastClick?.clicks ?? 1
            }
        }
        tick([
            .pointer(
                PointerEvent(id: id, source: source, phase: phase, position: p, modifiers: modifiers, clicks: clicks))
        ])
    }

    /// Press at `from`, move in a straight line to `to` over `ticks` ticks (one move per tick),
    /// then optionally hold still for `hold` ticks and release.
    public mutating func drag(
        from: Point, to: Point, ticks: Int, hold: Int = 0, release: Bool = true, id: Int = 0,
        source: PointerSource = .mouse
    ) {
        pointer(.down, from, id: id, source: source)
        for i in 1...ticks {
            let t = Double(i) / Double(ticks)
            pointer(.moved, from + (to - from) * t, id: id, source: source)
        }
        for _ in 0..<hold { pointer(.moved, to, id: id, source: source) }
        if release { pointer(.up, to, id: id, source: source) }
    }

    /// Runs until the grid is at rest; returns the ticks it took. Reaching `limit` fails the test.
    @discardableResult
    public mutating func settleGrid(limit: Int = 2400, file: StaticString = #filePath, line: UInt = #line) -> Int {
        var n = 0
        while !sim.world.grid.isAtRest, n < limit {
            sim.step()
            n += 1
        }
        if !sim.world.grid.isAtRest { XCTFail("the grid still moves after \(limit) ticks", file: file, line: line) }
        return n
    }
}

/// Photo infos of given pixel sizes, named p0, p1, ….
public func photoInfos(_ sizes: [Size]) -> [PhotoInfo] {
    sizes.enumerated().map { PhotoInfo(name: "p\($0.offset)", pixelSize: $0.element) }
}

/// `n` landscape 3:2 photos.
public func photoInfos(count n: Int) -> [PhotoInfo] {
    photoInfos(Array(repeating: Size(width: 600, height: 400), count: n))
}
