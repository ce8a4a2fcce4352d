import Foundation

/// JPEG XL files built bit by bit where no encoder would write them: a size header claiming
/// any size and orientation, bare or in a container, its codestream whole or split.
enum JXLBytes {
    /// Bits written least significant first, as a JPEG XL codestream reads them.
    struct Writer {
        var bytes: [UInt8] = []
        var count = 0

        mutating func write(_ value: Int, _ bits: Int) {
            for n in 0..<bits {
                if count % 8 == 0 { bytes.append(0) }
                bytes[count / 8] |= UInt8(value >> n & 1) << (count % 8)
                count += 1
            }
        }

        /// A side as `U32(Bits(9), Bits(13), Bits(18), Bits(30))`, less one.
        mutating func side(_ side: Int) {
            let selector = [9, 13, 18, 30].firstIndex { side - 1 < 1 << $0 }!
            write(selector, 2)
            write(side - 1, [9, 13, 18, 30][selector])
        }
    }

    /// A bare codestream's signature and size header for `width`×`height` (coded in full, not
    /// by ratio), turned by `orientation` (1 to 8), then `rest`: no picture follows.
    static func codestream(width: Int, height: Int, orientation: Int = 1, rest: [UInt8] = [0, 0, 0, 0]) -> [UInt8] {
        var bits = Writer()
        bits.write(0, 1)
        bits.side(height)
        bits.write(0, 3)
        bits.side(width)
        if orientation == 1 {
            bits.write(1, 1)
        } else {
            bits.write(0, 1)
            bits.write(1, 1)
            bits.write(orientation - 1, 3)
        }
        return [0xFF, 0x0A] + bits.bytes + rest
    }

    static func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(value >> (24 - 8 * $0) & 0xFF) } }

    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] { be32(8 + body.count) + Array(type.utf8) + body }

    /// `codestream` in a container: whole in a `jxlc` box, or in `jxlp` boxes of `split` bytes.
    static func container(_ codestream: [UInt8], split: Int? = nil) -> [UInt8] {
        var file =
            [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]
            + box("ftyp", Array("jxl \0\0\0\0jxl ".utf8))
        file += box("Exif", [0, 0, 0, 0] + Array("II*\0".utf8))
        guard let split else { return file + box("jxlc", codestream) }
        let parts = stride(from: 0, to: codestream.count, by: split).map {
            Array(codestream[$0..<min($0 + split, codestream.count)])
        }
        for (index, part) in parts.enumerated() {
            file += box("jxlp", be32(index | (index == parts.count - 1 ? 1 << 31 : 0)) + part)
        }
        return file
    }
}
