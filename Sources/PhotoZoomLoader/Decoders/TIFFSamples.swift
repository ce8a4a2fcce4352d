import CTIFF
import Foundation
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// The TIFFs libtiff's RGBA reading refuses: samples of 12, 24 or 32 bits, floating point, and
/// CMYK of more than 8 bits. Read row by row as stored (libtiff decompresses them and puts
/// 16-, 24-, 32- and 64-bit samples in this machine's byte order) and scaled to 8 bits as
/// ImageMagick scales them: an integer sample as its share of its largest value, a float
/// between 0 and 1, clamped; CMYK as (1 − C)(1 − K) and so on.
enum TIFFSamples {
    /// A directory's sample layout, as far as this reader goes.
    private struct Layout {
        var bits: Int
        var float: Bool
        /// Samples in each pixel, and how many of them are colour (1 grey, 3 RGB, 4 CMYK).
        var samples: Int
        var colours: Int
        var whiteIsZero: Bool
        /// The first extra sample is alpha, and the colours are multiplied by it.
        var alpha: Bool
        var associated: Bool
        /// Each sample in its own plane, rather than a pixel's samples side by side.
        var planes: Bool
    }

    /// Reads the current directory of `tiff` into `pixels`, which are its size.
    static func read(_ tiff: OpaquePointer, into pixels: PixelBuffer) -> Result<Void, DecodeFailure> {
        func field(_ tag: Int32, _ fallback: UInt16) -> Int { Int(photozoom_tiff_field16(tiff, UInt32(tag), fallback)) }
        let bits = field(TIFFTAG_BITSPERSAMPLE, 1)
        let format = field(TIFFTAG_SAMPLEFORMAT, UInt16(SAMPLEFORMAT_UINT))
        let photometric = field(TIFFTAG_PHOTOMETRIC, UInt16.max)
        let samples = field(TIFFTAG_SAMPLESPERPIXEL, 1)
        let colours: Int? =
            switch photometric {
            case Int(PHOTOMETRIC_MINISWHITE), Int(PHOTOMETRIC_MINISBLACK): 1
            case Int(PHOTOMETRIC_RGB): 3
            case Int(PHOTOMETRIC_SEPARATED) where field(TIFFTAG_INKSET, UInt16(INKSET_CMYK)) == INKSET_CMYK: 4
            default: nil
            }
        let float = format == SAMPLEFORMAT_IEEEFP
        guard let colours, samples >= colours, samples <= 16,
            float ? [16, 32, 64].contains(bits) : format == SAMPLEFORMAT_UINT && (1...32).contains(bits)
        else {
            return .failure(
                .corrupt(
                    "libtiff: its \(bits)-bit \(float ? "floating-point " : "")samples in photometric "
                        + "\(photometric) are not read"))
        }
        let extra = Int(photozoom_tiff_first_extra(tiff))
        let layout = Layout(
            bits: bits, float: float, samples: samples, colours: colours,
            whiteIsZero: photometric == PHOTOMETRIC_MINISWHITE,
            alpha: samples > colours && (extra == EXTRASAMPLE_ASSOCALPHA || extra == EXTRASAMPLE_UNASSALPHA),
            associated: extra == EXTRASAMPLE_ASSOCALPHA,
            planes: field(TIFFTAG_PLANARCONFIG, UInt16(PLANARCONFIG_CONTIG)) == PLANARCONFIG_SEPARATE)
        // Read a strip at a time (each plane's strip of the same rows, where the samples are in
        // planes): libtiff cannot step between planes a row at a time through a compressed strip.
        let rowBytes = Int(TIFFScanlineSize64(tiff))
        let stripBytes = Int(TIFFStripSize64(tiff))
        let stripRows = min(Int(photozoom_tiff_rows_per_strip(tiff)), pixels.height)
        guard TIFFIsTiled(tiff) == 0, rowBytes > 0, stripRows > 0, stripBytes >= rowBytes * stripRows,
            stripBytes <= TIFFDecoder.largestAllocation,
            rowBytes * 8 >= pixels.width * bits * (layout.planes ? 1 : samples)
        else { return .failure(.corrupt("libtiff: its strips of \(stripBytes) bytes are not read")) }
        let planeCount = layout.planes ? samples : 1
        guard let strips = calloc(stripBytes, planeCount) else {
            return .failure(.overLimits("decoding it needs more memory than a loader may have"))
        }
        defer { free(strips) }
        for top in stride(from: 0, to: pixels.height, by: stripRows) {
            for plane in 0..<planeCount {
                let strip = TIFFComputeStrip(tiff, UInt32(top), UInt16(plane))
                guard TIFFReadEncodedStrip(tiff, strip, strips + plane * stripBytes, tmsize_t(stripBytes)) > 0 else {
                    return .failure(.corrupt("libtiff could not decode its strip \(strip)"))
                }
            }
            for y in top..<min(top + stripRows, pixels.height) {
                convert(
                    UnsafeRawPointer(strips + (y - top) * rowBytes), stripBytes, layout,
                    to: pixels.bytes + y * pixels.pitch, pixels.width)
            }
        }
        return .success(())
    }

