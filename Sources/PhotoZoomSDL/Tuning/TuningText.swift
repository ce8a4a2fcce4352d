import Foundation

/// Why a tuning file's text could not be had, with the system's reason.
public struct TuningTextError: Error, CustomStringConvertible {
    public let path: String
    public let reason: Reason
    public enum Reason: Equatable {
        case missing, folder, tooLarge, notUTF8, notAFile
        case system(String)
    }

    public var description: String {
        switch reason {
        case .missing: return "cannot read '\(path)': No such file or directory"
        case .folder: return "cannot read '\(path)': Is a directory"
        case .tooLarge: return "'\(path)' is larger than 1 MB, too large for a tuning file"
        case .notUTF8: return "'\(path)' is not UTF-8 text"
        case .notAFile: return "cannot read '\(path)': it is not a regular file (a FIFO, a device or a socket)"
        case .system(let reason): return "cannot read '\(path)': \(reason)"
        }
    }

    /// The same, for a window that keeps running on its last good values.
    public var whileRunning: String {
        switch reason {
        case .missing:
            return
                "tuning: '\(path)' is gone; still running on the last good values, and it is taken up again when it returns"
        case .folder:
            return "tuning: '\(path)' is now a folder; still running on the last good values until it is a file again"
        default: return "tuning: \(description); still running on the last good values"
        }
    }
}

/// A tuning file's text, read with a bound: a tuning file is a few kilobytes, so `/dev/zero`
/// or a mistaken video is refused rather than read until memory runs out, and a FIFO put in its
/// place is refused by its type rather than waited on.
public enum TuningText {
    public static let maximumSize = 1 << 20

    public static func read(_ path: String) throws -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { throw error(path, errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw error(path, errno) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw TuningTextError(path: path, reason: .folder)
        default: throw TuningTextError(path: path, reason: .notAFile)
        }
        guard info.st_size <= maximumSize else { throw TuningTextError(path: path, reason: .tooLarge) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = Foundation.read(fd, &buffer, buffer.count)
            if n > 0 {
                data.append(contentsOf: buffer[0..<n])
                if data.count > maximumSize { throw TuningTextError(path: path, reason: .tooLarge) }
            } else if n == 0 {
                guard let text = String(data: data, encoding: .utf8) else {
                    throw TuningTextError(path: path, reason: .notUTF8)
                }
                return text
            } else if errno != EINTR {
                throw error(path, errno)
            }
        }
    }

    private static func error(_ path: String, _ code: Int32) -> TuningTextError {
        switch code {
        case ENOENT: return TuningTextError(path: path, reason: .missing)
        case EISDIR: return TuningTextError(path: path, reason: .folder)
        default: return TuningTextError(path: path, reason: .system(String(cString: strerror(code))))
        }
    }
}
