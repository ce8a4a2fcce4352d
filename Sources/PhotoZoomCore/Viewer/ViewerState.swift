/// The Photos interaction's state machine and the state of each of its parts.
public struct ViewerState: Sendable {
    /// Grid, presenting, pager, dismissing: exactly one at a time.
    public enum Phase: Hashable, Sendable {
        case grid
        /// The transition sprite flies to the page (zoom-in, or a cancelled dismissal).
        case presenting
        case pager
        /// The transition sprite follows a finger (interactive) or flies to the cell.
        case dismissing(interactive: Bool)
    }

    public internal(set) var phase: Phase = .grid
    /// The photo the pager shows and the grid keeps in view; the way back lands on its cell.
    public internal(set) var currentIndex = 0
    public internal(set) var transition: TransitionState?
    public internal(set) var paging = PagingState()
    public internal(set) var zoom = ZoomState()
    public internal(set) var chrome = ChromeState()
    /// A single tap waiting out the double-tap interval before it counts.
    var pendingTap: (tick: Int, at: Point)?
    /// The pointer pressed in the pager whose drag is not yet decided (or is being ignored).
    var press: PagerPress?

    public init() {}

    /// The pager's background, 0 in the grid and 1 in the pager.
    public var backgroundAlpha: Double {
        switch phase {
        case .grid: return 0
        case .pager: return 1
        case .presenting, .dismissing: return transition?.backgroundAlpha ?? 1
        }
    }
}

/// The one sprite that carries a photo between grid and pager.
public struct TransitionState: Sendable {
    public enum Destination: Hashable, Sendable {
        case page
        case cell
        /// Seed 003: shrink to a tenth in place while fading out.
        case shrink
    }

    /// A spring flight toward a destination; targets are recomputed from layout every tick.
    public struct Flight: Sendable {
        public var destination: Destination
        public var frame: SpringTrack<Rect>
        public var background: SpringTrack<Double>
    }

    /// A finger (or two) holding the photo. The grabbed point of the photo stays under the
    /// finger, so grabbing at any moment draws no jump.
    public struct Grab: Sendable {
        public enum Kind: Sendable {
            case drag(pointer: Int)
            case pinch(pointers: (Int, Int), startCentroid: Point, startDistance: Double)
        }
        public var kind: Kind
        public var startFinger: Point
        public var startFrame: Rect
        public var startBackground: Double
        /// Where the finger holds the photo, in unit coordinates of its frame.
        public var anchor: Point
        /// A pinch's spread relative to its start, and whether it was last closing.
        public var pinchScale: Double = 1
        public var pinchClosing = false
    }

    public let photo: Int
    /// Shrinking away (seed 003): the sprite fades with the background, held or flying.
    public internal(set) var fades = false
    /// As drawn this tick.
    public internal(set) var frame: Rect
    public internal(set) var backgroundAlpha: Double
    public internal(set) var flight: Flight?
    public internal(set) var grab: Grab?
    /// Set by the animator on the tick the flight came to rest.
    var landed = false

    /// The sprite's own alpha: it fades only when shrinking away.
    public var spriteAlpha: Double { fades ? backgroundAlpha : 1 }
}

/// Horizontal paging: an offset in points where page i rests at i·pitch.
public struct PagingState: Sendable {
    public enum Motion: Sendable {
        case idle
        case dragging(pointer: Int, anchorOffset: Double, anchorX: Double, startPage: Int)
        case snapping(SpringTrack<Double>)
    }
    public internal(set) var offset: Double = 0
    public internal(set) var motion: Motion = .idle
    /// The pitch the offset was laid out with, so a resize can keep the same page.
    var pitch: Double = 0

    public var isDragging: Bool { if case .dragging = motion { return true } else { return false } }
}

/// The current page's zoom: the photo's frame when zoomed in, nil at fit.
public struct ZoomState: Sendable {
    public enum Motion: Sendable {
        case idle
        case panning(pointer: Int, startFrame: Rect, startFinger: Point, startPagingOffset: Double)
        case pinching(pointers: (Int, Int), startFrame: Rect, startCentroid: Point, startDistance: Double)
        case spring(SpringTrack<Rect>)
    }
    public internal(set) var frame: Rect?
    /// The photo the zoom belongs to; other pages show at fit.
    public internal(set) var page: Int = -1
    public internal(set) var motion: Motion = .idle
    /// The two pointers down and their spread when the second one landed: a pinch is measured
    /// from there, not from where each finger first went down.
    var pinchBaseline: (pointers: (Int, Int), distance: Double)?

    /// A finger (or two) is moving the zoomed photo right now.
    public var isHeld: Bool {
        switch motion {
        case .panning, .pinching: return true
        case .idle, .spring: return false
        }
    }

    /// Zoom scale relative to `fit`.
    public func scale(fit: Rect) -> Double { (frame?.width ?? fit.width) / max(fit.width, 1e-9) }
}

/// A press in the pager: which pointer, where, and whether it caught a page mid-snap (that
/// drag can only page, and its tap only lets the snap finish).
struct PagerPress: Sendable {
    var pointer: Int
    var at: Point
    var caughtSnap: Bool
    var ignored = false
}

/// The pager's top bar, shown or hidden by a single tap.
public struct ChromeState: Sendable {
    public internal(set) var visible = true
    public internal(set) var alpha: Double = 1
    var fade: SpringTrack<Double>?
}
