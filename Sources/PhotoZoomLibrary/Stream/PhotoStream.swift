import Foundation
import PhotoZoomCore
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// A photo library as the window sees it while it loads: every photo's header is read in the
/// background, and pixels are decoded on worker threads for what the window shows, in the
/// order it wants them. The window never waits: sizes come back as input events for the sim,
/// pixels as textures, and a photo not there yet is drawn in its stand-in colour.
public final class PhotoStream<Textures: PictureStore> {
    public let files: [URL]
    public let textures: Textures
    /// Every photo as the sim first knows it: sized where its header was read before the
    /// window opened, a square stand-in where not.
    public let initialInfos: [PhotoInfo]
    private let queue: DecodeQueue<PhotoJob, PhotoJobResult>
    private var probes: [PhotoProbe?]
    /// Photos whose size the sim has (from the start or an event sent).
    private var sized: [Bool]
    private var broken: Set<Int> = []
    /// Photos whose decode failed for a passing reason, waiting to be tried again.
    private var retries = DecodeRetries()
    private var brokenLines = BrokenPhotoLines()
    /// The renderer's largest texture side; 0 for none.
    private let textureLimit: Int
    /// The layout the renderer draws from without converting, which pixels are made in.
    private let layout: PixelLayout
    private let log: (String) -> Void
    /// Header reads queued behind the wish list and not finished yet.
    private var headersPending = 0
    /// What the window wants decoded, most wanted first, as last told.
    private var wishes: [PhotoJob] = []
    /// The photos a sprite shows in the window (not the cells kept beyond its edges), as the
    /// window last told: their pictures become textures the frame they arrive. Nil before a
    /// scene was built (a sim not ticked yet): every picture is.
    private var onScreen: Set<Int>?
    /// Pictures decoded for photos no sprite shows (the next screen's, the pages beside), in
    /// the order they came: a frame makes at most `prefetchBytesPerFrame` of them textures, so a
    /// burst (the 72 previews of the screen below, landing the frame after the window opens)
    /// is spread over frames rather than stalling the one shown.
    private var prefetched: [Prefetched] = []
    private var prefetchedJobs: Set<Prefetched.Key> = []
    /// Bytes of prefetched pictures a frame makes textures of; at least one picture a frame.
    public let prefetchBytesPerFrame: Int

    /// A picture decoded ahead of being shown.
    private struct Prefetched {
        struct Key: Hashable {
            let photo: Int
            let target: PixelTarget
        }
        let key: Key
        let pixels: DecodedPixels
    }
    /// Sizes read of photos no sprite shows, handed to the sim together at most every
    /// `sizeBatchNanoseconds` (or once every header is read): each tick that brings sizes
    /// changes the library, which the black box and a recording then digest whole and keep a
    /// copy of, and a big folder's headers, one batch a frame, were a digest of 200,000 photos
    /// every tick, piling up gigabytes of copies behind the thread that digests them.
    private var heldSizes: [PhotoSize] = []
    private var sizesHandedAt: UInt64?
    public static var sizeBatchNanoseconds: UInt64 { 250_000_000 }

    /// Filling the thumbnail cache for the whole folder, behind everything else.
    private var fill: CacheFill?
    private let fillsCache: Bool
    /// The fewest photos a folder has for its first visit to show progress: a small one is
    /// read and filled before a pill would be worth looking at.
    private let progressFrom: Int
    /// A window's stream, which holds every thread back while its first frame has every
    /// picture it shows and is still to be drawn (`want`).
    private let holdsForFirstFrame: Bool
    /// No thread decodes: the first frame is about to be drawn.
    public private(set) var isHeld = false
    /// The loaders were started after the first frame.
    private var loadersStarted = false
    private let pool: LoaderPool
    private let limits: LibraryLimits

    /// The cache fill's counts: every photo's thumbnail checked (`done`), `made` of them anew.
    private struct CacheFill {
        var total: Int
        var done = 0
        var made = 0
    }

