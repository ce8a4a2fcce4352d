import Foundation

/// A GIF's logical screen and its first image descriptor, walked block by block up to it: the
/// decoder (`GIFDecoder`) shows that image only, on a canvas of the screen or the image,
/// whichever is larger, and reads nothing after it, so a GIF of ten million frames costs its
/// first. The image's size need not be the screen's (a 44-byte GIF whose screen says 4×3 and
/// whose image says 30000×30000).
public enum GIFHeader {
    /// The screen's size, and the most pixels the screen or the first image claims. A walk that
    /// runs out of bytes before the image counts the screen alone.
    public static func dimensions(_ data: Data) -> PhotoHeader.Dimensions? {
        // Walked in place: a copy of a file of millions of frames would double what the loader
        // holds, and past its memory (library.loaderMemoryMiB) the loader ends.
        data.withUnsafeBytes { walk($0.bindMemory(to: UInt8.self)) }
    }

    private static func walk(_ b: UnsafeBufferPointer<UInt8>) -> PhotoHeader.Dimensions? {
        guard b.count >= 13 else { return nil }
        func le16(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
        let screen = (width: le16(6), height: le16(8))
        var most = screen.width * screen.height
        var firstFrame: (width: Int, height: Int)?
        var i = 13
        if b[10] & 0x80 != 0 { i += 3 << (Int(b[10] & 7) + 1) }
        /// Skips data sub-blocks from `i`; false where the bytes end first.
        func skipSubBlocks() -> Bool {
            while i < b.count {
                let length = Int(b[i])
                i += 1 + length
                if length == 0 { return i <= b.count }
            }
            return false
        }
        walk: while i < b.count {
            switch b[i] {
            case 0x2C:
                guard i + 10 <= b.count else { break walk }
                let left = le16(i + 1)
                let top = le16(i + 3)
                let width = le16(i + 5)
                let height = le16(i + 7)
                firstFrame = (width, height)
                // An image placed past the screen makes some decoders grow their canvas to hold it.
                most = max(most, width * height, (left + width) * (top + height))
                break walk
            case 0x21:
                i += 2
                guard skipSubBlocks() else { break walk }
            default:
                // The trailer (0x3B), or bytes that are no block: nothing after is read by a decoder.
                break walk
            }
        }
        // A screen of 0×0 is allowed by decoders, which then take the first frame's size.
        guard let shown = [screen, firstFrame].compactMap({ $0 }).first(where: { $0.width > 0 && $0.height > 0 }) else {
            return nil
        }
        return PhotoHeader.Dimensions(kind: .gif, width: shown.width, height: shown.height, decodedPixels: max(most, 1))
    }
}
