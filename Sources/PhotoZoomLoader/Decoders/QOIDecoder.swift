import Foundation
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// The Quite OK Image format: a 14-byte header ("qoif", the width and height big-endian, 3 or
/// 4 channels, a colour space), then one stream of operations over the pixels in reading order,
/// each against the pixel before it or a 64-entry table of pixels seen, and an 8-byte end
/// marker. A three-channel file's pixels are opaque, whatever alpha its operations carry.
enum QOIDecoder {
    private static let headerBytes = 14

    static func decode(_ data: Data, maximumPixels: Int) -> Result<PixelBuffer, DecodeFailure> {
        data.withUnsafeBytes { bytes in
            Result { () throws(DecodeFailure) in try decode(bytes, maximumPixels: maximumPixels) }
        }
    }

    private static func decode(_ bytes: UnsafeRawBufferPointer, maximumPixels: Int) throws(DecodeFailure) -> PixelBuffer
    {
        guard bytes.count >= headerBytes, bytes.starts(with: "qoif".utf8) else {
            throw DecodeFailure.corrupt("its QOI header is cut short")
        }
        func be32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 << 8 | Int(bytes[at + $1]) } }
        let width = be32(4)
        let height = be32(8)
        let channels = Int(bytes[12])
        guard channels == 3 || channels == 4 else {
            throw DecodeFailure.corrupt("it has \(channels) channels where a QOI has 3 or 4")
        }
        guard width > 0, height > 0 else { throw DecodeFailure.corrupt("it is \(width)×\(height) pixels") }
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, area <= maximumPixels else {
            throw DecodeFailure.overLimits("it is \(width)×\(height) pixels, more than a loader may decode")
        }
        // The longest run holds 62 pixels in a byte: a file too short for its claim is refused
        // before its pixels are allocated.
        guard (bytes.count - headerBytes) * 62 >= area else {
            throw DecodeFailure.corrupt("the file is too short for its \(width)×\(height) pixels")
        }
        let pixels = try PixelBuffer.make(width: width, height: height).get()
        try decodeOperations(bytes, into: pixels.bytes, area: area)
        if channels == 3 {
            for index in 0..<area { pixels.bytes[index * 4 + 3] = 255 }
        }
        return pixels
    }

    /// Runs the operations from the header's end until `area` pixels are written to `out`.
    private static func decodeOperations(
        _ bytes: UnsafeRawBufferPointer, into out: UnsafeMutablePointer<UInt8>, area: Int
    ) throws(DecodeFailure) {
        var seen = [UInt8](repeating: 0, count: 64 * 4)
        var (r, g, b, a): (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 255)
        var at = headerBytes
        var index = 0
        func need(_ count: Int) throws(DecodeFailure) {
            guard at + count <= bytes.count else {
                throw DecodeFailure.corrupt("the file ends at pixel \(index) of \(area)")
            }
        }
        while index < area {
            try need(1)
            let op = bytes[at]
            at += 1
            var run = 1
            switch op {
            case 0xFE, 0xFF:
                let count = op == 0xFE ? 3 : 4
                try need(count)
                (r, g, b) = (bytes[at], bytes[at + 1], bytes[at + 2])
                if count == 4 { a = bytes[at + 3] }
                at += count
            default:
                switch op >> 6 {
                case 0:
                    let slot = Int(op) * 4
                    (r, g, b, a) = (seen[slot], seen[slot + 1], seen[slot + 2], seen[slot + 3])
                case 1:
                    r = r &+ (op >> 4 & 3) &- 2
                    g = g &+ (op >> 2 & 3) &- 2
                    b = b &+ (op & 3) &- 2
                case 2:
                    try need(1)
                    let green = (op & 0x3F) &- 32
                    let second = bytes[at]
                    at += 1
                    r = r &+ green &+ (second >> 4) &- 8
                    g = g &+ green
                    b = b &+ green &+ (second & 0x0F) &- 8
                default:
                    run = Int(op & 0x3F) + 1
                }
            }
            let slot = (Int(r) * 3 + Int(g) * 5 + Int(b) * 7 + Int(a) * 11) % 64 * 4
            (seen[slot], seen[slot + 1], seen[slot + 2], seen[slot + 3]) = (r, g, b, a)
            // A run past the last pixel is cut at it, as the reference decoder does.
            for _ in 0..<min(run, area - index) {
                let pixel = out + index * 4
                (pixel[0], pixel[1], pixel[2], pixel[3]) = (r, g, b, a)
                index += 1
            }
        }
    }
}
