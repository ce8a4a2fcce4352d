/// The viewer's sprites by role: the backdrop, three page slots, the transition sprite and the
/// chrome. Named fields rather than a dictionary, so the state has one order everywhere.
public struct ViewerSprites: Equatable, Sendable, Codable {
    public var background: Entity
    public var pages: [Entity]
    public var transition: Entity
    public var tabBar: Entity
    public var tabBarLabel: Entity
    public var topBar: Entity
    public var backButton: Entity
    public var pageLabel: Entity
    /// Dims the grid cell under a press, at once, as Photos does.
    public var pressHighlight: Entity
    /// The grid's scrubber, spawned the first time it shows: a world whose grid never had one
    /// keeps the sprites, and the coding, it had before the scrubber existed.
    public var scrubber = SpawnedLater()

    public func entity(for role: SpriteRole) -> Entity? {
        switch role {
        case .cell: return nil
        case .background: return background
        case .page(let slot): return pages.indices.contains(slot) ? pages[slot] : nil
        case .transition: return transition
        case .tabBar: return tabBar
        case .tabBarLabel: return tabBarLabel
        case .topBar: return topBar
        case .backButton: return backButton
        case .pageLabel: return pageLabel
        case .pressHighlight: return pressHighlight
        case .scrubber: return scrubber.entity
        }
    }
}

/// A sprite spawned the first time it is needed. Coded only once it is (an optional alone would
/// be coded as a null, and change the digest of every world without it).
public struct SpawnedLater: Equatable, Sendable, Codable, OmittedWhenDefault {
    public internal(set) var entity: Entity?
    public init() {}
}
