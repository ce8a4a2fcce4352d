import Foundation

/// A file's bytes as a header parser reads them: from the head already read, and where a field
/// lies past it (a TIFF's directory at the end, a JPEG's frame header after a large segment),
/// from the file's descriptor, a few bytes at a time. Every read is bounds-checked: a field that
/// is not there is nil, never a trap.
public struct HeaderBytes {
    public let head: Data
    public let file: UntrustedFile?
    /// How many reads past the head are allowed: a hostile chain of offsets ends here.
    private var readsLeft = 4096
    /// Whether a read was refused for want of reads left: what was walked is then not all there is.
    private(set) var ranOut = false

    public init(head: Data, file: UntrustedFile? = nil) {
        self.head = head.startIndex == 0 ? head : Data(head)
        self.file = file
    }

    /// The file's size as far as is known.
    public var count: Int { file?.bytes ?? head.count }

    /// `count` bytes at `offset`, or nil where the file does not have them all.
    public mutating func bytes(_ offset: Int, _ count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, offset <= Int.max - count else { return nil }
        if offset + count <= head.count { return [UInt8](head[offset..<offset + count]) }
        guard let file, offset + count <= file.bytes else { return nil }
        guard readsLeft > 0 else {
            ranOut = true
            return nil
        }
        readsLeft -= 1
        let read = file.read(at: offset, count: count)
        return read.count == count ? [UInt8](read) : nil
    }

    public mutating func u8(_ offset: Int) -> Int? { bytes(offset, 1).map { Int($0[0]) } }
    public mutating func be16(_ offset: Int) -> Int? { bytes(offset, 2).map { Int($0[0]) << 8 | Int($0[1]) } }
    public mutating func le16(_ offset: Int) -> Int? { bytes(offset, 2).map { Int($0[0]) | Int($0[1]) << 8 } }
    public mutating func be32(_ offset: Int) -> Int? { bytes(offset, 4).map { $0.reduce(0) { $0 << 8 | Int($1) } } }
    public mutating func le32(_ offset: Int) -> Int? {
        bytes(offset, 4).map { $0.reversed().reduce(0) { $0 << 8 | Int($1) } }
    }
    public mutating func u16(_ offset: Int, bigEndian: Bool) -> Int? { bigEndian ? be16(offset) : le16(offset) }
    public mutating func u32(_ offset: Int, bigEndian: Bool) -> Int? { bigEndian ? be32(offset) : le32(offset) }
}
