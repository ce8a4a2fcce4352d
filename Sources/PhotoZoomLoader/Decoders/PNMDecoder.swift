import Foundation
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// Netpbm's bitmaps, greymaps and pixmaps, P1 to P6, in text or binary. Samples of any maximum
/// from 1 to 65535 (two bytes each, big-endian, past 255) are scaled to 8 bits to the nearest
/// level. PAM (P7) is not a photo here: the gate refuses it, and so does this.
enum PNMDecoder {
    static func decode(_ data: Data, maximumPixels: Int) -> Result<PixelBuffer, DecodeFailure> {
        data.withUnsafeBytes { bytes in
            var text = PNMText(bytes: bytes)
            return Result { () throws(DecodeFailure) in try decode(&text, maximumPixels: maximumPixels) }
        }
    }

    /// What a `P` and a digit say the file holds.
    private enum Variant: UInt8 {
        case plainBitmap = 49
        case plainGreymap
        case plainPixmap
        case bitmap
        case greymap
        case pixmap

        var isPlain: Bool { rawValue <= Variant.plainPixmap.rawValue }
        var isBitmap: Bool { self == .plainBitmap || self == .bitmap }
        var channels: Int { self == .plainPixmap || self == .pixmap ? 3 : 1 }
    }

    private static func decode(_ text: inout PNMText, maximumPixels: Int) throws(DecodeFailure) -> PixelBuffer {
        guard text.count >= 2, text[0] == UInt8(ascii: "P") else {
            throw DecodeFailure.corrupt("it does not start with P")
        }
        guard let variant = Variant(rawValue: text[1]) else {
            if text[1] == UInt8(ascii: "7") {
                throw DecodeFailure.corrupt("it is a PAM (P7), which is not read as a photo")
            }
            let second = (0x21...0x7E).contains(text[1]) ? String(UnicodeScalar(text[1])) : "byte \(text[1])"
            throw DecodeFailure.corrupt("its magic number is P then \(second), not P1 to P6")
        }
        text.position = 2
        let width = try text.headerNumber("width")
        let height = try text.headerNumber("height")
        let maximum = variant.isBitmap ? 1 : try text.headerNumber("maximum sample value")
        guard width > 0, height > 0 else { throw DecodeFailure.corrupt("it is \(width)×\(height) pixels") }
        guard (1...65535).contains(maximum) else {
            throw DecodeFailure.corrupt("its maximum sample value is \(maximum), not 1 to 65535")
        }
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, area <= maximumPixels else {
            throw DecodeFailure.overLimits("it is \(width)×\(height) pixels, more than a loader may decode")
        }
        let sampleBytes = maximum > 255 ? 2 : 1
        let rowBytes = variant == .bitmap ? (width + 7) / 8 : width * variant.channels * sampleBytes
        // Every text sample takes a character at least, so a file too short for its claim is
        // refused before its pixels are allocated.
        if variant.isPlain, text.count - text.position < area * variant.channels {
            throw DecodeFailure.corrupt("the file is too short for its \(width)×\(height) pixels")
        }
        if !variant.isPlain {
            try text.skipRasterSeparator()
            let rows = (text.count - text.position) / rowBytes
            if rows < height { throw DecodeFailure.corrupt("the file ends inside row \(rows) of \(height)") }
        }
        let pixels = try PixelBuffer.make(width: width, height: height).get()
        let levels = scale(maximum: maximum)
        switch variant {
        case .plainBitmap: try readPlainBits(&text, into: pixels)
        case .bitmap: readBits(text, into: pixels, rowBytes: rowBytes)
        case .plainGreymap, .plainPixmap:
            try readPlainSamples(&text, channels: variant.channels, levels: levels, into: pixels)
        case .greymap, .pixmap:
            try readSamples(text, channels: variant.channels, sampleBytes: sampleBytes, levels: levels, into: pixels)
        }
        return pixels
    }

    /// Each sample from 0 to `maximum` to the nearest of 256 levels.
    private static func scale(maximum: Int) -> [UInt8] {
        (0...maximum).map { UInt8(($0 * 510 + maximum) / (2 * maximum)) }
    }

    /// One pixel of a 1 (black) or 0 (white) bit.
    private static func setBit(_ pixels: PixelBuffer, _ index: Int, black: Bool) {
        let at = pixels.bytes + index * 4
        let level: UInt8 = black ? 0 : 255
        (at[0], at[1], at[2], at[3]) = (level, level, level, 255)
    }

    /// One pixel of `channels` (1 or 3) levels from `samples`.
    private static func setPixel(_ pixels: PixelBuffer, _ index: Int, _ samples: (UInt8, UInt8, UInt8), channels: Int) {
        let at = pixels.bytes + index * 4
        if channels == 1 {
            (at[0], at[1], at[2]) = (samples.0, samples.0, samples.0)
        } else {
            (at[0], at[1], at[2]) = samples
        }
        at[3] = 255
    }

