/// The current page's zoom: the photo's frame when zoomed in, nil at fit.
public struct ZoomState: Equatable, Sendable, Codable {
    public enum Motion: Equatable, Sendable, Codable {
        case idle
        case panning(pointer: Int, startFrame: Rect, startFinger: Point, startPagingOffset: Double)
        case pinching(pointers: PointerPair, startFrame: Rect, startCentroid: Point, startDistance: Double)
        case spring(SpringTrack<Rect>)
    }

    /// The two pointers down and their spread when the second one landed: a pinch is measured
    /// from there, not from where each finger first went down.
    public struct PinchBaseline: Hashable, Sendable, Codable {
        public var pointers: PointerPair
        public var distance: Double
    }

    public internal(set) var frame: Rect?
    /// The photo the zoom belongs to; other pages show at fit.
    public internal(set) var page: Int = -1
    public internal(set) var motion: Motion = .idle
    public internal(set) var pinchBaseline: PinchBaseline?

    /// A finger (or two) is moving the zoomed photo right now.
    public var isHeld: Bool {
        switch motion {
        case .panning, .pinching: return true
        case .idle, .spring: return false
        }
    }
}
