/// Sprites for the grid cells in view (and a margin), recycled as the grid scrolls: the scene
/// holds as many cells as fit on screen, whatever the size of the library.
public struct CellSprites: Equatable, Sendable, Codable {
    /// The photos that have a sprite: a contiguous run of indices.
    public internal(set) var photos: Range<Int> = 0..<0
    /// `entities[i]` shows photo `photos.lowerBound + i`.
    public internal(set) var entities: [Entity] = []
    /// Sprites out of use, hidden, waiting for a photo.
    public internal(set) var spare: [Entity] = []
    /// While the grid zooms between two levels, the cells of the one with fewer columns, drawn
    /// over the others as they fade (`GridBlend`); none at rest.
    public internal(set) var fading = FadingCells()

    public func entity(for photo: Int) -> Entity? {
        photos.contains(photo) ? entities[photo - photos.lowerBound] : nil
    }
}

/// The cells of the level a zoom cross-fades from or to, over the grid's own cells.
public struct FadingCells: Equatable, Sendable, Codable, OmittedWhenDefault {
    /// The level's column count; 0 when there is none.
    public internal(set) var columns = 0
    public internal(set) var photos: Range<Int> = 0..<0
    /// `entities[i]` shows photo `photos.lowerBound + i`.
    public internal(set) var entities: [Entity] = []

    public init() {}

    init(columns: Int, photos: Range<Int>, entities: [Entity]) {
        self.columns = columns; self.photos = photos; self.entities = entities
    }

    public func entity(for photo: Int) -> Entity? {
        photos.contains(photo) ? entities[photo - photos.lowerBound] : nil
    }
}
