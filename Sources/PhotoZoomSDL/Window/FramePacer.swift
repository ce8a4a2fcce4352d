import CSDL2

/// Keeps the loop near the sim rate instead of spinning a core: it sleeps out what is left of a
/// frame, unless the frame's present already waited for the display (vsync) for the most of it.
/// A driver that says it waits but returns at once is paced all the same.
public struct FramePacer {
    private let frameTicks: UInt64
    private var start = SDL_GetPerformanceCounter()

    public init(framesPerSecond: Double) { frameTicks = UInt64(Double(SDL_GetPerformanceFrequency()) / framesPerSecond) }

    /// Ends this frame and starts the next. `presentWaitsForVSync`: the frame was presented to
    /// a renderer that says it waits for vsync; taken at its word only when the frame did take
    /// half its share of time or more.
    public mutating func endFrame(presentWaitsForVSync: Bool = false) {
        let elapsed = SDL_GetPerformanceCounter() &- start
        let pacedByTheDisplay = presentWaitsForVSync && elapsed >= frameTicks / 2
        if !pacedByTheDisplay, elapsed < frameTicks {
            SDL_Delay(UInt32((frameTicks - elapsed) * 1000 / SDL_GetPerformanceFrequency()))
        }
        start = SDL_GetPerformanceCounter()
    }
}
