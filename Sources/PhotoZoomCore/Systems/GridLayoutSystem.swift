/// Lays the grid out for the current viewport, at its zoom level; the first layout opens it where
/// the world asked (`GridStart`). When the layout changes (a resize, a reload), the photo at the
/// top of the view stays at the top, as much of its row hidden as before; when only the height
/// changes, the offset is clamped to the new scroll range, so no void opens past an end. A zoom
/// under way ends on its level first: its frames are of the window that was.
enum GridLayoutSystem {
    /// Returns whether the grid jumped: laid out anew, or its offset clamped to a new height.
    static func run(grid: inout GridState, _ stage: Stage) -> Bool {
        grid.bottomInset = stage.tuning.tabBarHeight
        var layout = zoomedLayout(grid, stage)
        let resized =
            grid.viewportHeight != stage.viewport.height || grid.layout?.width != Swift.max(stage.viewport.width, 0)
        if !grid.zoom.isAtRest, resized || grid.layout != layout {
            GridZoomControl.finish(&grid, GridZoomLevels(stage))
            layout = zoomedLayout(grid, stage)
        }
        if grid.viewportHeight != stage.viewport.height {
            grid.viewportHeight = stage.viewport.height
            if layout == grid.layout { return clamp(&grid, stage) }
        }
        guard layout != grid.layout else { return false }
        defer { grid.layout = layout }
        let range = layout.scrollRange(viewportHeight: stage.viewport.height, bottomInset: grid.bottomInset)
        guard let old = grid.layout else {
            // The first layout: a grid asked to open at its end comes to rest on its last row.
            grid.offset = Swift.min(grid.offset, range.upperBound)
            return true
        }
        guard old.rowPitch > 0 else { return true }

        let top = old.firstVisibleIndex(atOffset: grid.offset)
        let hiddenFraction = (grid.offset - old.frame(of: top).minY) / old.rowPitch
        let kept = layout.frame(of: top).minY + hiddenFraction * layout.rowPitch
        let newOffset = Swift.min(Swift.max(kept, range.lowerBound), range.upperBound)
        let shift = newOffset - grid.offset
        grid.offset = newOffset
        // A drag keeps following the finger from the new place; flights stop where they are.
        if case .dragging(let pointer, let anchorOffset, let anchorY) = grid.motion {
            grid.motion = .dragging(pointer: pointer, anchorOffset: anchorOffset + shift, anchorY: anchorY)
        } else if grid.holdingPointer == nil {
            grid.motion = .idle
            grid.velocity = 0
        }
        return true
    }

    /// The layout at the level the zoom chose; a grid never zoomed has the one it opens with,
    /// found without working out the levels (this runs every tick).
    private static func zoomedLayout(_ grid: GridState, _ stage: Stage) -> GridLayout {
        guard let chosen = grid.zoom.columns else {
            return GridLayout(viewport: stage.viewport, count: stage.photos.count, tuning: stage.tuning)
        }
        let levels = GridZoomLevels(stage)
        return levels.layout(levels.resolve(chosen))
    }

    /// Into the scroll range, unless a finger holds the grid (it rubber-bands until let go);
    /// returns whether it moved or stopped the grid.
    private static func clamp(_ grid: inout GridState, _ stage: Stage) -> Bool {
        guard grid.holdingPointer == nil else { return false }
        let range = grid.scrollRange(viewportHeight: stage.viewport.height)
        let clamped = Swift.min(Swift.max(grid.offset, range.lowerBound), range.upperBound)
        guard clamped != grid.offset || !grid.isAtRest else { return false }
        grid.offset = clamped
        grid.motion = .idle
        grid.velocity = 0
        return true
    }
}
