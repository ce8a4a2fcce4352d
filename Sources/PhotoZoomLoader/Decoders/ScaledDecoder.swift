import CTurboJPEG
import CWebP
import Foundation
import PhotoZoomCore
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// What a loader's decoder makes, before the loader hands it on: upright RGBA pixels no larger
/// than asked for, and the whole photo's upright size. Their mean colour is found as the loader
/// copies them out (`LoaderProcess`), in the same pass.
struct UprightPixels {
    let pixels: PixelBuffer
    let originalSize: PixelBox
}

/// Decodes a photo at the size it is needed rather than at full size: a 12-megapixel JPEG for a
/// 256-pixel cell is decoded by libjpeg-turbo at an eighth of its size (its DCT scaling skips
/// most of the work), not at 48 MB and then shrunk; a WebP is scaled by libwebp, a TIFF pyramid
/// read at its level, a HEIF from its thumbnail where one covers the size. Other formats come
/// whole from their own decoders and are shrunk. Either way the result is upright (the
/// format's orientation applied once), shrunk without aliasing, and in sRGB (its colour profile
/// converted). Safe to call from any thread at once.
public enum ScaledDecoder {
    /// `data`, a photo file's bytes, at `size` (in upright pixels), or why it cannot be shown.
    /// A JPEG cut short shows the rows that arrived and the rest mid grey, as djpeg and every
    /// viewer show it; one with no rows at all, or that libjpeg-turbo cannot read, is an error.
    /// A JPEG larger than `limits` allows is decoded at the largest of libjpeg-turbo's scales
    /// within them, even when that is smaller than `size`.
    /// `named`: the file's name, which tells a TGA (a format with no signature) from garbage.
    static func decode(
        _ data: Data, to size: ScaledSize, named name: String = "", limits: LibraryLimits = LibraryLimits()
    ) -> Result<UprightPixels, DecodeFailure> {
        decode(data, to: size, named: name, orientation: PhotoExif(bytes: data).orientation, limits: limits)
    }

    /// `data` with its EXIF orientation given: an embedded preview (`PhotoExif.preview`) has
    /// none of its own and is turned as its photo is.
    static func decode(
        _ data: Data, to size: ScaledSize, named name: String, orientation: ExifOrientation, limits: LibraryLimits
    ) -> Result<UprightPixels, DecodeFailure> {
        guard !data.isEmpty else { return .failure(DecodeFailure.corrupt("it is empty")) }
        let claimed: PhotoHeader.Dimensions
        switch PhotoGate.check(data, named: name, limits: limits) {
        case .success(let found): claimed = found
        case .failure(let refusal): return .failure(refusal)
        }
        // libheif turns a HEIF upright by its own boxes: an EXIF orientation would turn it twice.
        // A WebP's, PNG's or TIFF's own header says how it turns, where a JPEG's EXIF does not.
        let orientation = claimed.kind.isHEIF ? .up : claimed.orientation ?? orientation
        let stored: Result<Stored, DecodeFailure>
        switch claimed.kind {
        case .jpeg: stored = decodeJPEG(data, to: size, orientation, maximumPixels: limits.maximumPixels)
        case .webp: stored = decodeWebP(data, to: size, orientation, maximumPixels: limits.maximumPixels)
        case .tiff where claimed.decodedPixels > limits.maximumPixels:
            let full = PixelBox(width: claimed.width, height: claimed.height)
            stored = TIFFDecoder.decodeReduced(
                data, claimed.reducedResolutions, covering: storedTarget(full, size, orientation),
                maximumPixels: limits.maximumPixels
            ).map { Stored(pixels: $0.pixels, fullSize: full, profile: $0.profile) }
        case .heic, .avif:
            let full = PixelBox(width: claimed.width, height: claimed.height)
            stored = HEIFDecoder.decode(
                data, covering: size.pixels(for: full), claimed: claimed, maximumPixels: limits.maximumPixels
            ).map { Stored(pixels: $0.pixels, fullSize: $0.fullSize, profile: $0.profile) }
        case .jxl:
            stored = JXLDecoder.decode(data, claimed: claimed, maximumPixels: limits.maximumPixels).map {
                Stored(pixels: $0.pixels, fullSize: $0.pixels.size, profile: $0.profile)
            }
        default: stored = decodeWhole(data, claimed.kind, maximumPixels: limits.maximumPixels)
        }
        return stored.flatMap { stored in
            // A JPEG over the limits may have come out smaller than asked for: never enlarged.
            let decoded = PixelBox(width: stored.pixels.width, height: stored.pixels.height)
            let wanted = storedTarget(stored.fullSize, size, orientation)
            let target = wanted.width > decoded.width || wanted.height > decoded.height ? decoded : wanted
            // Decoded at the size wanted (a camera's preview for a cell it does not fill, a WebP
            // scaled by libwebp), the pixels are kept as they are, not copied.
            let shrunk =
                target == decoded
                ? .success(stored.pixels)
                : PictureScaling.downscaled(stored.pixels, width: target.width, height: target.height)
            // Converted once shrunk: the fewer pixels, the less it costs.
            if case .success(let small) = shrunk, let profile = stored.profile {
                ColourConversion.toSRGB(small, from: profile)
            }
            return shrunk.flatMap { small in
                orientation == .up ? .success(small) : PictureScaling.upright(small, orientation)
            }.map {
                UprightPixels(
                    pixels: $0, originalSize: orientation.swapsAxes ? stored.fullSize.transposed : stored.fullSize)
            }
        }
    }

