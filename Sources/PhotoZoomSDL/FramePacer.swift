import CSDL2

/// Without vsync, keeps the loop near the sim rate instead of spinning a core.
public struct FramePacer {
    private let frameTicks: UInt64
    private var start = SDL_GetPerformanceCounter()

    public init(framesPerSecond: Double) { frameTicks = UInt64(Double(SDL_GetPerformanceFrequency()) / framesPerSecond) }

    /// Sleeps out the rest of this frame's share of time, then starts the next frame.
    public mutating func endFrame() {
        let elapsed = SDL_GetPerformanceCounter() &- start
        if elapsed < frameTicks {
            SDL_Delay(UInt32((frameTicks - elapsed) * 1000 / SDL_GetPerformanceFrequency()))
        }
        start = SDL_GetPerformanceCounter()
    }
}
