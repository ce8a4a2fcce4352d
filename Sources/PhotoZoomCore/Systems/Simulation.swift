/// The sim: a world and the fixed order its systems run in each tick. This is the whole
/// schedule; reading `runSystems` top to bottom is reading what a tick does, in five phases
/// (input, interaction, motion, sync, sprites), and each line shows what that system writes
/// (`&`) and reads, and what it hands on to the systems after it.
public struct Simulation: Sendable {
    public private(set) var world: World
    /// What the last tick's systems handed on. No system reads it from here.
    public private(set) var messages: TickMessages
    /// What every digest of this sim shares: the library's sum, kept up photo by photo as
    /// sizes arrive, and the tuning's bytes, taken again after a reload.
    private var memo: DigestMemo

    /// A new sim; tick 0 lays the scene out so the first frame has something to draw.
    public init(world: World) {
        self.world = world
        memo = DigestMemo(world)
        messages = TickMessages()
        messages = runSystems([])
    }

    /// Continues from a saved state exactly where it stopped: the next `step` is its next tick.
    public init(resuming world: World) {
        self.init(resuming: world, messages: TickMessages())
    }

    /// The same, with what the tick that made `world` handed on: a state in session format 1
    /// held some of it, and digested it (`FormatOneDigest`).
    init(resuming world: World, messages: TickMessages) {
        self.world = world
        self.messages = messages
        memo = DigestMemo(world)
    }

    /// Runs one tick with the input stamped for it.
    public mutating func step(_ input: [InputEvent] = []) {
        world.clock.tick += 1
        world.scene.beginTick()
        memo.willRun(input, photos: world.photos)
        messages = runSystems(input)
        memo.update(world)
    }

    private mutating func runSystems(_ input: [InputEvent]) -> TickMessages {
        // Input: the tick's events take effect (a saved tuning, the pace, photo sizes, pointers
        // and their gestures), and the grid and the pager are laid out for the window they leave.
        TuningReloadSystem.run(
            tuning: &world.tuning, grid: &world.grid, paging: &world.viewer.pager.paging,
            zoom: &world.viewer.pager.zoom,
            chrome: &world.viewer.pager.chrome, transition: &world.viewer.flight.transition, input: input, world.stage)
        PlaybackSystem.run(playback: &world.playback, input: input)
        let resized = PhotoSizeSystem.run(photos: &world.photos, input: input)
        let gestures = InputSystem.run(
            pointers: &world.pointers, viewport: &world.viewport, input: input,
            phase: world.viewer.phase, clock: world.clock, tuning: world.tuning)
        let stage = world.stage
        let pointers = world.pointers
        let laidOut = GridLayoutSystem.run(grid: &world.grid, stage)
        PagerLayoutSystem.run(
            paging: &world.viewer.pager.paging, zoom: &world.viewer.pager.zoom, resized: resized, stage)

        // Interaction: what the gestures and keys do, by the viewer's phase as each finds it.
        FlightTailSystem.run(flight: &world.viewer.flight, zoom: &world.viewer.pager.zoom, gestures: gestures, stage)
        var pagerTaps = PanInteraction.run(
            grid: &world.grid, pager: &world.viewer.pager, flight: &world.viewer.flight,
            gestures: gestures, pointers: pointers, currentIndex: world.viewer.currentIndex, stage)
        PinchSystem.run(
            pager: &world.viewer.pager, flight: &world.viewer.flight,
            pointers: pointers, currentIndex: world.viewer.currentIndex, grid: world.grid, stage)
        PagerWheelSystem.run(
            paging: &world.viewer.pager.paging, zoom: &world.viewer.pager.zoom,
            wheelSwipe: &world.viewer.pager.wheelSwipe,
            gestures: gestures, phase: world.viewer.phase, currentIndex: world.viewer.currentIndex, stage)
        GridZoomSystem.run(grid: &world.grid, gestures: gestures, pointers: pointers, phase: world.viewer.phase, stage)
        GridScrollSystem.run(grid: &world.grid, gestures: gestures, phase: world.viewer.phase, stage)
        CellTapSystem.run(
            flight: &world.viewer.flight, currentIndex: &world.viewer.currentIndex, pager: &world.viewer.pager,
            grid: &world.grid,
            pagerTaps: &pagerTaps, gestures: gestures, stage)
        PagerTapSystem.run(
            pager: &world.viewer.pager, flight: &world.viewer.flight,
            taps: pagerTaps, currentIndex: world.viewer.currentIndex, grid: world.grid, stage)
        KeySystem.run(
            pager: &world.viewer.pager, flight: &world.viewer.flight,
            gestures: gestures, pointers: pointers, currentIndex: world.viewer.currentIndex, grid: world.grid, stage)

        // Motion: a flight heads for where its target is now, every spring advances, and a
        // flight that came to rest lands.
        TransitionTargetSystem.run(transition: &world.viewer.flight.transition, grid: world.grid, stage)
        let landed = SpringAnimatorSystem.run(
            grid: &world.grid, paging: &world.viewer.pager.paging, zoom: &world.viewer.pager.zoom,
            chrome: &world.viewer.pager.chrome, transition: &world.viewer.flight.transition, stage)
        LandingSystem.run(flight: &world.viewer.flight, zoom: &world.viewer.pager.zoom, landed: landed)

        // Sync: the grid follows the pager to its photo.
        let revealed = IndexSyncSystem.run(
            currentIndex: &world.viewer.currentIndex, pendingTap: &world.viewer.pager.pendingTap, grid: &world.grid,
            paging: world.viewer.paging, phase: world.viewer.phase, stage)
        let gridJumped = laidOut || revealed

        // Sprites: the scene is set from the state as the tick leaves it.
        CellSpriteSystem.run(
            scene: &world.scene, cells: &world.cells, grid: world.grid, phase: world.viewer.phase,
            currentIndex: world.viewer.currentIndex, resized: resized, gridJumped: gridJumped, stage)
        ViewerSpriteSystem.run(
            scene: &world.scene, viewerSprites: &world.viewerSprites, viewer: world.viewer, grid: world.grid, stage)
        return TickMessages(
            resized: resized, gestures: gestures, pagerTaps: pagerTaps, gridJumped: gridJumped, landed: landed)
    }

