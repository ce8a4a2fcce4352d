import PhotoZoomCore

/// A size in whole pixels.
public struct PixelBox: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Width and height swapped: a photo stored sideways is, upright, as wide as it is stored tall.
    public var transposed: PixelBox { PixelBox(width: height, height: width) }

    public var pixels: Int { width * height }
    /// The same size as the core's `Size`.
    public var size: Size { Size(width: Double(width), height: Double(height)) }

    public var description: String { "\(width)×\(height)" }
}

/// How large a decoded photo needs to be, in upright pixels. Neither way enlarges a photo: one
/// smaller than asked comes back at its own size.
public enum ScaledSize: Hashable, Sendable {
    /// The whole photo inside the box: the pager's page, and a freedesktop.org thumbnail (fit within N×N).
    case fitting(PixelBox)
    /// The photo covering the box, so a crop of it fills it: a square grid cell of S pixels is
    /// `covering(S×S)`, which makes the shorter side S.
    case covering(PixelBox)

    /// The size a photo of `original` upright pixels is scaled to: its aspect kept, each side at
    /// least one pixel.
    public func pixels(for original: PixelBox) -> PixelBox {
        guard original.width > 0, original.height > 0 else { return original }
        let w = Double(original.width)
        let h = Double(original.height)
        let scale: Double
        switch self {
        case .fitting(let box): scale = min(Double(box.width) / w, Double(box.height) / h)
        case .covering(let box): scale = max(Double(box.width) / w, Double(box.height) / h)
        }
        guard scale < 1 else { return original }
        // Rounded to the nearest pixel: a side the box fixes comes out exactly the box's, and the
        // other rounds within the box (fitting) or stays over it (covering), the box being whole pixels.
        return PixelBox(width: max(1, Int((w * scale).rounded())), height: max(1, Int((h * scale).rounded())))
    }
}