    /// The photos probed before the window opened: `opening`, one result per file (nil for
    /// one not probed yet). The rest are probed in the background, in order.
    /// Kept to stop its writing at exit.
    private let cache: ThumbnailCache?

    /// Thumbnails come from `cache` and go into it, when there is one.
    /// `textures`: where pictures go, whose renderer takes sides up to `textureLimit` (0: any)
    /// and draws from `layout` without converting. `limits`: what a photo may be (the opening
    /// probes' too). `wake`: called from a worker when work is done.
    /// `fillsCache`: once every header is read, the workers make every photo's grid thumbnail
    /// the cache lacks, whenever nothing on screen is wanted (the window's first visit of a folder).
    /// `holdsForFirstFrame`: a window's stream, whose threads wait while its first frame has
    /// every picture it shows and is not drawn yet, and which starts the loaders once it is
    /// (the opening starts them only for cells without a kept thumbnail).
    public init(
        files: [URL], opening: [Result<PhotoProbe, DecodeFailure>?], textures: Textures, textureLimit: Int,
        layout: PixelLayout, limits: LibraryLimits,
        cache: ThumbnailCache?,
        fillsCache: Bool = false, progressFrom: Int = 100, holdsForFirstFrame: Bool = false,
        threads: Int = DecodeQueue<PhotoJob, PhotoJobResult>.defaultThreads,
        prefetchBytesPerFrame: Int = 1 << 20, pool: LoaderPool = .shared, wake: @escaping @Sendable () -> Void,
        log: @escaping (String) -> Void
    ) {
        self.files = files
        self.prefetchBytesPerFrame = prefetchBytesPerFrame
        self.log = log
        self.cache = cache
        self.fillsCache = fillsCache && cache != nil
        self.progressFrom = progressFrom
        self.holdsForFirstFrame = holdsForFirstFrame
        self.pool = pool
        self.limits = limits
        self.textures = textures
        self.textureLimit = textureLimit
        self.layout = layout
        probes = Array(repeating: nil, count: files.count)
        sized = Array(repeating: false, count: files.count)
        var infos: [PhotoInfo] = []
        for (i, file) in files.enumerated() {
            let name = file.relativePath
            switch i < opening.count ? opening[i] : nil {
            case .success(let probe)?:
                probes[i] = probe
                sized[i] = true
                infos.append(PhotoInfo(name: name, pixelSize: probe.uprightSize.size))
            case .failure(let error)?:
                sized[i] = true
                broken.insert(i)
                textures.markBroken(i)
                brokenLines.line(for: file, error).map(log)
                infos.append(PhotoInfo(name: name, pixelSize: Size(width: 1, height: 1), isPlaceholder: true))
            case nil:
                infos.append(.unread(name: name))
            }
        }
        initialInfos = infos
        let fileList = files
        queue = DecodeQueue(
            threads: threads,
            work: { job in
                PhotoPixelDecoder.run(
                    job, file: fileList[job.photo], cache: cache, layout: layout, limits: limits, pool: pool)
            },
            wake: wake)
        let unread = files.indices.filter { probes[$0] == nil && !broken.contains($0) }
        headersPending = unread.count
        // The window is opening: it keeps a core to itself until its first frame is drawn, or
        // every core while it makes that frame's textures, until `want` knows what it shows.
        isHeld = holdsForFirstFrame
        queue.setShare(holdsForFirstFrame ? .none : .allButOne)
        queue.sweep(unread.map { PhotoJob(photo: $0, kind: .probe) })
    }

