import CLCMS
import CTIFF
import Foundation
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// TIFFs, read by libtiff from the bytes in memory: the first directory whole, or, for one too
/// large to decode whole, the reduced-resolution copy (a pyramid's level) that best covers what
/// is shown. Rows come out as they are stored, for `ScaledDecoder` to turn upright as the header's
/// Orientation tag says, with the directory's colour profile where it has one (`ProfiledPixels`).
enum TIFFDecoder {
    /// The most libtiff may allocate at once: a strip or a tile, never the whole image, which is
    /// read into the pixels made for it.
    static let largestAllocation = 64 << 20

    /// The first directory, whole.
    static func decode(_ data: Data, maximumPixels: Int) -> Result<ProfiledPixels, DecodeFailure> {
        read(data, directory: 0, expected: nil, maximumPixels: maximumPixels)
    }

    /// Of `levels` (the header's reduced-resolution copies), the smallest that covers `target`
    /// within `maximumPixels`, else the largest within them.
    static func decodeReduced(
        _ data: Data, _ levels: [PhotoHeader.Directory], covering target: PixelBox, maximumPixels: Int
    ) -> Result<ProfiledPixels, DecodeFailure> {
        let allowed = levels.filter { $0.pixels <= maximumPixels }
        guard
            let level = allowed.filter({ $0.width >= target.width && $0.height >= target.height }).min(by: {
                $0.pixels < $1.pixels
            })
                ?? allowed.max(by: { $0.pixels < $1.pixels })
        else {
            return .failure(
                .overLimits("it has no reduced-resolution copy within \(maximumPixels / 1_000_000) megapixels"))
        }
        return read(
            data, directory: level.index, expected: PixelBox(width: level.width, height: level.height),
            maximumPixels: maximumPixels)
    }

    /// Directory `directory`, which must be `expected` large where the header said.
    private static func read(_ data: Data, directory: Int, expected: PixelBox?, maximumPixels: Int) -> Result<
        ProfiledPixels, DecodeFailure
    > {
        data.withUnsafeBytes { raw -> Result<ProfiledPixels, DecodeFailure> in
            guard let tiff = photozoom_tiff_open(raw.baseAddress, raw.count, tmsize_t(largestAllocation)) else {
                return .failure(DecodeFailure.corrupt("libtiff could not read it"))
            }
            defer { TIFFClose(tiff) }
            guard TIFFSetDirectory(tiff, tdir_t(directory)) == 1 else {
                return .failure(DecodeFailure.corrupt("libtiff could not read its directory \(directory)"))
            }
            let size = PixelBox(width: Int(photozoom_tiff_width(tiff)), height: Int(photozoom_tiff_height(tiff)))
            // libtiff must see a reduced copy as its header was read, or it is not decoded.
            if let expected, size != expected {
                return .failure(
                    DecodeFailure.corrupt("libtiff does not read its reduced-resolution copy as its header says"))
            }
            guard size.pixels <= maximumPixels else {
                return .failure(
                    .overLimits("it has \(size) pixels, more than \(maximumPixels) (library.maximumPixels)"))
            }
            return PixelBuffer.make(width: size.width, height: size.height).flatMap { pixels in
                var length: UInt32 = 0
                let profile = photozoom_tiff_icc(tiff, &length).flatMap { bytes in
                    Int(length) <= ICCProfile.largestBytes ? ICCProfile(Data(bytes: bytes, count: Int(length))) : nil
                }
                if let lab = readLab(tiff, into: pixels) {
                    return lab.map { ProfiledPixels(pixels: pixels, profile: nil) }
                }
                guard photozoom_tiff_rgba_ok(tiff) == 1 else {
                    return TIFFSamples.read(tiff, into: pixels).map { ProfiledPixels(pixels: pixels, profile: profile) }
                }
                // ABGR words, which are RGBA's bytes on a little-endian machine. Asked for the
                // directory's own orientation, libtiff leaves the rows as stored: asked for any
                // other, it only flips them, and orientations 5 to 8 turn a quarter.
                guard
                    TIFFReadRGBAImageOriented(
                        tiff, UInt32(size.width), UInt32(size.height),
                        UnsafeMutableRawPointer(pixels.bytes).assumingMemoryBound(to: UInt32.self),
                        Int32(photozoom_tiff_orientation(tiff)), 0) == 1
                else { return .failure(DecodeFailure.corrupt("libtiff could not decode its \(size) picture")) }
                straighten(pixels)
                return .success(ProfiledPixels(pixels: pixels, profile: profile))
            }
        }
    }

