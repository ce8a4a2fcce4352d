import Foundation

/// Why a file is not a session this build can replay at all.
public struct SessionFormatError: Error, Equatable, CustomStringConvertible {
    public let description: String
}

/// A session read from its lines. A file cut short (the recorder killed mid-write) or damaged
/// further on is read up to its last good line, and `stopped` says where and why.
public struct SessionRecording: Equatable, Sendable {
    public var header: SessionHeader
    /// The tick lines, without the whole states some hold: `state(at:)` decodes one of those.
    public var ticks: [SessionTick]
    public var end: SessionEnd?
    /// Set when reading stopped before the end of the file.
    public var stopped: String?
    /// Reading stopped at a line no recorder writes (not at the half-written last line a killed
    /// recorder leaves): the recording was changed, and does not verify.
    public var isDamaged = false
    /// What the tick that made the header's whole state handed on, where the file's format
    /// held it in the state (format 1): its start digest covers it. None otherwise.
    var startMessages = TickMessages()
    /// The lines that hold a whole state, by their tick's place in `ticks`. Decoding the states
    /// was most of reading a file, and a replay needs one only where it differs.
    private var stateLines: [Int: String] = [:]

    init(header: SessionHeader, ticks: [SessionTick], end: SessionEnd?, stopped: String?) {
        self.header = header; self.ticks = ticks; self.end = end; self.stopped = stopped
    }

    /// The whole state recorded with `ticks[index]`, if its line holds one (and it decodes).
    public func state(at index: Int) -> World? {
        if let state = ticks[index].state { return state }
        guard let line = stateLines[index] else { return nil }
        return try? JSONDecoder().decode(SessionTick.self, from: Data(line.utf8)).state
    }

    /// The last tick the recording covers.
    public var lastTick: Int { end?.end ?? ticks.last?.tick ?? header.state?.tick ?? 0 }

    /// Reads a session, refusing a header no recording could have (`SessionBounds`,
    /// `ResumedState`) and stopping at the first line no recording could have: what it gives
    /// replays in time and memory in proportion to the file.
    public static func read(_ text: String) throws -> SessionRecording {
        let decoder = JSONDecoder()
        // Line by line, not split up front: an array of every line of a large file costs as
        // much again as the file.
        var rest = text[...]
        func nextLine() -> Substring? {
            guard !rest.isEmpty else { return nil }
            let end = rest.utf8.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
            defer { rest = end == rest.endIndex ? rest[end...] : rest[rest.utf8.index(after: end)...] }
            return rest[..<end]
        }
        guard let first = nextLine(), !first.allSatisfy(\.isWhitespace) else {
            throw SessionFormatError(description: "is empty, not a recorded session")
        }
        let (header, startMessages) = try readHeader(first, decoder)
        if let problem = SessionBounds.problem(in: header) ?? header.state.flatMap({ ResumedState.problem(in: $0, header: header) }) {
            throw SessionFormatError(description: "has a header no recording could have: " + problem)
        }
        var recording = SessionRecording(header: header, ticks: [], end: nil, stopped: nil)
        recording.startMessages = startMessages
        var lastTick = header.state?.tick ?? 0
        var down = Set(header.state?.pointers.pointers.map(\.id) ?? [])
        var number = 1
        while let line = nextLine() {
            number += 1
            func stop(_ why: String, damaged: Bool = true) {
                recording.stopped = "line \(number): \(why); replayed up to tick \(lastTick)"
                recording.isDamaged = damaged
            }
            if recording.end != nil { stop("text after the end of the session"); break }
            let data = Data(line.utf8)
            // A tick line first: there is one end line, and a decoding that fails costs a
            // thrown error.
            guard let read = try? decoder.decode(TickLine.self, from: data) else {
                if let end = try? decoder.decode(SessionEnd.self, from: data) {
                    guard end.end >= lastTick else { stop("the end is before tick \(lastTick)"); break }
                    guard end.end - lastTick <= SessionBounds.maximumGap else { stop(gap(to: end.end, from: lastTick)); break }
                    recording.end = end
                    continue
                }
                // The last line half written is what a killed recorder leaves.
                if rest.isEmpty { stop("cut short (the recording was not finished)", damaged: false) } else { stop("not a session line") }
                break
            }
            let entry = read.tick
            guard entry.tick > lastTick else { stop("tick \(entry.tick) does not come after tick \(lastTick)"); break }
            guard entry.tick - lastTick <= SessionBounds.maximumGap else { stop(gap(to: entry.tick, from: lastTick)); break }
            guard entry.digest.count == 16, entry.digest.allSatisfy(\.isHexDigit) else { stop("the digest is not 16 hex digits"); break }
            if let problem = SessionBounds.problem(in: entry.input ?? [], loop: header.loop, down: &down) {
                stop("tick \(entry.tick) has \(problem)")
                break
            }
            if read.holdsState { recording.stateLines[recording.ticks.count] = String(line) }
            recording.ticks.append(entry)
            lastTick = entry.tick
        }
        return recording
    }

    /// A tick line read without its state, which is only noted.
    private struct TickLine: Decodable {
        let tick: SessionTick
        let holdsState: Bool

        private enum CodingKeys: String, CodingKey { case tick, input, digest, state }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            tick = SessionTick(tick: try c.decode(Int.self, forKey: .tick), input: try c.decodeIfPresent([InputEvent].self, forKey: .input),
                               digest: try c.decode(String.self, forKey: .digest), state: nil)
            holdsState = c.contains(.state)
        }
    }

    private static func gap(to tick: Int, from last: Int) -> String {
        "tick \(tick) comes \(tick - last) ticks after tick \(last); a recording has a line at least every \(SessionBounds.maximumGap)"
    }

    /// The header, and the messages its whole state held if the file is in format 1.
    private static func readHeader(_ line: Substring, _ decoder: JSONDecoder) throws -> (SessionHeader, TickMessages) {
        struct Version: Decodable { let format: String; let version: Int }
        guard let version = try? decoder.decode(Version.self, from: Data(line.utf8)), version.format == SessionHeader.formatName else {
            throw SessionFormatError(description: "is not a recorded session: its first line is not a \(SessionHeader.formatName) header")
        }
        guard version.version <= SessionHeader.currentVersion else {
            throw SessionFormatError(description: "was recorded in session format version \(version.version), newer than this build reads "
                + "(version \(SessionHeader.currentVersion)); replay it with a newer PhotoZoom")
        }
        let header: SessionHeader
        do {
            header = try decoder.decode(SessionHeader.self, from: Data(line.utf8))
        } catch {
            throw SessionFormatError(description: "has a damaged header: " + explain(error))
        }
        guard header.isFormatOne, header.state != nil else { return (header, TickMessages()) }
        return (header, (try? decoder.decode(FormatOneMessages.self, from: Data(line.utf8)))?.messages ?? TickMessages())
    }

    /// `state.viewer.currentIndex: expected Int, found a string`: where in the line, and what
    /// was wrong there, rather than the decoder's whole error value.
    private static func explain(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ keys: [CodingKey]) -> String {
            let text = keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.hasPrefix(".") ? String(text.dropFirst()) : text.isEmpty ? "the line" : text
        }
        switch error {
        case let .keyNotFound(key, context): return "\(path(context.codingPath + [key])): missing"
        case let .typeMismatch(_, context), let .valueNotFound(_, context), let .dataCorrupted(context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}
