import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// What a BMP's file header and info header say about its pixels, read and checked before any
/// pixel is: OS/2's 12-byte header, OS/2 2.x's 16 and 64, and Windows' 40 (BITMAPINFOHEADER),
/// 52 and 56 (its V2 and V3 with masks), 108 (V4) and 124 (V5).
struct BMPHeader: Equatable {
    enum Coding: Equatable {
        /// Rows of pixels as they are: palette indices, or values the channels' masks split.
        case uncompressed
        /// Runs of 8-bit (BI_RLE8) or 4-bit (BI_RLE4) palette indices.
        case runLengths(bitsPerIndex: Int)
    }

    var width: Int
    var height: Int
    /// Rows are stored top row first (a negative height); otherwise bottom row first.
    var topDown: Bool
    var bitsPerPixel: Int
    var coding: Coding
    /// Where each channel sits in a pixel of 16, 24 or 32 bits.
    var channels: BMPChannels
    /// The colours of indexed pixels; never empty when pixels are indices.
    var palette: [RGBA]
    /// The offset of the first row's first byte.
    var pixelStart: Int

    static func read(_ b: UnsafeRawBufferPointer) throws(DecodeFailure) -> BMPHeader {
        guard b.count >= 18, b[0] == UInt8(ascii: "B"), b[1] == UInt8(ascii: "M") else {
            throw .corrupt("it does not start as a BMP does, with \"BM\" and a header")
        }
        let infoSize = b.le32(14)
        let os2 = infoSize == 12 || infoSize == 16 || infoSize == 64
        guard [12, 16, 40, 52, 56, 64, 108, 124].contains(infoSize) else {
            throw .corrupt("its info header is \(infoSize) bytes, which no BMP version has")
        }
        guard b.count >= 14 + infoSize else { throw .corrupt("the file ends inside its \(infoSize)-byte info header") }
        var header = BMPHeader(
            width: 0, height: 0, topDown: false, bitsPerPixel: 0, coding: .uncompressed,
            channels: BMPChannels(red: 0, green: 0, blue: 0, alpha: 0), palette: [], pixelStart: b.le32(10))
        var compression = 0
        var coloursUsed = 0
        if infoSize == 12 {
            // OS/2's first header: unsigned 16-bit sides, always bottom up.
            (header.width, header.height, header.bitsPerPixel) = (b.le16(18), b.le16(20), b.le16(24))
        } else {
            let height = Int(Int32(truncatingIfNeeded: b.le32(22)))
            header.width = Int(Int32(truncatingIfNeeded: b.le32(18)))
            (header.height, header.topDown, header.bitsPerPixel) = (abs(height), height < 0, b.le16(28))
            if infoSize > 16 { (compression, coloursUsed) = (b.le32(30), b.le32(46)) }
        }
        guard header.width > 0, header.height > 0 else {
            throw .corrupt("its header says \(header.width)×\(header.height) pixels")
        }
        let bits = header.bitsPerPixel
        var maskBytes = 0
        switch (compression, os2) {
        case (0, _):
            guard [1, 2, 4, 8, 16, 24, 32].contains(bits) else { throw .corrupt("it has \(bits) bits per pixel") }
            header.channels = bits == 16 ? .rgb555 : .rgb888
        case (1, _), (2, _):
            let indexBits = compression == 1 ? 8 : 4
            guard bits == indexBits else {
                throw .corrupt("its pixels are \(indexBits)-bit runs but its header says \(bits) bits per pixel")
            }
            header.coding = .runLengths(bitsPerIndex: indexBits)
        case (3, false), (6, false):
            guard bits == 16 || bits == 32 else { throw .corrupt("it has bit fields in \(bits)-bit pixels") }
            // A 40-byte header is followed by the masks (three, or four with BI_ALPHABITFIELDS); a
            // longer one holds them, the alpha mask from V3 on.
            let withAlpha = infoSize == 40 ? compression == 6 : infoSize >= 56
            if infoSize == 40 { maskBytes = withAlpha ? 16 : 12 }
            guard b.count >= 54 + max(maskBytes, 12) else { throw .corrupt("the file ends inside its bit fields") }
            header.channels = BMPChannels(
                red: b.le32(54), green: b.le32(58), blue: b.le32(62), alpha: withAlpha ? b.le32(66) : 0)
        case (3, true), (4, true): throw .corrupt("it is OS/2 Huffman or RLE24 coded, which no decoder here reads")
        case (4, false): throw .corrupt("it holds a JPEG (BI_JPEG), which a BMP decoder does not read")
        case (5, _): throw .corrupt("it holds a PNG (BI_PNG), which a BMP decoder does not read")
        default: throw .corrupt("its pixels are coded in a way no BMP decoder knows (compression \(compression))")
        }
        let paletteStart = 14 + infoSize + maskBytes
        guard header.pixelStart >= paletteStart else {
            throw .corrupt("its pixels start at byte \(header.pixelStart), inside its headers")
        }
        guard header.pixelStart < b.count else {
            throw .corrupt("its pixels start at byte \(header.pixelStart), past its end at \(b.count)")
        }
        if bits <= 8 {
            // The palette is as long as the header says, never more than the indices reach, and
            // no longer than the bytes before the pixels.
            let entryBytes = infoSize == 12 ? 3 : 4
            let said = coloursUsed == 0 ? 1 << bits : min(coloursUsed, 1 << bits)
            let count = min(said, (header.pixelStart - paletteStart) / entryBytes)
            guard count > 0 else { throw .corrupt("its \(bits)-bit pixels have no palette") }
            header.palette = (0..<count).map { index in
                let at = paletteStart + index * entryBytes
                return RGBA(r: b[at + 2], g: b[at + 1], b: b[at])
            }
        }
        return header
    }

