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
    /// B's session, in a recording of two sessions compared (`run --compare --record`).
    public var compared: SessionRecording? {
        get { comparedBox.first }
        set { comparedBox = newValue.map { [$0] } ?? [] }
    }
    private var comparedBox: [SessionRecording] = []
    /// What the tick that made the header's whole state handed on, where the file's format
    /// held it in the state (format 1): its start digest covers it. None otherwise.
    var startMessages = TickMessages()
    /// The lines that hold a whole state, by their tick's place in `ticks`. Decoding the states
    /// was most of reading a file, and a replay needs one only where it differs.
    private var stateLines: [Int: String] = [:]

    init(header: SessionHeader, ticks: [SessionTick], end: SessionEnd?, stopped: String?) {
        self.header = header
        self.ticks = ticks
        self.end = end
        self.stopped = stopped
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
        var reading = try Reading(header: header, startMessages: startMessages)
        // Two sessions compared: B's header is the second line, and each of B's lines says it is B's.
        var other: Reading?
        if header.side == "A" {
            guard let second = nextLine(), let (b, bMessages) = try? readHeader(second, decoder), b.side == "B" else {
                throw SessionFormatError(
                    description: "is a recording of two sessions compared whose second line is not B's header")
            }
            other = try Reading(header: b, startMessages: bMessages)
        }
        struct Side: Decodable { let side: String? }
        var number = other == nil ? 1 : 2
        while let line = nextLine() {
            number += 1
            let data = Data(line.utf8)
            if other != nil, (try? decoder.decode(Side.self, from: data))?.side == "B" {
                guard other!.take(line, data, number: number, last: rest.isEmpty, decoder) else { break }
            } else {
                guard reading.take(line, data, number: number, last: rest.isEmpty, decoder) else { break }
            }
        }
        var recording = reading.recording
        recording.compared = other?.recording
        return recording
    }

    /// One session's lines as they are read: each taken if it could come next, and reading
    /// stopped (the recording noting why) at the first that could not.
    private struct Reading {
        var recording: SessionRecording
        var lastTick: Int
        var down: Set<Int>

        init(header: SessionHeader, startMessages: TickMessages) throws {
            if let problem = SessionBounds.problem(in: header)
                ?? header.state.flatMap({ ResumedState.problem(in: $0, header: header) })
            {
                throw SessionFormatError(description: "has a header no recording could have: " + problem)
            }
            recording = SessionRecording(header: header, ticks: [], end: nil, stopped: nil)
            recording.startMessages = startMessages
            lastTick = header.state?.tick ?? 0
            down = Set(header.state?.pointers.pointers.map(\.id) ?? [])
        }

        /// Takes line `number`; false once reading stops (`last`: the file's last line, which a
        /// killed recorder may have left half written).
        mutating func take(_ line: Substring, _ data: Data, number: Int, last: Bool, _ decoder: JSONDecoder) -> Bool {
            func stop(_ why: String, damaged: Bool = true) -> Bool {
                recording.stopped = "line \(number): \(why); replayed up to tick \(lastTick)"
                recording.isDamaged = damaged
                return false
            }
            if recording.end != nil { return stop("text after the end of the session") }
            let header = recording.header
            // A tick line first: there is one end line, and a decoding that fails costs a
            // thrown error.
            guard let read = try? decoder.decode(TickLine.self, from: data) else {
                if let end = try? decoder.decode(SessionEnd.self, from: data) {
                    guard end.end >= lastTick else { return stop("the end is before tick \(lastTick)") }
                    guard end.end - lastTick <= SessionBounds.maximumGap else {
                        return stop(gap(to: end.end, from: lastTick))
                    }
                    recording.end = end
                    return true
                }
                // The last line half written is what a killed recorder leaves.
                return last
                    ? stop("cut short (the recording was not finished)", damaged: false) : stop("not a session line")
            }
            let entry = read.tick
            guard entry.tick > lastTick else { return stop("tick \(entry.tick) does not come after tick \(lastTick)") }
            guard entry.tick - lastTick <= SessionBounds.maximumGap else {
                return stop(gap(to: entry.tick, from: lastTick))
            }
            guard entry.digest.count == 16, entry.digest.allSatisfy(\.isHexDigit) else {
                return stop("the digest is not 16 hex digits")
            }
            if let problem = SessionBounds.problem(in: entry.input ?? [], loop: header.loop, down: &down) {
                return stop("tick \(entry.tick) has \(problem)")
            }
            if read.holdsState { recording.stateLines[recording.ticks.count] = String(line) }
            recording.ticks.append(entry)
            lastTick = entry.tick
            return true
        }
    }

    /// A tick line read without its state, which is only noted.
    private struct TickLine: Decodable {
        let tick: SessionTick
        let holdsState: Bool

        private enum CodingKeys: String, CodingKey { case tick, input, digest, state }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            tick = SessionTick(
                tick: try c.decode(Int.self, forKey: .tick),
                input: try c.decodeIfPresent([InputEvent].self, forKey: .input),
                digest: try c.decode(String.self, forKey: .digest), state: nil)
            holdsState = c.contains(.state)
        }
    }

    private static func gap(to tick: Int, from last: Int) -> String {
        "tick \(tick) comes \(tick - last) ticks after tick \(last); a recording has a line at least every \(SessionBounds.maximumGap)"
    }

    /// The header, and the messages its whole state held if the file is in format 1.
    private static func readHeader(_ line: Substring, _ decoder: JSONDecoder) throws -> (SessionHeader, TickMessages) {
        struct Version: Decodable {
            let format: String
            let version: Int
        }
        guard let version = try? decoder.decode(Version.self, from: Data(line.utf8)),
            version.format == SessionHeader.formatName
        else {
            throw SessionFormatError(
                description: "is not a recorded session: its first line is not a \(SessionHeader.formatName) header")
        }
        guard version.version <= SessionHeader.comparedVersion else {
            throw SessionFormatError(
                description: "was recorded in session format version \(version.version), newer than this build reads "
                    + "(version \(SessionHeader.comparedVersion)); replay it with a newer PhotoZoom")
        }
        let header: SessionHeader
        do {
            header = try decoder.decode(SessionHeader.self, from: Data(line.utf8))
        } catch {
            throw SessionFormatError(description: "has a damaged header: " + explain(error))
        }
        guard header.isFormatOne, header.state != nil else { return (header, TickMessages()) }
        return (
            header, (try? decoder.decode(FormatOneMessages.self, from: Data(line.utf8)))?.messages ?? TickMessages()
        )
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
        case .keyNotFound(let key, let context): return "\(path(context.codingPath + [key])): missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}
