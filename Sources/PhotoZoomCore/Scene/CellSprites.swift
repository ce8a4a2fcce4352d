/// Sprites for the grid cells in view (and a margin), recycled as the grid scrolls: the scene
/// holds as many cells as fit on screen, whatever the size of the library.
public struct CellSprites: Equatable, Sendable, Codable {
    /// The photos that have a sprite: a contiguous run of indices.
    public internal(set) var photos: Range<Int> = 0..<0
    /// `entities[i]` shows photo `photos.lowerBound + i`.
    public internal(set) var entities: [Entity] = []
    /// Sprites out of use, hidden, waiting for a photo.
    public internal(set) var spare: [Entity] = []
    public func entity(for photo: Int) -> Entity? {
        photos.contains(photo) ? entities[photo - photos.lowerBound] : nil
    }
}
