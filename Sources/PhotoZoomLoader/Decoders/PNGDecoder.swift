import CPNG
import Foundation
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// PNG through libpng's progressive reader (the C half is in CPNG's shim.h): every colour type
/// and depth, tRNS, Adam7, made 8-bit RGBA with straight alpha, the values as stored, with the
/// iCCP profile libpng read (and checked) for the loader to convert from; without one, an sRGB
/// chunk says sRGB, and else gAMA and cHRM make the profile (`ColourConversion`). 16-bit
/// samples are rounded to 8 bits, as ImageMagick's `-depth 8` does. libpng's simplified reader
/// is not used: it takes 16-bit samples for linear light and converts them.
///
/// A file cut short shows every row that arrived, the rest mid grey, as a browser shows a
/// download cut short; one that gives no row is corrupt. A chunk whose CRC is wrong is skipped
/// when ancillary and ends the image where it is when critical: libpng's defaults, which
/// browsers keep, showing the rows before it.
enum PNGDecoder {
    /// What no row reached of a file cut short.
    static let missing = RGBA(grey: 128)
    /// The longest chunk taken; a longer one is corrupt. Nothing is allocated for the chunks
    /// skipped, PLTE and tRNS are read into fixed buffers and the image data is inflated as it
    /// comes, so this bounds only the bytes of a chunk a cut-short file ends inside, which libpng
    /// copies. It is libpng's own default, which passes a photo's large EXIF or ICC profile.
    static let longestChunk = 8_000_000

    /// The pixels asked for from inside libpng's callback, and why they could not be had.
    private final class Request {
        let maximumPixels: Int
        var pixels: Result<PixelBuffer, DecodeFailure>?

        init(maximumPixels: Int) { self.maximumPixels = maximumPixels }
    }

    static func decode(_ data: Data, maximumPixels: Int) -> Result<PixelBuffer, DecodeFailure> {
        decodeProfiled(data, maximumPixels: maximumPixels).map(\.pixels)
    }

    static func decodeProfiled(_ data: Data, maximumPixels: Int) -> Result<ProfiledPixels, DecodeFailure> {
        let request = Request(maximumPixels: maximumPixels)
        let reader = UnsafeMutablePointer<photozoom_png_reader>.allocate(capacity: 1)
        defer { reader.deallocate() }
        let clean = withExtendedLifetime(request) {
            data.withUnsafeBytes { bytes in
                photozoom_png_decode(
                    reader, bytes.baseAddress, bytes.count, png_uint_32(PixelBuffer.largestSide),
                    png_alloc_size_t(longestChunk),
                    { context, width, height in
                        let request = Unmanaged<Request>.fromOpaque(context!).takeUnretainedValue()
                        request.pixels = PNGDecoder.pixels(
                            width: Int(width), height: Int(height), request.maximumPixels)
                        return try? request.pixels?.get().bytes
                    }, Unmanaged.passUnretained(request).toOpaque()) == 1
            }
        }
        defer { photozoom_png_finish(reader) }
        let message = withUnsafeBytes(of: reader.pointee.message) {
            String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
        }
        switch request.pixels {
        case .none:
            return .failure(.corrupt(clean ? "the file ends inside its header" : "its header is broken: \(message)"))
        case .failure(let failure):
            return .failure(failure)
        case .success where reader.pointee.rows == 0:
            return .failure(
                .corrupt(clean ? "the file ends before its first row" : "its first row is broken: \(message)"))
        case .success(let pixels):
            return .success(ProfiledPixels(pixels: pixels, profile: profile(reader.pointee)))
        }
    }

    /// The iCCP chunk's profile, as libpng inflated it; else none where an sRGB chunk says
    /// sRGB (whatever gAMA and cHRM say, as the PNG specification has it); else the one gAMA and
    /// cHRM describe.
    private static func profile(_ reader: photozoom_png_reader) -> ICCProfile? {
        var name: png_charp?
        var compression: Int32 = 0
        var bytes: png_bytep?
        var length: png_uint_32 = 0
        if png_get_iCCP(reader.png, reader.info, &name, &compression, &bytes, &length) != 0, let bytes {
            return Int(length) <= ICCProfile.largestBytes ? ICCProfile(Data(bytes: bytes, count: Int(length))) : nil
        }
        var intent: Int32 = 0
        guard png_get_sRGB(reader.png, reader.info, &intent) == 0 else { return nil }
        var gamma = 0.0
        let hasGamma = png_get_gAMA(reader.png, reader.info, &gamma) != 0
        var (wx, wy, rx, ry, gx, gy, bx, by) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        let hasChromaticities = png_get_cHRM(reader.png, reader.info, &wx, &wy, &rx, &ry, &gx, &gy, &bx, &by) != 0
        return ColourConversion.profile(
            gamma: hasGamma ? gamma : nil, chromaticities: hasChromaticities ? [wx, wy, rx, ry, gx, gy, bx, by] : nil)
    }

    /// Pixels of `width`×`height`, mid grey, if `maximumPixels` allows so many.
    private static func pixels(width: Int, height: Int, _ maximumPixels: Int) -> Result<PixelBuffer, DecodeFailure> {
        // libpng's user limits hold each side to 2^20: the product cannot overflow.
        guard width * height <= maximumPixels else {
            return .failure(
                .overLimits(
                    "it is \(width)×\(height) pixels, more than the \(maximumPixels) a photo may have (library.maximumMegapixels)"
                ))
        }
        return PixelBuffer.make(width: width, height: height).map { pixels in
            let grey = [missing.r, missing.g, missing.b, missing.a]
            for x in 0..<width { (pixels.bytes + x * 4).update(from: grey, count: 4) }
            for y in 1..<height { (pixels.bytes + y * pixels.pitch).update(from: pixels.bytes, count: pixels.pitch) }
            return pixels
        }
    }
}
