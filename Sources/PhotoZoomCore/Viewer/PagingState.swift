/// Horizontal paging: an offset in points where page i rests at i·pitch.
public struct PagingState: Equatable, Sendable, Codable {
    public enum Motion: Equatable, Sendable, Codable {
        case idle
        case dragging(pointer: Int, anchorOffset: Double, anchorX: Double, startPage: Int)
        case snapping(SpringTrack<Double>)
    }
    public internal(set) var offset: Double = 0
    public internal(set) var motion: Motion = .idle
    /// The pitch the offset was laid out with, so a resize can keep the same page.
    public internal(set) var pitch: Double = 0
    /// The window height the zoom was last clamped for.
    public internal(set) var height: Double = 0

    public var isDragging: Bool { if case .dragging = motion { return true } else { return false } }
}
