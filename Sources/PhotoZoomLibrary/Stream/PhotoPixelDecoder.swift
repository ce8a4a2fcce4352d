import Foundation
import PhotoZoomCore
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// Runs a `PhotoJob` on a decoding thread: a header read, or a photo's pixels at a target size
/// — a grid thumbnail from the shared thumbnail cache when it holds a fresh one, else decoded
/// at that size (and kept there), a page decoded to fit the window. Never shares state with
/// another thread's job but the cache, which is made for it.
public enum PhotoPixelDecoder {
    /// `layout`: the renderer's own, which the pixels are made in here rather than converted on
    /// the render thread when they become a texture, where a page's would cost a frame.
    /// `limits`: what a photo may be (the cache has its own, the same in a window). `pool`: the
    /// loaders that decode it.
    public static func run(
        _ job: PhotoJob, file: URL, cache: ThumbnailCache?, layout: PixelLayout, limits: LibraryLimits,
        pool: LoaderPool
    ) -> PhotoJobResult {
        switch job.kind {
        case .probe: return .probed(PhotoProbe.probe(file, limits: limits))
        case .pixels(let target):
            return .decoded(
                decode(
                    file, target, known: job.probe, cache: cache, layout: layout, limits: limits,
                    pool: pool))
        case .cacheThumbnail(let side): return .cached(fill(file, side: side, cache: cache))
        }
    }

    /// Makes `file`'s thumbnail of `side` in `cache` unless it holds one (or a record that it
    /// cannot be made); the pixels are not kept.
    public static func fill(_ file: URL, side: Int, cache: ThumbnailCache?) -> Result<Bool, DecodeFailure> {
        guard let cache, let size = ThumbnailSize(pixels: side),
            !cache.holds(file, size: size), cache.recordedFailure(of: file) == nil
        else { return .success(false) }
        return cache.make(file, size: size).map { _ in true }
    }

    /// `known`: the photo's probe, when the window has it; else the file is probed first.
    public static func decode(
        _ file: URL, _ target: PixelTarget, known: PhotoProbe? = nil, cache: ThumbnailCache?, layout: PixelLayout,
        limits: LibraryLimits = LibraryLimits(), pool: LoaderPool = .shared
    ) -> Result<DecodedPixels, DecodeFailure> {
        let probe: PhotoProbe
        switch known.map(Result.success) ?? PhotoProbe.probe(file, limits: limits) {
        case .success(let p): probe = p
        case .failure(let error): return .failure(error)
        }
        let image: Result<ScaledImage, DecodeFailure>
        if case .preview(let cell) = target {
            // Even where the cache holds the thumbnail, the preview is quicker to read than its PNG.
            image =
                (probe.preview ?? PhotoExif(file: file.path)?.preview).map { preview in
                    pool.decode(
                        preview, name: file.lastPathComponent, to: .covering(PixelBox(width: cell, height: cell)),
                        orientation: probe.orientation, expected: .jpeg, limits: PhotoGate.previewLimits(limits),
                        format: layout)
                } ?? .failure(DecodeFailure.corrupt("it has no preview"))
        } else if case .thumbnail(let side) = target, let cache, let size = ThumbnailSize(pixels: side) {
            if let kept = cache.read(file, size: size, as: layout) {
                image = .success(kept)
            } else if let failure = cache.recordedFailure(of: file) {
                image = .failure(.corrupt(failure))
            } else {
                image = cache.make(file, size: size, writingLater: true)
            }
        } else if let failure = cache?.recordedFailure(of: file) {
            // A photo that crashed its decoder once is not handed to another until it changes.
            image = .failure(.corrupt(failure))
        } else {
            let box = target.box
            image = PhotoGate.open(file, limits: limits).flatMap {
                pool.decode(
                    $0, name: file.lastPathComponent, to: .fitting(box), limits: limits, format: layout)
            }
            if case .failure(let error) = image { cache?.recordFailure(of: file, error) }
        }
        return image.map { made($0, probe: probe, layout: layout) }
    }

    /// A photo the window has the header of, whose embedded preview is wanted.
    public struct PreviewJob {
        let file: URL
        let probe: PhotoProbe
    }

    /// The embedded previews of `jobs`, each scaled to cover a square cell of `cell` pixels,
    /// decoded together by one loader: what the window opens on, where one message each way
    /// for each preview cost as much as decoding it.
    public static func decodePreviews(
        _ jobs: [PreviewJob], cell: Int, layout: PixelLayout, limits: LibraryLimits, pool: LoaderPool = .shared
    )
        -> [Result<DecodedPixels, DecodeFailure>]
    {
        let previews = jobs.map { $0.probe.preview ?? PhotoExif(file: $0.file.path)?.preview }
        let asked = zip(jobs, previews).compactMap { job, preview in
            preview.map {
                LoaderPool.Bytes(
                    bytes: $0, name: job.file.lastPathComponent, size: .covering(PixelBox(width: cell, height: cell)),
                    orientation: job.probe.orientation)
            }
        }
        var decoded = pool.decode(
            asked, expected: .jpeg, limits: PhotoGate.previewLimits(limits), format: layout
        ).makeIterator()
        return zip(jobs, previews).map { job, preview in
            guard preview != nil, let image = decoded.next() else {
                return .failure(DecodeFailure.corrupt("it has no preview"))
            }
            return image.map { made($0, probe: job.probe, layout: layout) }
        }
    }

    /// What a decode made, in `layout`, with what it says about the photo.
    static func made(_ image: ScaledImage, probe: PhotoProbe, layout: PixelLayout) -> DecodedPixels {
        let opaque = image.isOpaque ?? image.pixels.isOpaque
        // A cached thumbnail comes as its PNG is; should no memory be had for the copy, the
        // renderer converts it.
        let pixels = image.pixels.layout == layout ? image.pixels : image.pixels.copy(as: layout) ?? image.pixels
        var sized = probe
        sized.preview = nil
        return DecodedPixels(
            pixels: pixels, uprightSize: probe.uprightSize, average: image.averageColor,
            isOpaque: opaque, probe: sized)
    }
}
