import Foundation

/// The steps of a loader's sandbox that did not hold, as the loader found them while it set
/// itself up, one line each: the window says each once (its log, the debug overlay, a bug
/// report's system facts), so a decoder never runs less confined than it seems. Empty when
/// every step holds.
public final class LoaderSandbox: @unchecked Sendable {
    /// How many lines a loader may say, and how long each: a loader is trusted no more than
    /// the bytes it decoded.
    public static let linesAtMost = 4
    public static let lineCharacters = 200

    private let lock = NSLock()
    private var gaps: [String] = []
    private var heard = false

    public init() {}

    /// What a loader's reply said of its sandbox; the lines not heard before, to be logged.
    public func note(_ said: [String]) -> [String] {
        lock.withLock {
            heard = true
            let new = said.filter { !gaps.contains($0) }
            gaps += new
            return new
        }
    }

    /// Every step found missing so far, in the order first heard.
    public var missing: [String] { lock.withLock { gaps } }

    /// The sandbox in one line, for a bug report's system facts and the debug overlay.
    public var summary: String {
        lock.withLock {
            guard heard else { return "not known yet: no loader has answered" }
            guard !gaps.isEmpty else {
                return "system-call filter, address-space and memory-file limits, own namespaces in force"
            }
            return gaps.joined(separator: "; ")
        }
    }
}
