/// Gives the cells in view (and a margin of rows) a sprite from a recycled pool and places it
/// from the layout and the scroll offset (while the grid zooms, where the reflow between two
/// levels carries it), with the centred aspect-fill crop of its photo. The work per tick
/// follows the window's size, never the library's.
enum CellSpriteSystem {
    static let cellZ = 0
    /// Rows kept beyond each edge of the window, so a fast scroll never shows a cell arriving late.
    static let marginRows = 2

    /// `resized`: the photos whose size arrived this tick, whose crops change with it;
    /// `gridJumped`: the grid was laid out anew or moved out of sight this tick.
    static func run(
        scene: inout Scene, cells: inout CellSprites, grid: GridState, phase: ViewerPhase, currentIndex: Int,
        resized: [Int],
        gridJumped: Bool, _ stage: Stage
    ) {
        guard let layout = grid.layout else { return }
        let before = cells.photos
        let reflow = GridReflow(grid, stage)
        let offset = grid.offset
        assign(
            reflow?.visiblePhotos(height: stage.viewport.height)
                ?? visiblePhotos(layout, offset: offset, height: stage.viewport.height),
            &cells, &scene)
        if reflow == nil, grid.zoom.columns != nil { giveBackSpares(&cells, &scene) }
        // Every level's cells are square, and so is every cell on its way between two: one crop fits them all.
        let cellSize = Size(width: layout.cellSize, height: layout.cellSize)
        // A relayout teleports cells; a drag or a pinch is drawn at the fingers' newest position.
        let jump = gridJumped || grid.isDragging || grid.zoom.isPinching
        for (i, entity) in cells.entities.enumerated() {
            let photo = cells.photos.lowerBound + i
            let frame = reflow?.frame(of: photo) ?? layout.frame(of: photo).offsetBy(dx: 0, dy: -offset)
            let isNew = !before.contains(photo)
            scene[entity].current.frame = frame
            scene[entity].current.alpha = 1
            // Crops depend on the cell size and the photo's size only, so they are worked out when a
            // sprite gets its photo, the layout changes or the size arrives.
            if gridJumped || isNew || resized.contains(photo) {
                scene[entity].current.crop = .aspectFillCrop(photo: stage.photos[photo].pixelSize, frame: cellSize)
            }
            // Away from the grid the current photo is shown by the transition sprite or its page.
            let passingOutside = reflow != nil && frame.intersection(stage.bounds) == nil
            scene[entity].hidden = phase != .grid && photo == currentIndex || passingOutside
            if jump || isNew { scene.resetInterpolation(entity) }
        }
    }

    /// The photos whose rows are in the window at `offset`, with the margin.
    static func visiblePhotos(_ layout: GridLayout, offset: Double, height: Double) -> Range<Int> {
        guard layout.count > 0, layout.rowPitch > 0 else { return 0..<0 }
        // Rows past either end show nothing: clamped there before they become whole numbers.
        func row(_ y: Double) -> Int {
            Int(Swift.min(Swift.max((y / layout.rowPitch).rounded(.down), -1), Double(layout.rows)))
        }
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
            if let kept = old.entity(for: photo) {
                entities.append(kept)
                continue
            }
            let entity =
                cells.spare.popLast()
                ?? scene.spawn(
                    Sprite(role: .cell(photo: photo), content: .photo(photo), z: cellZ, visual: Visual(frame: .zero)))
            scene[entity].role = .cell(photo: photo)
            scene[entity].content = .photo(photo)
            entities.append(entity)
        }
        cells.photos = wanted
        cells.entities = entities
    }
}
