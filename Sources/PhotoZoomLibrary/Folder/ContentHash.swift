import Foundation
import PhotoZoomCore
import PhotoZoomUntrusted

/// A photo file's content hash for a recording's header: FNV-1a 64 over its bytes.
public enum ContentHash {
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    public static func of(file path: String) -> String? {
        guard case .success(let file) = UntrustedFile.open(path, maximumBytes: .max) else { return nil }
        var hash = offsetBasis
        var offset = 0
        while case let chunk = file.read(at: offset, count: 1 << 20), !chunk.isEmpty {
            hash = fold(chunk, into: hash)
            offset += chunk.count
        }
        return StateDigest(value: hash).description
    }

    /// How much of a file `ofHead` hashes.
    public static let headBytes = 64 << 10
    /// The window's name for a photo, from what probing it read: its first `headBytes` (a JPEG's
    /// EXIF with its capture time and camera) and its size. A library of thousands is named
    /// without reading it whole; `head:` tells it from a whole file's hash.
    public static func ofHead(_ head: Data, fileBytes: Int) -> String {
        let size = withUnsafeBytes(of: UInt64(fileBytes).littleEndian) { Data($0) }
        return "head:"
            + StateDigest(value: fold(size, into: fold(head.prefix(headBytes), into: offsetBasis))).description
    }

    /// The hash of the kind `recorded` is of, for the file at `path`.
    public static func matching(_ recorded: String, file path: String) -> String? {
        recorded.hasPrefix("head:") ? ofHead(file: path) : of(file: path)
    }

    /// `ofHead` of the file at `path`, read now.
    public static func ofHead(file path: String) -> String? {
        guard case .success(let file) = UntrustedFile.open(path, maximumBytes: .max) else { return nil }
        return ofHead(file.read(at: 0, count: headBytes), fileBytes: file.bytes)
    }

    private static func fold(_ bytes: Data, into start: UInt64) -> UInt64 {
        bytes.withUnsafeBytes { raw in raw.reduce(start) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 } }
    }
}
