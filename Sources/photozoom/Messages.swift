import ArgumentParser
import Foundation
import PhotoZoomSDL
import PhotoZoomUntrusted

/// One line to stderr, the way every message of ours is written. A path's bytes that are no
/// UTF-8 show as `\xNN`, and control characters (a newline or ESC in a file name, say) are
/// escaped, so a message stays one line and can never drive the terminal. Written with stdio,
/// whose failure has nowhere to be reported: a stderr that cannot be written must not crash
/// the command it is reporting on.
func logLine(_ line: String) {
    fputs(escapingControlCharacters(PathBytes.shown(line)) + "\n", stderr)
}

/// Exit code 2 after one clear line: the user gave us something we cannot use.
func fail(_ message: String) -> ExitCode {
    logLine("photozoom: \(message)")
    return ExitCode(2)
}

/// Exit code 1 after one clear line: the system refused a write (a missing or read-only
/// folder, a full disk). An output refused by our own rules (a file that exists) is `fail`'s.
func refused(_ message: String) -> ExitCode {
    logLine("photozoom: \(message)")
    return ExitCode(1)
}

/// `text` with every C0 and C1 control character and DEL written as a Swift escape: "\n",
/// "\r", "\t", or "\u{1B}" and the like.
func escapingControlCharacters(_ text: String) -> String {
    var escaped = ""
    escaped.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\n": escaped += "\\n"
        case "\r": escaped += "\\r"
        case "\t": escaped += "\\t"
        case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}":
            escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        default: escaped.unicodeScalars.append(scalar)
        }
    }
    return escaped
}
