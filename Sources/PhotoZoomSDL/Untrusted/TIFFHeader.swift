import Foundation

/// A TIFF's size from its image file directories, wherever in the file they are (a writer may
/// put the first at the end): the first directory is the image shown, and every directory in
/// the chain is counted, since a decoder may read any of them.
enum TIFFHeader {
    /// The most directories walked; a hostile chain of offsets (or a loop) ends here.
    static let maximumDirectories = 64

    static func dimensions(_ bytes: inout HeaderBytes) -> PhotoHeader.Dimensions? {
        guard let order = bytes.bytes(0, 2) else { return nil }
        let big = order == [0x4D, 0x4D]
        guard let first = bytes.u32(4, bigEndian: big) else { return nil }
        var next = first
        var visited: Set<Int> = []
        var shown: (width: Int, height: Int)?
        var most = 0
        while next != 0, visited.count < maximumDirectories, visited.insert(next).inserted {
            guard let entries = bytes.u16(next, bigEndian: big) else { break }
            var width: Int?, height: Int?
            for e in 0..<entries {
                let at = next + 2 + 12 * e
                guard let tag = bytes.u16(at, bigEndian: big), let type = bytes.u16(at + 2, bigEndian: big) else { break }
                guard tag == 256 || tag == 257 else { continue }
                // A SHORT sits in the value's first two bytes; a LONG fills all four.
                let value = type == 3 ? bytes.u16(at + 8, bigEndian: big) : type == 4 ? bytes.u32(at + 8, bigEndian: big) : nil
                if tag == 256 { width = value } else { height = value }
                if width != nil, height != nil { break }
            }
            guard let width, let height else { return nil }
            if shown == nil { shown = (width, height) }
            most = max(most, PhotoHeader.area(width, height))
            guard let following = bytes.u32(next + 2 + 12 * entries, bigEndian: big) else { break }
            next = following
        }
        // A chain walked only in part may hide a larger directory past where the walk stopped.
        guard let shown, !bytes.ranOut, visited.count < maximumDirectories || next == 0 else { return nil }
        return PhotoHeader.Dimensions(kind: .tiff, width: shown.width, height: shown.height, decodedPixels: most)
    }
}
