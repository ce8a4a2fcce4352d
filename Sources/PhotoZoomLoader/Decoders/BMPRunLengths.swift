import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// BI_RLE8 and BI_RLE4: pairs of a count and a palette index (two 4-bit indices taking turns)
/// repeated, or escapes ending a row, ending the picture, skipping ahead (delta) or giving
/// indices as they are. Pixels no code reaches stay transparent black, as browsers show them.
enum BMPRunLengths {
    /// Decodes until the end-of-picture code, the last pixel or the end of the file: a file
    /// that stops early shows what it had, as ImageMagick and browsers do. A run past a row's
    /// end goes on into the next row, as ImageMagick's does.
    static func decode(_ b: UnsafeRawBufferPointer, _ header: BMPHeader, bitsPerIndex: Int, into pixels: PixelBuffer) {
        let width = header.width
        let count = width * header.height
        var x = 0
        var y = 0
        var at = header.pixelStart
        func put(_ index: Int) {
            let place = y * width + x
            x += 1
            guard place < count else { return }
            let row = place / width
            let target =
                pixels.bytes + (header.topDown ? row : header.height - 1 - row) * pixels.pitch + place % width * 4
            let colour = header.colour(index: index)
            (target[0], target[1], target[2], target[3]) = (colour.r, colour.g, colour.b, colour.a)
        }
        func index(_ byte: UInt8, _ k: Int) -> Int {
            bitsPerIndex == 8 ? Int(byte) : k % 2 == 0 ? Int(byte >> 4) : Int(byte & 0x0F)
        }
        while at + 1 < b.count, y * width + x < count {
            let first = Int(b[at])
            let second = b[at + 1]
            at += 2
            if first > 0 {
                for k in 0..<min(first, count - (y * width + x)) { put(index(second, k)) }
                continue
            }
            switch second {
            case 0:
                x = 0
                y += 1
            case 1: return
            case 2:
                guard at + 1 < b.count else { return }
                x += Int(b[at])
                y += Int(b[at + 1])
                at += 2
            default:
                // Absolute: `second` indices, in bytes padded to a 16-bit word.
                let length = Int(second)
                let bytes = bitsPerIndex == 8 ? length : (length + 1) / 2
                for k in 0..<length {
                    let byte = at + (bitsPerIndex == 8 ? k : k / 2)
                    guard byte < b.count else { return }
                    put(index(b[byte], k))
                }
                at += bytes + bytes % 2
            }
        }
    }
}
