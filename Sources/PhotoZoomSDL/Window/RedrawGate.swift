import PhotoZoomCore

/// Decides whether a frame needs drawing: only when what would be drawn differs from what was
/// last drawn, or the window lost its content. A finger held still, or a scene at rest, then
/// costs no drawing at all.
public struct RedrawGate {
    private var lastDrawn: [DrawItem]?

    public init() {}

    /// Whether to draw `items` now; remembers them as drawn when it says yes.
    public mutating func shouldDraw(_ items: [DrawItem], windowLostContent: Bool) -> Bool {
        guard windowLostContent || items != lastDrawn else { return false }
        lastDrawn = items
        return true
    }
}
