import Foundation
import PhotoZoomCore
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// One piece of decoding work for a photo: read its header, make its pixels at a size (or show
/// its embedded preview until they are made), or see
/// that the thumbnail cache holds its thumbnail of a side (making it if not).
public struct PhotoJob: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case probe
        case pixels(PixelTarget)
        case cacheThumbnail(side: Int)
    }

    public let photo: Int
    public let kind: Kind
    /// The photo's header as the window already read it, so the job need not read it again (a
    /// warm thumbnail costs less than the probe did); not part of what the job is.
    public var probe: PhotoProbe? = nil

    public static func == (a: PhotoJob, b: PhotoJob) -> Bool { a.photo == b.photo && a.kind == b.kind }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(photo)
        hasher.combine(kind)
    }
}

/// The pixels a photo is decoded to: a grid thumbnail in one of the thumbnail standard's sizes
/// (the photo fitted in a square of that side, so the disk cache can hold it), or a page, fitted
/// to the window's pixels.
public enum PixelTarget: Hashable, Sendable, Comparable {
    /// The preview the camera embedded, for a square cell of `cell` pixels: shown at once while
    /// the thumbnail is made or read from the cache, or for good where it fills the cell. It is
    /// scaled to cover the cell on the decoding thread (never enlarged), so the cell at rest is
    /// a straight copy of it, not a stretch on the window's thread for every cell of a screen.
    case preview(cell: Int)
    case thumbnail(side: Int)
    case page(width: Int, height: Int)

    /// The thumbnail standard's sizes: normal, large, x-large and xx-large.
    public static let thumbnailSides = [128, 256, 512, 1024]

    /// The smallest thumbnail whose short side still covers a square cell of `cell` pixels, for a
    /// photo of `aspect` (long side over short); the largest when none does.
    public static func thumbnail(covering cell: Double, aspect: Double) -> PixelTarget {
        let side = thumbnailSides.first { Double($0) / max(aspect, 1) >= cell } ?? thumbnailSides.last!
        return .thumbnail(side: side)
    }

    /// The box the pixels fit in.
    public var box: PixelBox {
        switch self {
        case .preview(let cell): return PixelBox(width: cell, height: cell)
        case .thumbnail(let side): return PixelBox(width: side, height: side)
        case .page(let width, let height): return PixelBox(width: width, height: height)
        }
    }
}

/// What a job found.
public enum PhotoJobResult: Sendable {
    case probed(Result<PhotoProbe, DecodeFailure>)
    /// Pixels, with the probe their decode made (a header the probe could not read is sized by
    /// its decode).
    case decoded(Result<DecodedPixels, DecodeFailure>)
    /// The cache holds the thumbnail: true when this job made it.
    case cached(Result<Bool, DecodeFailure>)
}

/// A photo's pixels at a target size, upright, with what they say about the photo.
public struct DecodedPixels: Sendable {
    /// Handed from a decoding thread to the window's, freed by whoever holds it last.
    public let pixels: PixelBuffer
    /// The whole photo's upright size, for a photo the probe could not size.
    public let uprightSize: PixelBox
    /// The mean colour, which stands in for the photo once these pixels are evicted.
    public let average: Color
    /// No pixel is at all transparent: drawn at full alpha, nothing needs blending.
    public let isOpaque: Bool
    public let probe: PhotoProbe

    /// These pixels in `layout`: themselves when they are in it already, or when memory for a
    /// copy cannot be had (the renderer converts them then).
    public func converted(to layout: PixelLayout) -> DecodedPixels {
        guard pixels.layout != layout, let converted = pixels.copy(as: layout) else { return self }
        return DecodedPixels(
            pixels: converted, uprightSize: uprightSize, average: average, isOpaque: isOpaque, probe: probe)
    }
}
