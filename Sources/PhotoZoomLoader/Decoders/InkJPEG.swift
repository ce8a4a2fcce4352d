import CTurboJPEG
import Foundation
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// CMYK and YCCK JPEGs (print files, Photoshop exports) in true colour. SDL_image hands their
/// ink values back as if they were RGB with K in alpha, so the astronaut in CMYK came out blue
/// and its grid cell near white; libjpeg-turbo decodes them to ink here, and ink becomes light.
public enum InkJPEG {
    /// `data`, a CMYK or YCCK JPEG, as RGBA pixels of `width`×`height`: its own size, or one
    /// of libjpeg-turbo's scaled sizes (TJSCALED), which it decodes to directly. `flags` are
    /// TurboJPEG's; a failure says what libjpeg-turbo said, a warning is none. Ink becomes light through the
    /// JPEG's own CMYK `profile` where it has one lcms2 can use, else by the plain formula.
    public static func decode(_ data: Data, width: Int, height: Int, flags: Int32, profile: ICCProfile? = nil)
        -> Result<PixelBuffer, DecodeFailure>
    {
        guard let handle = tjInitDecompress() else {
            return .failure(DecodeFailure.corrupt("libjpeg-turbo: \(String(cString: tjGetErrorStr2(nil)))"))
        }
        defer { tjDestroy(handle) }
        var ink = [UInt8](repeating: 0, count: width * height * 4)
        let decoded = data.withUnsafeBytes { raw in
            ink.withUnsafeMutableBufferPointer { out in
                tjDecompress2(
                    handle, raw.bindMemory(to: UInt8.self).baseAddress, UInt(raw.count), out.baseAddress,
                    Int32(width), Int32(width * 4), Int32(height), Int32(TJPF_CMYK.rawValue), flags)
            }
        }
        // A warning (a file cut short, stray bytes) still gave every row, as djpeg gives them.
        guard decoded == 0 || tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) else {
            return .failure(DecodeFailure.corrupt("libjpeg-turbo: \(String(cString: tjGetErrorStr2(handle)))"))
        }
        let made = PixelBuffer.make(width: width, height: height)
        guard case .success(let picture) = made else { return made }
        let inverted = hasAdobeMarker(data)
        if let profile, ColourConversion.inkToSRGB(ink, inverted: inverted, into: picture, from: profile) {
            return .success(picture)
        }
        let pitch = picture.pitch
        let pixels = picture.bytes
        for y in 0..<height {
            let row = pixels + y * pitch
            for x in 0..<width {
                let i = (y * width + x) * 4
                // Adobe's files store ink inverted (255 is none), as libjpeg hands it back;
                // others store it as it is.
                var c = Int(ink[i])
                var m = Int(ink[i + 1])
                var yellow = Int(ink[i + 2])
                var k = Int(ink[i + 3])
                if !inverted {
                    c = 255 - c
                    m = 255 - m
                    yellow = 255 - yellow
                    k = 255 - k
                }
                row[x * 4] = UInt8((c * k + 127) / 255)
                row[x * 4 + 1] = UInt8((m * k + 127) / 255)
                row[x * 4 + 2] = UInt8((yellow * k + 127) / 255)
                row[x * 4 + 3] = 255
            }
        }
        return .success(picture)
    }

    /// Whether the JPEG has Adobe's APP14 segment before its image data: the mark of inverted ink.
    public static func hasAdobeMarker(_ data: Data) -> Bool {
        var i = data.startIndex + 2
        while i + 4 <= data.endIndex, data[i] == 0xFF {
            let marker = data[i + 1]
            // Start of scan: the segments that describe the image are over.
            if marker == 0xDA { return false }
            let length = Int(data[i + 2]) << 8 | Int(data[i + 3])
            if marker == 0xEE, i + 9 <= data.endIndex, data[(i + 4)..<(i + 9)].elementsEqual("Adobe".utf8) {
                return true
            }
            i += 2 + length
        }
        return false
    }
}