    /// A CIELab directory of three 8- or 16-bit samples a pixel, side by side, in strips:
    /// its L*a*b* (D50, a* and b* signed, as TIFF keeps them) converted to sRGB by lcms2, as
    /// lcms2's own tools do; nil for any other directory. libtiff's RGBA reading converts Lab
    /// against a white of its own, which tints it.
    private static func readLab(_ tiff: OpaquePointer, into pixels: PixelBuffer) -> Result<Void, DecodeFailure>? {
        func field(_ tag: Int32, _ fallback: UInt16) -> Int { Int(photozoom_tiff_field16(tiff, UInt32(tag), fallback)) }
        let bits = field(TIFFTAG_BITSPERSAMPLE, 1)
        guard field(TIFFTAG_PHOTOMETRIC, UInt16.max) == PHOTOMETRIC_CIELAB, bits == 8 || bits == 16,
            field(TIFFTAG_SAMPLESPERPIXEL, 1) == 3, field(TIFFTAG_PLANARCONFIG, 1) == PLANARCONFIG_CONTIG,
            TIFFIsTiled(tiff) == 0
        else { return nil }
        let rowBytes = Int(TIFFScanlineSize64(tiff))
        guard rowBytes >= pixels.width * 3 * bits / 8 else {
            return .failure(.corrupt("libtiff: its Lab rows are short"))
        }
        photozoom_lcms_silence()
        guard let lab = cmsCreateLab4Profile(nil) else { return .failure(.corrupt("lcms2 made no Lab profile")) }
        defer { cmsCloseProfile(lab) }
        guard let screen = cmsCreate_sRGBProfile() else { return .failure(.corrupt("lcms2 made no sRGB profile")) }
        defer { cmsCloseProfile(screen) }
        guard
            let transform = cmsCreateTransform(
                lab, photozoom_lcms_lab_double, screen, photozoom_lcms_rgba8, cmsUInt32Number(INTENT_PERCEPTUAL), 0)
        else { return .failure(.corrupt("lcms2 made no Lab transform")) }
        defer { cmsDeleteTransform(transform) }
        var row = [UInt8](repeating: 0, count: rowBytes)
        var values = [Double](repeating: 0, count: pixels.width * 3)
        for y in 0..<pixels.height {
            guard TIFFReadScanline(tiff, &row, UInt32(y), 0) == 1 else {
                return .failure(.corrupt("libtiff could not decode its row \(y + 1)"))
            }
            row.withUnsafeBytes { raw in
                for i in 0..<pixels.width * 3 {
                    // 16-bit samples come in this machine's order; L* from 0 to 100, a* and b* signed.
                    let sample =
                        bits == 8
                        ? (i % 3 == 0 ? Double(raw[i]) : Double(Int8(bitPattern: raw[i])))
                        : (i % 3 == 0
                            ? Double(raw.loadUnaligned(fromByteOffset: 2 * i, as: UInt16.self))
                            : Double(raw.loadUnaligned(fromByteOffset: 2 * i, as: Int16.self)) / 256)
                    values[i] = i % 3 == 0 ? sample * 100 / (bits == 8 ? 255 : 65535) : sample
                }
            }
            let line = pixels.bytes + y * pixels.pitch
            cmsDoTransform(transform, values, line, cmsUInt32Number(pixels.width))
            for x in 0..<pixels.width { line[x * 4 + 3] = 255 }
        }
        return .success(())
    }

    /// libtiff's RGBA reading hands back colours multiplied by their alpha, whether the file's
    /// alpha is associated or not: divided back out, they are the colours the file means, as
    /// every other decoder gives them.
    private static func straighten(_ pixels: PixelBuffer) {
        let bytes = pixels.bytes
        for at in stride(from: 0, to: pixels.count, by: 4) {
            let alpha = Int(bytes[at + 3])
            guard alpha != 255, alpha != 0 else { continue }
            for channel in at..<(at + 3) {
                bytes[channel] = UInt8(min((Int(bytes[channel]) * 255 + alpha / 2) / alpha, 255))
            }
        }
    }
}
