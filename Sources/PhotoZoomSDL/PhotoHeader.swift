import CTurboJPEG
import Foundation

/// What a photo file says about itself before any pixel is decoded: its size in pixels, read
/// from the header (libjpeg-turbo for JPEG, the fixed fields of PNG, GIF and BMP). A decoder
/// allocates what the header claims, so the claim is checked first: a 694-byte JPEG claiming
/// 30000×30000 pixels would otherwise ask for 3.6 GB.
enum PhotoHeader {
    struct Dimensions: Equatable {
        let width: Int
        let height: Int
        /// A JPEG whose pixels are ink (CMYK, or Adobe's YCCK), which SDL_image hands back raw.
        var isCMYK = false
        /// A JPEG that libjpeg-turbo decodes a row of blocks at a time, at any of its scales:
        /// not progressive or arithmetic-coded, whose decoders keep every coefficient of the
        /// whole image however small the output.
        var decodesInStrips = false
        /// The fewest bytes a file of these pixels can be: for a Huffman-coded JPEG, a 1,024th of
        /// a byte a pixel, where one flat colour takes a 170th (two bits for each 8×8 block of
        /// each channel); nothing known for other formats (a bilevel PNG deflates further).
        var leastFileBytes = 0
        var pixels: Int { width * height }

        /// The fewest pixels its decoder can produce: an eighth of each side for a JPEG decoded
        /// in strips (libjpeg-turbo's smallest scale), else all of them.
        var fewestDecodedPixels: Int { decodesInStrips ? ((width + 7) / 8) * ((height + 7) / 8) : pixels }
    }

    /// The dimensions `data` claims; nil for a format whose header is not read here (TIFF, whose
    /// directory may be anywhere in the file, AVIF, JPEG XL) or a header too broken to say.
    static func dimensions(of data: Data) -> Dimensions? {
        let bytes = [UInt8](data.prefix(32))
        func be32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        func le16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
        func le32(_ i: Int) -> Int32 { Int32(bitPattern: UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24) }
        if bytes.starts(with: [0xFF, 0xD8]) { return jpeg(data) }
        if bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            return Dimensions(width: be32(16), height: be32(20))
        }
        if bytes.count >= 10, bytes.starts(with: Array("GIF8".utf8)) { return Dimensions(width: le16(6), height: le16(8)) }
        if bytes.count >= 26, bytes.starts(with: Array("BM".utf8)) {
            // A negative height is a top-down bitmap; the magnitude is the size.
            return Dimensions(width: Int(le32(18).magnitude), height: Int(le32(22).magnitude))
        }
        if bytes.count >= 30, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8) { return webP(bytes) }
        return nil
    }

    /// A WebP's size from its first chunk: lossy (`VP8 `, 14-bit sides after the key frame's
    /// start code), lossless (`VP8L`, 14-bit sides less one after its signature) or extended
    /// (`VP8X`, the canvas's 24-bit sides less one).
    private static func webP(_ bytes: [UInt8]) -> Dimensions? {
        func le16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
        func le24(_ i: Int) -> Int { le16(i) | Int(bytes[i + 2]) << 16 }
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8 ":
            guard bytes[23..<26].elementsEqual([0x9D, 0x01, 0x2A]) else { return nil }
            return Dimensions(width: le16(26) & 0x3FFF, height: le16(28) & 0x3FFF)
        case "VP8L":
            guard bytes[20] == 0x2F else { return nil }
            let packed = le24(21) | Int(bytes[24]) << 24
            return Dimensions(width: (packed & 0x3FFF) + 1, height: (packed >> 14 & 0x3FFF) + 1)
        case "VP8X":
            return Dimensions(width: le24(24) + 1, height: le24(27) + 1)
        default:
            return nil
        }
    }

    private static func jpeg(_ data: Data) -> Dimensions? {
        guard let handle = tjInitDecompress() else { return nil }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let read = data.withUnsafeBytes { raw in
            tjDecompressHeader3(handle, raw.bindMemory(to: UInt8.self).baseAddress, UInt(raw.count), &width, &height, &subsampling, &colorspace)
        }
        guard read == 0, width > 0, height > 0 else { return nil }
        let ink = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let frame = frameMarker(data)
        return Dimensions(width: Int(width), height: Int(height), isCMYK: ink, decodesInStrips: frame.map(sequentialFrames.contains) ?? false,
                          leastFileBytes: frame.map(huffmanFrames.contains) == true ? Int(width) * Int(height) / 1024 : 0)
    }

    /// Start-of-frame markers of Huffman-coded JPEGs (arithmetic coding packs flat areas tighter).
    private static let huffmanFrames: Set<UInt8> = [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7]

    /// Start-of-frame markers of sequential Huffman-coded JPEGs (baseline, extended, lossless).
    private static let sequentialFrames: Set<UInt8> = [0xC0, 0xC1, 0xC3]

    /// The JPEG's start-of-frame marker, found by walking the segments before it (a segment
    /// names its own length, so this reads only their two-byte headers).
    static func frameMarker(_ data: Data) -> UInt8? {
        var i = data.startIndex + 2
        while i + 4 <= data.endIndex {
            guard data[i] == 0xFF else { return nil }
            let marker = data[i + 1]
            if marker == 0xFF { i += 1; continue }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) { return marker }
            // Markers without a length: the restart markers, and the start and end of an image.
            if (0xD0...0xD9).contains(marker) || marker == 0x01 { i += 2; continue }
            let length = Int(data[i + 2]) << 8 | Int(data[i + 3])
            guard length >= 2 else { return nil }
            i += 2 + length
        }
        return nil
    }
}
