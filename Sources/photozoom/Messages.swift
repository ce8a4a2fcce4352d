import ArgumentParser
import Foundation
import PhotoZoomSDL
import PhotoZoomUntrusted

/// One line to stderr, the way every message of ours is written. A path's bytes that are no
/// UTF-8 show as `\xNN`, and control and bidirectional characters (a newline, ESC or a
/// right-to-left override in a file name, say) are escaped (`PathBytes.escaped`), so a message
/// stays one line and can never drive the terminal. Written with stdio, whose failure has
/// nowhere to be reported: a stderr that cannot be written must not crash the command it is
/// reporting on.
func logLine(_ line: String) {
    fputs(PathBytes.escaped(line) + "\n", stderr)
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
