import Foundation

/// Standard output that could not be written: a full disk, or a file system that failed.
struct StandardOutputError: Error, CustomStringConvertible {
    let code: Int32
    var description: String { "cannot write to standard output: \(String(cString: strerror(code)))" }
}

/// Everything we print for people and scripts goes out here, unbuffered, every write checked:
/// a CSV or a JSON report that did not reach its file must not exit 0 (stdio would have kept
/// the error in its buffer until exit, where nobody looks).
enum StandardOutput {
    static func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                // A write may take only part of the bytes, or be interrupted before any.
                let n = Foundation.write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if n >= 0 {
                    offset += n
                } else if errno != EINTR {
                    throw StandardOutputError(code: errno)
                }
            }
        }
    }
}
