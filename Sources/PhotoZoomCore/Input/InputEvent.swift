/// Where a pointer came from. Mouse and touch become the same pointer events; the source is
/// kept only so a recording says what the person used.
public enum PointerSource: String, Hashable, Sendable, Codable {
    case mouse
    case touch
}

public enum PointerPhase: String, Hashable, Sendable, Codable {
    case down, moved, up
    /// The pointer is gone without a release (focus lost, window left, touch cancelled):
    /// whatever it was doing ends as if let go without velocity.
    case cancelled
}

/// Keyboard modifiers that change what a gesture means (ctrl+wheel zooms, alt+drag pinches).
public struct Modifiers: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = Modifiers(rawValue: 1 << 0)
    public static let control = Modifiers(rawValue: 1 << 1)
    public static let alt = Modifiers(rawValue: 1 << 2)
}

public struct PointerEvent: Hashable, Sendable, Codable {
    /// Stable for the pointer's lifetime; the mouse is always 0, fingers get 1, 2, ….
    public var id: Int
    public var source: PointerSource
    public var phase: PointerPhase
    /// Window position in points.
    public var position: Point
    public var modifiers: Modifiers
    /// For a mouse button, the system's click count (2 on the second click of a double click,
    /// by the desktop's own double-click time and distance); 1 for a finger.
    public var clicks: Int

    public init(
        id: Int, source: PointerSource, phase: PointerPhase, position: Point, modifiers: Modifiers = [], clicks: Int = 1
    ) {
        self.id = id
        self.source = source
        self.phase = phase
        self.position = position
        self.modifiers = modifiers
        self.clicks = clicks
    }
}

public enum Key: String, Hashable, Sendable, Codable {
    case left, right, up, down, home, end, escape, backspace, enter, space
    /// Page Up and Page Down: the grid's scroll by a screen.
    case pageUp, pageDown
    /// `+` (or `=`, its key unshifted) and `-`, also on the keypad: the grid's zoom.
    case plus, minus
}

/// Everything the sim can be told. The platform stamps each event with the tick it applies to;
/// the sim reads nothing else from the outside world, so a recorded stream replays exactly.
public enum InputEvent: Hashable, Sendable, Codable {
    case pointer(PointerEvent)
    /// Scroll by a precise amount in wheel units (fractional for trackpads), in SDL's sense:
    /// positive dy is the wheel turned away from the person, toward the top of the content.
    case wheel(dx: Double, dy: Double, position: Point, modifiers: Modifiers)
    case key(Key, modifiers: Modifiers)
    /// The window's drawable area changed, in points.
    case resize(Size)
    /// Focus or the window was lost: every active pointer is cancelled.
    case focusLost
    /// The tuning file was saved with new good values: they apply from this tick, running
    /// springs continuing from where they are. Boxed (`indirect`): a tuning is hundreds of
    /// bytes, and inline it made every event of every kind that size.
    indirect case tuningReloaded(Tuning)
    /// Slow motion, pause or a single step, from the developer keys.
    case developer(DeveloperControl)
    /// What a photo's file turned out to be, read after the library opened: its upright size,
    /// or that it cannot be shown. Decoding runs beside the sim, so the sizes arrive as input
    /// and a replay meets them at the same ticks.
    case photoSize(PhotoSize)
}

/// A photo's upright size as its file's header gives it, or that the file shows a placeholder.
public struct PhotoSize: Hashable, Sendable, Codable {
    /// The photo's index in the library.
    public var photo: Int
    public var pixelSize: Size
    public var isPlaceholder: Bool
    public init(photo: Int, pixelSize: Size, isPlaceholder: Bool = false) {
        self.photo = photo
        self.pixelSize = pixelSize
        self.isPlaceholder = isPlaceholder
    }
}

/// An input event and the sim tick it belongs to.
struct StampedInput: Hashable, Sendable, Codable {
    public var tick: Int
    public var event: InputEvent
    public init(tick: Int, event: InputEvent) {
        self.tick = tick
        self.event = event
    }
}
