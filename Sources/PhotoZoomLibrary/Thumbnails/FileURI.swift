import CMD5
import Foundation
import PhotoZoomUntrusted

/// A local file's URI as GLib writes it (`g_filename_to_uri`), which is what names its
/// thumbnail: every file manager and viewer that shares the cache hashes the same string, so a
/// byte escaped differently would be a different thumbnail.
public enum FileURI {
    /// `file://` and the absolute, canonical path (no `.` or `..`, symbolic links kept), each
    /// of its bytes (`PathBytes`: a name that is no UTF-8 keeps its own) percent-escaped in
    /// upper-case hex unless GLib leaves it as it is.
    public static func of(path: String) -> String {
        var uri = "file://"
        for byte in PathBytes.bytes(canonical(path)) {
            if kept.contains(byte) {
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                uri += String(format: "%%%02X", byte)
            }
        }
        return uri
    }

    /// The lower-case hex MD5 of `uri`: its thumbnail's file name, less `.png`.
    public static func key(of uri: String) -> String {
        var digest = [CChar](repeating: 0, count: Int(photozoom_md5_string_length))
        let bytes = Array(uri.utf8)
        MD5Data(bytes, bytes.count, &digest)
        return String(cString: digest)
    }

    /// The bytes GLib leaves unescaped in a path: letters, digits and `-_.!~*'()` (RFC 2396's
    /// unreserved), and `/`, `&`, `=`, `:`, `@`, `+`, `$` and `,`.
    private static let kept: Set<UInt8> = Set(
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()/&=:@+$,".utf8))

    /// The working folder, each byte of its path kept.
    private static var workingFolder: String {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let got = buffer.withUnsafeMutableBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { getcwd($0.baseAddress, $0.count) }
        }
        return got == nil ? FileManager.default.currentDirectoryPath : PathBytes.string(buffer.prefix { $0 != 0 })
    }

    /// `path` made absolute from the working folder, its `.` and `..` resolved by name and its
    /// doubled slashes made single, as GIO's `g_canonicalize_filename` does.
    public static func canonical(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : workingFolder + "/" + path
        var parts: [Substring] = []
        for part in absolute.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