    /// P1: a character a pixel, which need not be apart from the next.
    private static func readPlainBits(_ text: inout PNMText, into pixels: PixelBuffer) throws(DecodeFailure) {
        for index in 0..<pixels.width * pixels.height {
            text.skipSpaceAndComments()
            guard text.position < text.count else {
                throw DecodeFailure.corrupt("the file ends inside row \(index / pixels.width) of \(pixels.height)")
            }
            let character = text[text.position]
            guard character == UInt8(ascii: "0") || character == UInt8(ascii: "1") else {
                throw DecodeFailure.corrupt(
                    "row \(index / pixels.width) has a byte \(character) where a 0 or 1 should be")
            }
            setBit(pixels, index, black: character == UInt8(ascii: "1"))
            text.position += 1
        }
    }

    /// P4: rows of bits, eight pixels a byte, the first in the high bit; each row ends on a byte.
    private static func readBits(_ text: PNMText, into pixels: PixelBuffer, rowBytes: Int) {
        for y in 0..<pixels.height {
            let row = text.position + y * rowBytes
            for x in 0..<pixels.width {
                setBit(pixels, y * pixels.width + x, black: text[row + x / 8] & (0x80 >> UInt8(x % 8)) != 0)
            }
        }
    }

    /// P2 and P3: decimal samples apart by whitespace or comments.
    private static func readPlainSamples(
        _ text: inout PNMText, channels: Int, levels: [UInt8], into pixels: PixelBuffer
    ) throws(DecodeFailure) {
        var samples: (UInt8, UInt8, UInt8) = (0, 0, 0)
        for index in 0..<pixels.width * pixels.height {
            let row = index / pixels.width
            for channel in 0..<channels {
                text.skipSpaceAndComments()
                guard let value = text.digits(upTo: levels.count) else {
                    throw DecodeFailure.corrupt(
                        text.position < text.count
                            ? "row \(row) has a byte \(text[text.position]) where a sample should be"
                            : "the file ends inside row \(row) of \(pixels.height)")
                }
                guard value < levels.count else {
                    throw DecodeFailure.corrupt("row \(row) has a sample above the maximum \(levels.count - 1)")
                }
                switch channel {
                case 0: samples.0 = levels[value]
                case 1: samples.1 = levels[value]
                default: samples.2 = levels[value]
                }
            }
            setPixel(pixels, index, samples, channels: channels)
        }
    }

    /// P5 and P6: a byte a sample, or two, big-endian, past a maximum of 255. Every byte was
    /// found to be there before the pixels were allocated.
    private static func readSamples(
        _ text: PNMText, channels: Int, sampleBytes: Int, levels: [UInt8], into pixels: PixelBuffer
    ) throws(DecodeFailure) {
        var at = text.position
        var samples: (UInt8, UInt8, UInt8) = (0, 0, 0)
        func sample(_ row: Int) throws(DecodeFailure) -> UInt8 {
            let value = sampleBytes == 1 ? Int(text[at]) : Int(text[at]) << 8 | Int(text[at + 1])
            at += sampleBytes
            guard value < levels.count else {
                throw DecodeFailure.corrupt(
                    "row \(row) has a sample of \(value), above the maximum \(levels.count - 1)")
            }
            return levels[value]
        }
        for index in 0..<pixels.width * pixels.height {
            let row = index / pixels.width
            samples.0 = try sample(row)
            if channels == 3 {
                samples.1 = try sample(row)
                samples.2 = try sample(row)
            }
            setPixel(pixels, index, samples, channels: channels)
        }
    }
}

/// A PNM's bytes, read from `position`: decimal numbers apart by whitespace and `#` comments.
private struct PNMText {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    var count: Int { bytes.count }
    subscript(_ index: Int) -> UInt8 { bytes[index] }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// Past whitespace and comments, each to the end of its line.
    mutating func skipSpaceAndComments() {
        while position < count {
            if bytes[position] == UInt8(ascii: "#") {
                while position < count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
            } else if Self.isSpace(bytes[position]) {
                position += 1
            } else {
                return
            }
        }
    }

    /// The decimal number at `position`, read no further than past `limit`, or nil where no
    /// digit is.
    mutating func digits(upTo limit: Int) -> Int? {
        var value = 0
        let start = position
        while position < count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
            if value <= limit { value = value * 10 + Int(bytes[position] - UInt8(ascii: "0")) }
            position += 1
        }
        return position > start ? value : nil
    }

    /// A number of the header, named `what` where it is wrong.
    mutating func headerNumber(_ what: String) throws(DecodeFailure) -> Int {
        skipSpaceAndComments()
        guard let value = digits(upTo: Int(UInt32.max)) else {
            throw DecodeFailure.corrupt(
                position < count ? "its \(what) is not a number" : "the file ends before its \(what)")
        }
        guard value <= UInt32.max else { throw DecodeFailure.corrupt("its \(what) is past any a file may have") }
        return value
    }

    /// The one whitespace byte (or a comment to its line's end) between a binary file's
    /// header and its samples, which may themselves look like whitespace.
    mutating func skipRasterSeparator() throws(DecodeFailure) {
        if position < count, bytes[position] == UInt8(ascii: "#") {
            while position < count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
        }
        guard position < count else { throw DecodeFailure.corrupt("the file ends after its header") }
        guard Self.isSpace(bytes[position]) else {
            throw DecodeFailure.corrupt("its header runs into its samples without a space")
        }
        position += 1
    }
}
