/// Gives the cells in view (and a margin of rows) a sprite from a recycled pool and places it
/// from the layout and the scroll offset (while the grid zooms, on the lattice of the cell
/// size shown, with the other level's cells fading over them), with the centred aspect-fill
/// crop of its photo. The work per tick follows the window's size, never the library's.
enum CellSpriteSystem {
    static let cellZ = 0
    /// The cells a zoom fades over the others.
    static let fadingZ = cellZ + 1
    /// Rows kept beyond each edge of the window, so a fast scroll never shows a cell arriving late.
    static let marginRows = 2

    /// `resized`: the photos whose size arrived this tick, whose crops change with it;
    /// `gridJumped`: the grid was laid out anew or moved out of sight this tick.
    static func run(scene: inout Scene, cells: inout CellSprites, grid: GridState, phase: ViewerPhase, currentIndex: Int, resized: [Int],
                    gridJumped: Bool, _ stage: Stage) {
        guard let layout = grid.layout else { return }
        let before = cells.photos
        let blend = GridBlend(grid, stage), offset = grid.offset
        let visible = blend?.visiblePhotos(height: stage.viewport.height)
        assign(visible?.beneath ?? visiblePhotos(layout, offset: offset, height: stage.viewport.height), &cells, &scene)
        if blend == nil, grid.zoom.columns != nil { giveBackSpares(&cells, &scene) }
        // Cells that change level (a zoom starting, ending, or passing a level) are drawn where
        // they are now, not slid there from a place in another lattice.
        let overColumns = blend?.over?.columns ?? 0
        let changedLevel = overColumns != cells.fading.columns
        let fadingBefore = changedLevel ? 0..<0 : cells.fading.photos
        fade(visible?.over ?? 0..<0, columns: overColumns, &cells.fading, &scene)
        // Every level's cells are square, and so is every blend of them: one crop fits them all.
        let cellSize = Size(width: layout.cellSize, height: layout.cellSize)
        // A relayout teleports cells; a drag or a pinch is drawn at the fingers' newest position. None blends.
        let jump = gridJumped || grid.isDragging || grid.zoom.isPinching || changedLevel
        func place(_ entity: Entity, _ photo: Int, frame: Rect, alpha: Double, isNew: Bool) {
            scene[entity].current.frame = frame
            scene[entity].current.alpha = alpha
            // Crops depend on the cell size and the photo's size only, so they are worked out when a
            // sprite gets its photo, the layout changes or the size arrives.
            if gridJumped || isNew || resized.contains(photo) {
                scene[entity].current.crop = .aspectFillCrop(photo: stage.photos[photo].pixelSize, frame: cellSize)
            }
            // Away from the grid the current photo is shown by the transition sprite or its page.
            let passingOutside = blend != nil && frame.intersection(stage.bounds) == nil
            scene[entity].hidden = phase != .grid && photo == currentIndex || passingOutside
            if jump || isNew { scene.resetInterpolation(entity) }
        }
        for (i, entity) in cells.entities.enumerated() {
            let photo = cells.photos.lowerBound + i
            let frame = blend?.beneath.frame(of: photo) ?? layout.frame(of: photo).offsetBy(dx: 0, dy: -offset)
            place(entity, photo, frame: frame, alpha: blend?.alphaBeneath(of: photo) ?? 1, isNew: !before.contains(photo))
        }
        if let blend, let over = blend.over {
            for (i, entity) in cells.fading.entities.enumerated() {
                let photo = cells.fading.photos.lowerBound + i
                place(entity, photo, frame: over.frame(of: photo), alpha: blend.overAlpha, isNew: !fadingBefore.contains(photo))
            }
        }
    }

    /// Points the fading cells at `wanted` of the level of `columns`: a photo still wanted keeps
    /// its sprite, the others' sprites go to newly wanted photos, and what is left over goes
    /// back to the scene (at rest, all of them).
    private static func fade(_ wanted: Range<Int>, columns: Int, _ fading: inout FadingCells, _ scene: inout Scene) {
        let old = fading
        var free = old.columns == columns ? [] : old.entities
        if old.columns == columns {
            for (i, entity) in old.entities.enumerated() where !wanted.contains(old.photos.lowerBound + i) { free.append(entity) }
        }
        var entities: [Entity] = []
        entities.reserveCapacity(wanted.count)
        for photo in wanted {
            if old.columns == columns, let kept = old.entity(for: photo) { entities.append(kept); continue }
            let entity = free.popLast() ?? scene.spawn(Sprite(role: .cell(photo: photo), content: .photo(photo), z: fadingZ, visual: Visual(frame: .zero)))
            scene[entity].role = .cell(photo: photo)
            scene[entity].content = .photo(photo)
            entities.append(entity)
        }
        for entity in free { scene.despawn(entity) }
        fading = wanted.isEmpty ? FadingCells() : FadingCells(columns: columns, photos: wanted, entities: entities)
    }

    /// The photos whose rows are in the window at `offset`, with the margin.
    static func visiblePhotos(_ layout: GridLayout, offset: Double, height: Double) -> Range<Int> {
        guard layout.count > 0, layout.rowPitch > 0 else { return 0..<0 }
        // Rows past either end show nothing: clamped there before they become whole numbers.
        func row(_ y: Double) -> Int { Int(Swift.min(Swift.max((y / layout.rowPitch).rounded(.down), -1), Double(layout.rows))) }
        let firstRow = row(offset) - marginRows
        let lastRow = row(offset + height) + marginRows
        let lower = min(max(firstRow, 0) * layout.columns, layout.count)
        let upper = min(max(lastRow + 1, 0) * layout.columns, layout.count)
        return lower..<max(lower, upper)
    }

    /// A zoom settled on larger cells leaves the pool many more sprites than the window now
    /// needs, which every tick and every digest would go on carrying: beyond one spare for each
    /// cell in use, they go back to the scene. (A grid that never zoomed keeps its pool as it
    /// always has, so its recordings replay as they were made.)
    private static func giveBackSpares(_ cells: inout CellSprites, _ scene: inout Scene) {
        let kept = cells.entities.count
        guard cells.spare.count > kept else { return }
        for entity in cells.spare[kept...] { scene.despawn(entity) }
        cells.spare.removeSubrange(kept...)
    }

    /// Points the pool at `wanted`: sprites of photos still wanted keep them, the others go back
    /// to the pool, and newly wanted photos take a pooled sprite (or a new one).
    private static func assign(_ wanted: Range<Int>, _ cells: inout CellSprites, _ scene: inout Scene) {
        let old = cells
        guard wanted != old.photos else { return }
        for (i, entity) in old.entities.enumerated() where !wanted.contains(old.photos.lowerBound + i) {
            scene[entity].hidden = true
            cells.spare.append(entity)
        }
        var entities: [Entity] = []
        entities.reserveCapacity(wanted.count)
        for photo in wanted {
            if let kept = old.entity(for: photo) { entities.append(kept); continue }
            let entity = cells.spare.popLast()
                ?? scene.spawn(Sprite(role: .cell(photo: photo), content: .photo(photo), z: cellZ, visual: Visual(frame: .zero)))
            scene[entity].role = .cell(photo: photo)
            scene[entity].content = .photo(photo)
            entities.append(entity)
        }
        cells.photos = wanted
        cells.entities = entities
    }
}
