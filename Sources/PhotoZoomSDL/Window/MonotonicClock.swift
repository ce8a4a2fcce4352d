import Dispatch
import Foundation

/// The machine's monotonic clock, the one the sessions' wall times are read from. Only the
/// loops read it; the sim never sees a clock.
public struct MonotonicClock: WallClock {
    public init() {}
    public func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
    /// Never less than asked, to the microsecond.
    public mutating func sleep(until time: UInt64) {
        let now = now()
        if time > now { usleep(UInt32(min((time - now + 999) / 1000, UInt64(UInt32.max)))) }
    }
}