    /// Makes textures of the pictures `opening` read while the window was made, converted first
    /// should the renderer draw from another layout than they were made in, but for those the
    /// window made already as they were read (`OpeningRead.arrivals`). The previews' bytes
    /// go when the window has the pixel density the opening assumed; else its cells are larger,
    /// and the workers decode the previews again from them.
    public func insertOpeningPictures(_ opening: FolderOpening, scale: Double, now: UInt64) {
        for (photo, picture) in opening.pictures where !broken.contains(photo) {
            if scale == opening.scale, case .preview = picture.target { probes[photo]?.preview = nil }
            guard !textures.has(photo, picture.target) else { continue }
            textures.insert(photo, picture.target, picture.pixels.converted(to: layout), arrived: now)
        }
    }

    /// What the first visit of a big folder is doing, while it lasts: nil for a small folder,
    /// and once every header is read and every thumbnail the cache lacked is made (a folder
    /// whose thumbnails were all there shows nothing after its headers).
    public var progress: LibraryProgress? {
        guard files.count >= progressFrom else { return nil }
        if headersPending > 0 {
            return LibraryProgress(stage: .readingHeaders, done: files.count - headersPending, total: files.count)
        }
        guard let fill, fill.made > 0, fill.done < fill.total else { return nil }
        return LibraryProgress(stage: .makingThumbnails, done: fill.done, total: fill.total)
    }

    deinit { queue.stop() }

    /// The hash each photo is named by in a recording, for those read so far. The opening's
    /// headers were read without theirs, which is half a header's time before the first frame;
    /// they are taken the first time a recording or a report asks.
    public func contentHashes() -> [String?] {
        for i in probes.indices where probes[i] != nil && probes[i]?.contentHash == nil {
            probes[i]?.contentHash = ContentHash.ofHead(file: files[i].path)
        }
        return probes.map { $0?.contentHash }
    }

    /// The bytes of previews the opening's headers kept and no decode has used yet.
    public var keptPreviewBytes: Int { probes.reduce(0) { $0 + ($1?.preview?.count ?? 0) } }

    /// Finished work since the last call: the sizes the sim does not have yet, as input, and
    /// whether any pixels arrived (the frame then needs drawing). `now`: the clock's
    /// nanoseconds, which end the pauses of photos waiting to be tried again.
    public func collect(now: UInt64) -> (sizes: [InputEvent], newPixels: Bool) {
        var sizes: [PhotoSize] = []
        var newPixels = false
        retries.resume(at: now)
        for done in queue.takeFinished() {
            let photo = done.job.photo
            if case .probe = done.job.kind { headersPending -= 1 }
            // The preview's bytes kept by the opening go with the cell's first picture.
            switch done.job.kind {
            case .pixels(.preview), .pixels(.thumbnail): probes[photo]?.preview = nil
            default: break
            }
            // A preview that does not decode is no fault of the photo's: its thumbnail will say.
            if case .pixels(.preview) = done.job.kind, case .decoded(.failure) = done.result {
                probes[photo]?.previewSize = nil
                continue
            }
            switch done.result {
            case .probed(.success(let probe)):
                probes[photo] = probe
                if !sized[photo] {
                    sized[photo] = true
                    sizes.append(PhotoSize(photo: photo, pixelSize: probe.uprightSize.size))
                }
            case .decoded(.success(let pixels)):
                probes[photo] = probes[photo] ?? pixels.probe
                if !sized[photo] {
                    sized[photo] = true
                    sizes.append(PhotoSize(photo: photo, pixelSize: pixels.uprightSize.size))
                }
                if case .pixels(let target) = done.job.kind {
                    if shows(photo) {
                        textures.insert(photo, target, pixels, arrived: now)
                        newPixels = true
                    } else {
                        let key = Prefetched.Key(photo: photo, target: target)
                        if prefetchedJobs.insert(key).inserted {
                            prefetched.append(Prefetched(key: key, pixels: pixels))
                        }
                    }
                }
            case .cached(.success(let made)):
                fill?.done += 1
                if made { fill?.made += 1 }
            case .probed(.failure(let error)), .decoded(.failure(let error)), .cached(.failure(let error)):
                if case .cacheThumbnail = done.job.kind { fill?.done += 1 }
                guard !broken.contains(photo) else { continue }
                switch retries.failed(photo, error, at: now) {
                case .tryAgain(let pause, let first):
                    // Said once: a photo that decodes at a later try is shown, one that never
                    // does says so again as it becomes a placeholder.
                    if first {
                        let seconds = TuningFile.number(Double(pause) / 1e9)
                        log("photozoom: cannot decode \(files[photo].path) (\(error)); trying again in \(seconds) s")
                    }
                    continue
                case .alreadyWaiting: continue
                case .broken: broken.insert(photo)
                }
                textures.markBroken(photo)
                newPixels = true
                brokenLines.line(for: files[photo], error).map(log)
                sized[photo] = true
                sizes.append(PhotoSize(photo: photo, pixelSize: Size(width: 1, height: 1), isPlaceholder: true))
            }
        }
        if headersPending == 0 { brokenLines.summary().map(log) }
        // Pictures scrolled into view while they waited go first, whatever they cost.
        var budget = prefetchBytesPerFrame
        prefetched.removeAll { waiting in
            let shown = shows(waiting.key.photo)
            guard shown || budget > 0 else { return false }
            if !shown { budget -= waiting.pixels.pixels.size.pixels * 4 }
            prefetchedJobs.remove(waiting.key)
            if !broken.contains(waiting.key.photo) {
                textures.insert(waiting.key.photo, waiting.key.target, waiting.pixels, arrived: now)
                newPixels = true
            }
            return true
        }
        return (handOn(sizes, now: now), newPixels)
    }