    /// One row of samples as 8-bit straight RGBA; with the samples in planes, each plane's row
    /// is `planeBytes` after the one before.
    private static func convert(
        _ rows: UnsafeRawPointer, _ planeBytes: Int, _ layout: Layout, to out: UnsafeMutablePointer<UInt8>, _ width: Int
    ) {
        let largest = Double((1 << min(layout.bits, 32)) - 1)
        func sample(_ x: Int, _ s: Int) -> Double {
            let row = layout.planes ? rows + s * planeBytes : rows
            let index = layout.planes ? x : x * layout.samples + s
            let value: Double
            switch (layout.bits, layout.float) {
            case (16, true):
                return Double(Float16(bitPattern: row.loadUnaligned(fromByteOffset: index * 2, as: UInt16.self)))
            case (32, true): return Double(row.loadUnaligned(fromByteOffset: index * 4, as: Float.self))
            case (64, _): return row.loadUnaligned(fromByteOffset: index * 8, as: Double.self)
            case (8, _): value = Double(row.load(fromByteOffset: index, as: UInt8.self))
            case (16, _): value = Double(row.loadUnaligned(fromByteOffset: index * 2, as: UInt16.self))
            case (32, _): value = Double(row.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
            case (24, _):
                let at = row + index * 3
                value = Double(
                    Int(at.load(as: UInt8.self)) | Int(at.load(fromByteOffset: 1, as: UInt8.self)) << 8
                        | Int(at.load(fromByteOffset: 2, as: UInt8.self)) << 16)
            default:
                // Packed most significant bit first, as libtiff leaves samples of other sizes.
                var bit = index * layout.bits
                var packed = 0
                for _ in 0..<layout.bits {
                    packed = packed << 1 | Int(row.load(fromByteOffset: bit >> 3, as: UInt8.self) >> (7 - bit & 7) & 1)
                    bit += 1
                }
                value = Double(packed)
            }
            return value / largest
        }
        func byte(_ v: Double) -> UInt8 { UInt8((v * 255).rounded()) }
        // A float's NaN is nothing, as ImageMagick has it.
        func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
        for x in 0..<width {
            let alpha = layout.alpha ? unit(sample(x, layout.colours)) : 1
            var c = (0..<layout.colours).map { unit(sample(x, $0)) }
            if layout.associated, alpha > 0, layout.colours != 4 { c = c.map { min($0 / alpha, 1) } }
            if layout.whiteIsZero { c[0] = 1 - c[0] }
            let rgb: [Double] =
                switch layout.colours {
                case 1: [c[0], c[0], c[0]]
                case 3: c
                default: [(1 - c[0]) * (1 - c[3]), (1 - c[1]) * (1 - c[3]), (1 - c[2]) * (1 - c[3])]
                }
            let at = out + x * 4
            at[0] = byte(rgb[0])
            at[1] = byte(rgb[1])
            at[2] = byte(rgb[2])
            at[3] = byte(alpha)
        }
    }
}
