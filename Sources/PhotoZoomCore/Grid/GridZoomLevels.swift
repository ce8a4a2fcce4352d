/// The column counts the grid may rest at in this window, fewest first: the tuning's counts
/// whose cells are at least its smallest cell and no taller than the grid's part of the window
/// (so a whole cell always shows), and the count the grid opens with. Worked out from the tuning
/// and the window each time it is needed: a resize or a reload changes them.
struct GridZoomLevels {
    let columns: [Int]
    /// The count the grid opens with: as many columns as fit at the minimum cell size.
    let opening: Int
    private let width: Double
    private let count: Int
    private let gap: Double

    init(_ stage: Stage) {
        let t = stage.tuning
        width = Swift.max(stage.viewport.width, 0)
        count = stage.photos.count
        gap = t.cellGap
        opening = GridLayout(viewport: stage.viewport, count: count, tuning: t).columns
        let band = stage.viewport.height - t.tabBarHeight
        var levels = [opening]
        for c in t.gridZoom.columns where GridZoomTuning.columnRange.contains(c) {
            let cell = GridLayout(width: width, count: count, columns: c, gap: gap).cellSize
            if cell >= t.gridZoom.smallestCell, cell <= band { levels.append(c) }
        }
        levels.sort()
        columns = levels.enumerated().filter { $0.offset == 0 || $0.element != levels[$0.offset - 1] }.map(\.element)
    }

    func layout(_ columns: Int) -> GridLayout { GridLayout(width: width, count: count, columns: columns, gap: gap) }

    func cellSize(_ columns: Int) -> Double { layout(columns).cellSize }

    /// The level the grid shows for a chosen count: that count if it is a level here, else the
    /// nearest one (the fewer columns of two as near); the opening count when none was chosen.
    func resolve(_ chosen: Int?) -> Int {
        guard let chosen else { return opening }
        return columns.min { abs($0 - chosen) < abs($1 - chosen) } ?? opening
    }

    /// The level `steps` levels on from `columns` (positive: more columns), stopping at the ends.
    func step(from columns: Int, by steps: Int) -> Int {
        let here = self.columns.firstIndex(of: resolve(columns)) ?? 0
        return self.columns[Swift.min(Swift.max(here + steps, 0), self.columns.count - 1)]
    }

    /// The level whose cells are nearest `cellSize` in size.
    func nearest(cellSize: Double) -> Int {
        columns.min { abs(self.cellSize($0) - cellSize) < abs(self.cellSize($1) - cellSize) } ?? opening
    }

    /// The cell sizes a zoom may show without a rubber band: from the most columns' to the fewest's.
    var cellSizes: ClosedRange<Double> { cellSize(columns[columns.count - 1])...cellSize(columns[0]) }
}
