import Foundation

/// The formats whose size sits at fixed places in their first bytes: PNG, BMP (Windows' and
/// OS/2's headers), WebP, QOI, PNM, PCX and TGA. Where a format's coding bounds how tightly
/// pixels pack, the least file that could hold the claim is said too.
public enum FixedHeaders {
    /// IHDR, which must come first, and the orientation of an `eXIf` chunk. Deflate packs at most 1,032 bytes into one, so the filtered
    /// rows set a least size (a 300-byte PNG claiming 50000² cannot be one).
    public static func png(_ b: inout HeaderBytes) -> PhotoHeader.Dimensions? {
        guard b.be32(8) == 13, b.bytes(12, 4) == Array("IHDR".utf8), let width = b.be32(16), let height = b.be32(20),
            let depth = b.u8(24), let colour = b.u8(25)
        else { return nil }
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colour] ?? 4
        let rowBytes = (min(width, PhotoHeader.largestSide + 1) * channels * depth + 7) / 8 + 1
        var found = PhotoHeader.Dimensions(
            kind: .png, width: width, height: height,
            leastFileBytes: rowBytes * min(height, PhotoHeader.largestSide + 1) / 1032)
        found.orientation = ChunkExif.png(&b)
        return found
    }

    /// Windows' header (40 bytes or more, signed 32-bit sides, a negative height drawn top
    /// down) or OS/2's first (12 bytes, unsigned 16-bit sides). Uncompressed rows are all there.
    public static func bmp(_ b: inout HeaderBytes) -> PhotoHeader.Dimensions? {
        guard let headerSize = b.le32(14) else { return nil }
        let width: Int
        let height: Int
        let bitsPerPixel: Int
        let compression: Int
        if headerSize == 12 {
            guard let w = b.le16(18), let h = b.le16(20), let bits = b.le16(24) else { return nil }
            (width, height, bitsPerPixel, compression) = (w, h, bits, 0)
        } else if headerSize >= 16 {
            guard let w = b.le32(18), let h = b.le32(22), let bits = b.le16(28) else { return nil }
            width = Int(Int32(truncatingIfNeeded: w))
            height = Int(Int32(truncatingIfNeeded: h).magnitude)
            bitsPerPixel = bits
            compression = headerSize >= 20 ? (b.le32(30) ?? 0) : 0
        } else {
            return nil
        }
        guard width > 0 else { return nil }
        let rowBytes = (min(width, PhotoHeader.largestSide + 1) * bitsPerPixel + 31) / 32 * 4
        return PhotoHeader.Dimensions(
            kind: .bmp, width: width, height: height,
            leastFileBytes: compression == 0 ? rowBytes * min(height, PhotoHeader.largestSide + 1) : 0)
    }

    /// The first chunk: lossy (`VP8 `, 14-bit sides after the key frame's start code), lossless
    /// (`VP8L`, 14-bit sides less one after its signature) or extended (`VP8X`, the canvas's
    /// 24-bit sides less one).
    public static func webP(_ b: inout HeaderBytes) -> PhotoHeader.Dimensions? {
        guard let chunk = b.bytes(12, 4).map({ String(decoding: $0, as: UTF8.self) }) else { return nil }
        var found: PhotoHeader.Dimensions
        switch chunk {
        case "VP8 ":
            guard b.bytes(23, 3) == [0x9D, 0x01, 0x2A], let w = b.le16(26), let h = b.le16(28) else { return nil }
            found = PhotoHeader.Dimensions(kind: .webp, width: w & 0x3FFF, height: h & 0x3FFF)
            found.decodesToAnySize = true
        case "VP8L":
            // Lossless: its decoder keeps every pixel, whatever size it is shown at.
            guard b.u8(20) == 0x2F, let packed = b.le32(21) else { return nil }
            found = PhotoHeader.Dimensions(
                kind: .webp, width: (packed & 0x3FFF) + 1, height: (packed >> 14 & 0x3FFF) + 1)
        case "VP8X":
            guard let flags = b.u8(20), let w = b.bytes(24, 3), let h = b.bytes(27, 3) else { return nil }
            func le24(_ x: [UInt8]) -> Int { Int(x[0]) | Int(x[1]) << 8 | Int(x[2]) << 16 }
            found = PhotoHeader.Dimensions(kind: .webp, width: le24(w) + 1, height: le24(h) + 1)
            // Lossy within, if its first image chunk says so (an animation is refused by its decoder).
            found.decodesToAnySize = flags & 0x02 == 0 && firstImageChunk(&b) == "VP8 "
            found.orientation = ChunkExif.webP(&b)
        default:
            return nil
        }
        return found
    }

    /// The first `VP8 ` or `VP8L` chunk's name after an extended WebP's header, within the
    /// chunks read (`ALPH`, `ICCP` and the like come first); nil if none is found.
    private static func firstImageChunk(_ b: inout HeaderBytes) -> String? {
        var at = 30
        for _ in 0..<8 {
            guard let name = b.bytes(at, 4).map({ String(decoding: $0, as: UTF8.self) }), let length = b.le32(at + 4)
            else { return nil }
            if name == "VP8 " || name == "VP8L" { return name }
            at += 8 + length + (length & 1)
        }
        return nil
    }

    /// QOI's 14-byte header; its longest run packs 62 pixels into a byte.
    public static func qoi(_ b: inout HeaderBytes) -> PhotoHeader.Dimensions? {
        guard let w = b.be32(4), let h = b.be32(8) else { return nil }
        return PhotoHeader.Dimensions(kind: .qoi, width: w, height: h, leastFileBytes: PhotoHeader.area(w, h) / 62)
    }

    /// `P1` to `P6`, then the width, the height (and a maximum, but for bitmaps) as decimal text,
    /// comments allowed between them. The binary kinds store every sample, the text kinds at
    /// least a character each.
    public static func pnm(_ head: Data) -> PhotoHeader.Dimensions? {
        let b = [UInt8](head.prefix(4096))
        guard b.count >= 3 else { return nil }
        let variant = Int(b[1]) - Int(UInt8(ascii: "0"))
        var i = 2
        func number() -> Int? {
            while i < b.count {
                if b[i] == UInt8(ascii: "#") {
                    while i < b.count, b[i] != 0x0A, b[i] != 0x0D { i += 1 }
                } else if [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C].contains(b[i]) {
                    i += 1
                } else {
                    break
                }
            }
            var value = 0
            var digits = 0
            while i < b.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b[i]), digits < 10 {
                value = value * 10 + Int(b[i] - UInt8(ascii: "0"))
                digits += 1
                i += 1
            }
            return digits > 0 ? value : nil
        }
        guard let width = number(), let height = number() else { return nil }
        let samples = variant == 3 || variant == 6 ? 3 : 1
        let area = PhotoHeader.area(width, height)
        // A P4 bitmap packs eight pixels a byte; every other kind takes a byte (or a character) a sample.
        let least =
            variant == 4
            ? (min(width, PhotoHeader.largestSide + 1) + 7) / 8 * min(height, PhotoHeader.largestSide + 1)
            : area * samples
        return PhotoHeader.Dimensions(kind: .pnm, width: width, height: height, leastFileBytes: least)
    }

    /// ZSoft's 128-byte header: the window's corners, inclusive. Its run-length coding packs at
    /// most 63 bytes into two.
    public static func pcx(_ b: inout HeaderBytes) -> PhotoHeader.Dimensions? {
        guard let bits = b.u8(3), let x0 = b.le16(4), let y0 = b.le16(6), let x1 = b.le16(8), let y1 = b.le16(10),
            let planes = b.u8(65),
            let rowBytes = b.le16(66), x1 >= x0, y1 >= y0, rowBytes >= ((x1 - x0 + 1) * bits + 7) / 8
        else { return nil }
        let height = y1 - y0 + 1
        return PhotoHeader.Dimensions(
            kind: .pcx, width: x1 - x0 + 1, height: height, leastFileBytes: rowBytes * max(planes, 1) * height * 2 / 63)
    }

    /// TGA's 18-byte header; its run-length packets repeat a pixel at most 128 times.
    public static func tga(_ b: inout HeaderBytes) -> PhotoHeader.Dimensions? {
        guard let header = b.bytes(0, 18), TGAHeader.isPlausible(header) else { return nil }
        let width = Int(header[12]) | Int(header[13]) << 8
        let height = Int(header[14]) | Int(header[15]) << 8
        return PhotoHeader.Dimensions(kind: .tga, width: width, height: height, leastFileBytes: width * height / 128)
    }
}

/// TGA has no signature: a header is taken as one when every field is one a TGA can have.
public enum TGAHeader {
    public static func isPlausible(_ b: [UInt8]) -> Bool {
        guard b.count >= 18 else { return false }
        let colourMap = b[1]
        let type = b[2]
        let bits = b[16]
        return colourMap <= 1 && [1, 2, 3, 9, 10, 11].contains(type) && [8, 15, 16, 24, 32].contains(bits)
            && (b[12] != 0 || b[13] != 0) && (b[14] != 0 || b[15] != 0)
    }
}
