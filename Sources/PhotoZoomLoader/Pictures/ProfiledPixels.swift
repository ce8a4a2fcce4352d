import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// A decoder's pixels and the colour profile its file gave them, which the loader converts
/// from once they are shrunk (`ColourConversion`); nil for sRGB or none.
struct ProfiledPixels {
    let pixels: PixelBuffer
    let profile: ICCProfile?
}
