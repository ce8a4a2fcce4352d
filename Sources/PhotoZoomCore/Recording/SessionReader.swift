import Foundation

/// Why a file is not a session this build can replay at all.
public struct SessionFormatError: Error, Equatable, CustomStringConvertible {
    public let description: String
}

/// A session read from its lines. A file cut short (the recorder killed mid-write) or damaged
/// further on is read up to its last good line, and `stopped` says where and why.
public struct SessionRecording: Equatable, Sendable {
    public var header: SessionHeader
    public var ticks: [SessionTick]
    public var end: SessionEnd?
    /// Set when reading stopped before the end of the file.
    public var stopped: String?

    /// The last tick the recording covers.
    public var lastTick: Int { end?.end ?? ticks.last?.tick ?? header.state?.tick ?? 0 }

    public static func read(_ text: String) throws -> SessionRecording {
        let decoder = JSONDecoder()
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        if lines.last == "" { lines = lines.dropLast() }
        guard let first = lines.first, !first.allSatisfy(\.isWhitespace) else {
            throw SessionFormatError(description: "is empty, not a recorded session")
        }
        let header = try readHeader(first, decoder)
        var recording = SessionRecording(header: header, ticks: [], end: nil, stopped: nil)
        var lastTick = header.state?.tick ?? 0
        for (offset, line) in lines.dropFirst().enumerated() {
            let number = offset + 2
            func stop(_ why: String) { recording.stopped = "line \(number): \(why); replayed up to tick \(lastTick)" }
            if recording.end != nil { stop("text after the end of the session"); break }
            let data = Data(line.utf8)
            if let end = try? decoder.decode(SessionEnd.self, from: data) {
                guard end.end >= lastTick else { stop("the end is before tick \(lastTick)"); break }
                recording.end = end
                continue
            }
            let entry: SessionTick
            do {
                entry = try decoder.decode(SessionTick.self, from: data)
            } catch {
                // The last line half written is what a killed recorder leaves.
                stop(number == lines.count ? "cut short (the recording was not finished)" : "not a session line")
                break
            }
            guard entry.tick > lastTick else { stop("tick \(entry.tick) does not come after tick \(lastTick)"); break }
            guard entry.digest.count == 16, entry.digest.allSatisfy(\.isHexDigit) else { stop("the digest is not 16 hex digits"); break }
            recording.ticks.append(entry)
            lastTick = entry.tick
        }
        return recording
    }

    private static func readHeader(_ line: Substring, _ decoder: JSONDecoder) throws -> SessionHeader {
        struct Version: Decodable { let format: String; let version: Int }
        guard let version = try? decoder.decode(Version.self, from: Data(line.utf8)), version.format == SessionHeader.formatName else {
            throw SessionFormatError(description: "is not a recorded session: its first line is not a \(SessionHeader.formatName) header")
        }
        guard version.version <= SessionHeader.currentVersion else {
            throw SessionFormatError(description: "was recorded in session format version \(version.version), newer than this build reads "
                + "(version \(SessionHeader.currentVersion)); replay it with a newer PhotoZoom")
        }
        do {
            return try decoder.decode(SessionHeader.self, from: Data(line.utf8))
        } catch {
            throw SessionFormatError(description: "has a damaged header: \(error)")
        }
    }
}
