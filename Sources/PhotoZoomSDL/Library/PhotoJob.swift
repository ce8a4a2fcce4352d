import CSDL2
import Foundation
import PhotoZoomCore
import PhotoZoomLoader
import PhotoZoomUntrusted

/// One piece of decoding work for a photo: read its header, make its pixels at a size (or show
/// its embedded preview until they are made), or see
/// that the thumbnail cache holds its thumbnail of a side (making it if not).
struct PhotoJob: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case probe
        case pixels(PixelTarget)
        case cacheThumbnail(side: Int)
    }

    let photo: Int
    let kind: Kind
    /// The photo's header as the window already read it, so the job need not read it again (a
    /// warm thumbnail costs less than the probe did); not part of what the job is.
    var probe: PhotoProbe? = nil

    static func == (a: PhotoJob, b: PhotoJob) -> Bool { a.photo == b.photo && a.kind == b.kind }

    func hash(into hasher: inout Hasher) {
        hasher.combine(photo)
        hasher.combine(kind)
    }
}

/// The pixels a photo is decoded to: a grid thumbnail in one of the thumbnail standard's sizes
/// (the photo fitted in a square of that side, so the disk cache can hold it), or a page, fitted
/// to the window's pixels.
enum PixelTarget: Hashable, Sendable, Comparable {
    /// The preview the camera embedded, for a square cell of `cell` pixels: shown at once while
    /// the thumbnail is made or read from the cache, or for good where it fills the cell. It is
    /// scaled to cover the cell on the decoding thread (never enlarged), so the cell at rest is
    /// a straight copy of it, not a stretch on the window's thread for every cell of a screen.
    case preview(cell: Int)
    case thumbnail(side: Int)
    case page(width: Int, height: Int)

    /// The thumbnail standard's sizes: normal, large, x-large and xx-large.
    static let thumbnailSides = [128, 256, 512, 1024]

    /// The smallest thumbnail whose short side still covers a square cell of `cell` pixels, for a
    /// photo of `aspect` (long side over short); the largest when none does.
    static func thumbnail(covering cell: Double, aspect: Double) -> PixelTarget {
        let side = thumbnailSides.first { Double($0) / max(aspect, 1) >= cell } ?? thumbnailSides.last!
        return .thumbnail(side: side)
    }

    /// The box the pixels fit in.
    var box: PixelBox {
        switch self {
        case .preview(let cell): return PixelBox(width: cell, height: cell)
        case .thumbnail(let side): return PixelBox(width: side, height: side)
        case .page(let width, let height): return PixelBox(width: width, height: height)
        }
    }
}

/// A surface handed from a decoding thread to the window's, freed by whoever holds it last.
final class OwnedSurface: @unchecked Sendable {
    let surface: UnsafeMutablePointer<SDL_Surface>
    init(_ surface: UnsafeMutablePointer<SDL_Surface>) { self.surface = surface }
    deinit { SDL_FreeSurface(surface) }
    var size: PixelBox { PixelBox(width: Int(surface.pointee.w), height: Int(surface.pointee.h)) }
}

/// What a job found.
enum PhotoJobResult: Sendable {
    case probed(Result<PhotoProbe, DecodeFailure>)
    /// Pixels, with the probe their decode made (a header the probe could not read is sized by
    /// its decode).
    case decoded(Result<DecodedPixels, DecodeFailure>)
    /// The cache holds the thumbnail: true when this job made it.
    case cached(Result<Bool, DecodeFailure>)
}

/// A photo's pixels at a target size, upright, with what they say about the photo.
struct DecodedPixels: Sendable {
    let pixels: OwnedSurface
    /// The whole photo's upright size, for a photo the probe could not size.
    let uprightSize: PixelBox
    /// The mean colour, which stands in for the photo once these pixels are evicted.
    let average: Color
    /// No pixel is at all transparent: drawn at full alpha, nothing needs blending.
    let isOpaque: Bool
    let probe: PhotoProbe
}
