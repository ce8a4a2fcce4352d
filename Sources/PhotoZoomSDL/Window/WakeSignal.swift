import CSDL2

/// Wakes the window's loop from another thread (a tuning file saved while the window sleeps
/// waiting for input): SDL_PushEvent is safe from any thread, and the waiting poll returns.
public struct WakeSignal: Sendable {
    /// The event type SDL registered for it; UInt32.max when SDL had none left, and then
    /// `send` does nothing and the loop notices at its next idle wake instead.
    let type: UInt32

    /// Wakes nothing: for a surface with no event loop (a headless canvas), whose loop
    /// looks for work instead.
    public static let none = WakeSignal(type: UInt32.max)

    public func send() {
        guard type != UInt32.max else { return }
        var event = SDL_Event()
        event.type = type
        SDL_PushEvent(&event)
    }
}
