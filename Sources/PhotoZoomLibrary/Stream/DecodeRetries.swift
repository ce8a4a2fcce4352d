import PhotoZoomUntrusted

/// The photos whose decode failed for a reason a moment may have caused
/// (`DecodeFailure.isTransient`: a loader killed or stalled, past its CPU time, none to be had),
/// each held back for a pause and then tried again, the pause doubling each time, a few times
/// at most in a session before it is a placeholder. A photo held back is asked for by no wish,
/// and counts as work outstanding. Times are the caller's clock, in nanoseconds: nothing here
/// reads one.
public struct DecodeRetries: Equatable, Sendable {
    /// How many times a photo is tried again after its first failure.
    public let retries: Int
    /// The pause before the first of them; each after is twice the one before.
    public let firstPause: UInt64
    /// The failures each photo has had this session.
    private var failures: [Int: Int] = [:]
    /// The photos held back, and when each may be tried again.
    private var pausedUntil: [Int: UInt64] = [:]

    /// `retries` more tries after a photo's first failure, the first `firstPause` nanoseconds later.
    public init(retries: Int = 3, firstPause: UInt64 = 1_000_000_000) {
        self.retries = retries
        self.firstPause = firstPause
    }

    /// What becomes of a photo whose decode failed.
    public enum Outcome: Equatable, Sendable {
        /// It is tried again after this many nanoseconds; `first`: it had not failed before.
        case tryAgain(after: UInt64, first: Bool)
        /// It failed while already held back (a job that ran beside the one that failed): the
        /// pause under way stands for both.
        case alreadyWaiting
        /// It is not tried again: the failure is its own, or its tries are spent.
        case broken
    }

    /// Notes that `photo`'s decode failed with `failure` at `now`.
    public mutating func failed(_ photo: Int, _ failure: DecodeFailure, at now: UInt64) -> Outcome {
        guard failure.isTransient else { return .broken }
        guard pausedUntil[photo] == nil else { return .alreadyWaiting }
        let failed = failures[photo, default: 0]
        guard failed < retries else { return .broken }
        failures[photo] = failed + 1
        let pause = firstPause << UInt64(failed)
        pausedUntil[photo] = now + pause
        return .tryAgain(after: pause, first: failed == 0)
    }

    /// Ends the pauses over by `now`: those photos are wished for again.
    public mutating func resume(at now: UInt64) {
        pausedUntil = pausedUntil.filter { $0.value > now }
    }

    /// Whether `photo` is held back: no wish asks for it until its pause is over.
    public func isWaiting(_ photo: Int) -> Bool { pausedUntil[photo] != nil }

    /// How many photos are held back.
    public var waiting: Int { pausedUntil.count }
}
