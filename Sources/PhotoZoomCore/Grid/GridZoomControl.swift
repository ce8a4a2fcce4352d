/// Zooming the grid: a step to the next level (ctrl+wheel, `+`, `-`), a pinch that scales the
/// cells under the fingers and settles on the nearest level, and the anchor that keeps the photo
/// under the pointer where it is. The layout moves to the level headed for at once, with the
/// offset that keeps the anchor's photo at its point there; the cells are drawn on their way
/// (`GridReflow`) by the cell size the spring or the fingers give. A step or a pinch during a
/// zoom goes on from the cell size shown, at its speed, around the same photo: nothing jumps.
enum GridZoomControl {
    /// The anchor's point in the window now: where it was set, moved with any scroll since.
    static func anchorY(_ anchor: GridZoomAnchor, _ grid: GridState) -> Double {
        anchor.point.y - (grid.offset - anchor.offset)
    }

    /// The offset of `layout` that puts the anchor's photo at its point (at `pointY`), within the
    /// scroll range.
    static func anchoredOffset(
        _ layout: GridLayout, _ anchor: GridZoomAnchor, pointY: Double, _ grid: GridState, _ stage: Stage
    ) -> Double {
        let range = grid.scrollRange(of: layout, viewportHeight: stage.viewport.height)
        let raw = layout.frame(of: anchor.photo).minY + anchor.fraction.y * layout.cellSize - pointY
        return Swift.min(Swift.max(raw, range.lowerBound), range.upperBound)
    }

    /// Steps `steps` levels (positive: more columns, smaller cells) around `point`, animated by
    /// the grid zoom's spring. At the last level a further step changes nothing. Not while a
    /// finger holds the grid or pinches it.
    static func step(_ grid: inout GridState, by steps: Int, around point: Point, _ stage: Stage) {
        guard steps != 0, let layout = grid.layout, grid.holdingPointer == nil, !grid.zoom.isPinching,
            !stage.photos.isEmpty
        else { return }
        let levels = GridZoomLevels(stage)
        let target = levels.step(from: layout.columns, by: steps)
        guard target != layout.columns else { return }
        var velocity = 0.0
        if case .spring(let track) = grid.zoom.motion { velocity = track.velocity }
        let from = grid.zoom.shownCellSize ?? layout.cellSize
        head(
            to: target, &grid, anchor: anchor(around: point, grid, stage), from: from, velocity: velocity, levels, stage
        )
    }

    /// Two fingers spreading or closing on the grid take the zoom from the cell size shown.
    static func startPinch(
        _ grid: inout GridState, pointers: PointerPair, centroid: Point, distance: Double, _ stage: Stage
    ) {
        guard let layout = grid.layout, !stage.photos.isEmpty else { return }
        let anchor = anchor(around: centroid, grid, stage)
        let shown = grid.zoom.shownCellSize ?? layout.cellSize
        grid.zoom.anchor = anchor
        grid.zoom.motion = .pinching(
            GridPinch(
                pointers: pointers, startDistance: distance, startCellSize: shown, startCentroid: centroid,
                startAnchorPoint: anchor.point, cellSize: shown))
        // The pinch has the grid now: the finger that held it scrolls no more, and opens nothing.
        grid.motion = .idle
        grid.velocity = 0
        grid.pressPointer = nil
    }

    /// The cells follow the spread of the fingers (rubber-banded past the levels' ends), and the
    /// anchor's photo their centroid.
    static func followPinch(_ grid: inout GridState, centroid: Point, distance: Double, _ stage: Stage) {
        guard case .pinching(var pinch) = grid.zoom.motion, var anchor = grid.zoom.anchor, let layout = grid.layout
        else { return }
        let raw = pinch.startCellSize * distance / Swift.max(pinch.startDistance, 1e-9)
        pinch.cellSize = banded(raw, GridZoomLevels(stage).cellSizes, stage.tuning)
        anchor.point = pinch.startAnchorPoint + (centroid - pinch.startCentroid)
        grid.offset = anchoredOffset(layout, anchor, pointY: anchor.point.y, grid, stage)
        anchor.offset = grid.offset
        grid.zoom.anchor = anchor
        grid.zoom.motion = .pinching(pinch)
    }

    /// A finger lifted: the grid settles on the level whose cells are nearest the size shown.
    static func endPinch(_ grid: inout GridState, _ stage: Stage) {
        guard case .pinching(let pinch) = grid.zoom.motion, let anchor = grid.zoom.anchor else { return }
        let levels = GridZoomLevels(stage)
        head(
            to: levels.nearest(cellSize: pinch.cellSize), &grid, anchor: anchor, from: pinch.cellSize, velocity: 0,
            levels, stage)
    }

