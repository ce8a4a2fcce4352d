/// Gives every photo a cell sprite and places it from the layout and the scroll offset, with
/// the centred aspect-fill crop of its photo.
enum CellSpriteSystem {
    static let cellZ = 0

    static func run(_ world: inout World) {
        guard let layout = world.grid.layout else { return }
        if world.cells.isEmpty {
            world.cells = world.photos.indices.map { i in
                world.scene.spawn(Sprite(role: .cell(photo: i), content: .photo(i), z: cellZ, visual: Visual(frame: .zero)))
            }
        }
        let cellSize = Size(width: layout.cellSize, height: layout.cellSize)
        // A relayout teleports cells; a drag is drawn at the finger's newest position. Neither blends.
        let jump = world.grid.didRelayout || world.grid.isDragging
        // Crops depend on the cell size only, so they are worked out when the layout changes.
        let recrop = world.grid.didRelayout
        for (i, entity) in world.cells.enumerated() {
            let frame = layout.frame(of: i).offsetBy(dx: 0, dy: -world.grid.offset)
            world.scene[entity].current.frame = frame
            if recrop { world.scene[entity].current.crop = .aspectFillCrop(photo: world.photos[i].pixelSize, frame: cellSize) }
            // Away from the grid the current photo is shown by the transition sprite or its page.
            world.scene[entity].hidden = world.viewer.phase != .grid && i == world.viewer.currentIndex
            if jump { world.scene.resetInterpolation(entity) }
        }
    }
}
