import Foundation

/// A process's memory as the kernel reports it in `/proc/PID/status`.
public enum ProcessStatus {
    /// The field `name` (`VmSize`, `VmHWM`, ...) of process `pid` (this one when nil), in KiB;
    /// nil when the process or the field is not there. The value follows the name and a tab,
    /// padded with spaces only while it is short.
    public static func kibibytes(_ name: String, of pid: pid_t? = nil) -> Int? {
        guard
            let status = try? String(contentsOfFile: "/proc/\(pid.map(String.init) ?? "self")/status", encoding: .utf8)
        else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") }
        return line.flatMap { $0.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { Int($0) } }
    }
}
