import Foundation

/// PNG files built byte by byte, whose pixels a test knows exactly: chunks sealed with their
/// CRC, the image data in stored (uncompressed) deflate blocks, so a row's bytes sit at a
/// place the test can name and cut.
struct HandMadePNG {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    var width: Int
    var height: Int
    var depth: Int
    /// 0 grey, 2 RGB, 3 palette, 4 grey and alpha, 6 RGBA.
    var colourType: Int
    /// Each row's samples, packed as the PNG stores them, without the filter byte.
    var rows: [[UInt8]]
    /// Chunks between the header and the image data: PLTE, tRNS, gAMA and the like.
    var chunks: [[UInt8]] = []

    /// `samples` of `depth` bits packed into bytes, most significant first; 16-bit big-endian.
    static func pack(_ samples: [Int], depth: Int) -> [UInt8] {
        if depth == 16 { return samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
        var bytes: [UInt8] = []
        var bits = 0
        var filled = 0
        for sample in samples {
            bits = bits << depth | sample
            filled += depth
            if filled == 8 {
                bytes.append(UInt8(bits))
                (bits, filled) = (0, 0)
            }
        }
        if filled > 0 { bytes.append(UInt8(bits << (8 - filled))) }
        return bytes
    }

    /// A chunk: its length, type, body and the CRC of type and body.
    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (24 - 8 * $0) & 0xFF) } }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }

    /// `bytes` with the CRC of every whole chunk made right again, so a change inside a chunk
    /// reaches past libpng's check of it.
    static func resealed(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        var at = signature.count
        while at + 12 <= out.count {
            let length = out[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            guard length <= out.count - at - 12 else { break }
            out.replaceSubrange(
                at + 8 + length..<at + 12 + length, with: bigEndian(crc32(Array(out[at + 4..<at + 8 + length]))))
            at += 12 + length
        }
        return out
    }

    /// `raw` as a zlib stream of stored blocks.
    static func zlibStored(_ raw: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var at = 0
        repeat {
            let length = min(65535, raw.count - at)
            let last: UInt8 = at + length == raw.count ? 1 : 0
            out += [last, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8 & 0xFF)]
            out += raw[at..<at + length]
            at += length
        } while at < raw.count
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in raw {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + bigEndian(b << 16 | a)
    }

    var header: [UInt8] {
        Self.chunk(
            "IHDR",
            Self.bigEndian(UInt32(width)) + Self.bigEndian(UInt32(height)) + [UInt8(depth), UInt8(colourType), 0, 0, 0])
    }

    /// The image data: each row after its filter byte (none), in one IDAT chunk.
    var imageData: [UInt8] { Self.chunk("IDAT", Self.zlibStored(rows.flatMap { [0] + $0 })) }

    var bytes: [UInt8] { Self.signature + header + chunks.joined() + imageData + Self.chunk("IEND", []) }

    var data: Data { Data(bytes) }

    /// Where row `y`'s filter byte sits in `bytes` (the image data is one stored block).
    func rowOffset(_ y: Int) -> Int {
        let rowBytes = rows.first.map { $0.count + 1 } ?? 1
        return Self.signature.count + header.count + chunks.joined().count + 8 + 2 + 5 + y * rowBytes
    }
}