    /// Pixels as decoded, before they are shrunk the rest of the way and turned upright.
    private struct Stored {
        let pixels: PixelBuffer
        /// The whole photo's size as stored (sideways for EXIF orientations 5 to 8).
        let fullSize: PixelBox
        /// The colours the pixels are in, where not sRGB and not converted already.
        var profile: ICCProfile? = nil
    }

    /// The size, in stored (not upright) pixels, that a photo stored at `stored` is scaled to.
    private static func storedTarget(_ stored: PixelBox, _ size: ScaledSize, _ orientation: ExifOrientation) -> PixelBox
    {
        let upright = orientation.swapsAxes ? stored.transposed : stored
        let target = size.pixels(for: upright)
        return orientation.swapsAxes ? target.transposed : target
    }

    /// Decodes through libjpeg-turbo's warnings, as djpeg does: a file cut short ("Premature end
    /// of JPEG file") gives its rows with the missing ones mid grey, and stray bytes between
    /// segments ("extraneous bytes before marker") are skipped. A progressive file's scans are
    /// limited (to 500) so a hostile one cannot make it decode its pixels again and again.
    static let jpegFlags = Int32(TJFLAG_LIMITSCANS)

    /// A JPEG decoded at the smallest of libjpeg-turbo's quick scales (1/8, 1/4, 1/2, 1) that still
    /// covers what `size` asks for, within `maximumPixels`; ink (CMYK, YCCK) through `InkJPEG`.
    private static func decodeJPEG(
        _ data: Data, to size: ScaledSize, _ orientation: ExifOrientation, maximumPixels: Int
    ) -> Result<Stored, DecodeFailure> {
        guard let handle = tjInitDecompress() else {
            return .failure(DecodeFailure.corrupt("libjpeg-turbo: \(String(cString: tjGetErrorStr2(nil)))"))
        }
        defer { tjDestroy(handle) }
        func failure() -> Result<Stored, DecodeFailure> {
            .failure(DecodeFailure.corrupt("libjpeg-turbo: \(String(cString: tjGetErrorStr2(handle)))"))
        }
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let header = data.withUnsafeBytes { raw in
            tjDecompressHeader3(
                handle, raw.bindMemory(to: UInt8.self).baseAddress, UInt(raw.count), &width, &height, &subsampling,
                &colorspace)
        }
        // A header libjpeg-turbo reads as 0×0 (a file cut off inside it) has no pixels to decode;
        // one it warns of (stray bytes between its segments) is read all the same.
        guard header == 0 || tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue), width > 0, height > 0 else {
            return failure()
        }
        let full = PixelBox(width: Int(width), height: Int(height))
        let scaled = scaledSize(of: full, covering: storedTarget(full, size, orientation), maximumPixels: maximumPixels)
        let profile = ICCProfile.inJPEG(data)
        if colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue) {
            return InkJPEG.decode(data, width: scaled.width, height: scaled.height, flags: jpegFlags, profile: profile)
                .map { Stored(pixels: $0, fullSize: full) }
        }
        return PixelBuffer.make(width: scaled.width, height: scaled.height).flatMap { pixels in
            // Asked for exactly a scaled size, libjpeg-turbo decodes at that scale.
            let status = data.withUnsafeBytes { raw in
                tjDecompress2(
                    handle, raw.bindMemory(to: UInt8.self).baseAddress, UInt(raw.count), pixels.bytes,
                    Int32(scaled.width), Int32(pixels.pitch), Int32(scaled.height), Int32(TJPF_RGBA.rawValue),
                    jpegFlags)
            }
            // A warning still gave every row; where the file ends before any image data, every
            // one is the grey libjpeg-turbo fills missing data with, and there is no photo.
            var header = HeaderBytes(head: data)
            guard
                status == 0
                    || (tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue)
                        && JPEGHeader.firstScanData(&header).map { $0 < data.count } == true)
            else { return failure() }
            return .success(Stored(pixels: pixels, fullSize: full, profile: profile))
        }
    }

    /// The smallest size libjpeg-turbo can decode a `size` JPEG at quickly that is no smaller
    /// than `target`; of those with at most `maximumPixels`, the largest when none is.
    static func scaledSize(of size: PixelBox, covering target: PixelBox, maximumPixels: Int = .max) -> PixelBox {
        var count: Int32 = 0
        let factors = tjGetScalingFactors(&count).map { Array(UnsafeBufferPointer(start: $0, count: Int(count))) } ?? []
        // TJSCALED, which Swift cannot import: a side times the factor, rounded up.
        func scaled(_ side: Int, _ f: tjscalingfactor) -> Int { (side * Int(f.num) + Int(f.denom) - 1) / Int(f.denom) }
        let sizes =
            factors
            .filter { Self.quickScales.contains(Double($0.num) / Double($0.denom)) }
            .map { PixelBox(width: scaled(size.width, $0), height: scaled(size.height, $0)) }
            .filter { $0.pixels <= maximumPixels }
        return sizes.filter { $0.width >= target.width && $0.height >= target.height }.min { $0.width < $1.width }
            ?? sizes.max { $0.width < $1.width } ?? size
    }

    /// The scales libjpeg-turbo decodes quickly (SIMD code). Its others (3/8, 5/8, 3/4, 7/8)
    /// run in plain C and can cost more than decoding the whole photo and shrinking it
    /// (docs/performance.md has the figures).
    static let quickScales: Set<Double> = [1, 0.5, 0.25, 0.125]

    /// A WebP decoded by libwebp straight to the size it is shown at (its scaler averages the
    /// pixels each output pixel covers), so one larger than `maximumPixels` allows is still shown;
    /// never enlarged. SDL_image would decode it whole and leave the shrinking to us. One cut
    /// short shows the rows that arrived, the rest mid grey.
    private static func decodeWebP(
        _ data: Data, to size: ScaledSize, _ orientation: ExifOrientation, maximumPixels: Int
    ) -> Result<Stored, DecodeFailure> {
        var config = WebPDecoderConfig()
        guard photozoom_webp_init(&config) != 0 else {
            return .failure(DecodeFailure.corrupt("libwebp: a version this build was not made for"))
        }
        let features = data.withUnsafeBytes { raw in
            photozoom_webp_features(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &config.input)
        }
        guard features == VP8_STATUS_OK, config.input.width > 0, config.input.height > 0 else {
            return .failure(.corrupt("libwebp: its header is broken (status \(features.rawValue))"))
        }
        if config.input.has_animation != 0 {
            return WebPAnimation.firstFrame(data, canvas: config.input, maximumPixels: maximumPixels).map {
                Stored(pixels: $0, fullSize: $0.size, profile: ICCProfile.inWebP(data))
            }
        }
        let full = PixelBox(width: Int(config.input.width), height: Int(config.input.height))
        var out = storedTarget(full, size, orientation)
        if out.width >= full.width || out.height >= full.height { out = full }
        if out.pixels > maximumPixels {
            let shrink = (Double(maximumPixels) / Double(out.pixels)).squareRoot()
            out = PixelBox(
                width: max(Int(Double(out.width) * shrink), 1), height: max(Int(Double(out.height) * shrink), 1))
        }
        return PixelBuffer.make(width: out.width, height: out.height).flatMap { pixels in
            config.options.use_scaling = out == full ? 0 : 1
            config.options.scaled_width = Int32(out.width)
            config.options.scaled_height = Int32(out.height)
            config.output.colorspace = MODE_RGBA
            config.output.is_external_memory = 1
            config.output.u.RGBA.rgba = pixels.bytes
            config.output.u.RGBA.stride = Int32(pixels.pitch)
            config.output.u.RGBA.size = pixels.count
            // Decoded as a download is, so that a file cut short gives the rows that arrived (as
            // far as libwebp got, SUSPENDED for more); the rest are shown mid grey, as a PNG's are.
            var arrived: Int32 = 0
            var status = data.withUnsafeBytes { raw in
                guard let decoder = WebPIDecode(nil, 0, &config) else { return VP8_STATUS_OUT_OF_MEMORY }
                defer { WebPIDelete(decoder) }
                let status = WebPIUpdate(decoder, raw.bindMemory(to: UInt8.self).baseAddress, raw.count)
                if status == VP8_STATUS_SUSPENDED { _ = WebPIDecGetRGB(decoder, &arrived, nil, nil, nil) }
                return status
            }
            WebPFreeDecBuffer(&config.output)
            if status == VP8_STATUS_SUSPENDED { status = arrived > 0 ? VP8_STATUS_OK : VP8_STATUS_NOT_ENOUGH_DATA }
            guard status == VP8_STATUS_OK else {
                return .failure(DecodeFailure.corrupt("libwebp: it did not decode (status \(status.rawValue))"))
            }
            if arrived > 0 {
                let grey = PNGDecoder.missing
                for y in min(Int(arrived), pixels.height)..<pixels.height {
                    let row = pixels.bytes + y * pixels.pitch
                    for x in 0..<pixels.width {
                        (row + x * 4).update(from: [grey.r, grey.g, grey.b, grey.a], count: 4)
                    }
                }
            }
            return .success(Stored(pixels: pixels, fullSize: full, profile: ICCProfile.inWebP(data)))
        }
    }

    /// Every other format, decoded whole by its own decoder (never by another format's: the
    /// bytes said which it is).
    private static func decodeWhole(_ data: Data, _ kind: ImageKind, maximumPixels: Int) -> Result<
        Stored, DecodeFailure
    > {
        let decoded: Result<PixelBuffer, DecodeFailure>
        switch kind {
        case .png:
            return PNGDecoder.decodeProfiled(data, maximumPixels: maximumPixels).map {
                Stored(pixels: $0.pixels, fullSize: $0.pixels.size, profile: $0.profile)
            }
        case .tiff:
            return TIFFDecoder.decode(data, maximumPixels: maximumPixels).map {
                Stored(pixels: $0.pixels, fullSize: $0.pixels.size, profile: $0.profile)
            }
        case .gif: decoded = GIFDecoder.decode(data, maximumPixels: maximumPixels)
        case .bmp: decoded = BMPDecoder.decode(data, maximumPixels: maximumPixels)
        case .qoi: decoded = QOIDecoder.decode(data, maximumPixels: maximumPixels)
        case .pnm: decoded = PNMDecoder.decode(data, maximumPixels: maximumPixels)
        case .pcx: decoded = PCXDecoder.decode(data, maximumPixels: maximumPixels)
        case .tga: decoded = TGADecoder.decode(data, maximumPixels: maximumPixels)
        case .jpeg, .webp, .heic, .avif, .jxl:
            return .failure(.corrupt("a \(kind.rawValue.uppercased()) is decoded at its scale"))
        }
        return decoded.map { Stored(pixels: $0, fullSize: $0.size) }
    }
}
