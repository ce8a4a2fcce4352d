/// Where the cells are drawn while the zoom moves. The grid scales as one piece: at the cell
/// size shown, both levels around it are laid out on one lattice (cells of that size, the
/// gap between them as at rest, columns from the window's left edge, the anchor's row where
/// the anchor puts it), so each level's cells sit exactly on the other's and rows stay rows.
/// The re-flow between the two is a cross-fade, slot by slot: the level with more columns is
/// drawn beneath, the one with fewer over it at the alpha that fades it out as the cells shrink
/// toward the other. Past the ends of the levels the end level is scaled about the anchor's
/// point, a rubber band. Worked out from the state each time it is needed.
struct GridBlend {
    /// One level's cells at the size drawn: `columns` across from `left`, rows `pitch` apart
    /// from `top` (the top of the row of photo 0).
    struct Layer: Equatable {
        let layout: GridLayout
        let left: Double
        let top: Double
        let cellSize: Double
        let pitch: Double

        var columns: Int { layout.columns }

        func frame(of photo: Int) -> Rect {
            Rect(x: left + Double(photo % columns) * pitch, y: top + Double(photo / columns) * pitch, width: cellSize, height: cellSize)
        }

        /// The photo in the slot `column`, `row` rows below the row of photo 0; nil where none is.
        func photo(column: Int, row: Int) -> Int? {
            guard column >= 0, column < columns, row >= 0, row * columns + column < layout.count else { return nil }
            return row * columns + column
        }

        /// The photos whose rows are in a window `height` high, with the cell pool's margin.
        func visiblePhotos(height: Double) -> Range<Int> {
            CellSpriteSystem.visiblePhotos(layout, offset: -top * layout.rowPitch / pitch, height: height * layout.rowPitch / pitch)
        }

        /// The photo drawn under `point`, or beside it across half a gap.
        func photo(at point: Point) -> Int? {
            guard pitch > 0, cellSize > 0 else { return nil }
            let scale = layout.rowPitch / pitch
            return layout.index(tappedAt: Point(x: (point.x - left) * scale, y: (point.y - top) * scale))
        }
    }

    /// The level with more columns (or the end level past the ends), drawn beneath.
    let beneath: Layer
    /// The level with fewer columns, drawn over `beneath` at `overAlpha`; nil past the ends.
    let over: Layer?
    let overAlpha: Double
    /// How many rows further down a lattice row is in `over`'s numbering than in `beneath`'s.
    private let rowShift: Int

    /// The blend the grid is drawn with now; nil at rest.
    init?(_ grid: GridState, _ stage: Stage) {
        guard let shown = grid.zoom.shownCellSize, let anchor = grid.zoom.anchor, let target = grid.layout, stage.photos.count > 0 else { return nil }
        let levels = GridZoomLevels(stage)
        let pointY = GridZoomControl.anchorY(anchor, grid)
        /// The top of the anchor's row in `columns`' layout at rest, scrolled to keep the anchor at its point.
        func anchorRowTop(_ columns: Int) -> (layout: GridLayout, top: Double) {
            let layout = columns == target.columns ? target : levels.layout(columns)
            let offset = columns == target.columns ? grid.offset : GridZoomControl.anchoredOffset(layout, anchor, pointY: pointY, grid, stage)
            return (layout, layout.frame(of: anchor.photo).minY - offset)
        }
        let sizes = levels.cellSizes, columns = levels.columns
        // A bouncy spring may overshoot further than a pinch's rubber band lets it: no further than that.
        let drawn = Swift.min(Swift.max(shown, sizes.lowerBound / 2), sizes.upperBound * 1.5)
        if drawn >= sizes.upperBound || drawn <= sizes.lowerBound || columns.count == 1 {
            let end = anchorRowTop(drawn <= sizes.lowerBound && columns.count > 1 ? columns[columns.count - 1] : columns[0])
            let size = end.layout.cellSize
            let scale = size > 0 ? drawn / size : 1
            let around = Point(x: anchor.point.x, y: pointY)
            let row0 = end.top - Double(end.layout.row(of: anchor.photo)) * end.layout.rowPitch
            beneath = Layer(layout: end.layout, left: around.x - around.x * scale, top: around.y + (row0 - around.y) * scale,
                            cellSize: size * scale, pitch: end.layout.rowPitch * scale)
            over = nil
            overAlpha = 0
            rowShift = 0
            return
        }
        // The first level whose cells are no larger than the drawn ones, and the one before.
        let i = columns.firstIndex { levels.cellSize($0) <= drawn } ?? columns.count - 1
        let wide = anchorRowTop(columns[i - 1]), narrow = anchorRowTop(columns[i])
        let big = wide.layout.cellSize, small = narrow.layout.cellSize
        let fraction = big > small ? (big - drawn) / (big - small) : 0
        // The anchor's row moves from where one level puts it to where the other does; with
        // neither scrolled against an end, that keeps the anchor's point under it.
        let anchorTop = wide.top + (narrow.top - wide.top) * fraction
        let pitch = drawn + target.gap
        func layer(_ level: (layout: GridLayout, top: Double)) -> Layer {
            Layer(layout: level.layout, left: 0, top: anchorTop - Double(level.layout.row(of: anchor.photo)) * pitch, cellSize: drawn, pitch: pitch)
        }
        beneath = layer(narrow)
        over = layer(wide)
        overAlpha = 1 - fraction
        rowShift = wide.layout.row(of: anchor.photo) - narrow.layout.row(of: anchor.photo)
    }

    /// The layer a person sees most of: what a tap means, and where a photo flies from.
    private var shown: Layer { over.map { overAlpha >= 0.5 ? $0 : beneath } ?? beneath }

    /// Photo `photo`'s cell as drawn in the layer that shows most.
    func frame(of photo: Int) -> Rect { shown.frame(of: photo) }

    /// The alpha of photo `photo`'s cell beneath: whole where a cell over it fades, and fading
    /// in itself where no cell is over it, so each slot of the lattice goes from one level's
    /// photo (or nothing) to the other's.
    func alphaBeneath(of photo: Int) -> Double {
        guard let over else { return 1 }
        return over.photo(column: photo % beneath.columns, row: photo / beneath.columns + rowShift) == nil ? 1 - overAlpha : 1
    }

    /// The photos whose cells may be drawn in a window `height` high, beneath and over.
    func visiblePhotos(height: Double) -> (beneath: Range<Int>, over: Range<Int>) {
        (beneath.visiblePhotos(height: height), over?.visiblePhotos(height: height) ?? 0..<0)
    }

    /// The photo drawn under `point`, in the layer that shows most there.
    func photo(at point: Point) -> Int? {
        guard let over else { return beneath.photo(at: point) }
        let layers = overAlpha >= 0.5 ? [over, beneath] : [beneath, over]
        return layers.lazy.compactMap { $0.photo(at: point) }.first
    }
}
