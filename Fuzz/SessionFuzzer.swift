// libFuzzer's entry point for the session reader and replay; scripts/fuzz-session.sh compiles
// it into the core's module with -sanitize=fuzzer,address. Not part of any SwiftPM target. A
// broken property (`SessionFileProperties`) is a trap, which libFuzzer keeps as a crash; a
// replay that runs away is a timeout or an out-of-memory, which it keeps too.

@_cdecl("LLVMFuzzerTestOneInput")
public func sessionFuzzTarget(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    // Bytes that are not UTF-8 read as U+FFFD, as they would from a file.
    let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    if let broken = SessionFileProperties.violation(readingAndReplaying: text) {
        fatalError("\(broken)\n--- input ---\n\(text)")
    }
    return 0
}
