import PhotoZoomSDL

/// Time as a test tells it: it moves on only when a loop sleeps, to what it asked, or when the
/// test passes some; each sleep is kept.
struct ScriptedClock: WallClock {
    var time: UInt64
    /// The times slept until, in order.
    private(set) var sleeps: [UInt64] = []

    func now() -> UInt64 { time }

    mutating func sleep(until time: UInt64) {
        sleeps.append(time)
        self.time = max(self.time, time)
    }
}
