import CJXL
import Foundation
import PhotoZoomCore
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// JPEG XL, read by libjxl from the bytes in memory with no parallel runner, so on the loader's
/// one thread: the first frame (an animation's, composited on its canvas), as stored — libjxl
/// is told to keep its orientation, which the loader applies once from the header
/// (`JXLHeader`) — as 8-bit RGBA whatever its depth, its alpha unpremultiplied. Its colours
/// come with the ICC profile libjxl says the decoded pixels are in, for the loader to convert.
/// libjxl 0.7 has no reduced-size decode that a still image is sure to allow, so the whole
/// frame is decoded and shrunk after.
enum JXLDecoder {
    /// The first frame of `data`, whose header claimed `claimed`, within `maximumPixels`.
    static func decode(_ data: Data, claimed: PhotoHeader.Dimensions, maximumPixels: Int)
        -> Result<ProfiledPixels, DecodeFailure>
    {
        guard let decoder = JxlDecoderCreate(nil) else { return .failure(.corrupt("libjxl could not start")) }
        defer { JxlDecoderDestroy(decoder) }
        let events = JXL_DEC_BASIC_INFO.rawValue | JXL_DEC_COLOR_ENCODING.rawValue | JXL_DEC_FULL_IMAGE.rawValue
        guard JxlDecoderSubscribeEvents(decoder, Int32(events)) == JXL_DEC_SUCCESS,
            JxlDecoderSetKeepOrientation(decoder, JXL_TRUE) == JXL_DEC_SUCCESS,
            JxlDecoderSetUnpremultiplyAlpha(decoder, JXL_TRUE) == JXL_DEC_SUCCESS
        else { return .failure(.corrupt("libjxl refused its settings")) }
        return data.withUnsafeBytes { raw -> Result<ProfiledPixels, DecodeFailure> in
            // libjxl reads the bytes in place; they outlive the decoder.
            guard JxlDecoderSetInput(decoder, raw.bindMemory(to: UInt8.self).baseAddress, raw.count) == JXL_DEC_SUCCESS
            else { return .failure(.corrupt("libjxl could not take its bytes")) }
            JxlDecoderCloseInput(decoder)
            var format = JxlPixelFormat(
                num_channels: 4, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)
            var pixels: PixelBuffer?
            var profile: ICCProfile?
            while true {
                switch JxlDecoderProcessInput(decoder) {
                case JXL_DEC_BASIC_INFO:
                    var info = JxlBasicInfo()
                    guard JxlDecoderGetBasicInfo(decoder, &info) == JXL_DEC_SUCCESS else {
                        return .failure(.corrupt("libjxl could not read its header"))
                    }
                    // libjxl's size must be the one the header was checked for, and its
                    // orientation the one the loader applies.
                    let size = PixelBox(width: Int(info.xsize), height: Int(info.ysize))
                    guard size.width == claimed.width, size.height == claimed.height, size.pixels <= maximumPixels,
                        Int(info.orientation.rawValue) == (claimed.orientation ?? .up).rawValue
                    else {
                        let stated =
                            "\(claimed.width)×\(claimed.height), orientation \((claimed.orientation ?? .up).rawValue)"
                        return .failure(
                            .corrupt(
                                "libjxl reads it as \(size), orientation \(info.orientation.rawValue), where its header says \(stated)"
                            ))
                    }
                case JXL_DEC_COLOR_ENCODING:
                    profile = colours(of: decoder)
                case JXL_DEC_NEED_IMAGE_OUT_BUFFER:
                    switch PixelBuffer.make(width: claimed.width, height: claimed.height) {
                    case .failure(let failure): return .failure(failure)
                    case .success(let made):
                        var needed = 0
                        guard JxlDecoderImageOutBufferSize(decoder, &format, &needed) == JXL_DEC_SUCCESS,
                            needed == made.count,
                            JxlDecoderSetImageOutBuffer(decoder, &format, made.bytes, made.count) == JXL_DEC_SUCCESS
                        else { return .failure(.corrupt("libjxl wants a frame of another size than its header's")) }
                        pixels = made
                    }
                case JXL_DEC_FULL_IMAGE:
                    guard let pixels else { return .failure(.corrupt("libjxl decoded a frame into nothing")) }
                    return .success(ProfiledPixels(pixels: pixels, profile: profile))
                case JXL_DEC_NEED_MORE_INPUT:
                    return .failure(.corrupt("libjxl: the file ends before its first frame does"))
                case JXL_DEC_SUCCESS:
                    return .failure(.corrupt("libjxl found no frame in it"))
                case JXL_DEC_ERROR:
                    return .failure(.corrupt("libjxl could not decode it"))
                default:
                    return .failure(.corrupt("libjxl asked for what PhotoZoom does not give it"))
                }
            }
        }
    }

    /// The ICC profile of the pixels as libjxl decodes them (its "data" profile: an XYB-coded
    /// image's pixels may be in another space than its original's), where an RGB one other than
    /// sRGB; nil for sRGB, grey (decoded to RGB already) or what is not read.
    private static func colours(of decoder: OpaquePointer) -> ICCProfile? {
        var encoding = JxlColorEncoding()
        if JxlDecoderGetColorAsEncodedProfile(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &encoding)
            == JXL_DEC_SUCCESS,
            encoding.color_space == JXL_COLOR_SPACE_GRAY
                || (encoding.color_space == JXL_COLOR_SPACE_RGB && encoding.white_point == JXL_WHITE_POINT_D65
                    && encoding.primaries == JXL_PRIMARIES_SRGB
                    && encoding.transfer_function == JXL_TRANSFER_FUNCTION_SRGB)
        {
            return nil
        }
        var size = 0
        guard JxlDecoderGetICCProfileSize(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &size) == JXL_DEC_SUCCESS,
            size > 0, size <= ICCProfile.largestBytes
        else { return nil }
        var bytes = Data(count: size)
        let read = bytes.withUnsafeMutableBytes {
            JxlDecoderGetColorAsICCProfile(
                decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, $0.bindMemory(to: UInt8.self).baseAddress, size)
        }
        guard read == JXL_DEC_SUCCESS, let profile = ICCProfile(bytes), profile.space == .rgb else { return nil }
        return profile
    }
}
