/// Where each photo's cell is drawn while the grid zooms. Every photo is one piece, as in
/// Photos: between the two levels around the cell size shown, its cell moves and scales from
/// where it rests in one level to where it rests in the other (each level laid out as at rest,
/// scrolled to keep the anchor's photo at its point), the way a collection view's transition
/// layout carries its items. No cell ever shows two photos, and no photo is drawn twice. Past
/// the ends of the levels the end level is scaled about the anchor's point, a rubber band.
/// Worked out from the state each time it is needed.
struct GridReflow {
    /// One level's cells as laid out at the size drawn: `columns` across from `left`, rows
    /// `pitch` apart from `top` (the top of the row of photo 0).
    struct Placement: Equatable {
        let layout: GridLayout
        let left: Double
        let top: Double
        let cellSize: Double
        let pitch: Double

        func frame(of photo: Int) -> Rect {
            let columns = layout.columns
            return Rect(
                x: left + Double(photo % columns) * pitch, y: top + Double(photo / columns) * pitch, width: cellSize,
                height: cellSize)
        }
    }

    /// The level the cells leave from (the one with fewer columns), or the end level past the ends.
    let from: Placement
    /// The level with more columns; nil past the ends.
    let to: Placement?
    /// How far the cells are from `from`'s places toward `to`'s: 0 … 1.
    let progress: Double

    /// The reflow the grid is drawn with now; nil at rest.
    init?(_ grid: GridState, _ stage: Stage) {
        guard let shown = grid.zoom.shownCellSize, let anchor = grid.zoom.anchor, let target = grid.layout,
            stage.photos.count > 0
        else { return nil }
        let levels = GridZoomLevels(stage)
        let pointY = GridZoomControl.anchorY(anchor, grid)
        /// `columns`' layout at rest, scrolled to keep the anchor at its point.
        func atRest(_ columns: Int) -> Placement {
            let layout = columns == target.columns ? target : levels.layout(columns)
            let offset =
                columns == target.columns
                ? grid.offset : GridZoomControl.anchoredOffset(layout, anchor, pointY: pointY, grid, stage)
            return Placement(layout: layout, left: 0, top: -offset, cellSize: layout.cellSize, pitch: layout.rowPitch)
        }
        let sizes = levels.cellSizes
        let columns = levels.columns
        // A bouncy spring may overshoot further than a pinch's rubber band lets it: no further than that.
        let drawn = Swift.min(Swift.max(shown, sizes.lowerBound / 2), sizes.upperBound * 1.5)
        if drawn >= sizes.upperBound || drawn <= sizes.lowerBound || columns.count == 1 {
            let end = atRest(drawn <= sizes.lowerBound && columns.count > 1 ? columns[columns.count - 1] : columns[0])
            let scale = end.cellSize > 0 ? drawn / end.cellSize : 1
            let around = Point(x: anchor.point.x, y: pointY)
            from = Placement(
                layout: end.layout, left: around.x - around.x * scale, top: around.y + (end.top - around.y) * scale,
                cellSize: drawn, pitch: end.pitch * scale)
            to = nil
            progress = 0
            return
        }
        // The first level whose cells are no larger than the drawn ones, and the one before.
        let i = columns.firstIndex { levels.cellSize($0) <= drawn } ?? columns.count - 1
        from = atRest(columns[i - 1])
        to = atRest(columns[i])
        let big = from.cellSize
        let small = to?.cellSize ?? big
        progress = big > small ? (big - drawn) / (big - small) : 0
    }

    /// Photo `photo`'s cell as drawn now.
    func frame(of photo: Int) -> Rect {
        let start = from.frame(of: photo)
        guard let to else { return start }
        return start.lerp(to: to.frame(of: photo), progress)
    }

    /// The photos whose cells are drawn in a window `height` high, with a margin of rows: a run,
    /// since a photo further on is never drawn above one before it.
    func visiblePhotos(height: Double) -> Range<Int> {
        let count = from.layout.count
        let margin = Double(CellSpriteSystem.marginRows) * Swift.max(from.pitch, to?.pitch ?? 0)
        let first = firstPhoto { frame(of: $0).maxY > -margin }
        let end = firstPhoto { frame(of: $0).minY >= height + margin }
        return Swift.min(first, count)..<Swift.max(Swift.min(first, count), end)
    }

    /// The first photo for which `isPast` holds, which holds for every photo after it too.
    private func firstPhoto(where isPast: (Int) -> Bool) -> Int {
        var low = 0
        var high = from.layout.count
        while low < high {
            let mid = (low + high) / 2
            if isPast(mid) { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The photo drawn under `point`, or beside it across half a gap; of cells passing over each
    /// other, the one whose middle is nearest.
    func photo(at point: Point, height: Double) -> Int? {
        let reach = from.layout.gap / 2
        var best: (photo: Int, distance: Double)?
        for photo in visiblePhotos(height: height) {
            let f = frame(of: photo)
            guard point.x >= f.minX - reach, point.x < f.maxX + reach, point.y >= f.minY - reach,
                point.y < f.maxY + reach
            else { continue }
            let d = (f.center - point).length
            if d < best?.distance ?? .infinity { best = (photo, d) }
        }
        return best?.photo
    }
}
