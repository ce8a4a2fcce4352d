/// Where every grid cell sits, in content coordinates (y grows down from the top of the
/// content, independent of scrolling). Square cells and fixed gaps filling the width: a given
/// number of columns (a zoom level), or as many as fit at the minimum cell size (where the grid
/// opens).
public struct GridLayout: Hashable, Sendable, Codable {
    public let columns: Int
    public let cellSize: Double
    public let gap: Double
    public let count: Int
    public let width: Double

    public init(width: Double, count: Int, columns: Int, gap: Double) {
        let w = Swift.max(width, 0)
        self.columns = Swift.max(1, columns)
        cellSize = Swift.max(0, (w - gap * Double(self.columns - 1)) / Double(self.columns))
        self.gap = gap
        self.count = count
        self.width = w
    }

    public init(width: Double, count: Int, minimumCellSize: Double, gap: Double) {
        let w = Swift.max(width, 0)
        self.init(width: w, count: count, columns: Int(((w + gap) / (minimumCellSize + gap)).rounded(.down)), gap: gap)
    }

    /// The layout the grid opens with.
    public init(viewport: Size, count: Int, tuning: Tuning) {
        self.init(width: viewport.width, count: count, minimumCellSize: tuning.minimumCellSize, gap: tuning.cellGap)
    }

    public var rows: Int { (count + columns - 1) / columns }
    public var rowPitch: Double { cellSize + gap }
    public var contentHeight: Double { rows == 0 ? 0 : Double(rows) * cellSize + Double(rows - 1) * gap }

    public func row(of index: Int) -> Int { index / columns }

    /// The offsets the grid rests at without a rubber band, in a window `viewportHeight` tall
    /// whose bottom `bottomInset` covers (the tab bar): from its top to its last row above it.
    public func scrollRange(viewportHeight: Double, bottomInset: Double) -> ClosedRange<Double> {
        0...Swift.max(0, contentHeight + bottomInset - viewportHeight)
    }

    /// The cell's frame in content coordinates.
    public func frame(of index: Int) -> Rect {
        let col = index % columns
        let row = index / columns
        // Columns are placed by position, not by accumulated widths, so the last column's right
        // edge lands exactly on the window edge.
        let x = Double(col) * (cellSize + gap)
        return Rect(x: x, y: Double(row) * rowPitch, width: cellSize, height: cellSize)
    }

    /// The photo whose cell contains `point` (content coordinates), if any: worked out from the
    /// column and row the point falls in, not by searching, and nil in the gaps between cells.
    public func index(at point: Point) -> Int? {
        guard point.x >= 0, point.y >= 0, cellSize > 0 else { return nil }
        let col = Int((point.x / (cellSize + gap)).rounded(.down))
        let row = Int((point.y / rowPitch).rounded(.down))
        guard col < columns, row < rows else { return nil }
        let index = row * columns + col
        guard index < count, frame(of: index).contains(point) else { return nil }
        return index
    }

    /// The photo a tap at `point` (in content coordinates) means: the cell under it, or, on the
    /// hairline gap between cells, the nearer cell beside it; nil outside the cells' rows and
    /// columns or past the last photo. A click on a gap opened nothing, on a grid that showed no
    /// reason why (issue 23's lost click: 0.125 points below a row).
    public func index(tappedAt point: Point) -> Int? {
        guard cellSize > 0, point.x >= 0, point.y >= 0, point.x <= width else { return nil }
        let col = Swift.min(Int(((point.x + gap / 2) / (cellSize + gap)).rounded(.down)), columns - 1)
        let row = Int(((point.y + gap / 2) / rowPitch).rounded(.down))
        let index = row * columns + col
        guard row < rows, index < count else { return nil }
        let cell = frame(of: index)
        let reach = gap / 2
        guard point.x >= cell.minX - reach, point.x < cell.maxX + reach, point.y >= cell.minY - reach,
            point.y < cell.maxY + reach
        else { return nil }
        return index
    }

    /// The first photo whose row is still visible at content offset `y`.
    public func firstVisibleIndex(atOffset y: Double) -> Int {
        guard count > 0, rowPitch > 0 else { return 0 }
        let row = Swift.min(Swift.max(Int(((y + gap) / rowPitch).rounded(.down)), 0), rows - 1)
        return row * columns
    }
}
