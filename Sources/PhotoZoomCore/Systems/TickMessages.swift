/// What one tick's systems hand to the systems after them, and then forget. Each is returned by
/// the system that says it and passed on by `Simulation.runSystems` as a value to those that
/// read it; none is in the `World`, because each means something only at its point of the
/// schedule, and a state that kept it would carry it, code it and digest it for nothing.
/// The simulation keeps the last tick's, which no system reads: tests look at them, and a
/// recording in session format 1, whose digests held four of them, verifies with them
/// (`FormatOneDigest`).
public struct TickMessages: Equatable, Sendable {
    /// The photos whose size or placeholder changed (PhotoSizeSystem).
    public internal(set) var resized: [Int] = []
    /// Presses, drags, releases and taps of the tracked pointers, wheels and keys (InputSystem).
    public internal(set) var gestures: [Gesture] = []
    /// The taps that count as taps in the pager: each ended a press that began in the pager and
    /// caught nothing (the pan interaction, which owns presses, for PagerTapSystem).
    public internal(set) var pagerTaps: [PagerTap] = []
    /// The grid's layout changed, or its offset was moved out of sight (a clamp after a resize,
    /// the current photo's cell scrolled into view): its sprites jump rather than blend
    /// (GridLayoutSystem and IndexSyncSystem, for CellSpriteSystem).
    public internal(set) var gridJumped = false
    /// The flight came to rest (SpringAnimatorSystem, for LandingSystem, which lands it).
    public internal(set) var landed = false

    public init() {}

    init(resized: [Int], gestures: [Gesture], pagerTaps: [PagerTap], gridJumped: Bool, landed: Bool) {
        self.resized = resized
        self.gestures = gestures
        self.pagerTaps = pagerTaps
        self.gridJumped = gridJumped
        self.landed = landed
    }
}

/// A tap in the pager: where, and the desktop's click count for a mouse (nil for a finger).
public struct PagerTap: Hashable, Sendable, Codable {
    public var at: Point
    public var clicks: Int?
}
