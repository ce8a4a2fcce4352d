/// Every constant a person might want to tune, in one place and named for people.
/// A later hot-reloaded JSON file maps onto this struct field by field.
public struct Tuning: Hashable, Sendable, Codable {
    // MARK: Loop
    /// Simulation ticks per second. The sim's only notion of time.
    public var simRate: Double = 120
    /// Longest frame delta the loop accepts, so a stall never causes a catch-up spiral.
    public var maxFrameDelta: Double = 0.25

    // MARK: Grid
    /// Cells are at least this wide; the column count follows from it (3 at 390 pt).
    public var minimumCellSize: Double = 100
    /// Gap between cells, in points.
    public var cellGap: Double = 2
    /// Points scrolled per precise wheel unit.
    public var wheelPointsPerUnit: Double = 40
    /// Wheel scrolling is smoothed: the view eases toward the wheel's target with this spring.
    public var wheelSpring: SpringParameters = .response(0.18, dampingRatio: 1)

    // MARK: Scroll physics (UIScrollView's)
    /// Velocity kept per millisecond of momentum; UIScrollView's `.normal` rate.
    public var decelerationRate: Double = 0.998
    /// Momentum ends below this speed, in points per second.
    public var momentumStopSpeed: Double = 8
    /// Rubber band stiffness: offset shown = (1 − 1/(x·c/d + 1))·d.
    public var rubberBandCoefficient: Double = 0.55
    /// The spring that returns a rubber-banded scroll to its edge.
    public var bounceSpring: SpringParameters = .response(0.4, dampingRatio: 1)
    /// Pointer samples older than this are ignored when estimating release velocity.
    public var velocitySampleWindow: Double = 0.08

    // MARK: Gestures
    /// A press that moves less than this (points) stays a tap candidate.
    public var tapSlop: Double = 8
    /// A press longer than this (seconds) is not a tap.
    public var tapMaximumDuration: Double = 0.35

    public init() {}

    /// Seconds per sim tick.
    public var tickDuration: Double { 1 / simRate }
}
