import Foundation
import PhotoZoomCore
import PhotoZoomUntrusted

/// Why a recording could not be started.
public struct SessionFileError: Error, CustomStringConvertible {
    public let description: String
}

/// The window's recording: each line goes to the file with one write(2) as soon as it is
/// encoded, on a thread of its own, so a `kill -9` loses at most the ticks not yet written (a
/// whole world, every 240th tick, takes many frames to encode in a large library: the window's
/// frame does not wait for it), and the file replays up to there. An existing file is never
/// replaced. A write that fails (a full disk) ends the recording with one log line; the
/// window goes on.
public final class SessionFile {
    public let path: String
    /// The file, the recorder and the writes are touched only on `writing`, in tick order.
    private var fd: Int32
    /// One a session: a recording of two compared holds both, B's lines marked as B's.
    private var recorders: [SessionRecorder]
    private let writing = DispatchQueue(label: "photozoom.recording")
    private let log: (String) -> Void

    /// Creates `path` (refusing one that exists) and writes the header.
    public convenience init(path: String, header: SessionHeader, log: @escaping (String) -> Void) throws {
        try self.init(path: path, headers: [header], log: log)
    }

    /// Creates `path` and writes a header for each session recorded into it: two compared
    /// side by side, A's then B's.
    public init(path: String, headers: [SessionHeader], log: @escaping (String) -> Void) throws {
        self.path = path
        self.log = log
        recorders = headers.enumerated().map { SessionRecorder(side: $0.offset == 0 ? nil : $0.element.side) }
        fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let reason =
                errno == EEXIST
                ? "it already exists, and a recording never replaces a file" : String(cString: strerror(errno))
            throw SessionFileError(description: "cannot record to '\(path)': \(reason)")
        }
        for (recorder, header) in zip(recorders, headers) { write(try recorder.headerLine(header)) }
    }

    deinit { if fd >= 0 { close(fd) } }

    /// After each tick of session `side`: its line, if it gets one, once the window's thread has
    /// gone on.
    public func record(_ sim: Simulation, input: [InputEvent], side: Int = 0) {
        writing.async { [self] in
            guard fd >= 0 else { return }
            do {
                if let line = try recorders[side].line(after: sim, input: input) { write(line) }
            } catch {
                fail("cannot encode tick \(sim.world.tick): \(error)")
            }
        }
    }

    /// The file as written so far, every tick recorded in it, with a footer at `sim`, for a bug
    /// report; nil when it can no longer be read, or is too large to hold in memory beside the window.
    public func textSoFar(endingAt sim: Simulation) -> String? {
        writing.sync {
            var info = stat()
            guard fd >= 0, stat(path, &info) == 0, info.st_size <= 64 << 20,
                let data = FileManager.default.contents(atPath: path),
                let end = try? recorders[0].endLine(sim)
            else { return nil }
            return String(decoding: data, as: UTF8.self) + end
        }
    }

    /// The footer, on a clean exit, after every tick recorded.
    public func finish(_ sim: Simulation) { finish([sim]) }

    /// The footers of every session recorded, each at its sim.
    public func finish(_ sims: [Simulation]) {
        writing.sync {
            guard fd >= 0 else { return }
            for (recorder, sim) in zip(recorders, sims) {
                if let line = try? recorder.endLine(sim) { write(line) }
            }
            close(fd)
            fd = -1
        }
    }

    private func write(_ line: String) {
        var bytes = Array(line.utf8)[...]
        while !bytes.isEmpty, fd >= 0 {
            let n = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                bytes = bytes.dropFirst(n)
            } else if n < 0, errno != EINTR {
                fail("cannot write to '\(path)': \(String(cString: strerror(errno)))")
            }
        }
    }

    private func fail(_ why: String) {
        log("photozoom: \(why); the recording stops here and replays up to the last tick written")
        close(fd)
        fd = -1
    }
}
