import CPNG
import Foundation
import PhotoZoomLoaderInterface

/// One of a PNG's tEXt chunks: a keyword (Latin-1, 1 to 79 bytes) and its text (Latin-1).
public struct PNGText: Equatable {
    public let keyword: String
    public let text: String

    public init(keyword: String, text: String) {
        self.keyword = keyword
        self.text = text
    }
}

/// Thumbnail files: 8-bit RGBA, non-interlaced PNGs (what the standard asks for) whose tEXt
/// chunks, after the header, say which file, as of when, they show; each chunk sealed with
/// zlib's CRC.
public enum ThumbnailPNG {
    /// `pixels` as a PNG holding `text`, its pixels in stored blocks (`StoredPNG`).
    public static func encode(_ pixels: PixelBuffer, text: [PNGText]) -> Data {
        var header = bigEndian(UInt32(pixels.width)) + bigEndian(UInt32(pixels.height))
        // Bit depth 8, colour type 6 (RGBA), deflate, adaptive filtering, no interlace.
        header += [8, 6, 0, 0, 0]
        var png = Data(signature)
        png.append(contentsOf: chunk("IHDR", header))
        for entry in text {
            png.append(
                contentsOf: chunk(
                    "tEXt",
                    Array(entry.keyword.data(using: .isoLatin1, allowLossyConversion: true) ?? Data()) + [0]
                        + Array(entry.text.data(using: .isoLatin1, allowLossyConversion: true) ?? Data())))
        }
        png.append(contentsOf: chunk("IDAT", StoredPNG.imageData(pixels)))
        png.append(contentsOf: chunk("IEND", []))
        return png
    }

    /// A chunk: its length, its type and body, and their CRC.
    private static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        let crc = UInt32(typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
        return bigEndian(UInt32(body.count)) + typed + bigEndian(crc)
    }

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static func bigEndian(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }

    /// Whether `png` ends in its IEND chunk, as a PNG written whole does.
    public static func endsWhole(_ png: Data) -> Bool {
        png.suffix(12).elementsEqual([0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    }

    /// The tEXt chunks of `png`, in file order; nil when it is not a PNG. Chunks are walked by
    /// their lengths, every one checked against the bytes there are, so a truncated or hostile
    /// file ends the walk rather than reading past it.
    public static func text(in png: Data) -> [PNGText]? {
        png.withUnsafeBytes { bytes -> [PNGText]? in
            guard bytes.starts(with: signature) else { return nil }
            var found: [PNGText] = []
            var at = signature.count
            while at + 12 <= bytes.count {
                let length = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
                let type = bytes[at + 4..<at + 8]
                guard length <= bytes.count - at - 12, !type.elementsEqual("IEND".utf8) else { break }
                let body = bytes[at + 8..<at + 8 + length]
                if type.elementsEqual("tEXt".utf8), let split = body.firstIndex(of: 0) {
                    found.append(PNGText(keyword: latin1(body[..<split]), text: latin1(body[(split + 1)...])))
                }
                at += 12 + length
            }
            return found
        }
    }

    /// Latin-1 bytes as text: each byte is the Unicode scalar of its value. A thumbnail's text
    /// is read for every cell a window opens on; Foundation's conversion took most of that.
    private static func latin1(_ bytes: Slice<UnsafeRawBufferPointer>) -> String {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: bytes.map { Unicode.Scalar($0) })
        return String(text)
    }
}
