/// The grid's scrolling: the content offset and what is moving it.
public struct GridState: Equatable, Sendable, Codable {
    public enum Motion: Equatable, Sendable, Codable {
        case idle
        /// A pointer is down at `at` and has not yet moved past the slop: the content holds still.
        case held(pointer: Int, at: Point)
        /// Following a pointer; `anchorOffset` is the unbanded offset where the drag began.
        case dragging(pointer: Int, anchorOffset: Double, anchorY: Double)
        /// UIScrollView momentum: v(t) = v0·r^(1000t), evaluated from the start tick.
        case decelerating(startOffset: Double, velocity: Double, startTick: Int)
        /// A spring: rubber-band return, or smoothed wheel and key scrolling (`isWheel`).
        case spring(SpringTrack<Double>, isWheel: Bool)
        /// A pointer holds the scrubber's thumb, `grabY` below the thumb's top.
        case scrubbing(pointer: Int, grabY: Double)
    }

    public internal(set) var layout: GridLayout?
    /// Content offset at the top of the viewport; beyond the bounds while rubber-banding.
    public internal(set) var offset: Double = 0
    /// Points per second, positive toward the end of the content.
    public internal(set) var velocity: Double = 0
    public internal(set) var motion: Motion = .idle
    /// The window height the offset was last clamped for.
    public internal(set) var viewportHeight: Double = 0

    public init() {}

    /// Space below the last row, so it can scroll clear of the tab bar.
    public internal(set) var bottomInset: Double = 0
    /// The pointer whose press the grid took, and whether that press stopped a moving grid
    /// (then its tap opens nothing). Taps from any other pointer open nothing either.
    var pressPointer: Int?
    var pressStoppedMotion = false
    /// The column count and the zoom between levels; the layout is the level it rests at or is
    /// headed for.
    public internal(set) var zoom = GridZoom()
    /// The fast-scroll thumb of a tall grid: when it last had a scroll to show.
    public internal(set) var scrubber = GridScrubber()

    /// The offset range that needs no rubber band.
    public func scrollRange(viewportHeight: Double) -> ClosedRange<Double> {
        scrollRange(of: layout, viewportHeight: viewportHeight)
    }

    /// The same for another layout of the grid (another zoom level).
    func scrollRange(of layout: GridLayout?, viewportHeight: Double) -> ClosedRange<Double> {
        layout?.scrollRange(viewportHeight: viewportHeight, bottomInset: bottomInset)
            ?? 0...Swift.max(0, bottomInset - viewportHeight)
    }

    /// The area of the window the grid's content shows in, clear of the tab bar.
    public func visibleBand(viewportHeight: Double) -> ClosedRange<Double> {
        0...Swift.max(0, viewportHeight - bottomInset)
    }

    public var isDragging: Bool { if case .dragging = motion { return true } else { return false } }

    /// The content is moving: under a finger or the scrubber, coasting or on a spring.
    var isScrolling: Bool {
        switch motion {
        case .dragging, .scrubbing, .decelerating, .spring: return true
        case .idle, .held: return false
        }
    }

    /// The pointer holding the grid, still or dragging.
    public var holdingPointer: Int? {
        switch motion {
        case .held(let pointer, _), .dragging(let pointer, _, _), .scrubbing(let pointer, _): return pointer
        case .idle, .decelerating, .spring: return nil
        }
    }
}

extension GridState {
    /// Nothing is moving the grid (its scroll or its zoom) and no pointer holds it.
    public var isAtRest: Bool {
        guard case .idle = motion, case .idle = zoom.motion else { return false }
        return true
    }
}
