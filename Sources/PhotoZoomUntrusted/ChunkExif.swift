import Foundation
import PhotoZoomCore

/// The EXIF orientation a WebP or a PNG keeps in a chunk of its own (WebP's `EXIF`, PNG's
/// `eXIf`), which their decoders ignore. The chunk holds the TIFF structure a JPEG's APP1 does
/// (`ExifSegment`), after JPEG's "Exif\0\0" where a writer copied the segment whole. The
/// chunks are walked with every length checked against the file, and at most `largestChunk`
/// bytes of one are read: IFD0, which holds the orientation, comes first.
public enum ChunkExif {
    public static let largestChunk = 64 << 10
    /// The most chunks walked before giving up (a file of empty chunks ends here).
    public static let mostChunks = 64

    /// An extended WebP's `EXIF` chunk, wherever it lies after the `VP8X` header, whose flags
    /// say whether there is one (it usually follows the image data).
    static func webP(_ b: inout HeaderBytes) -> ExifOrientation? {
        guard let flags = b.u8(20), flags & 0x08 != 0 else { return nil }
        var at = 30
        for _ in 0..<mostChunks {
            guard let name = b.bytes(at, 4), let length = b.le32(at + 4) else { return nil }
            if name == Array("EXIF".utf8) { return orientation(&b, at: at + 8, length: length) }
            at += 8 + length + (length & 1)
        }
        return nil
    }

    /// A PNG's `eXIf` chunk, before its first `IDAT`, where the PNG specification puts it. An
    /// orientation kept only in XMP (an `iTXt` chunk) is not read.
    static func png(_ b: inout HeaderBytes) -> ExifOrientation? {
        var at = 8
        for _ in 0..<mostChunks {
            guard let length = b.be32(at), let name = b.bytes(at + 4, 4), name != Array("IDAT".utf8) else { return nil }
            if name == Array("eXIf".utf8) { return orientation(&b, at: at + 8, length: length) }
            at += 12 + length
        }
        return nil
    }

    private static func orientation(_ b: inout HeaderBytes, at: Int, length: Int) -> ExifOrientation? {
        guard var tiff = b.bytes(at, min(length, largestChunk)) else { return nil }
        if tiff.starts(with: Array("Exif".utf8) + [0, 0]) { tiff.removeFirst(6) }
        return ExifSegment(tiff: tiff)?.orientation.flatMap(ExifOrientation.init(rawValue:))
    }
}
