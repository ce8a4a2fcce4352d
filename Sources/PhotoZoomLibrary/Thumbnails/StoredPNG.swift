import CPNG
import Foundation
import PhotoZoomLoaderInterface

/// The image data of the thumbnails this program writes: 8-bit RGBA rows, unfiltered, in
/// deflate's *stored* blocks, which every PNG reader reads. Reading such a PNG back is checking
/// lengths and copying rows, with no decoder of hostile bytes in it, so the window does it in
/// its own process, where a thumbnail deflated by another program goes to a loader to be
/// inflated. The cache's files are larger for it (the pixels as they are, with a few bytes a row
/// and a block), and a warm folder opens without a loader.
public enum StoredPNG {
    /// The longest stored block deflate has.
    private static let blockBytes = 65_535

    /// `pixels` as a zlib stream of stored blocks: each row its filter byte (none) and its
    /// RGBA pixels, whatever `pixels`' own layout.
    public static func imageData(_ pixels: PixelBuffer) -> [UInt8] {
        let rowBytes = 1 + pixels.width * 4
        var raw = [UInt8](repeating: 0, count: rowBytes * pixels.height)
        raw.withUnsafeMutableBytes { out in
            // Copying ARGB8888 "as" ARGB8888 exchanges red and blue, which makes it RGBA.
            for y in 0..<pixels.height {
                _ = PixelRows.copy(
                    from: pixels.bytes + y * pixels.pitch, pitch: pixels.pitch, width: pixels.width, height: 1,
                    into: out.baseAddress! + y * rowBytes + 1, as: pixels.layout)
            }
        }
        // zlib's header: deflate with a 32 KiB window, no dictionary, the check bits making it a multiple of 31.
        var stream: [UInt8] = [0x78, 0x01]
        stream.reserveCapacity(raw.count + raw.count / blockBytes * 5 + 11)
        var at = 0
        repeat {
            let length = min(blockBytes, raw.count - at)
            let final: UInt8 = at + length == raw.count ? 1 : 0
            stream += [
                final, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF),
            ]
            stream += raw[at..<at + length]
            at += length
        } while at < raw.count
        let check = raw.withUnsafeBufferPointer { UInt32(adler32(1, $0.baseAddress, uInt($0.count))) }
        stream += withUnsafeBytes(of: check.bigEndian) { Array($0) }
        return stream
    }

    /// A stored PNG read back: its pixels in the layout asked for, and what copying them found.
    public struct Picture {
        public let pixels: PixelBuffer
        public let summary: PixelSummary
    }

    /// The pixels of `png`, in `layout`, if it is a PNG as `imageData` writes them: 8-bit RGBA,
    /// not interlaced, no side over `largestSide`, its image data in consecutive IDAT chunks
    /// before IEND making one zlib stream of stored blocks only, exactly as long as its rows,
    /// every row unfiltered, the stream's checksum right. Nil for anything else, which a loader
    /// then decodes. Every length is checked against the bytes there are before it is used.
    public static func read(_ png: Data, largestSide: Int, as layout: PixelLayout) -> Picture? {
        png.withUnsafeBytes { bytes -> Picture? in
            guard let header = Header(bytes, largestSide: largestSide),
                case .success(let pixels) = PixelBuffer.make(width: header.width, height: header.height, layout: layout),
                let summary = withImageStream(bytes, { copyRows(of: $0, header: header, into: pixels) }) ?? nil
            else { return nil }
            return Picture(pixels: pixels, summary: summary)
        }
    }

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private static func bigEndian(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Int {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }

    /// The header chunk, first after the signature, of an image `imageData` could have written.
    private struct Header {
        let width: Int
        let height: Int
        var rowBytes: Int { 1 + width * 4 }

        init?(_ bytes: UnsafeRawBufferPointer, largestSide: Int) {
            guard bytes.count >= 8 + 25, bytes.starts(with: signature), bigEndian(bytes, at: 8) == 13,
                bytes[12..<16].elementsEqual("IHDR".utf8)
            else { return nil }
            width = bigEndian(bytes, at: 16)
            height = bigEndian(bytes, at: 20)
            // Bit depth 8, colour type 6 (RGBA), deflate, adaptive filtering, no interlace.
            guard width >= 1, height >= 1, width <= largestSide, height <= largestSide,
                bytes[24..<29].elementsEqual([8, 6, 0, 0, 0])
            else { return nil }
        }
    }

    /// `body` of the bytes of the IDAT chunks, which must follow one another: the one chunk's
    /// own, or the chunks' joined. Nil unless the chunks reach an IEND whole.
    private static func withImageStream<Result>(
        _ bytes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Result
    ) -> Result? {
        var chunks: [Range<Int>] = []
        var at = 8 + 25
        var dataEnded = false
        while at + 12 <= bytes.count {
            let length = bigEndian(bytes, at: at)
            guard length <= bytes.count - at - 12 else { return nil }
            let type = bytes[at + 4..<at + 8]
            if type.elementsEqual("IDAT".utf8) {
                guard !dataEnded else { return nil }
                chunks.append(at + 8..<at + 8 + length)
            } else if !chunks.isEmpty {
                dataEnded = true
            }
            if type.elementsEqual("IEND".utf8) {
                guard let first = chunks.first else { return nil }
                if chunks.count == 1 { return body(UnsafeRawBufferPointer(rebasing: bytes[first])) }
                return chunks.reduce(into: [UInt8]()) { $0 += UnsafeRawBufferPointer(rebasing: bytes[$1]) }
                    .withUnsafeBytes(body)
            }
            at += 12 + length
        }
        return nil
    }

    /// Copies the rows a zlib stream of stored blocks holds into `pixels`, in its layout, as
    /// the blocks come: whole rows straight from the stream, a row cut by a block's end through
    /// a row of its own. Nil, and `pixels` half written, unless the stream is exactly
    /// `header`'s rows, every one starting with the filter byte for none, and its checksum right.
    private static func copyRows(
        of stream: UnsafeRawBufferPointer, header: Header, into pixels: PixelBuffer
    ) -> PixelSummary? {
        // zlib's header: deflate, any window, no dictionary, the check bits right.
        guard stream.count >= 2 + 5 + 4, stream[0] & 0x0F == 8, stream[0] >> 4 <= 7,
            (Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0, stream[1] & 0x20 == 0
        else { return nil }
        let rowBytes = header.rowBytes
        let count = rowBytes * header.height
        var sums = PixelRows.Sums()
        var cut = [UInt8](repeating: 0, count: rowBytes)
        var cutBytes = 0
        var row = 0
        var read = 0
        var check = adler32(0, nil, 0)
        /// Copies `rows` whole rows from `from` to the next rows of `pixels`; false for a filtered one.
        func copy(_ rows: Int, from: UnsafeRawPointer) -> Bool {
            guard (0..<rows).allSatisfy({ from.load(fromByteOffset: $0 * rowBytes, as: UInt8.self) == 0 }) else {
                return false
            }
            PixelRows.copy(
                from: from + 1, pitch: rowBytes, width: header.width, height: rows,
                into: pixels.bytes + row * pixels.pitch, as: pixels.layout, adding: &sums)
            row += rows
            return true
        }
        var at = 2
        while true {
            guard at + 5 <= stream.count, stream[at] & 0b110 == 0 else { return nil }
            let final = stream[at] & 1 == 1
            let length = Int(stream[at + 1]) | Int(stream[at + 2]) << 8
            let complement = Int(stream[at + 3]) | Int(stream[at + 4]) << 8
            at += 5
            guard length ^ complement == 0xFFFF, length <= stream.count - at, length <= count - read else {
                return nil
            }
            let block = UnsafeRawBufferPointer(rebasing: stream[at..<at + length])
            check = adler32(check, block.baseAddress?.assumingMemoryBound(to: UInt8.self), uInt(length))
            var taken = 0
            // The end of a row the last block cut.
            if cutBytes > 0 {
                let more = min(rowBytes - cutBytes, length)
                cut.withUnsafeMutableBytes {
                    $0.baseAddress!.advanced(by: cutBytes).copyMemory(from: block.baseAddress!, byteCount: more)
                }
                cutBytes += more
                taken = more
                if cutBytes == rowBytes {
                    guard cut.withUnsafeBytes({ copy(1, from: $0.baseAddress!) }) else { return nil }
                    cutBytes = 0
                }
            }
            let whole = (length - taken) / rowBytes
            if whole > 0 {
                guard copy(whole, from: block.baseAddress! + taken) else { return nil }
                taken += whole * rowBytes
            }
            // The start of a row the next block ends.
            if taken < length {
                cut.withUnsafeMutableBytes {
                    $0.baseAddress!.copyMemory(from: block.baseAddress! + taken, byteCount: length - taken)
                }
                cutBytes = length - taken
            }
            read += length
            at += length
            if final { break }
        }
        guard read == count, row == header.height, at + 4 == stream.count,
            stream[at...].reduce(0, { $0 << 8 | UInt32($1) }) == UInt32(check)
        else { return nil }
        return sums.summary
    }
}
