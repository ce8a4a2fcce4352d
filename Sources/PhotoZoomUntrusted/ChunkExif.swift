import Foundation
import PhotoZoomCore

/// The EXIF orientation a WebP or a PNG keeps in a chunk of its own (WebP's `EXIF`, PNG's
/// `eXIf`, or a PNG's XMP), which their decoders ignore. The chunk holds the TIFF structure a
/// JPEG's APP1 does (`ExifSegment`), after JPEG's "Exif\0\0" where a writer copied the segment
/// whole. The chunks are walked with every length checked against the file, and at most
/// `largestChunk` bytes of one are read: IFD0, which holds the orientation, comes first, as
/// XMP's packet does in the files that carry one.
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

    /// A PNG's `eXIf` chunk, else the `tiff:Orientation` of its XMP (an uncompressed `iTXt`
    /// chunk `XML:com.adobe.xmp`), before its first `IDAT`. One after the image data is not
    /// read: the PNG specification puts them before it, and browsers read none after it.
    static func png(_ b: inout HeaderBytes) -> ExifOrientation? {
        var xmp: ExifOrientation?
        var at = 8
        for _ in 0..<mostChunks {
            guard let length = b.be32(at), let name = b.bytes(at + 4, 4), name != Array("IDAT".utf8) else { break }
            if name == Array("eXIf".utf8) { return orientation(&b, at: at + 8, length: length) }
            if name == Array("iTXt".utf8), xmp == nil { xmp = xmpOrientation(&b, at: at + 8, length: length) }
            at += 12 + length
        }
        return xmp
    }

    /// The keyword and flags an uncompressed iTXt chunk of XMP starts with.
    private static let xmpKeyword = Array("XML:com.adobe.xmp".utf8) + [0, 0, 0]
    private static let orientationName = Array("tiff:Orientation".utf8)

    /// The `tiff:Orientation` of an iTXt chunk's XMP, as an attribute (`tiff:Orientation="6"`)
    /// or an element (`<tiff:Orientation>6</tiff:Orientation>`), in its first `largestChunk` bytes.
    private static func xmpOrientation(_ b: inout HeaderBytes, at: Int, length: Int) -> ExifOrientation? {
        // Another iTXt's text is not read at all.
        guard b.bytes(at, xmpKeyword.count) == xmpKeyword, let text = b.bytes(at, min(length, largestChunk)) else {
            return nil
        }
        // After the keyword and flags, a language tag and a translated keyword, each ended by NUL.
        var start = xmpKeyword.count
        for _ in 0..<2 {
            guard let end = text[start...].firstIndex(of: 0) else { return nil }
            start = end + 1
        }
        let xml = text[start...]
        var from = xml.startIndex
        while let found = firstRange(of: orientationName, in: xml[from...]) {
            from = found.upperBound
            if let value = value(after: xml[found.upperBound...]) { return value }
        }
        return nil
    }

    /// Where `needle` first occurs in `haystack`.
    private static func firstRange(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Range<Int>? {
        guard haystack.count >= needle.count else { return nil }
        for start in haystack.startIndex...(haystack.endIndex - needle.count)
        where haystack[start..<start + needle.count].elementsEqual(needle) {
            return start..<start + needle.count
        }
        return nil
    }

    /// The orientation written right after the property's name: `="6"` or `='6'` (spaces
    /// allowed around `=`), or `>6<`.
    private static func value(after rest: ArraySlice<UInt8>) -> ExifOrientation? {
        let spaces: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        var tail = rest.drop { spaces.contains($0) }
        let close: UInt8
        switch tail.first {
        case UInt8(ascii: "="):
            tail = tail.dropFirst().drop { spaces.contains($0) }
            guard let quote = tail.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
            close = quote
        case UInt8(ascii: ">"): close = UInt8(ascii: "<")
        default: return nil
        }
        let inner = tail.dropFirst()
        guard inner.count >= 2, inner[inner.startIndex + 1] == close, let digit = inner.first else { return nil }
        return ExifOrientation(rawValue: Int(digit) - Int(UInt8(ascii: "0")))
    }

    private static func orientation(_ b: inout HeaderBytes, at: Int, length: Int) -> ExifOrientation? {
        guard var tiff = b.bytes(at, min(length, largestChunk)) else { return nil }
        if tiff.starts(with: Array("Exif".utf8) + [0, 0]) { tiff.removeFirst(6) }
        return ExifSegment(tiff: tiff)?.orientation.flatMap(ExifOrientation.init(rawValue:))
    }
}
