import Foundation
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// ZSoft's PC Paintbrush: a 128-byte header, then rows of `planes` lines of `bytesPerLine`
/// bytes each, usually run-length coded as one stream (a run may carry on into the next line
/// or row). Indexed pictures of 1 bit in 1 to 4 planes or of 2 or 4 bits in one take the 16
/// colours in the header; 8 bits in one plane take the 256 at the file's end after a 0x0C;
/// 8 bits in 3 or 4 planes are red, green, blue (and alpha) lines.
enum PCXDecoder {
    private static let headerBytes = 128

    static func decode(_ data: Data, maximumPixels: Int) -> Result<PixelBuffer, DecodeFailure> {
        data.withUnsafeBytes { bytes in
            Result { () throws(DecodeFailure) in try decode(bytes, maximumPixels: maximumPixels) }
        }
    }

    private static func decode(_ bytes: UnsafeRawBufferPointer, maximumPixels: Int) throws(DecodeFailure) -> PixelBuffer
    {
        guard bytes.count >= headerBytes else { throw DecodeFailure.corrupt("its PCX header is cut short") }
        guard bytes[0] == 0x0A else { throw DecodeFailure.corrupt("it starts with \(bytes[0]), not a PCX's 10") }
        func le16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        let encoding = bytes[2]
        let bits = Int(bytes[3])
        let planes = Int(bytes[65])
        let bytesPerLine = le16(66)
        let (left, top, right, bottom) = (le16(4), le16(6), le16(8), le16(10))
        guard right >= left, bottom >= top else {
            throw DecodeFailure.corrupt("its window runs from (\(left), \(top)) back to (\(right), \(bottom))")
        }
        let width = right - left + 1
        let height = bottom - top + 1
        guard encoding <= 1 else { throw DecodeFailure.corrupt("its encoding is \(encoding), not 0 or 1") }
        guard
            (bits == 1 && (1...4).contains(planes)) || ([2, 4].contains(bits) && planes == 1)
                || (bits == 8 && [1, 3, 4].contains(planes))
        else { throw DecodeFailure.corrupt("it has \(planes) planes of \(bits) bits, which no PCX has") }
        guard bytesPerLine >= (width * bits + 7) / 8 else {
            throw DecodeFailure.corrupt("its lines are \(bytesPerLine) bytes, too few for \(width) pixels")
        }
        guard width * height <= maximumPixels else {
            throw DecodeFailure.overLimits("it is \(width)×\(height) pixels, more than a loader may decode")
        }
        // A run packs at most 63 bytes into two: a file too short for its claim is refused
        // before its pixels are allocated.
        let rowBytes = bytesPerLine * planes
        let leastBytes = encoding == 1 ? (rowBytes * height + 62) / 63 * 2 : rowBytes * height
        guard bytes.count - headerBytes >= leastBytes else {
            throw DecodeFailure.corrupt("the file is too short for its \(width)×\(height) pixels")
        }
        let palette = Self.palette(bytes, bits: bits, planes: planes)
        let pixels = try PixelBuffer.make(width: width, height: height).get()
        var stream = PCXStream(bytes: bytes, position: headerBytes, coded: encoding == 1)
        var row = [UInt8](repeating: 0, count: rowBytes)
        for y in 0..<height {
            guard stream.read(into: &row) else {
                throw DecodeFailure.corrupt("the file ends inside row \(y) of \(height)")
            }
            let out = pixels.bytes + y * pixels.pitch
            if bits == 8, planes >= 3 {
                for x in 0..<width {
                    for plane in 0..<planes { out[x * 4 + plane] = row[plane * bytesPerLine + x] }
                    if planes == 3 { out[x * 4 + 3] = 255 }
                }
            } else {
                for x in 0..<width {
                    let colour = palette[index(row, x, bits: bits, planes: planes, bytesPerLine: bytesPerLine)]
                    (out[x * 4], out[x * 4 + 1], out[x * 4 + 2], out[x * 4 + 3]) = (colour.r, colour.g, colour.b, 255)
                }
            }
        }
        return pixels
    }

    /// The colour index of column `x` in `row`: bits packed high bit first in one plane, or one
    /// bit from each plane, the first plane the lowest bit.
    private static func index(_ row: [UInt8], _ x: Int, bits: Int, planes: Int, bytesPerLine: Int) -> Int {
        if planes == 1 {
            let shift = 8 - bits - x * bits % 8
            return Int(row[x * bits / 8] >> shift) & (1 << bits - 1)
        }
        var index = 0
        for plane in 0..<planes {
            index |= Int(row[plane * bytesPerLine + x / 8] >> (7 - x % 8) & 1) << plane
        }
        return index
    }

    /// The colours an indexed picture's values name: the header's 16 for up to four bits (the
    /// EGA's own where the header's are all black, as a version 3 file leaves them; black and
    /// white where a bitmap's two are the same), or for eight the 256 after a 0x0C that ends
    /// the file, or 256 greys without them.
    private static func palette(_ bytes: UnsafeRawBufferPointer, bits: Int, planes: Int) -> [RGBA] {
        if bits < 8 {
            let header = (0..<16).map { RGBA(r: bytes[16 + $0 * 3], g: bytes[17 + $0 * 3], b: bytes[18 + $0 * 3]) }
            if bits * planes == 1, header[0] == header[1] { return [RGBA(grey: 0), RGBA(grey: 255)] }
            return header.allSatisfy { $0 == RGBA(grey: 0) } ? ega : header
        }
        let start = bytes.count - 768
        guard start - 1 >= headerBytes, bytes[start - 1] == 0x0C else {
            return (0..<256).map { RGBA(grey: UInt8($0)) }
        }
        return (0..<256).map {
            RGBA(r: bytes[start + $0 * 3], g: bytes[start + $0 * 3 + 1], b: bytes[start + $0 * 3 + 2])
        }
    }

    /// The EGA's 16 colours as it starts: each of red, green and blue off or at two thirds,
    /// brightened by a third where the fourth bit is set, and brown for dark yellow.
    private static let ega: [RGBA] = (0..<16).map { index in
        let bright: UInt8 = index & 8 == 0 ? 0 : 0x55
        func level(_ bit: Int) -> UInt8 { (index & bit == 0 ? 0 : 0xAA) + bright }
        return index == 6 ? RGBA(r: 0xAA, g: 0x55, b: 0) : RGBA(r: level(4), g: level(2), b: level(1))
    }
}

/// A PCX's lines as one stream of bytes: a byte of the two high bits set repeats the next byte
/// as many times as its low six say; any other byte stands for itself. A run carries on across
/// lines and rows.
private struct PCXStream {
    let bytes: UnsafeRawBufferPointer
    var position: Int
    let coded: Bool
    private var repeats = 0
    private var value: UInt8 = 0

    init(bytes: UnsafeRawBufferPointer, position: Int, coded: Bool) {
        self.bytes = bytes
        self.position = position
        self.coded = coded
    }

    /// Fills `line` with the stream's next bytes, or says the file ended first.
    mutating func read(into line: inout [UInt8]) -> Bool {
        var filled = 0
        while filled < line.count {
            if repeats > 0 {
                let count = min(repeats, line.count - filled)
                for i in filled..<filled + count { line[i] = value }
                filled += count
                repeats -= count
                continue
            }
            guard position < bytes.count else { return false }
            let byte = bytes[position]
            position += 1
            if coded, byte >= 0xC0 {
                guard position < bytes.count else { return false }
                repeats = Int(byte & 0x3F)
                value = bytes[position]
                position += 1
            } else {
                line[filled] = byte
                filled += 1
            }
        }
        return true
    }
}
