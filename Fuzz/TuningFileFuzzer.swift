// libFuzzer's entry point for the tuning-file decoder; scripts/fuzz-tuning.sh compiles it
// into the core's module (so it sees internal names) with -sanitize=fuzzer,address. Not part
// of any SwiftPM target. Every property broken is a trap, which libFuzzer keeps as a crash.

@_cdecl("LLVMFuzzerTestOneInput")
public func tuningFileFuzzTarget(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    // Bytes that are not UTF-8 read as U+FFFD, as they would from a file.
    let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    let reading = TuningFile.read(text)
    func broken(_ what: String) -> Never {
        fatalError(
            "\(what)\n--- input ---\n\(text)\n--- problems ---\n\(reading.problems.map(\.description).joined(separator: "\n"))"
        )
    }
    for problem in reading.problems
    where problem.message.isEmpty || problem.message.unicodeScalars.contains(where: isLineBreak) {
        broken("a problem's message is empty or not one line: \(problem.message.debugDescription)")
    }
    let violations = TuningFile.violations(in: reading.file)
    if !violations.isEmpty { broken("the tuning read is not valid: \(violations)") }
    let again = TuningFile.read(text)
    if again.problems != reading.problems || again.file != reading.file { broken("reading twice gave two readings") }
    let written = reading.file.text
    let back = TuningFile.read(written)
    if !back.problems.isEmpty {
        broken("the file written back has problems: \(back.problems)\n--- written ---\n\(written)")
    }
    if back.file.tuning != reading.file.tuning {
        broken("the file written back reads as another tuning\n--- written ---\n\(written)")
    }
    return 0
}

/// Whatever a terminal or an editor may start a new line at.
private func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
    ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar)
}