    /// Ends a zoom on the level it was headed for (a pinch on the nearest), for a resize or a
    /// reload to lay out as it lays out any grid: the zoom's frames are of a window that is gone.
    static func finish(_ grid: inout GridState, _ levels: GridZoomLevels) {
        if case .pinching(let pinch) = grid.zoom.motion { grid.zoom.columns = levels.nearest(cellSize: pinch.cellSize) }
        grid.zoom.motion = .idle
        grid.zoom.anchor = nil
    }

    /// The zoom comes to rest on its level: the layout and offset are already that level's.
    static func rest(_ grid: inout GridState) {
        grid.zoom.motion = .idle
        grid.zoom.anchor = nil
    }

    /// Lays the grid out at level `columns` with the anchor's photo at its point, and sets the
    /// spring from the cell size shown (and its speed) to that level's.
    private static func head(
        to columns: Int, _ grid: inout GridState, anchor: GridZoomAnchor, from shown: Double, velocity: Double,
        _ levels: GridZoomLevels, _ stage: Stage
    ) {
        var anchor = anchor
        let layout = levels.layout(columns)
        grid.zoom.columns = columns
        grid.layout = layout
        grid.offset = anchoredOffset(layout, anchor, pointY: anchor.point.y, grid, stage)
        anchor.offset = grid.offset
        grid.zoom.anchor = anchor
        grid.zoom.motion = .spring(
            stage.track(.gridZoom, rest: .points, from: shown, velocity: velocity, to: layout.cellSize))
        // The zoom takes the grid: a scroll in motion stops where it is.
        grid.motion = .idle
        grid.velocity = 0
    }

    /// What the zoom keeps in place around `point`: the anchor a moving zoom already has (so its
    /// cells go on from where they are drawn), restated for the offset now; at rest, the photo
    /// nearest the point, at the point's place in its cell.
    private static func anchor(around point: Point, _ grid: GridState, _ stage: Stage) -> GridZoomAnchor {
        if var anchor = grid.zoom.anchor {
            anchor.point.y = anchorY(anchor, grid)
            anchor.offset = grid.offset
            return anchor
        }
        let layout =
            grid.layout ?? GridLayout(viewport: stage.viewport, count: stage.photos.count, tuning: stage.tuning)
        let band = grid.visibleBand(viewportHeight: stage.viewport.height)
        let p = Point(
            x: Swift.min(Swift.max(point.x, 0), layout.width),
            y: Swift.min(Swift.max(point.y, band.lowerBound), band.upperBound))
        let photo = nearestPhoto(to: Point(x: p.x, y: p.y + grid.offset), layout)
        let cell = layout.frame(of: photo)
        let side = layout.cellSize
        let fraction =
            side > 0
            ? Point(x: (p.x - cell.minX) / side, y: (p.y + grid.offset - cell.minY) / side) : Point(x: 0.5, y: 0.5)
        return GridZoomAnchor(photo: photo, fraction: fraction, point: p, offset: grid.offset)
    }

    /// The photo whose cell holds `content` (content coordinates), or the nearest one: in a gap,
    /// past the last photo, beyond the content.
    private static func nearestPhoto(to content: Point, _ layout: GridLayout) -> Int {
        func index(_ value: Double, _ pitch: Double, _ count: Int) -> Int {
            guard pitch > 0 else { return 0 }
            return Int(Swift.min(Swift.max((value / pitch).rounded(.down), 0), Double(Swift.max(count - 1, 0))))
        }
        let column = index(content.x, layout.cellSize + layout.gap, layout.columns)
        let row = index(content.y, layout.rowPitch, layout.rows)
        return Swift.min(row * layout.columns + column, Swift.max(layout.count - 1, 0))
    }

    /// A cell size past the levels' ends, rubber-banded as an overscroll is: at most half the
    /// end size beyond it.
    static func banded(_ raw: Double, _ sizes: ClosedRange<Double>, _ tuning: Tuning) -> Double {
        let c = tuning.rubberBandCoefficient
        if raw > sizes.upperBound {
            return sizes.upperBound
                + rubberBand(raw - sizes.upperBound, dimension: sizes.upperBound / 2, coefficient: c)
        }
        if raw < sizes.lowerBound {
            return sizes.lowerBound
                - rubberBand(sizes.lowerBound - raw, dimension: sizes.lowerBound / 2, coefficient: c)
        }
        return raw
    }
}
