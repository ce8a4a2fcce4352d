import Foundation
import PhotoZoomCore

/// A TIFF's size from its image file directories, wherever in the file they are (a writer may
/// put the first at the end): the first directory is the image shown, and every directory in
/// the chain is counted, since a decoder may read any of them. Its reduced-resolution copies
/// (a pyramid's levels) are listed, for a photo too large to decode whole, and the first
/// directory's Orientation tag, which its decoder leaves to be applied. A BigTIFF (version 43:
/// 8-byte offsets and counts, 20-byte entries) is read the same way.
public enum TIFFHeader {
    /// The most directories walked; a hostile chain of offsets (or a loop) ends here.
    public static let maximumDirectories = 64

    public static func dimensions(_ bytes: inout HeaderBytes) -> PhotoHeader.Dimensions? {
        guard let order = bytes.bytes(0, 2) else { return nil }
        let big = order == [0x4D, 0x4D]
        guard let version = bytes.u16(2, bigEndian: big) else { return nil }
        let wide = version == 43
        guard !wide || bytes.u16(4, bigEndian: big) == 8, let first = offset(&bytes, wide ? 8 : 4, big, wide) else {
            return nil
        }
        var next = first
        var visited: Set<Int> = []
        var shown: (width: Int, height: Int, orientation: ExifOrientation?)?
        var most = 0
        var reduced: [PhotoHeader.Directory] = []
        while next != 0, visited.count < maximumDirectories, visited.insert(next).inserted {
            guard let entries = wide ? offset(&bytes, next, big, wide) : bytes.u16(next, bigEndian: big),
                entries <= 0xFFFF
            else { break }
            let (countBytes, entryBytes) = wide ? (8, 20) : (2, 12)
            var width: Int?
            var height: Int?
            var subfileType = 0
            var orientation: Int?
            for e in 0..<entries {
                let at = next + countBytes + entryBytes * e
                guard let tag = bytes.u16(at, bigEndian: big), let type = bytes.u16(at + 2, bigEndian: big) else {
                    break
                }
                guard [254, 256, 257, 274].contains(tag) else { continue }
                // A SHORT sits in the value's first two bytes; a LONG fills four, a BigTIFF's LONG8 eight.
                let field = at + (wide ? 12 : 8)
                let value =
                    type == 3
                    ? bytes.u16(field, bigEndian: big)
                    : type == 4
                        ? bytes.u32(field, bigEndian: big) : type == 16 && wide ? offset(&bytes, field, big, wide) : nil
                switch tag {
                case 254: subfileType = value ?? 0
                case 256: width = value
                case 257: height = value
                default: orientation = value
                }
            }
            guard let width, let height else { return nil }
            if shown == nil {
                shown = (width, height, orientation.flatMap(ExifOrientation.init(rawValue:)))
            } else if subfileType & 1 != 0 {
                // NewSubfileType's first bit: a reduced-resolution copy of the image shown.
                reduced.append(PhotoHeader.Directory(index: visited.count - 1, width: width, height: height))
            }
            most = max(most, PhotoHeader.area(width, height))
            guard let following = offset(&bytes, next + countBytes + entryBytes * entries, big, wide) else { break }
            next = following
        }
        // A chain walked only in part may hide a larger directory past where the walk stopped.
        guard let shown, !bytes.ranOut, visited.count < maximumDirectories || next == 0 else { return nil }
        var found = PhotoHeader.Dimensions(kind: .tiff, width: shown.width, height: shown.height, decodedPixels: most)
        found.reducedResolutions = reduced
        found.orientation = shown.orientation
        return found
    }

    /// An offset at `at`: four bytes, or a BigTIFF's eight (nil past 2⁴⁸, which no file reaches).
    private static func offset(_ bytes: inout HeaderBytes, _ at: Int, _ big: Bool, _ wide: Bool) -> Int? {
        guard wide else { return bytes.u32(at, bigEndian: big) }
        guard let low = bytes.u32(at + (big ? 4 : 0), bigEndian: big),
            let high = bytes.u32(at + (big ? 0 : 4), bigEndian: big),
            high < 1 << 16
        else { return nil }
        return high << 32 | low
    }
}
