/// The sim: a world and the fixed order its systems run in each tick. This is the whole
/// schedule; reading `step` top to bottom is reading what a tick does.
public struct Simulation: Sendable {
    public private(set) var world: World

    public init(world: World) {
        self.world = world
        // Tick 0 lays the scene out so the first frame has something to draw.
        runSystems([])
    }

    /// Continues from a saved state exactly where it stopped: the next `step` is its next tick.
    public init(resuming world: World) {
        self.world = world
    }

    /// Runs one tick with the input stamped for it.
    public mutating func step(_ input: [InputEvent] = []) {
        world.clock.tick += 1
        world.scene.beginTick()
        runSystems(input)
    }

    private mutating func runSystems(_ input: [InputEvent]) {
        InputSystem.run(&world, input)
        GridLayoutSystem.run(&world)
        PagerLayoutSystem.run(&world)
        FlightTailSystem.run(&world)
        GridScrollSystem.run(&world)
        CellTapSystem.run(&world)
        PagerGestureSystem.run(&world)
        TransitionGrabSystem.run(&world)
        TransitionTargetSystem.run(&world)
        SpringAnimatorSystem.run(&world)
        LandingSystem.run(&world)
        IndexSyncSystem.run(&world)
        CellSpriteSystem.run(&world)
        ViewerSpriteSystem.run(&world)
    }

    /// Nothing moves and nothing is held: the next tick would change nothing unless input
    /// arrives, so the window may sleep until it does.
    public var isIdle: Bool {
        let v = world.viewer
        if v.transition != nil || v.pendingTap != nil || v.chrome.fade != nil || !world.pointers.pointers.isEmpty { return false }
        if case .snapping = v.paging.motion { return false }
        if case .spring = v.zoom.motion { return false }
        return world.grid.isAtRest
    }

    /// A stable 64-bit fingerprint of the whole state, equal across processes and machines
    /// for the same input.
    public var digest: StateDigest { StateDigest(of: world) }

    /// The whole state as `key.path = value` lines.
    public func dump() -> StateDump { StateDump(of: world) }

    /// What to draw now, `alpha` of the way from the previous tick to the current one.
    public func drawList(interpolation alpha: Double) -> [DrawItem] {
        world.scene.drawList(interpolation: alpha, bounds: world.bounds)
    }
}
