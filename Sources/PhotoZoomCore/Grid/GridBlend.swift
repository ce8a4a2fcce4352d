/// Where the cells are drawn while the zoom moves. The shown cell size lies between two levels'
/// (or past the end of them); each of the two is laid out with the anchor's photo at its point,
/// and every cell is drawn that fraction of the way from its frame in one to its frame in the
/// other. The anchor's photo is at its point in both, so it stays there all the way (vertically:
/// across, a photo changes column as the rows re-flow). Past the ends the end level is scaled
/// about the anchor's point, a rubber band. Worked out from the state each time it is needed.
struct GridBlend {
    /// One level of the grid laid out at an offset.
    struct Placement {
        let layout: GridLayout
        let offset: Double
        func frame(of photo: Int) -> Rect { layout.frame(of: photo).offsetBy(dx: 0, dy: -offset) }
    }

    /// The level with more cells' room (fewer columns), and the other; the same past the ends.
    let wider: Placement
    let narrower: Placement
    /// How far from `wider` toward `narrower` the cells are drawn.
    let fraction: Double
    /// Past the ends: the end level scaled about `around`; 1 between levels.
    let scale: Double
    let around: Point

    /// The blend the grid is drawn with now; nil at rest.
    init?(_ grid: GridState, _ stage: Stage) {
        guard let shown = grid.zoom.shownCellSize, let anchor = grid.zoom.anchor, let target = grid.layout, stage.photos.count > 0 else { return nil }
        let levels = GridZoomLevels(stage)
        let pointY = GridZoomControl.anchorY(anchor, grid)
        func place(_ columns: Int) -> Placement {
            guard columns != target.columns else { return Placement(layout: target, offset: grid.offset) }
            let layout = levels.layout(columns)
            return Placement(layout: layout, offset: GridZoomControl.anchoredOffset(layout, anchor, pointY: pointY, grid, stage))
        }
        let sizes = levels.cellSizes
        // A bouncy spring may overshoot further than a pinch's rubber band lets it: no further than that.
        let drawn = Swift.min(Swift.max(shown, sizes.lowerBound / 2), sizes.upperBound * 1.5)
        around = Point(x: anchor.point.x, y: pointY)
        let columns = levels.columns
        if drawn >= sizes.upperBound || columns.count == 1 {
            wider = place(columns[0])
            narrower = wider
            fraction = 0
            scale = sizes.upperBound > 0 ? drawn / sizes.upperBound : 1
        } else if drawn <= sizes.lowerBound {
            wider = place(columns[columns.count - 1])
            narrower = wider
            fraction = 0
            scale = sizes.lowerBound > 0 ? drawn / sizes.lowerBound : 1
        } else {
            // The first level whose cells are no larger than the drawn ones, and the one before.
            let i = columns.firstIndex { levels.cellSize($0) <= drawn } ?? columns.count - 1
            let big = levels.cellSize(columns[i - 1]), small = levels.cellSize(columns[i])
            wider = place(columns[i - 1])
            narrower = place(columns[i])
            fraction = big > small ? (big - drawn) / (big - small) : 0
            scale = 1
        }
    }

    /// Photo `photo`'s cell as drawn.
    func frame(of photo: Int) -> Rect {
        let blended = wider.frame(of: photo).lerp(to: narrower.frame(of: photo), fraction)
        return scale == 1 ? blended : ViewerGeometry.scale(blended, by: scale, around: around)
    }

    /// The photos whose cells may be drawn in a window `height` high, with the cell pool's
    /// margin: those in view in either level (what lies between the two is drawn between them).
    func visiblePhotos(height: Double) -> Range<Int> {
        // The window as it lies in the levels before the scale.
        let top = around.y - around.y / scale, shown = height / scale
        let a = CellSpriteSystem.visiblePhotos(wider.layout, offset: wider.offset + top, height: shown)
        let b = CellSpriteSystem.visiblePhotos(narrower.layout, offset: narrower.offset + top, height: shown)
        guard !a.isEmpty else { return b }
        guard !b.isEmpty else { return a }
        return Swift.min(a.lowerBound, b.lowerBound)..<Swift.max(a.upperBound, b.upperBound)
    }

    /// The photo drawn under `point` in a window `height` high, if any: the first whose cell,
    /// as drawn, holds it (cells may overlap on their way to another row).
    func photo(at point: Point, height: Double) -> Int? {
        visiblePhotos(height: height).first { frame(of: $0).contains(point) }
    }
}
