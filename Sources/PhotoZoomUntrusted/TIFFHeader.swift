import Foundation
import PhotoZoomCore

/// A TIFF's size from its image file directories, wherever in the file they are (a writer may
/// put the first at the end): the first directory is the image shown, and every directory in
/// the chain is counted, since a decoder may read any of them. Its reduced-resolution copies
/// (a pyramid's levels) are listed, for a photo too large to decode whole, and the first
/// directory's Orientation tag, which its decoder leaves to be applied.
public enum TIFFHeader {
    /// The most directories walked; a hostile chain of offsets (or a loop) ends here.
    public static let maximumDirectories = 64

    public static func dimensions(_ bytes: inout HeaderBytes) -> PhotoHeader.Dimensions? {
        guard let order = bytes.bytes(0, 2) else { return nil }
        let big = order == [0x4D, 0x4D]
        guard let first = bytes.u32(4, bigEndian: big) else { return nil }
        var next = first
        var visited: Set<Int> = []
        var shown: (width: Int, height: Int, orientation: ExifOrientation?)?
        var most = 0
        var reduced: [PhotoHeader.Directory] = []
        while next != 0, visited.count < maximumDirectories, visited.insert(next).inserted {
            guard let entries = bytes.u16(next, bigEndian: big) else { break }
            var width: Int?
            var height: Int?
            var subfileType = 0
            var orientation: Int?
            for e in 0..<entries {
                let at = next + 2 + 12 * e
                guard let tag = bytes.u16(at, bigEndian: big), let type = bytes.u16(at + 2, bigEndian: big) else {
                    break
                }
                guard [254, 256, 257, 274].contains(tag) else { continue }
                // A SHORT sits in the value's first two bytes; a LONG fills all four.
                let value =
                    type == 3 ? bytes.u16(at + 8, bigEndian: big) : type == 4 ? bytes.u32(at + 8, bigEndian: big) : nil
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
            guard let following = bytes.u32(next + 2 + 12 * entries, bigEndian: big) else { break }
            next = following
        }
        // A chain walked only in part may hide a larger directory past where the walk stopped.
        guard let shown, !bytes.ranOut, visited.count < maximumDirectories || next == 0 else { return nil }
        var found = PhotoHeader.Dimensions(kind: .tiff, width: shown.width, height: shown.height, decodedPixels: most)
        found.reducedResolutions = reduced
        found.orientation = shown.orientation
        return found
    }
}
