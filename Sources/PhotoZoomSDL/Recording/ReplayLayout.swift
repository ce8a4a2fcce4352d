import PhotoZoomCore

/// How a replay's picture is laid out: one session, or two (the recording and the same input
/// under another tuning) beside each other, a divider apart as in the window, across when the
/// window is taller than wide and one above the other when it is wider, so the pair stays
/// near the window's own shape.
public enum ReplayLayout: Equatable, Sendable {
    case single
    case sideBySide
    case stacked

    /// The layout of a pair of windows of `window`'s shape.
    public static func pair(for window: Size) -> ReplayLayout { window.height >= window.width ? .sideBySide : .stacked }

    /// The picture's size for a window (with its label) of `window`.
    public func size(of window: Size) -> Size {
        switch self {
        case .single: return window
        case .sideBySide: return Size(width: window.width * 2 + WindowSessions.divider, height: window.height)
        case .stacked: return Size(width: window.width, height: window.height * 2 + WindowSessions.divider)
        }
    }

    /// Where the second session's window (with its label) starts in the picture, in pixels.
    func secondOrigin(width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .single: return (0, 0)
        case .sideBySide: return (width + Int(WindowSessions.divider), 0)
        case .stacked: return (0, height + Int(WindowSessions.divider))
        }
    }
}
