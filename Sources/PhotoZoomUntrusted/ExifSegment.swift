import Foundation

/// A JPEG's EXIF, read in Swift from its APP1 segment: the TIFF structure in it, every offset
/// and count checked against the segment's bytes, so a hostile segment costs nothing but its
/// facts. Only what the library uses is read: IFD0's orientation, the EXIF IFD's date taken and
/// its offset, and IFD1's embedded JPEG.
public struct ExifSegment {
    /// The TIFF structure: the segment's bytes after "Exif\0\0".
    private let tiff: [UInt8]
    private let bigEndian: Bool

    /// Where the EXIF segment of a JPEG beginning with `head` lies: its TIFF bytes' range, which
    /// may end past `head` (read more, up to it), or nil when there is none before the image
    /// data. Application segments and comments are walked (stray bytes between them skipped, as
    /// libjpeg-turbo skips them); anything else ends the walk.
    public static func locate(in head: Data) -> Range<Int>? {
        let b = head
        let start = b.startIndex
        guard b.count >= 4, b[start] == 0xFF, b[start + 1] == 0xD8 else { return nil }
        var i = 2
        while i + 4 <= b.count {
            guard let (at, marker) = JPEGHeader.nextMarker(from: i, { $0 < b.count ? Int(b[start + $0]) : nil }),
                at + 4 <= b.count
            else { return nil }
            i = at
            guard (0xE0...0xEF).contains(marker) || marker == 0xFE else { return nil }
            let length = Int(b[start + i + 2]) << 8 | Int(b[start + i + 3])
            guard length >= 2 else { return nil }
            let body = i + 4
            if marker == 0xE1, length >= 8, body + 6 <= b.count,
                b[(start + body)..<(start + body + 6)].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0])
            {
                return (body + 6)..<(i + 2 + length)
            }
            i += 2 + length
        }
        return nil
    }

    /// The segment of a JPEG beginning with `head`, as far as `head` holds it; nil for none.
    public init?(jpeg head: Data) {
        guard let range = Self.locate(in: head), range.lowerBound < head.count else { return nil }
        let end = min(range.upperBound, head.count)
        self.init(tiff: [UInt8](head[(head.startIndex + range.lowerBound)..<(head.startIndex + end)]))
    }

    public init?(tiff: [UInt8]) {
        guard tiff.count >= 8 else { return nil }
        if tiff.starts(with: [0x49, 0x49, 0x2A, 0x00]) {
            bigEndian = false
        } else if tiff.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            bigEndian = true
        } else {
            return nil
        }
        self.tiff = tiff
    }

    private func u16(_ at: Int) -> Int? {
        guard at >= 0, at + 2 <= tiff.count else { return nil }
        return bigEndian ? Int(tiff[at]) << 8 | Int(tiff[at + 1]) : Int(tiff[at]) | Int(tiff[at + 1]) << 8
    }

    private func u32(_ at: Int) -> Int? {
        guard let a = u16(at), let b = u16(at + 2) else { return nil }
        return bigEndian ? a << 16 | b : b << 16 | a
    }

    /// One directory entry: its type, count and where its value is (in place when it fits in
    /// four bytes, else at the offset those bytes hold).
    public struct Entry {
        public let type: Int
        public let count: Int
        public let valueAt: Int
    }

    /// The entries of the directory at `offset`, by tag; empty where it is not there. At most
    /// the entries the segment can hold are read.
    private func directory(at offset: Int) -> [Int: Entry] {
        guard offset >= 8, let count = u16(offset) else { return [:] }
        var entries: [Int: Entry] = [:]
        for e in 0..<min(count, (tiff.count - offset) / 12) {
            let at = offset + 2 + 12 * e
            guard let tag = u16(at), let type = u16(at + 2), let n = u32(at + 4) else { break }
            let size = n * ([1: 1, 2: 1, 3: 2, 4: 4, 7: 1][type] ?? 8)
            guard let valueAt = size <= 4 ? at + 8 : u32(at + 8) else { continue }
            if entries[tag] == nil { entries[tag] = Entry(type: type, count: n, valueAt: valueAt) }
        }
        return entries
    }

    /// Where IFD0 begins.
    private var firstDirectory: Int? { u32(4) }

    /// IFD0's orientation: a SHORT of 1 to 8 (anything else is nil).
    public var orientation: Int? {
        guard let ifd0 = firstDirectory, let entry = directory(at: ifd0)[0x0112], entry.type == 3, entry.count >= 1,
            let value = u16(entry.valueAt), (1...8).contains(value)
        else { return nil }
        return value
    }

    /// ASCII of `tag` in the EXIF IFD (IFD0's 0x8769 points at it), up to its terminating NUL.
    private func exifText(_ tag: Int) -> String? {
        guard let ifd0 = firstDirectory, let pointer = directory(at: ifd0)[0x8769], pointer.type == 4,
            let exifIFD = u32(pointer.valueAt),
            let entry = directory(at: exifIFD)[tag], entry.type == 2, entry.valueAt >= 0, entry.valueAt < tiff.count
        else { return nil }
        let end = min(entry.valueAt + entry.count, tiff.count)
        return String(decoding: tiff[entry.valueAt..<end].prefix { $0 != 0 }, as: UTF8.self)
    }

    /// DateTimeOriginal, as the camera wrote it.
    public var dateTaken: String? { exifText(0x9003) }
    /// OffsetTimeOriginal ("+02:00"), where the camera wrote one.
    public var offsetTaken: String? { exifText(0x9011) }

    /// IFD1's JPEG (JPEGInterchangeFormat and its length), when all of it is in the segment and
    /// it starts as a JPEG does.
    public var preview: Data? {
        guard let ifd0 = firstDirectory, let count = u16(ifd0), let ifd1 = u32(ifd0 + 2 + 12 * count), ifd1 != 0 else {
            return nil
        }
        let tags = directory(at: ifd1)
        guard let start = tags[0x0201].flatMap({ $0.type == 4 ? u32($0.valueAt) : nil }),
            let length = tags[0x0202].flatMap({ $0.type == 4 ? u32($0.valueAt) : nil }),
            length > 2, start >= 8, start + length <= tiff.count, tiff[start] == 0xFF, tiff[start + 1] == 0xD8
        else { return nil }
        return Data(tiff[start..<(start + length)])
    }
}
