import PhotoZoomCore
import PhotoZoomLoaderInterface

/// A photo decoded at the size it is shown at, as the window has it from a loader.
public struct ScaledImage: @unchecked Sendable {
    /// Upright pixels, no larger than asked for, in the layout the loader was asked for.
    public let pixels: PixelBuffer
    /// The mean of its pixels: the colour a placeholder shows while it is not in memory.
    public let averageColor: Color
    /// The whole photo's upright size: always known to the decoder; from a cached thumbnail, only
    /// when the thumbnail says it (`Thumb::Image::Width` and `Height`).
    public let originalSize: PixelBox?
    /// Whether no pixel is at all transparent, where the loader said.
    public var isOpaque: Bool? = nil
}
