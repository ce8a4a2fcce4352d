/// Lays the grid out for the current viewport. When the layout changes (a resize), the photo at
/// the top of the view stays at the top, as much of its row hidden as before.
enum GridLayoutSystem {
    static func run(_ world: inout World) {
        world.grid.didRelayout = false
        world.grid.bottomInset = world.tuning.tabBarHeight
        let layout = GridLayout(viewport: world.viewport, count: world.photos.count, tuning: world.tuning)
        guard layout != world.grid.layout else { return }
        defer {
            world.grid.layout = layout
            world.grid.didRelayout = true
        }
        guard let old = world.grid.layout, old.rowPitch > 0 else { return }

        let top = old.firstVisibleIndex(atOffset: world.grid.offset)
        let hiddenFraction = (world.grid.offset - old.frame(of: top).minY) / old.rowPitch
        let range = 0...Swift.max(0, layout.contentHeight + world.grid.bottomInset - world.viewport.height)
        let kept = layout.frame(of: top).minY + hiddenFraction * layout.rowPitch
        let newOffset = Swift.min(Swift.max(kept, range.lowerBound), range.upperBound)
        let shift = newOffset - world.grid.offset
        world.grid.offset = newOffset
        // A drag keeps following the finger from the new place; flights stop where they are.
        if case let .dragging(pointer, anchorOffset, anchorY) = world.grid.motion {
            world.grid.motion = .dragging(pointer: pointer, anchorOffset: anchorOffset + shift, anchorY: anchorY)
        } else {
            world.grid.motion = .idle
            world.grid.velocity = 0
        }
    }
}
