/// What the core knows of a photo: its name and its upright size in pixels (after EXIF
/// orientation). The pixels themselves live in the platform layer.
public struct PhotoInfo: Hashable, Sendable, Codable {
    public var name: String
    public var pixelSize: Size
    /// The photo failed to decode and is shown as a placeholder.
    public var isPlaceholder: Bool
    public init(name: String, pixelSize: Size, isPlaceholder: Bool = false) {
        self.name = name; self.pixelSize = pixelSize; self.isPlaceholder = isPlaceholder
    }
}

/// Resources and entities of the running prototype: everything a tick reads and writes.
public struct World: Sendable {
    /// The number of ticks run so far; the sim's clock.
    public internal(set) var tick = 0
    public var tuning: Tuning
    /// The window's drawable area in points.
    public internal(set) var viewport: Size
    public let photos: [PhotoInfo]
    public var scene = Scene()
    public internal(set) var pointers = PointerTracker()
    /// This tick's gestures, produced by the input system for the systems after it.
    public internal(set) var gestures: [Gesture] = []
    public internal(set) var grid = GridState()
    /// Cell sprite of each photo, by photo index.
    public internal(set) var cells: [Entity] = []
    public internal(set) var viewer = ViewerState()
    /// The viewer's sprites by role, spawned once.
    var viewerSprites: [SpriteRole: Entity] = [:]

    public init(photos: [PhotoInfo], viewport: Size, tuning: Tuning = Tuning()) {
        self.photos = photos
        self.viewport = viewport
        self.tuning = tuning
    }

    /// Seconds of sim time since tick 0.
    public var time: Double { Double(tick) / tuning.simRate }
    public var bounds: Rect { Rect(origin: .zero, size: viewport) }
}
