import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// What a TGA's 18-byte header says, checked field by field: the image type and its pixels'
/// bits, the colour map (read whole: at most 65,535 entries), where the pixels start (after the
/// image ID, which is skipped) and the corner they start from.
struct TGALayout {
    var width: Int
    var height: Int
    var runLengths: Bool
    /// Rows are stored top row first (descriptor bit 5); otherwise bottom row first.
    var topDown: Bool
    /// Each row is stored from its right end (descriptor bit 4).
    var rightToLeft: Bool
    var pixelFormat: TGAPixelFormat
    /// The colours of colour-mapped pixels, and the index of the first.
    var colourMap: [RGBA]
    var firstIndex: Int
    var pixelStart: Int

    static func read(_ b: UnsafeRawBufferPointer) throws(DecodeFailure) -> TGALayout {
        guard b.count >= 18 else { throw .corrupt("it is \(b.count) bytes, shorter than a TGA's header") }
        let (mapType, type, bits, descriptor) = (b[1], b[2], Int(b[16]), b[17])
        let (firstIndex, mapLength, mapBits) = (b.le16(3), b.le16(5), Int(b[7]))
        guard mapType <= 1 else { throw .corrupt("its colour-map type is \(mapType), which TGA does not have") }
        // The count of attribute bits: alpha only when the descriptor says there is some. A
        // 32-bit pixel's fourth byte or a 16-bit pixel's top bit is padding otherwise, as
        // ImageMagick takes a 16-bit one (ImageMagick 6 takes 32 bits' as alpha anyway, and a
        // 15-bit pixel's sixteenth bit too, which is no part of the pixel).
        let alpha = descriptor & 0x0F != 0
        let pixelFormat: TGAPixelFormat
        var colourMap: [RGBA] = []
        let mapStart = 18 + Int(b[0])
        let mapBytes = mapType == 1 ? mapLength * ((mapBits + 7) / 8) : 0
        let pixelStart = mapStart + mapBytes
        guard pixelStart <= b.count else { throw .corrupt("the file ends inside its image ID or colour map") }
        switch type {
        case 1, 9:
            guard mapType == 1, mapLength > 0 else { throw .corrupt("it is colour-mapped but has no colour map") }
            guard bits == 8 || bits == 16 else { throw .corrupt("its colour-map indices are \(bits) bits") }
            guard let entryFormat = TGAPixelFormat(trueColourBits: mapBits, alpha: alpha) else {
                throw .corrupt("its colour map's entries are \(mapBits) bits")
            }
            pixelFormat = .index(bytes: bits / 8)
            colourMap = (0..<mapLength).map { entryFormat.colour(b, mapStart + $0 * entryFormat.bytesPerPixel) }
        case 2, 10:
            guard let format = TGAPixelFormat(trueColourBits: bits, alpha: alpha) else {
                throw .corrupt("its true-colour pixels are \(bits) bits")
            }
            pixelFormat = format
        case 3, 11:
            guard bits == 8 || bits == 16 else { throw .corrupt("its grey pixels are \(bits) bits") }
            pixelFormat = bits == 8 ? .grey : .greyAlpha(alpha: alpha)
        default:
            throw .corrupt("its image type is \(type), which no TGA decoder here reads")
        }
        let (width, height) = (b.le16(12), b.le16(14))
        guard width > 0, height > 0 else { throw .corrupt("its header says \(width)×\(height) pixels") }
        // Bits 6 and 7 (TGA 1's interleaving) are reserved and zero since TGA 2: not read.
        return TGALayout(
            width: width, height: height, runLengths: type >= 9, topDown: descriptor & 0x20 != 0,
            rightToLeft: descriptor & 0x10 != 0, pixelFormat: pixelFormat, colourMap: colourMap,
            firstIndex: firstIndex, pixelStart: pixelStart)
    }

    /// The colour of the pixel at `at`, which the caller has checked is inside. An index outside
    /// the colour map shows what ImageMagick shows: the colour its map has at index 0, which
    /// is black when the map's first entry is numbered past 0.
    func colour(_ b: UnsafeRawBufferPointer, _ at: Int) -> RGBA {
        guard case .index(let bytes) = pixelFormat else { return pixelFormat.colour(b, at) }
        let index = (bytes == 1 ? Int(b[at]) : b.le16(at)) - firstIndex
        if index >= 0, index < colourMap.count { return colourMap[index] }
        return firstIndex == 0 ? colourMap[0] : RGBA(r: 0, g: 0, b: 0)
    }
}

/// How a TGA's pixel, or a colour-map entry, is laid out, little-endian as TGA is.
enum TGAPixelFormat: Equatable {
    case index(bytes: Int)
    /// Five bits each of blue, green and red; a sixteenth, top bit is alpha when `alpha`.
    case bgr555(alpha: Bool)
    case bgr
    /// Blue, green, red and a fourth byte, alpha when `alpha`.
    case bgra(alpha: Bool)
    case grey
    /// A grey byte then an alpha byte, alpha when `alpha`.
    case greyAlpha(alpha: Bool)

    init?(trueColourBits bits: Int, alpha: Bool) {
        switch bits {
        case 15: self = .bgr555(alpha: false)
        case 16: self = .bgr555(alpha: alpha)
        case 24: self = .bgr
        case 32: self = .bgra(alpha: alpha)
        default: return nil
        }
    }

    var bytesPerPixel: Int {
        switch self {
        case .index(let bytes): return bytes
        case .grey: return 1
        case .bgr555, .greyAlpha: return 2
        case .bgr: return 3
        case .bgra: return 4
        }
    }

    /// The colour of a pixel that is not an index.
    func colour(_ b: UnsafeRawBufferPointer, _ at: Int) -> RGBA {
        switch self {
        case .index: return RGBA(r: 0, g: 0, b: 0)
        case .bgr555(let alpha):
            let value = b.le16(at)
            func level(_ shift: Int) -> UInt8 { UInt8((((value >> shift) & 0x1F) * 255 + 15) / 31) }
            return RGBA(r: level(10), g: level(5), b: level(0), a: !alpha || value & 0x8000 != 0 ? 255 : 0)
        case .bgr: return RGBA(r: b[at + 2], g: b[at + 1], b: b[at])
        case .bgra(let alpha): return RGBA(r: b[at + 2], g: b[at + 1], b: b[at], a: alpha ? b[at + 3] : 255)
        case .grey: return RGBA(grey: b[at])
        case .greyAlpha(let alpha): return RGBA(grey: b[at], a: alpha ? b[at + 1] : 255)
        }
    }
}

extension UnsafeRawBufferPointer {
    /// The little-endian 16-bit number at `at`, which the caller has checked is inside.
    fileprivate func le16(_ at: Int) -> Int { Int(self[at]) | Int(self[at + 1]) << 8 }
}
