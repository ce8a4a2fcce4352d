/// What the core knows of a photo: its name and its upright size in pixels (after EXIF
/// orientation). The pixels themselves live in the platform layer. A photo whose file has not
/// been read yet stands in as a square (`PhotoInfo.unread`) until its size arrives.
public struct PhotoInfo: Hashable, Sendable, Codable {
    public var name: String
    public var pixelSize: Size
    /// The photo failed to decode and is shown as a placeholder.
    public var isPlaceholder: Bool
    public init(name: String, pixelSize: Size, isPlaceholder: Bool = false) {
        self.name = name
        self.pixelSize = pixelSize
        self.isPlaceholder = isPlaceholder
    }

    /// A photo not read yet: square, so its cell shows whatever arrives whole.
    public static func unread(name: String) -> PhotoInfo { PhotoInfo(name: name, pixelSize: Size(width: 1, height: 1)) }
}

/// Resources and entities of the running prototype: everything a tick reads and writes, as one
/// value. Two worlds that compare equal draw the same and react to input the same.
public struct World: Equatable, Sendable, Codable {
    /// The sim's clock: ticks run so far, at the loop's fixed rate.
    public internal(set) var clock: SimClock
    public internal(set) var tuning: Tuning
    /// The window's drawable area in points.
    public internal(set) var viewport: Size
    /// The library. Sizes read after the window opened arrive as `InputEvent.photoSize`.
    public internal(set) var photos: [PhotoInfo]
    public internal(set) var scene = Scene()
    public internal(set) var pointers = PointerTracker()
    public internal(set) var grid = GridState()
    /// Sprites for the grid cells in view.
    public internal(set) var cells = CellSprites()
    public internal(set) var viewer = ViewerState()
    /// The viewer's sprites, spawned on the first tick.
    public internal(set) var viewerSprites: ViewerSprites?
    /// Slow motion and pause: how the loop paces ticks, which the systems never read.
    public internal(set) var playback = Playback()

    /// `gridStart: .end` opens the grid at its last row.
    public init(
        photos: [PhotoInfo], viewport: Size, tuning: Tuning = Tuning(), loop: LoopSettings = LoopSettings(),
        gridStart: GridStart = .top
    ) {
        self.photos = photos
        self.viewport = viewport
        self.tuning = tuning
        clock = SimClock(rate: loop.tickRate)
        // As far down as it goes: the first layout brings it up to the last row.
        if gridStart == .end { grid.offset = .infinity }
    }

    /// The number of ticks run so far.
    public var tick: Int { clock.tick }
    public var bounds: Rect { Rect(origin: .zero, size: viewport) }

    /// The sprite playing `role` now, if it has one (a cell out of view has none).
    public func sprite(_ role: SpriteRole) -> Sprite? {
        switch role {
        case .cell(let photo): return cells.entity(for: photo).map { scene[$0] }
        default: return viewerSprites?.entity(for: role).map { scene[$0] }
        }
    }
}

/// The sim's notion of time: whole ticks at a fixed rate. Nothing in the core reads a clock.
public struct SimClock: Hashable, Sendable, Codable {
    public internal(set) var tick = 0
    /// Ticks per second.
    public let rate: Double

    public init(tick: Int = 0, rate: Double) {
        self.tick = tick
        self.rate = rate
    }

    /// Seconds from `start` to now.
    public func seconds(since start: Int) -> Double { Double(tick - start) / rate }
    /// The number of whole ticks that cover `seconds`.
    public func ticks(covering seconds: Double) -> Int { Int((seconds * rate).rounded(.up)) }
}

/// How the loop turns wall time into ticks. Fixed for a run: a tuning reload cannot change it,
/// because every recorded tick stamp depends on it.
public struct LoopSettings: Hashable, Sendable, Codable {
    /// Simulation ticks per second.
    public var tickRate: Double
    /// Longest frame delta the loop accepts, so a stall never causes a catch-up spiral.
    public var maxFrameDelta: Double
    public init(tickRate: Double = 120, maxFrameDelta: Double = 0.25) {
        self.tickRate = tickRate
        self.maxFrameDelta = maxFrameDelta
    }
    public var tickDuration: Double { 1 / tickRate }
}
