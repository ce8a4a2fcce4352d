/// The grid's zoom, as Photos on the Mac and iPad has it: the column counts a pinch, ctrl+wheel
/// or `+`/`-` steps through, and how the change moves. The grid opens with as many columns as
/// fit at `Tuning.minimumCellSize`, which is always a level, whether or not it is listed here.
public struct GridZoomTuning: Hashable, Sendable, Codable, OmittedWhenDefault {
    /// The column counts to zoom through, fewest first. A count is a level in a window where its
    /// cells are at least `smallestCell` and no taller than the grid's part of the window (at
    /// 393 pt: 1 … 28 columns; at 1280 × 800: 2 … 36).
    public var columns: [Int] = [1, 2, 3, 4, 5, 7, 9, 12, 16, 21, 28, 36]
    /// No level has cells smaller than this, in points.
    public var smallestCell: Double = 12
    /// ctrl+wheel units (a mouse wheel's notch is one) that step one level.
    public var wheelUnitsPerStep: Double = 1
    /// The change from one level to the next, and the settle after a pinch.
    public var spring: SpringParameters = .response(0.35, dampingRatio: 1)

    /// What a column count may be: a count past this would make the cells of a wide window
    /// too many to draw every tick.
    public static let columnRange = 1...100
    /// How many counts the list may hold.
    public static let maximumLevels = 32

    public init() {}
}
