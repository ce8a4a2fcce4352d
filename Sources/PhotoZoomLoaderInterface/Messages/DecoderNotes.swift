import Foundation
import PhotoZoomUntrusted

/// What a decoder says on its own standard error (libpng's and libtiff's warnings, which the
/// libraries print themselves): caught in the loader, sent back with the picture it was said
/// about, and logged by the window's process with its `photozoom:` prefix and the file's name.
/// A decoder's words are the file's doing as much as its own, so they are cut short, escaped,
/// and only the first few of a session are shown.
public enum DecoderNotes {
    /// The most lines one picture's answer carries.
    public static let linesPerPicture = 3
    /// The longest line kept, in characters.
    public static let lineCharacters = 200
    /// The most lines a process logs; one more line says the rest are left out.
    public static let linesShown = 20

    /// The loader's end of its standard error, read after each picture; -1 until `catchStandardError`.
    private static var reading: Int32 = -1

    /// Points the loader's standard error into a pipe it reads itself, before the system-call
    /// filter forbids making one. Neither end blocks: a decoder that says more than the pipe
    /// holds loses its words, not its time.
    public static func catchStandardError() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFL, O_NONBLOCK) }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        dup2(ends[1], 2)
        close(ends[1])
        reading = ends[0]
    }

    /// The lines the decoders wrote since the last call, at most `linesPerPicture`.
    public static func take() -> [String] {
        guard reading >= 0 else { return [] }
        var said: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(reading, $0.baseAddress, $0.count) }
            guard got > 0 else { break }
            if said.count < 16 << 10 { said += chunk[0..<got] }
        }
        return said.split(separator: UInt8(ascii: "\n")).lazy.map { shown($0) }.filter { !$0.isEmpty }.prefix(
            linesPerPicture
        ).map { $0 }
    }

    /// `bytes` as one line a terminal shows as it is: control and non-ASCII bytes escaped, cut short.
    public static func shown<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var line = ""
        for byte in bytes {
            guard line.count < lineCharacters else { return line + "…" }
            line += (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : String(format: "\\x%02x", byte)
        }
        return line.trimmingCharacters(in: .whitespaces)
    }

    /// The window's side: logs each note with its picture's name, the first `linesShown` of them.
    public final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var logged = 0
        private var sink: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }

        public init() {}

        /// Where the lines go from now on: the window's log, which a bug report keeps.
        public func send(to log: @escaping (String) -> Void) { lock.withLock { sink = log } }

        /// Logs a line of the loaders' own, outside the decoders' notes and their cap.
        public func say(_ line: String) { lock.withLock { sink }(line) }

        public func tell(_ notes: [String], about name: String) {
            guard !notes.isEmpty else { return }
            let named = PathBytes.escaped(name)
            let (lines, sink): ([String], (String) -> Void) = lock.withLock {
                let before = logged
                logged += notes.count
                let over =
                    before <= linesShown && logged > linesShown
                    ? ["photozoom: further messages from the decoders are left out"] : []
                return (
                    notes.prefix(max(linesShown - before, 0)).map { "photozoom: \(named): \($0)" } + over, self.sink
                )
            }
            lines.forEach(sink)
        }
    }
}
