import CSDL2
import PhotoZoomCore

/// Seconds between frames from SDL's monotonic high-resolution counter. Only the window's
/// loop reads it; the sim never sees a clock.
public struct MonotonicClock: FrameClock {
    private var last = SDL_GetPerformanceCounter()
    private let frequency = Double(SDL_GetPerformanceFrequency())
    public init() {}
    public mutating func nextFrameDelta() -> Double {
        let now = SDL_GetPerformanceCounter()
        defer { last = now }
        return Double(now - last) / frequency
    }
}
