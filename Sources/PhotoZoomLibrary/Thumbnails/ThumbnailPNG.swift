import CPNG
import Foundation
import PhotoZoomLoader

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
/// chunks say which file, as of when, they show. libpng writes the image; its simple API
/// writes no text, so the chunks are put in after the header, each sealed with zlib's CRC.
public enum ThumbnailPNG {
    /// Why a thumbnail could not be encoded, in libpng's words.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// `pixels` as a PNG holding `text`, or libpng's reason why not.
    public static func encode(_ pixels: PixelBuffer, text: [PNGText]) -> Result<Data, Failure> {
        guard let pixels = pixels.layout == .rgba ? pixels : pixels.copy(as: .rgba) else {
            return .failure(Failure(description: "no memory for a thumbnail's pixels"))
        }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(pixels.width)
        image.height = png_uint_32(pixels.height)
        image.format = photozoom_png_format_rgba
        // libpng's fast setting (no filters, lighter deflate): thumbnails are made several times
        // sooner, for files a third larger.
        image.flags = png_uint_32(PNG_IMAGE_FLAG_FAST)
        let raw = Int(image.width) * 4 * Int(image.height)
        // Room for the pixels stored uncompressed, as deflate does when it cannot shrink them;
        // libpng says when it needs more, and then it gets that.
        var capacity = raw + raw / 256 + 1024
        for _ in 0..<2 {
            var png = Data(count: capacity)
            var written = png_alloc_size_t(capacity)
            let done = png.withUnsafeMutableBytes { out in
                png_image_write_to_memory(
                    &image, out.baseAddress, &written, 0, pixels.bytes, Int32(pixels.pitch), nil)
            }
            if done != 0 {
                png.count = Int(written)
                return withText(png, text)
            }
            // Too small a buffer shows as a larger count; anything else is libpng's error.
            guard Int(written) > capacity else { break }
            capacity = Int(written)
        }
        let message = withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return .failure(Failure(description: "libpng: \(message)"))
    }

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The signature and the header chunk (length, type, 13 bytes of data, CRC), which comes first.
    private static let headerEnd = 8 + 4 + 4 + 13 + 4

    /// `png` with a tEXt chunk for each of `text` right after its header.
    private static func withText(_ png: Data, _ text: [PNGText]) -> Result<Data, Failure> {
        guard png.count > headerEnd, png.dropFirst(12).prefix(4).elementsEqual("IHDR".utf8) else {
            return .failure(Failure(description: "libpng wrote no header chunk first"))
        }
        var out = Data(png.prefix(headerEnd))
        for entry in text {
            let body =
                Array(entry.keyword.data(using: .isoLatin1, allowLossyConversion: true) ?? Data()) + [0]
                + Array(entry.text.data(using: .isoLatin1, allowLossyConversion: true) ?? Data())
            let typed = Array("tEXt".utf8) + body
            let crc = UInt32(typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
            out.append(contentsOf: bigEndian(UInt32(body.count)) + typed + bigEndian(crc))
        }
        out.append(png.dropFirst(headerEnd))
        return .success(out)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }

    /// Whether `png` ends in its IEND chunk, as a PNG written whole does.
    public static func endsWhole(_ png: Data) -> Bool {
        png.suffix(12).elementsEqual([0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    }

    /// The tEXt chunks of `png`, in file order; nil when it is not a PNG. Chunks are walked by
    /// their lengths, every one checked against the bytes there are, so a truncated or hostile
    /// file ends the walk rather than reading past it.
    public static func text(in png: Data) -> [PNGText]? {
        let bytes = [UInt8](png)
        guard bytes.starts(with: signature) else { return nil }
        var found: [PNGText] = []
        var at = signature.count
        while at + 12 <= bytes.count {
            let length = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
            guard length <= bytes.count - at - 12, type != "IEND" else { break }
            let body = bytes[at + 8..<at + 8 + length]
            if type == "tEXt", let split = body.firstIndex(of: 0) {
                found.append(
                    PNGText(
                        keyword: String(bytes: body[..<split], encoding: .isoLatin1) ?? "",
                        text: String(bytes: body[(split + 1)...], encoding: .isoLatin1) ?? ""))
            }
            at += 12 + length
        }
        return found
    }
}
