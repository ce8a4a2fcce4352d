import Foundation
import PhotoZoomLoader
import PhotoZoomLoaderInterface

/// GIF files built byte by byte, whose pixels a test knows exactly. The image data is LZW of
/// 9-bit codes, every index a literal and a clear code before the table would widen them, so
/// any index from 0 to 255 can be stored whatever the colour table's size.
struct HandMadeGIF {
    struct Frame {
        var left = 0
        var top = 0
        var width: Int
        var height: Int
        /// Colour indices, row after row as shown (stored interlaced when `interlaced`).
        var indices: [Int]
        var localTable: [RGBA]? = nil
        var transparent: Int? = nil
        var interlaced = false
    }

    var width: Int
    var height: Int
    var globalTable: [RGBA]?
    var frames: [Frame]

    static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }

    /// A colour table's flag bits (its size, 2^(n+1)) and entries, padded to that size.
    static func table(_ colours: [RGBA]) -> (bits: UInt8, bytes: [UInt8]) {
        var bits = 0
        while 2 << bits < colours.count { bits += 1 }
        let padded = colours + Array(repeating: RGBA(r: 0, g: 0, b: 0), count: (2 << bits) - colours.count)
        return (UInt8(bits), padded.flatMap { [$0.r, $0.g, $0.b] })
    }

    /// The minimum code size (8) and `indices` as LZW in data sub-blocks, ended by an empty one.
    static func lzw(_ indices: [Int]) -> [UInt8] {
        var codes = [256]
        for (n, index) in indices.enumerated() {
            if n > 0, n % 254 == 0 { codes.append(256) }
            codes.append(index)
        }
        codes.append(257)
        var packed: [UInt8] = []
        var bits = 0
        var filled = 0
        for code in codes {
            bits |= code << filled
            filled += 9
            while filled >= 8 {
                packed.append(UInt8(bits & 0xFF))
                bits >>= 8
                filled -= 8
            }
        }
        if filled > 0 { packed.append(UInt8(bits)) }
        var out: [UInt8] = [8]
        for start in stride(from: 0, to: packed.count, by: 255) {
            let block = packed[start..<min(start + 255, packed.count)]
            out += [UInt8(block.count)] + block
        }
        return out + [0]
    }

    /// Everything but the trailer: header, screen, global table, then each frame.
    var body: [UInt8] {
        var out = Array("GIF89a".utf8) + Self.le16(width) + Self.le16(height)
        if let globalTable {
            let table = Self.table(globalTable)
            out += [0x80 | table.bits, 0, 0] + table.bytes
        } else {
            out += [0, 0, 0]
        }
        for frame in frames {
            if let transparent = frame.transparent { out += [0x21, 0xF9, 4, 1, 0, 0, UInt8(transparent), 0] }
            var flags: UInt8 = frame.interlaced ? 0x40 : 0
            var local: [UInt8] = []
            if let localTable = frame.localTable {
                let table = Self.table(localTable)
                flags |= 0x80 | table.bits
                local = table.bytes
            }
            out += [0x2C] + Self.le16(frame.left) + Self.le16(frame.top) + Self.le16(frame.width)
            out += Self.le16(frame.height) + [flags] + local
            // Interlaced: rows 0, 8, 16…, then 4, 12…, then 2, 6…, then the odd ones.
            let rows =
                frame.interlaced
                ? (0..<frame.height).sorted { a, b in
                    let passes = [a, b].map { $0 % 8 == 0 ? 0 : $0 % 8 == 4 ? 1 : $0 % 2 == 0 ? 2 : 3 }
                    return passes[0] != passes[1] ? passes[0] < passes[1] : a < b
                }
                : Array(0..<frame.height)
            out += Self.lzw(rows.flatMap { frame.indices[$0 * frame.width..<($0 + 1) * frame.width] })
        }
        return out
    }

    var data: Data { Data(body + [0x3B]) }
}
