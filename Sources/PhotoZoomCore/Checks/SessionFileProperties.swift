/// What must hold when any text is read as a session file and replayed, whatever its bytes:
/// the session fuzzer (`scripts/fuzz-session.sh`) and `SessionFuzzTests` check these.
public enum SessionFileProperties {
    /// Why reading and replaying `text` breaks a property, or nil: a refusal is one line, a
    /// replay's length follows from the file's, and each session of it (two, compared side by
    /// side) replays, also with its start digest made to match as anyone can write one, and
    /// then both together. A trap or a replay that runs away is left to the caller to see.
    public static func violation(readingAndReplaying text: String) -> String? {
        let recording: SessionRecording
        do {
            recording = try SessionRecording.read(text)
        } catch let error as SessionFormatError {
            return isOneLine(error.description)
                ? nil : "a refusal that is empty or not one line: \(error.description.debugDescription)"
        } catch {
            return "read threw \(type(of: error)), not a SessionFormatError: \(error)"
        }
        for session in [recording, recording.compared].compactMap({ $0 }) {
            if let stopped = session.stopped, !isOneLine(stopped) {
                return "a stop that is empty or not one line: \(stopped.debugDescription)"
            }
            // No line stands for more than a gap's ticks.
            let ticks = session.lastTick - (session.header.state?.tick ?? 0)
            if ticks > (session.ticks.count + 1) * SessionBounds.maximumGap {
                return "\(ticks) ticks to replay for \(session.ticks.count) lines"
            }
            _ = SessionReplay.run(session)
            // Forged to match, the replay runs every tick of it, from the header's state if it
            // has one, with the moments read off as it goes.
            var forged = session
            forged.header.start = SessionReplay.startDigest(of: session)
            var moments = SessionMoments(forged)
            _ = SessionReplay.run(forged) { moments.observe($0) }
        }
        if let b = recording.compared { _ = MomentComparison.differences(recording, beside: .recorded(b)) }
        return nil
    }

    /// Not empty, and nothing a terminal or an editor may start a new line at.
    static func isOneLine(_ message: String) -> Bool {
        !message.isEmpty
            && !message.unicodeScalars.contains {
                ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].contains($0)
            }
    }
}
