/// What pointer, wheel and key events mean once tracked: the vocabulary systems react to.
public enum Gesture: Hashable, Sendable, Codable {
    case pressed(pointer: Int, at: Point)
    /// The pointer moved; `translation` is from where it went down. `pastSlop` once it has
    /// moved beyond the tap slop: scrolling and paging wait for that, a held photo does not.
    case dragged(pointer: Int, position: Point, translation: Point, pastSlop: Bool)
    /// The pointer was let go (or cancelled, with zero velocity) after moving beyond the slop.
    case released(pointer: Int, position: Point, velocity: Point)
    /// A press and release within the tap slop (and, for a finger, the tap time). `clicks` is
    /// the desktop's click count for a mouse, nil for a finger (whose double taps we time).
    case tapped(pointer: Int, at: Point, clicks: Int?)
    case wheel(dx: Double, dy: Double, position: Point, modifiers: Modifiers)
    case key(Key, modifiers: Modifiers)
}
