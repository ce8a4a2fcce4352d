import Foundation

/// How long a test waits for what must come before it calls it a hang. A guard is never a
/// speed: a busy machine (both cores taken by other work) may take many times a quiet one's
/// time, so a guard is tens of seconds, and a test that passes never waits it out. Speeds are
/// `photozoom bench`'s figures. `PHOTOZOOM_TEST_SLOWDOWN` (a number, at least 1) multiplies
/// every guard, for a machine slower still: a sanitizer build, an emulated CPU.
public enum HangGuard {
    /// Every guard's multiplier, from `PHOTOZOOM_TEST_SLOWDOWN`; 1 where it is unset or below 1.
    public static let factor: Double = {
        let text = ProcessInfo.processInfo.environment["PHOTOZOOM_TEST_SLOWDOWN"] ?? ""
        return max(Double(text) ?? 1, 1)
    }()

    /// The guard for anything a test waits on: a child's exit, a file, a window, a state.
    public static var seconds: TimeInterval { seconds(60) }

    /// `base` seconds, scaled by `factor`: for a guard that is longer by design (a run that
    /// decodes thousands of photos).
    public static func seconds(_ base: TimeInterval) -> TimeInterval { base * factor }

    /// Says so in a failure: what did not happen, and that the wait was a hang guard.
    public static func failure(_ what: String, after seconds: TimeInterval = seconds) -> String {
        "\(what) within the \(Int(seconds.rounded())) s hang guard"
    }

    /// Asks `done` every `poll` seconds until it is true or `seconds` pass; whether it came true.
    public static func wait(
        _ seconds: TimeInterval = seconds, poll: TimeInterval = 0.01, until done: () -> Bool
    ) -> Bool {
        let deadline = Date() + seconds
        while !done() {
            guard Date() < deadline else { return false }
            Thread.sleep(forTimeInterval: poll)
        }
        return true
    }
}