    /// `sizes` and those held before, as input, when they are due: one shows, every header is
    /// read, or the last were handed on `sizeBatchNanoseconds` ago; else none, held.
    private func handOn(_ sizes: [PhotoSize], now: UInt64) -> [InputEvent] {
        heldSizes += sizes
        guard !heldSizes.isEmpty else { return [] }
        let due =
            headersPending == 0 || heldSizes.contains { shows($0.photo) }
            || sizesHandedAt.map { now >= $0 + Self.sizeBatchNanoseconds } ?? true
        guard due else { return [] }
        sizesHandedAt = now
        defer { heldSizes.removeAll() }
        return heldSizes.map { .photoSize($0) }
    }

    private func shows(_ photo: Int) -> Bool { onScreen?.contains(photo) ?? true }

    /// Whether pictures decoded ahead wait to become textures: the window does not sleep on them.
    public var hasPrefetched: Bool { !prefetched.isEmpty }

    /// Tells the workers what `worlds` show (one a session of the window, each of its own
    /// size) at `scale` pixels a point: what they lack, most wanted first, the first world's
    /// before the next's. Pages fit each world's pixels, within the renderer's largest texture.
    /// `moving`: the window is animating or following a pointer, and keeps a core to itself,
    /// as it does until its first frame is drawn (the opening's textures are made then) when
    /// its cells have their pictures; while it waits for them, every core decodes them. A
    /// window's stream (`holdsForFirstFrame`) holds every thread while that frame has every
    /// picture sharp: none would show on it, and each would take a core from it.
    public func want(_ worlds: [World], scale: Double, moving: Bool = false) {
        let opening = !textures.hasDrawn
        isHeld = holdsForFirstFrame && opening && worlds.allSatisfy { showsEveryCellSharp(of: $0, scale: scale) }
        queue.setShare(
            isHeld ? .none : moving || opening && worlds.allSatisfy(showsEveryCell) ? .allButOne : .every)
        if holdsForFirstFrame, !opening, !loadersStarted {
            loadersStarted = true
            pool.warmUp(limits: limits)
        }
        let shown = worlds.flatMap { world in
            world.scene.sprites.compactMap { sprite -> Int? in
                guard let sprite, case .photo(let photo) = sprite.content, !sprite.hidden,
                    sprite.current.frame.maxX > 0, sprite.current.frame.minX < world.viewport.width,
                    sprite.current.frame.maxY > 0, sprite.current.frame.minY < world.viewport.height
                else { return nil }
                return photo
            }
        }
        onScreen = worlds.allSatisfy({ $0.scene.sprites.isEmpty }) ? nil : Set(shown)
        wishes = worlds.flatMap { world in
            var page = PixelBox(
                width: max(Int((world.viewport.width * scale).rounded()), 1),
                height: max(Int((world.viewport.height * scale).rounded()), 1))
            if textureLimit > 0 {
                page = PixelBox(width: min(page.width, textureLimit), height: min(page.height, textureLimit))
            }
            return PhotoWishes(windowPixels: page, scale: scale).targets(
                for: world, aspect: aspect(of:), preview: { self.probes[$0]?.previewSize }
            )
            .filter {
                !broken.contains($0.photo) && !retries.isWaiting($0.photo) && !textures.has($0.photo, $0.target)
                    && !prefetchedJobs.contains(Prefetched.Key(photo: $0.photo, target: $0.target))
            }
            .map { PhotoJob(photo: $0.photo, kind: .pixels($0.target), probe: probes[$0.photo]) }
        }
        // Each world names a photo once; two may name the same.
        if worlds.count > 1 {
            var named = Set<PhotoJob>()
            wishes = wishes.filter { named.insert($0).inserted }
        }
        queue.want(wishes)
        if fillsCache, fill == nil, let layout = worlds.first?.grid.layout {
            queueCacheFill(cell: layout.cellSize * scale)
        }
    }

