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
        var pixels: Int { width * height }
    }

    /// The dimensions `data` claims; nil for a format whose header is not read here (WebP,
    /// TIFF) or a header too broken to say.
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
        return nil
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
        return Dimensions(width: Int(width), height: Int(height), isCMYK: ink)
    }
}
