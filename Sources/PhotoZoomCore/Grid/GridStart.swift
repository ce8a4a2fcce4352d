/// Where the grid opens: at its first row, or scrolled to its last, as Photos opens a library
/// in date order at the newest photo, at the bottom.
public enum GridStart: String, Codable, Sendable, CaseIterable {
    case top
    case end
}

extension GridStart {
    /// Where a grid opened, read from it after its first layout: a grid that opens at the top
    /// is at offset 0 then, and one that opens at the end is at 0 only when all of it fits,
    /// which shows the same.
    init(openedAt grid: GridState) { self = grid.offset > 0 ? .end : .top }
}