    /// Tells the workers what `world` shows, as `want(_:scale:moving:)` for one.
    public func want(_ world: World, scale: Double, moving: Bool = false) {
        want([world], scale: scale, moving: moving)
    }

    /// Queues every photo's grid thumbnail at the size a cell of `cell` pixels takes, behind the
    /// header reads: the cache then holds the whole folder, for this run's scrolling and the next.
    private func queueCacheFill(cell: Double) {
        let photos = files.indices.filter { !broken.contains($0) }
        fill = CacheFill(total: photos.count)
        queue.sweep(
            photos.map { photo in
                PhotoJob(
                    photo: photo,
                    kind: .cacheThumbnail(
                        side: PixelTarget.thumbnail(covering: cell, aspect: aspect(of: photo)).box.width))
            })
    }

    /// A photo's long side over its short, as far as its header was read (4:3 until then).
    private func aspect(of photo: Int) -> Double { probes[photo]?.aspect ?? 4.0 / 3 }

    /// Whether every cell in the window shows a picture: its thumbnail or the preview its camera
    /// embedded (or a broken photo's placeholder).
    public func showsEveryCell(of world: World) -> Bool {
        visibleCells(world).map { $0.allSatisfy(textures.hasThumbnail) } ?? false
    }

    /// Whether every cell in the window at `scale` pixels a point has pixels enough for it: its
    /// decoded thumbnail, or a preview as large as the cell (or is known broken).
    public func showsEveryCellSharp(of world: World, scale: Double) -> Bool {
        guard let cells = visibleCells(world), let cell = world.grid.layout?.cellSize else { return false }
        return cells.allSatisfy { textures.hasSharpThumbnail($0, cell: cell * scale) }
    }

    public func visibleCells(_ world: World) -> Range<Int>? {
        world.grid.layout.map {
            PhotoWishes.rows($0, from: world.grid.offset, to: world.grid.offset + world.viewport.height)
        }
    }

    /// Whether finished work waits to be collected.
    public var hasArrivals: Bool { queue.hasFinished || !prefetched.isEmpty }

    /// Jobs waiting or running, and photos waiting to be tried again.
    public var outstanding: Int { queue.outstanding + retries.waiting }

    /// Stops the workers taking more jobs (the ones running end on their own) and the cache
    /// writing, so an exit right after leaves no half-written thumbnail.
    public func stop() {
        queue.stop()
        cache?.stopWriting()
        brokenLines.summary().map(log)
    }
}