    /// The colour of palette index `index`. An index past the palette shows its first colour,
    /// as ImageMagick shows it: a short palette is no reason to refuse the picture.
    func colour(index: Int) -> RGBA { index < palette.count ? palette[index] : palette[0] }
}

/// Where red, green, blue and alpha sit in a pixel read as a little-endian number.
struct BMPChannels: Equatable {
    var red: BMPChannel
    var green: BMPChannel
    var blue: BMPChannel
    var alpha: BMPChannel

    init(red: Int, green: Int, blue: Int, alpha: Int) {
        self.red = BMPChannel(mask: UInt32(truncatingIfNeeded: red))
        self.green = BMPChannel(mask: UInt32(truncatingIfNeeded: green))
        self.blue = BMPChannel(mask: UInt32(truncatingIfNeeded: blue))
        self.alpha = BMPChannel(mask: UInt32(truncatingIfNeeded: alpha))
    }

    /// BI_RGB's 16-bit pixels: five bits a colour, the top bit unused.
    static let rgb555 = BMPChannels(red: 0x7C00, green: 0x03E0, blue: 0x001F, alpha: 0)
    /// BI_RGB's 24- and 32-bit pixels. A 32-bit pixel's fourth byte is not alpha: BI_RGB leaves
    /// it undefined and Windows, Chromium and Firefox show such a BMP opaque whatever it holds
    /// (ImageMagick 6 guesses alpha when any is non-zero; an alpha channel needs a mask).
    static let rgb888 = BMPChannels(red: 0xFF_0000, green: 0x00_FF00, blue: 0x00_00FF, alpha: 0)

    func colour(_ pixel: UInt32) -> RGBA {
        RGBA(
            r: red.level(pixel) ?? 0, g: green.level(pixel) ?? 0, b: blue.level(pixel) ?? 0,
            a: alpha.level(pixel) ?? 255)
    }
}

/// One channel's mask, of any width and place: its bits scaled to 0...255.
struct BMPChannel: Equatable {
    let mask: UInt32
    let shift: UInt32
    /// The mask shifted down: the largest value the channel holds.
    let maximum: UInt32

    init(mask: UInt32) {
        self.mask = mask
        shift = mask == 0 ? 0 : UInt32(mask.trailingZeroBitCount)
        maximum = mask >> shift
    }

    /// The channel's level in `pixel`, rounded to eight bits; nil when the pixel has no such channel.
    func level(_ pixel: UInt32) -> UInt8? {
        guard maximum != 0 else { return nil }
        let value = (pixel & mask) >> shift
        if maximum == 255 { return UInt8(value) }
        return UInt8((UInt64(value) * 255 + UInt64(maximum / 2)) / UInt64(maximum))
    }
}

extension UnsafeRawBufferPointer {
    /// The little-endian 16-bit number at `at`, which the caller has checked is inside.
    fileprivate func le16(_ at: Int) -> Int { Int(self[at]) | Int(self[at + 1]) << 8 }
    /// The little-endian 32-bit number at `at`, unsigned, which the caller has checked is inside.
    fileprivate func le32(_ at: Int) -> Int { le16(at) | le16(at + 2) << 16 }
}
