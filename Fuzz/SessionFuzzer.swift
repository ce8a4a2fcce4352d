// libFuzzer's entry point for the session reader and replay; scripts/fuzz-session.sh compiles
// it into the core's module (so it sees internal names) with -sanitize=fuzzer,address. Not
// part of any SwiftPM target. A broken property is a trap, which libFuzzer keeps as a crash;
// a replay that runs away is a timeout or an out-of-memory, which it keeps too.

@_cdecl("LLVMFuzzerTestOneInput")
public func sessionFuzzTarget(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    // Bytes that are not UTF-8 read as U+FFFD, as they would from a file.
    let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    func broken(_ what: String) -> Never { fatalError("\(what)\n--- input ---\n\(text)") }
    let recording: SessionRecording
    do {
        recording = try SessionRecording.read(text)
    } catch let error as SessionFormatError {
        if !isOneLine(error.description) { broken("a refusal that is empty or not one line: \(error.description.debugDescription)") }
        return 0
    } catch {
        broken("read threw \(type(of: error)), not a SessionFormatError: \(error)")
    }
    // Each session the file holds (two, compared side by side), then both run together.
    for session in [recording, recording.compared].compactMap({ $0 }) {
        if let stopped = session.stopped, !isOneLine(stopped) { broken("a stop that is empty or not one line: \(stopped.debugDescription)") }
        // The replay's length follows from the file's: no line stands for more than a gap's ticks.
        let ticks = session.lastTick - (session.header.state?.tick ?? 0)
        if ticks > (session.ticks.count + 1) * SessionBounds.maximumGap { broken("\(ticks) ticks to replay for \(session.ticks.count) lines") }
        _ = SessionReplay.run(session)
        // The same file with its start digest made to match, as anyone can write one: the replay
        // then runs every tick of it, from the header's state if it has one, with the moments
        // read off as it goes.
        var forged = session
        forged.header.start = SessionReplay.startDigest(of: session)
        var moments = SessionMoments(forged)
        _ = SessionReplay.run(forged) { moments.observe($0) }
    }
    if let b = recording.compared { _ = MomentComparison.differences(recording, beside: .recorded(b)) }
    return 0
}

/// Not empty, and nothing a terminal or an editor may start a new line at.
private func isOneLine(_ message: String) -> Bool {
    !message.isEmpty && !message.unicodeScalars.contains { ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].contains($0) }
}