    /// Nothing moves and nothing is held: the next tick would change nothing unless input
    /// arrives, so the window may sleep until it does.
    public var isIdle: Bool {
        let v = world.viewer
        if v.transition != nil || v.pendingTap != nil || v.pager.escapeWhenSettled || !world.pointers.pointers.isEmpty {
            return false
        }
        var moving = world
        var running = RunningSprings()
        _ = WorldSprings.walk(
            &running, grid: &moving.grid, paging: &moving.viewer.pager.paging, zoom: &moving.viewer.pager.zoom,
            chrome: &moving.viewer.pager.chrome, transition: &moving.viewer.flight.transition, world.stage)
        if running.found { return false }
        // The scrubber fades by the tick after the grid stops.
        return world.grid.isAtRest && !world.grid.scrubber.isShowing(world.clock)
    }

    /// Notes whether the walk passed any spring at all, and moves none.
    private struct RunningSprings: SpringVisitor {
        var found = false

        mutating func visit<Value: SpringVector>(_ track: inout SpringTrack<Value>) -> SpringVisit {
            found = true
            return .untouched
        }
    }

    /// A stable 64-bit fingerprint of the whole state, equal across processes and machines
    /// for the same input.
    public var digest: StateDigest { StateDigest(of: world, memo: memo) }

    /// The digest a recording in session format 2 or 3 holds for this state: the library hashed in order.
    var formatTwoDigest: StateDigest { StateDigest(of: world, memo: memo, library: .ordered) }

    /// The digest a recording in session format 1 holds for this state.
    var formatOneDigest: StateDigest { StateDigest(formatOne: world, messages: messages, memo: memo) }

    /// The whole state as `key.path = value` lines.
    public func dump() -> StateDump { StateDump(of: world) }

    /// What to draw now, `alpha` of the way from the previous tick to the current one.
    public func drawList(interpolation alpha: Double) -> [DrawItem] {
        world.scene.drawList(interpolation: alpha, bounds: world.bounds)
    }
}
