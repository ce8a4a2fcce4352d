import Foundation
import PhotoZoomCore
import PhotoZoomLibrary
import PhotoZoomUntrusted

/// The photo stream of a window: its pictures become textures of `renderer`.
typealias WindowPhotoStream = PhotoStream<PhotoTextures>

extension PhotoStream where Textures == PhotoTextures {
    /// A stream whose pictures become textures of `renderer` within `limits`' texture budget,
    /// made in the layout it draws from; `wake` wakes the window's loop when work is done.
    /// `textures`: those made already, of `renderer` (`OpeningTextures`).
    convenience init(
        files: [URL], opening: [Result<PhotoProbe, DecodeFailure>?], renderer: OpaquePointer, limits: LibraryLimits,
        cache: ThumbnailCache?, fillsCache: Bool = false, progressFrom: Int = 100, holdsForFirstFrame: Bool = false,
        threads: Int = DecodeQueue<PhotoJob, PhotoJobResult>.defaultThreads,
        prefetchBytesPerFrame: Int = 1 << 20, pool: LoaderPool = .shared, textures: PhotoTextures? = nil,
        wake: WakeSignal, log: @escaping (String) -> Void
    ) {
        let takes = RendererTextures(renderer)
        self.init(
            files: files, opening: opening,
            textures: textures ?? PhotoTextures(renderer: renderer, budgetBytes: limits.textureBudgetBytes),
            textureLimit: takes.limit, layout: takes.layout, limits: limits, cache: cache, fillsCache: fillsCache,
            progressFrom: progressFrom, holdsForFirstFrame: holdsForFirstFrame, threads: threads,
            prefetchBytesPerFrame: prefetchBytesPerFrame, pool: pool,
            wake: { wake.send() }, log: log)
    }
}
