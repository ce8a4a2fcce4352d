import CWebP
import Foundation
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// An animated WebP's first frame, as a browser shows it before it plays: libwebp's animation
/// decoder draws it on its canvas (transparent where the frame does not cover it). Decoded
/// whole: libwebp scales only a still picture.
enum WebPAnimation {
    /// The first frame of `data`, whose canvas `features` read, on a canvas of that size.
    /// The canvas is checked against `maximumPixels` before libwebp allocates it.
    static func firstFrame(_ data: Data, canvas features: WebPBitstreamFeatures, maximumPixels: Int) -> Result<
        PixelBuffer, DecodeFailure
    > {
        let width = Int(features.width)
        let height = Int(features.height)
        guard width * height <= maximumPixels else {
            return .failure(.overLimits("it is \(width)×\(height) pixels, more than a loader may decode"))
        }
        return PixelBuffer.make(width: width, height: height).flatMap { pixels in
            data.withUnsafeBytes { raw in
                guard let decoder = photozoom_webp_animation(raw.bindMemory(to: UInt8.self).baseAddress, raw.count)
                else { return .failure(.corrupt("libwebp: its animation is broken")) }
                defer { WebPAnimDecoderDelete(decoder) }
                var info = WebPAnimInfo()
                var frame: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                guard WebPAnimDecoderGetInfo(decoder, &info) != 0, Int(info.canvas_width) == width,
                    Int(info.canvas_height) == height, WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0,
                    let frame
                else { return .failure(.corrupt("libwebp: its first frame did not decode")) }
                pixels.bytes.update(from: frame, count: pixels.count)
                return .success(pixels)
            }
        }
    }
}
