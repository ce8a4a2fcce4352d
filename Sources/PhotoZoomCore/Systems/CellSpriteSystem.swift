/// Gives the cells in view (and a margin of rows) a sprite from a recycled pool and places it
/// from the layout and the scroll offset, with the centred aspect-fill crop of its photo. The
/// work per tick follows the window's size, never the library's.
enum CellSpriteSystem {
    static let cellZ = 0
    /// Rows kept beyond each edge of the window, so a fast scroll never shows a cell arriving late.
    static let marginRows = 2

    static func run(_ world: inout World) {
        guard let layout = world.grid.layout else { return }
        let wanted = visiblePhotos(layout, offset: world.grid.offset, height: world.viewport.height)
        let cellSize = Size(width: layout.cellSize, height: layout.cellSize)
        let before = world.cells.photos
        assign(wanted, &world)
        // A relayout teleports cells; a drag is drawn at the finger's newest position. Neither blends.
        let jump = world.grid.didRelayout || world.grid.isDragging
        for (i, entity) in world.cells.entities.enumerated() {
            let photo = world.cells.photos.lowerBound + i
            world.scene[entity].current.frame = layout.frame(of: photo).offsetBy(dx: 0, dy: -world.grid.offset)
            // Crops depend on the cell size only, so they are worked out when a sprite gets its
            // photo or the layout changes.
            let isNew = !before.contains(photo)
            if world.grid.didRelayout || isNew {
                world.scene[entity].current.crop = .aspectFillCrop(photo: world.photos[photo].pixelSize, frame: cellSize)
            }
            // Away from the grid the current photo is shown by the transition sprite or its page.
            world.scene[entity].hidden = world.viewer.phase != .grid && photo == world.viewer.currentIndex
            if jump || isNew { world.scene.resetInterpolation(entity) }
        }
    }

    /// The photos whose rows are in the window at `offset`, with the margin.
    static func visiblePhotos(_ layout: GridLayout, offset: Double, height: Double) -> Range<Int> {
        guard layout.count > 0, layout.rowPitch > 0 else { return 0..<0 }
        let firstRow = Int(((offset / layout.rowPitch).rounded(.down))) - marginRows
        let lastRow = Int((((offset + height) / layout.rowPitch).rounded(.down))) + marginRows
        let lower = min(max(firstRow, 0) * layout.columns, layout.count)
        let upper = min(max(lastRow + 1, 0) * layout.columns, layout.count)
        return lower..<max(lower, upper)
    }

    /// Points the pool at `wanted`: sprites of photos still wanted keep them, the others go back
    /// to the pool, and newly wanted photos take a pooled sprite (or a new one).
    private static func assign(_ wanted: Range<Int>, _ world: inout World) {
        let old = world.cells
        guard wanted != old.photos else { return }
        for (i, entity) in old.entities.enumerated() where !wanted.contains(old.photos.lowerBound + i) {
            world.scene[entity].hidden = true
            world.cells.spare.append(entity)
        }
        var entities: [Entity] = []
        entities.reserveCapacity(wanted.count)
        for photo in wanted {
            if let kept = old.entity(for: photo) { entities.append(kept); continue }
            let entity: Entity
            if let reused = world.cells.spare.popLast() {
                entity = reused
            } else {
                entity = world.scene.spawn(Sprite(role: .cell(photo: photo), content: .photo(photo), z: cellZ, visual: Visual(frame: .zero)))
            }
            world.scene[entity].role = .cell(photo: photo)
            world.scene[entity].content = .photo(photo)
            entities.append(entity)
        }
        world.cells.photos = wanted
        world.cells.entities = entities
    }
}
