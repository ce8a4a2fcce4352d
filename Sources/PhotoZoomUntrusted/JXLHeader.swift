import Foundation
import PhotoZoomCore

/// A JPEG XL's size and orientation as its codestream's first bits say (`SizeHeader`, then the
/// start of `ImageMetadata`), read before libjxl sees a byte, so one claiming 10⁹ pixels meets
/// the megapixel limit and never a decoder. A bare codestream starts `FF 0A`; a container (ISO
/// BMFF, `JXL ` signature box first) holds it in a `jxlc` box or split over `jxlp` boxes, which
/// are walked at the top level only, every length checked against the file's.
public enum JXLHeader {
    /// What the header says: the size coded, before any turn, and how it turns upright.
    public struct Header: Equatable, Sendable {
        public var width: Int
        public var height: Int
        public var orientation: ExifOrientation
    }

    static let codestreamSignature: [UInt8] = [0xFF, 0x0A]
    static let containerSignature: [UInt8] = [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]

    /// Whether `b`, a file's first bytes, starts as a JPEG XL does.
    static func isJXL(_ b: [UInt8]) -> Bool {
        b.starts(with: codestreamSignature) || b.starts(with: containerSignature)
    }

    /// The most top-level boxes walked looking for the codestream.
    public static let maximumBoxes = 64
    /// The codestream bytes read: its signature and the fields read here take at most 12.
    static let codestreamBytes = 16

    /// The header of the file `bytes`, or why no decoder may have it.
    public static func header(_ bytes: inout HeaderBytes) -> Result<Header, DecodeFailure> {
        Result { () throws(DecodeFailure) in
            let head = try codestreamHead(&bytes)
            guard head.starts(with: codestreamSignature) else {
                throw refuse("codestream does not start with its signature (FF 0A)")
            }
            var bits = Bits(bytes: Array(head.dropFirst(2)))
            return try read(&bits)
        }
    }

    /// `header` as the gate's dimensions: the size stored, and the orientation the loader applies.
    static func dimensions(_ bytes: inout HeaderBytes) -> PhotoHeader.Dimensions? {
        guard case .success(let found) = header(&bytes) else { return nil }
        var dimensions = PhotoHeader.Dimensions(kind: .jxl, width: found.width, height: found.height)
        dimensions.orientation = found.orientation
        return dimensions
    }

    static func refuse(_ why: String) -> DecodeFailure { .refused("its JPEG XL \(why)") }

    /// The codestream's first bytes (at most `codestreamBytes`): the file itself, or gathered
    /// from its container's `jxlc` box or its `jxlp` boxes in order.
    private static func codestreamHead(_ bytes: inout HeaderBytes) throws(DecodeFailure) -> [UInt8] {
        guard bytes.bytes(0, containerSignature.count) == containerSignature else {
            return bytes.bytes(0, min(codestreamBytes, bytes.count)) ?? []
        }
        var found: [UInt8] = []
        var at = 0
        for _ in 0..<maximumBoxes {
            guard let size = bytes.be32(at), let type = bytes.bytes(at + 4, 4).map(HEIFHeader.fourCC) else {
                throw refuse("file ends before its codestream")
            }
            var header = 8
            var length = size
            if size == 1 {
                guard let large = bytes.bytes(at + 8, 8).map({ $0.reduce(0) { $0 << 8 | Int($1) } }), large >= 16 else {
                    throw refuse("box '\(type)' has a broken 64-bit length")
                }
                (header, length) = (16, large)
            } else if size == 0 {
                length = bytes.count - at
            }
            guard length >= header, at <= bytes.count - length else {
                throw refuse("box '\(type)' claims \(length) bytes, past the end of the file")
            }
            let body = at + header
            let wanted = codestreamBytes - found.count
            switch type {
            case "jxlc":
                return found + (bytes.bytes(body, min(wanted, length - header)) ?? [])
            case "jxlp":
                guard let index = bytes.be32(body), length - header >= 4 else {
                    throw refuse("box 'jxlp' is too short for its index")
                }
                found += bytes.bytes(body + 4, min(wanted, length - header - 4)) ?? []
                // The last part has the index's top bit set.
                if found.count >= codestreamBytes || index & 0x8000_0000 != 0 { return found }
            default: break
            }
            at += length
            if at == bytes.count { break }
        }
        guard !found.isEmpty else { throw refuse("file has no codestream (no 'jxlc' or 'jxlp' box)") }
        return found
    }

    /// The codestream's bits, least significant first, as JPEG XL reads them.
    struct Bits {
        let bytes: [UInt8]
        var at = 0

        mutating func read(_ count: Int) throws(DecodeFailure) -> Int {
            var value = 0
            for n in 0..<count {
                guard at / 8 < bytes.count else { throw JXLHeader.refuse("file ends inside its size header") }
                value |= Int(bytes[at / 8] >> (at % 8) & 1) << n
                at += 1
            }
            return value
        }

        /// A `U32(Bits(9), Bits(13), Bits(18), Bits(30))` field, as a side is coded.
        mutating func side() throws(DecodeFailure) -> Int {
            try read([9, 13, 18, 30][read(2)]) + 1
        }
    }

    /// The aspect ratios a `SizeHeader` may name instead of coding the width (1 to 7).
    static let ratios: [(Int, Int)] = [(1, 1), (12, 10), (4, 3), (3, 2), (16, 9), (5, 4), (2, 1)]

    /// `SizeHeader`, then `ImageMetadata` as far as its orientation.
    private static func read(_ bits: inout Bits) throws(DecodeFailure) -> Header {
        let small = try bits.read(1) == 1
        let height = try small ? (bits.read(5) + 1) * 8 : bits.side()
        let ratio = try bits.read(3)
        let width =
            try ratio > 0
            ? height * ratios[ratio - 1].0 / ratios[ratio - 1].1 : small ? (bits.read(5) + 1) * 8 : bits.side()
        var orientation = ExifOrientation.up
        // `all_default`, else `extra_fields`, whose first field is the orientation less one.
        if try bits.read(1) == 0, try bits.read(1) == 1 {
            orientation = ExifOrientation(rawValue: try bits.read(3) + 1) ?? .up
        }
        return Header(width: width, height: height, orientation: orientation)
    }
}
