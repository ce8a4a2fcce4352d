import Foundation
import PhotoZoomUntrusted

/// How far `photozoom thumbnails` has got, on stderr: on a terminal one line redrawn in place
/// (count, pace, time left), elsewhere (a log, a pipe) a plain line every few seconds. Problem
/// lines from any thread go above the redrawn line, never through it.
final class ThumbnailProgress: @unchecked Sendable {
    private let total: Int
    private let started = Date()
    private let onTerminal = isatty(STDERR_FILENO) == 1
    /// A plain line this often when stderr is not a terminal.
    private let plainInterval: TimeInterval = 5
    private let lock = NSLock()
    private var done = 0
    /// Of those, the photos a loader decoded: a thumbnail already there, or a failure recorded
    /// before, takes no time, and counting them would promise a pace the rest will not keep.
    private var decoded = 0
    private var shown = false
    /// Set by `finish`: a photo still being decoded at Ctrl-C says nothing after the summary.
    private var finished = false
    private var lastPlain = Date()

    init(total: Int) { self.total = total }

    /// One more photo done, whatever became of it; `decoded` when a loader decoded it.
    func advance(decoded wasDecoded: Bool) {
        lock.lock()
        done += 1
        if wasDecoded { decoded += 1 }
        lock.unlock()
    }

    /// Writes `line` (one of ours, `photozoom: …`) above the progress line.
    func say(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        guard !finished else { return }
        clearLine()
        logLine(line)
        if onTerminal { draw() }
    }

    /// Brings the progress line up to date (at most every few seconds off a terminal).
    func refresh() {
        lock.lock()
        defer { lock.unlock() }
        if finished { return }
        if onTerminal {
            draw()
        } else if Date().timeIntervalSince(lastPlain) >= plainInterval {
            lastPlain = Date()
            logLine(status)
        }
    }

    /// Takes the progress line away, before the summary; nothing is said after it.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        clearLine()
        finished = true
    }

    /// Seconds since the run started.
    var elapsed: TimeInterval { Date().timeIntervalSince(started) }

    /// `photozoom: 120/1000 photos, 35.2 photos/s, about 25 s left`. Called under `lock`.
    private var status: String { Self.status(done: done, decoded: decoded, total: total, seconds: elapsed) }

    /// The progress line after `seconds`: the pace is of the photos decoded, and the time left
    /// that of decoding every photo not yet done: photos already made take no time, and an
    /// estimate from all done counted them and promised far too little time left.
    static func status(done: Int, decoded: Int, total: Int, seconds: Double) -> String {
        var text = "photozoom: \(done)/\(total) photos"
        guard decoded > 0, seconds >= 0.5 else { return text }
        let pace = Double(decoded) / seconds
        text += String(format: ", %.1f photos/s", pace)
        if done < total { text += ", about \(duration(Double(total - done) / pace)) left" }
        return text
    }

    /// Called under `lock`.
    private func draw() {
        // Carriage return and erase to the end of the line: the line is redrawn where it was.
        fputs("\r" + PathBytes.escaped(status) + "\u{1B}[K", stderr)
        shown = true
    }

    /// Called under `lock`.
    private func clearLine() {
        guard shown else { return }
        fputs("\r\u{1B}[K", stderr)
        shown = false
    }

    /// `42 s`, `3 min 5 s`, `2 h 10 min`.
    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.up))
        if s < 60 { return "\(s) s" }
        if s < 3600 { return "\(s / 60) min \(s % 60) s" }
        return "\(s / 3600) h \(s % 3600 / 60) min"
    }
}
