import CSDL2
import Dispatch
import Foundation
import PhotoZoomCore
import PhotoZoomLibrary
import PhotoZoomUntrusted

/// Draws scenes from a library's files, every photo whole in every frame, holding only what the
/// frames show: before a frame is drawn, each photo in it without pixels at the size it is drawn
/// is decoded at that size on worker threads, and the frame waits for them. The pixels stay for
/// the frames after within a texture budget, the least recently drawn going first, so memory
/// follows the screen, not the library. Headless replays (frames, GIF, contact sheet), the replay
/// window, scripted renders and the reload benchmark draw with this; the window streams instead
/// (`PhotoStream`), since it must never wait.
public final class OnDemandScene {
    /// One decode: a photo's file at a target size.
    struct Job: Hashable, Sendable {
        let photo: Int
        let file: URL
        let target: PixelTarget
    }

    let textures: PhotoTextures
    private let files: [URL?]
    private let scene: SceneRenderer
    private let queue: DecodeQueue<Job, Result<DecodedPixels, DecodeFailure>>
    /// Signalled by a worker each time a decode finishes.
    private let finished: DispatchSemaphore
    /// The renderer's largest texture side; 0 for none.
    private let textureLimit: Int
    private let log: (String) -> Void

    /// Textures are made for `renderer`, which must outlive this. The frame waits for its
    /// decodes, so every core decodes (`threads`).
    public init(
        renderer: OpaquePointer, library: PhotoLibrary, budgetBytes: Int = LibraryLimits().textureBudgetBytes,
        threads: Int = ProcessInfo.processInfo.activeProcessorCount, pool: LoaderPool = .shared,
        log: @escaping (String) -> Void
    ) {
        files = library.files
        self.log = log
        pool.warmUp(limits: LibraryLimits())
        textures = PhotoTextures(renderer: renderer, budgetBytes: budgetBytes)
        for (photo, file) in files.enumerated() where file == nil { textures.markBroken(photo) }
        let takes = RendererTextures(renderer)
        textureLimit = takes.limit
        let finished = DispatchSemaphore(value: 0)
        self.finished = finished
        queue = DecodeQueue(
            threads: threads,
            work: { job in
                PhotoPixelDecoder.decode(job.file, job.target, cache: nil, layout: takes.layout, pool: pool)
            },
            wake: { finished.signal() })
        scene = SceneRenderer(renderer: renderer, source: textures, log: log)
    }

    deinit { queue.stop() }

    /// Draws `items`, the scene of a window `window` points large, at `scale` pixels a point,
    /// once every photo in them has its pixels.
    public func draw(_ items: [DrawItem], window: Size, scale: Double) {
        decodeMissing(items, page: page(window, scale), scale: scale)
        scene.draw(items, scale: scale)
    }

    /// The window's page: its pixels, within the renderer's largest texture.
    func page(_ window: Size, _ scale: Double) -> PixelTarget {
        var width = max(Int((window.width * scale).rounded()), 1)
        var height = max(Int((window.height * scale).rounded()), 1)
        if textureLimit > 0 { (width, height) = (min(width, textureLimit), min(height, textureLimit)) }
        return .page(width: width, height: height)
    }

    /// Decodes what `items` show and the textures lack, and waits for it.
    func decodeMissing(_ items: [DrawItem], page: PixelTarget, scale: Double) {
        // Drawn settled: what arrives for this frame shows whole, not fading in.
        textures.beginFrame(now: .max)
        var shown: [(photo: Int, file: URL)] = []
        var sides: [Int: Int] = [:]
        var pages: Set<Int> = []
        for item in items {
            guard case .photo(let photo) = item.content, files.indices.contains(photo), let file = files[photo],
                !textures.broken.contains(photo)
            else { continue }
            let drawn = Size(
                width: item.frame.width * scale / max(item.crop.width, 1e-9),
                height: item.frame.height * scale / max(item.crop.height, 1e-9))
            if sides[photo] == nil, !pages.contains(photo) { shown.append((photo, file)) }
            // A thumbnail or the page: previews are the window's, while thumbnails are made.
            if case .thumbnail(let side) = Self.target(drawn: drawn, page: page) {
                sides[photo] = max(sides[photo] ?? 0, side)
            } else {
                pages.insert(photo)
            }
            // What the photo has is drawn in this frame: the decodes below must not evict it.
            _ = textures.drawable(for: photo, pixelWidth: drawn.width)
        }
        let jobs = shown.flatMap { photo, file in
            let thumbnail = sides[photo].flatMap {
                hasThumbnail(photo, exactly: $0) ? nil : PixelTarget.thumbnail(side: $0)
            }
            let wantedPage = pages.contains(photo) && !textures.has(photo, page) ? page : nil
            return [thumbnail, wantedPage].compactMap { $0.map { Job(photo: photo, file: file, target: $0) } }
        }
        guard !jobs.isEmpty else { return }
        queue.want(jobs)
        var waiting = jobs.count
        while waiting > 0 {
            finished.wait()
            for done in queue.takeFinished() {
                waiting -= 1
                let photo = done.job.photo
                switch done.result {
                case .success(let pixels):
                    // A photo whose other decode failed stays broken whichever finished first.
                    if !textures.broken.contains(photo) { textures.insert(photo, done.job.target, pixels, arrived: 0) }
                case .failure(let error):
                    guard !textures.broken.contains(photo) else { continue }
                    textures.markBroken(photo)
                    log("photozoom: cannot decode \(done.job.file.path) (\(error)); showing a placeholder")
                }
            }
        }
    }

    /// Whether `photo`'s thumbnail is `side` itself: one larger is decoded again smaller, since
    /// a texture drawn at less than half its size aliases.
    private func hasThumbnail(_ photo: Int, exactly side: Int) -> Bool {
        guard textures.has(photo, .thumbnail(side: side)) else { return false }
        guard let larger = PixelTarget.thumbnailSides.first(where: { $0 > side }) else { return true }
        return !textures.has(photo, .thumbnail(side: larger))
    }

    /// What to decode for a photo drawn `drawn` pixels large (the whole photo, however cropped) in
    /// a window whose page is `page`: of the sizes the window decodes, the thumbnail standard's
    /// four and the page, the smallest that covers it, or the largest when none does (a page
    /// zoomed in). A cell gets the thumbnail the window gives it, a page at rest the page.
    static func target(drawn: Size, page: PixelTarget) -> PixelTarget {
        let candidates = PixelTarget.thumbnailSides.map { PixelTarget.thumbnail(side: $0) } + [page]
        // Each fits the photo in its box: at this scale of the drawn size, the same for both sides.
        func scale(_ target: PixelTarget) -> Double {
            min(Double(target.box.width) / drawn.width, Double(target.box.height) / drawn.height)
        }
        // Covered within half a pixel: a page at rest is drawn at exactly the page's size.
        let least = 1 - 0.5 / max(drawn.width, drawn.height)
        let covering = candidates.filter { scale($0) >= least }
        return covering.min { scale($0) < scale($1) } ?? candidates.max { scale($0) < scale($1) }!
    }
}
