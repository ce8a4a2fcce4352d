import Dispatch
import Foundation
import PhotoZoomLoaderInterface

/// Why a tuning file cannot be watched.
public struct TuningWatchError: Error, CustomStringConvertible {
    public let description: String
}

/// Tells when a file has been saved and has settled. It watches the file's folder with
/// inotify, not the file: editors save by writing in place, by writing a temporary file and
/// renaming it over the old one (vim, JetBrains), or by deleting and re-creating it, and only
/// the folder sees all of those. Events for other names are ignored. A save is reported once
/// no event has come for `debounce` seconds, so a truncate followed by a write, or a delete
/// followed by a create, is one save and never read half done.
public final class TuningWatcher: @unchecked Sendable {
    public let path: String
    /// Long enough to join the steps of one save, short enough that a reload still feels instant.
    public static let debounce = 0.03
    /// While the folder itself is gone, how often to look for it again.
    static let rearmInterval = 0.5

    private let inotify: Int32
    /// Written to stop the thread; its read end is polled beside inotify.
    private let stopPipe: [Int32]
    private let stopped = DispatchSemaphore(value: 0)

    static let mask = UInt32(
        IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB
            | IN_DELETE_SELF | IN_MOVE_SELF)

    /// Starts watching; `settled` is called on the watcher's own thread after each save, once no
    /// event has come for `debounce` seconds (a test joins steps a busy machine parts with more).
    public init(path: String, debounce: Double = TuningWatcher.debounce, settled: @escaping @Sendable () -> Void)
        throws
    {
        self.path = path
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard inotify >= 0 else {
            throw TuningWatchError(description: "cannot watch '\(path)': \(String(cString: strerror(errno)))")
        }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            close(inotify)
            throw TuningWatchError(description: "cannot watch '\(path)': \(String(cString: strerror(errno)))")
        }
        stopPipe = fds
        let watch = inotify_add_watch(inotify, folder, Self.mask)
        guard watch >= 0 else {
            let reason = String(cString: strerror(errno))
            close(inotify)
            close(fds[0])
            close(fds[1])
            throw TuningWatchError(description: "cannot watch the folder '\(folder)': \(reason)")
        }
        // The thread holds its loop, not the watcher: letting go of the watcher stops it.
        let loop = WatchLoop(
            folder: folder, name: url.lastPathComponent, inotify: inotify, stop: fds[0], watch: watch,
            quietSeconds: debounce)
        let stopped = stopped
        let error = ProcessLimit.startThread {
            var loop = loop
            loop.run(settled)
            stopped.signal()
        }
        guard error == 0 else {
            // Every property is set, so `deinit` runs, and closes what was opened: it must not
            // wait for a thread that never started.
            stopped.signal()
            throw TuningWatchError(description: "cannot watch '\(path)': \(ProcessLimit.reason(error))")
        }
    }

    deinit {
        var byte: UInt8 = 1
        _ = write(stopPipe[1], &byte, 1)
        stopped.wait()
        close(inotify)
        close(stopPipe[0])
        close(stopPipe[1])
    }
}

/// What the watcher's thread watches with, and the folder's watch, which it alone changes.
private struct WatchLoop {
    let folder: String
    let name: String
    let inotify: Int32
    /// The stop pipe's read end.
    let stop: Int32
    var watch: Int32
    /// How long no event must come before a save is reported.
    let quietSeconds: Double

    mutating func run(_ settled: @Sendable () -> Void) {
        var deadline: UInt64?
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            var timeout: Int32 = -1
            if let deadline { timeout = Int32(clamping: (deadline > now ? deadline - now : 0) / 1_000_000) }
            if watch < 0 { timeout = min(timeout < 0 ? Int32.max : timeout, Int32(TuningWatcher.rearmInterval * 1000)) }
            var fds = [
                pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, timeout)
            if ready < 0, errno != EINTR { return }
            if fds[1].revents != 0 { return }
            if fds[0].revents != 0, drain() {
                deadline = DispatchTime.now().uptimeNanoseconds + UInt64(quietSeconds * 1e9)
            }
            if watch < 0 {
                watch = inotify_add_watch(inotify, folder, TuningWatcher.mask)
                // The folder is back: whatever it holds now is news.
                if watch >= 0 { deadline = DispatchTime.now().uptimeNanoseconds + UInt64(quietSeconds * 1e9) }
            }
            if let due = deadline, DispatchTime.now().uptimeNanoseconds >= due {
                deadline = nil
                settled()
            }
        }
    }

    /// Reads every queued event; true if one concerns the file (or the folder went away, or
    /// the queue overflowed and anything may have happened).
    mutating func drain() -> Bool {
        var relevant = false
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            if n <= 0 { return relevant }
            buffer.withUnsafeBytes { bytes in
                var offset = 0
                let header = MemoryLayout<inotify_event>.size
                while offset + header <= n {
                    let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let nameBytes = bytes[(offset + header)..<min(offset + header + length, n)].prefix { $0 != 0 }
                    if mask & UInt32(IN_Q_OVERFLOW) != 0 || String(decoding: nameBytes, as: UTF8.self) == name {
                        relevant = true
                    }
                    if mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                        // The folder was removed or moved away: the file is gone with it, and
                        // the path is watched again once a folder is back there.
                        if mask & UInt32(IN_MOVE_SELF) != 0 { inotify_rm_watch(inotify, watch) }
                        if mask & UInt32(IN_IGNORED) != 0 { watch = -1 }
                        relevant = true
                    }
                    offset += header + length
                }
            }
        }
    }
}
