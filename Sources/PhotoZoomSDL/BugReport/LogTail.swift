import Foundation

/// The last lines the program logged, for a bug report: a fixed number however long it runs.
/// Workers log too (decoding), so it takes a lock.
public final class LogTail: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: RingBuffer<String>

    public init(capacity: Int = 500) { lines = RingBuffer(capacity: capacity) }

    /// Keeps `line` (with the time it was logged) and passes it on to `next`.
    public func logging(to next: @escaping (String) -> Void) -> (String) -> Void {
        { [self] line in
            keep(line)
            next(line)
        }
    }

    public func keep(_ line: String) {
        let stamp = ISO8601DateFormatter.string(from: Date(), timeZone: .current, formatOptions: [.withInternetDateTime, .withFractionalSeconds])
        lock.lock()
        defer { lock.unlock() }
        lines.append(stamp + " " + line)
    }

    /// The kept lines, oldest first, one a line.
    public var text: String {
        lock.lock()
        defer { lock.unlock() }
        return lines.elements.map { $0 + "\n" }.joined()
    }
}
