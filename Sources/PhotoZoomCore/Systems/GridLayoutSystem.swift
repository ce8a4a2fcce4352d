/// Lays the grid out for the current viewport. When the layout changes (a resize), the photo at
/// the top of the view stays at the top, as much of its row hidden as before.
enum GridLayoutSystem {
    static func run(_ grid: inout GridState, _ stage: Stage) {
        grid.didRelayout = false
        grid.bottomInset = stage.tuning.tabBarHeight
        let layout = GridLayout(viewport: stage.viewport, count: stage.photos.count, tuning: stage.tuning)
        guard layout != grid.layout else { return }
        defer {
            grid.layout = layout
            grid.didRelayout = true
        }
        guard let old = grid.layout, old.rowPitch > 0 else { return }

        let top = old.firstVisibleIndex(atOffset: grid.offset)
        let hiddenFraction = (grid.offset - old.frame(of: top).minY) / old.rowPitch
        let range = 0...Swift.max(0, layout.contentHeight + grid.bottomInset - stage.viewport.height)
        let kept = layout.frame(of: top).minY + hiddenFraction * layout.rowPitch
        let newOffset = Swift.min(Swift.max(kept, range.lowerBound), range.upperBound)
        let shift = newOffset - grid.offset
        grid.offset = newOffset
        // A drag keeps following the finger from the new place; flights stop where they are.
        if case let .dragging(pointer, anchorOffset, anchorY) = grid.motion {
            grid.motion = .dragging(pointer: pointer, anchorOffset: anchorOffset + shift, anchorY: anchorY)
        } else {
            grid.motion = .idle
            grid.velocity = 0
        }
    }
}
