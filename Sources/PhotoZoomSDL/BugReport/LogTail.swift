import Foundation
import PhotoZoomUntrusted

/// The last lines the program logged, for a bug report: a fixed number however long it runs.
/// Workers log too (decoding), so it takes a lock.
public final class LogTail: @unchecked Sendable {
    /// A line as it was logged, with when.
    private struct Line: Equatable {
        let at: Date
        let text: String
    }

    private let lock = NSLock()
    private var lines: RingBuffer<Line>

    public init(capacity: Int = 500) { lines = RingBuffer(capacity: capacity) }

    /// Keeps `line` (with the time it was logged) and passes it on to `next`.
    public func logging(to next: @escaping (String) -> Void) -> (String) -> Void {
        { [self] line in
            keep(line)
            next(line)
        }
    }

    /// Keeps `line` with the time; the time is written out only when a report asks: the first
    /// local time written loads the time zone, which the window's first log line (the tuning
    /// hint) would otherwise pay for before its first frame.
    public func keep(_ line: String) {
        let at = Date()
        lock.lock()
        defer { lock.unlock() }
        lines.append(Line(at: at, text: line))
    }

    /// The kept lines, oldest first, one a line, each after its local time (ISO 8601, to the
    /// millisecond), and escaped as stderr has them: a name in a line can neither make two
    /// lines of it nor drive the terminal of whoever reads the report.
    public var text: String {
        lock.lock()
        let kept = lines.elements
        lock.unlock()
        return kept.map { line in
            ISO8601DateFormatter.string(
                from: line.at, timeZone: .current, formatOptions: [.withInternetDateTime, .withFractionalSeconds]) + " "
                + PathBytes.escaped(line.text) + "\n"
        }.joined()
    }
}
