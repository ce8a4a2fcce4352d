import PhotoZoomLoaderInterface

/// Where the photo stream puts the pictures it collects, and what it asks of them to decide
/// what to decode next: the window's textures, made and evicted on the window's side.
public protocol PictureStore: AnyObject {
    /// Whether any frame drawn from it was presented: until then the window keeps a core.
    var hasDrawn: Bool { get }
    /// Whether it holds `photo`'s picture for `target`, or one at least as good.
    func has(_ photo: Int, _ target: PixelTarget) -> Bool
    /// Whether `photo`'s cell has a picture to show, or is known broken.
    func hasThumbnail(_ photo: Int) -> Bool
    /// Whether `photo`'s cell has pixels enough for a cell of `cell` pixels, or is known broken.
    func hasSharpThumbnail(_ photo: Int, cell: Double) -> Bool
    /// `photo` does not decode: its cell shows a placeholder.
    func markBroken(_ photo: Int)
    /// `photo`'s picture for `target`, arrived at `arrived` (the clock's nanoseconds).
    func insert(_ photo: Int, _ target: PixelTarget, _ pixels: DecodedPixels, arrived: UInt64)
}
