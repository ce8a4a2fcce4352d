import Foundation
import PhotoZoomCore
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// What is read of a folder before its window opens, on the cores the window is not using to
/// open: the listing, the headers of the screen the grid opens on and the next, and the
/// pictures of the cells it opens on: the thumbnails this program kept in the cache, read in
/// this process, and, for the cells without, the previews their cameras embedded where large
/// enough. A picture read here is read while the window is made rather than after it; a
/// preview, from the bytes its header read.
public struct FolderOpening: Sendable {
    public let files: [URL]
    /// One per file probed before the window opened, in order (nil for one not probed).
    public let probes: [Result<PhotoProbe, DecodeFailure>?]
    /// Pictures for the cells the grid opens on, by photo, in `previewLayout`.
    public let pictures: [Int: Picture]
    /// The pixel density the pictures were read for.
    public let scale: Double
    /// When the folder was listed, its headers read and the previews decoded.
    public var stamps = OpeningStamps()

    /// A cell's picture and what it is: the cell's thumbnail from the cache, or its camera's
    /// preview scaled to cover the cell.
    public struct Picture: Sendable {
        public let target: PixelTarget
        public let pixels: DecodedPixels
    }

    /// The layout the pictures are made in: ARGB8888, the format SDL's renderers list first, so
    /// they become textures without a conversion (`PhotoStream` converts any that differ).
    public static let previewLayout = PixelLayout.argb

    /// Lists `folder` and reads the opening's headers, then the pictures of the cells in a
    /// `viewport`-sized window at `scale` pixels a point (a window not made yet assumes 1; cells
    /// of another size have theirs decoded again by the workers): their thumbnails where
    /// `cache` keeps them as this program writes them, else their previews. `handing` is given
    /// each picture as it is read, on the thread that read it, for a window to make its texture
    /// while the others are read.
    public static func read(
        folder: String, scan: PhotoFolder.Scan, viewport: Size, scale: Double, tuning: Tuning, limits: LibraryLimits,
        cache: ThumbnailCache? = nil, pool: LoaderPool = .shared,
        handing: (@Sendable (_ photo: Int, _ picture: Picture) -> Void)? = nil, log: (String) -> Void
    ) throws -> FolderOpening {
        let files = try PhotoFolder.imageFiles(in: folder, scan: scan, log: log)
        var stamps = OpeningStamps()
        stamps.stamp(.folderListed)
        let count = openingCount(of: files.count, viewport: viewport, tuning: tuning)
        let probes = try probeOpening(
            files, folder: folder, limits: limits, count: count, fromEnd: scan.gridStart == .end, log: log)
        stamps.stamp(.headersRead)
        let layout = GridLayout(viewport: viewport, count: files.count, tuning: tuning)
        let cell = layout.cellSize * scale
        let inView = cellsInView(of: files.count, viewport: viewport, tuning: tuning, start: scan.gridStart)
        let kept =
            cache.map { keptThumbnails(of: files, inView, probes: probes, cell: cell, in: $0, handing: handing) } ?? [:]
        // Loaders for the cells without a kept thumbnail: their previews now, their photos
        // next. A window whose cells all have theirs starts them after its first frame.
        if kept.count < inView.count { pool.warmUp(limits: limits) }
        let wanted = inView.compactMap { photo -> (photo: Int, probe: PhotoProbe)? in
            guard kept[photo] == nil, case .success(let probe)? = probes[photo], probe.preview != nil,
                PhotoWishes.covers(probe.previewSize, cell: cell)
            else { return nil }
            return (photo, probe)
        }
        let previewCell = Int(cell.rounded(.up))
        // A few batches a loader, each on a thread of its own: one message each way for each
        // batch, and while one thread copies out what its loader made, another has already
        // handed that loader the next batch.
        let batches = max(min(wanted.count, pool.processes * 3), 1)
        let decoded = HandedIn<DecodedPixels>(count: files.count)
        let finished = DispatchGroup()
        for b in 0..<batches {
            finished.enter()
            let decode: @Sendable () -> Void = {
                let batch = stride(from: b, to: wanted.count, by: batches).map { wanted[$0] }
                let jobs = batch.map { PhotoPixelDecoder.PreviewJob(file: files[$0.photo], probe: $0.probe) }
                let pixels = PhotoPixelDecoder.decodePreviews(
                    jobs, cell: previewCell, layout: previewLayout, limits: limits, pool: pool)
                for (job, result) in zip(batch, pixels) {
                    guard case .success(let made) = result else { continue }
                    decoded.set(job.photo, made)
                    handing?(job.photo, Picture(target: .preview(cell: previewCell), pixels: made))
                }
                finished.leave()
            }
            // A batch no thread could be started for (the limit on processes) is decoded here.
            if ProcessLimit.startThread(decode) != 0 { decode() }
        }
        finished.wait()
        // A preview that did not decode is left to the workers; its thumbnail says if the photo is broken.
        var pictures = kept
        for (photo, pixels) in decoded.values.enumerated() {
            if let pixels { pictures[photo] = Picture(target: .preview(cell: previewCell), pixels: pixels) }
        }
        stamps.stamp(.openingRead)
        return FolderOpening(files: files, probes: probes, pictures: pictures, scale: scale, stamps: stamps)
    }

    /// The thumbnails of `photos` that `cache` keeps as this program writes them, each at the
    /// size the window wants for a cell of `cell` pixels, read on every core: a copy of rows
    /// each, no loader. One kept otherwise (another program's) is left to the workers.
    private static func keptThumbnails(
        of files: [URL], _ photos: Range<Int>, probes: [Result<PhotoProbe, DecodeFailure>?], cell: Double,
        in cache: ThumbnailCache, handing: (@Sendable (Int, Picture) -> Void)?
    ) -> [Int: Picture] {
        let read = HandedIn<Picture>(count: files.count)
        DispatchQueue.concurrentPerform(iterations: photos.count) { k in
            let photo = photos.lowerBound + k
            guard case .success(let probe)? = probes[photo] else { return }
            let target = PixelTarget.thumbnail(covering: cell, aspect: probe.aspect)
            guard let size = ThumbnailSize(pixels: target.box.width),
                let image = cache.read(files[photo], size: size, as: previewLayout, decoding: false)
            else { return }
            let picture = Picture(
                target: target, pixels: PhotoPixelDecoder.made(image, probe: probe, layout: previewLayout))
            read.set(photo, picture)
            handing?(photo, picture)
        }
        return Dictionary(
            uniqueKeysWithValues: read.values.enumerated().compactMap { photo, picture in picture.map { (photo, $0) } })
    }

    /// Headers read before the window opens when the window's size is not known: more than a
    /// screenful of the smallest cells.
    public static let openingCount = 256
    /// The longest the opening probes may take: a cold disk gives the rest as they arrive.
    public static let openingSeconds = 0.05

    /// The headers read before the window opens: the screen the grid opens on and the next,
    /// which the workers want decoded next; a photo whose header is not read yet is wished as a
    /// thumbnail decoded from the photo (tens of milliseconds), never as its camera's preview.
    public static func openingCount(of count: Int, viewport: Size, tuning: Tuning) -> Int {
        min(count, 2 * screenful(of: count, viewport: viewport, tuning: tuning))
    }

    /// How many photos the grid shows when it opens in a window of `viewport` points: its rows
    /// in view and one more, which a scroll or a partial row brings in.
    public static func screenful(of count: Int, viewport: Size, tuning: Tuning) -> Int {
        let layout = GridLayout(viewport: viewport, count: count, tuning: tuning)
        guard layout.columns > 0, layout.rowPitch > 0 else { return min(count, openingCount) }
        return min(count, layout.columns * (Int((viewport.height / layout.rowPitch).rounded(.up)) + 1))
    }

    /// The photos whose cells the grid's first frame shows: its rows in view where it opens (at
    /// its top, or scrolled to its last row above the tab bar), as the window finds them once
    /// its sim has ticked. Only their previews are decoded before the window opens: the row
    /// past them waits for the workers, as a 12-picture row is a tenth of the opening's decoding.
    public static func cellsInView(of count: Int, viewport: Size, tuning: Tuning, start: GridStart) -> Range<Int> {
        let layout = GridLayout(viewport: viewport, count: count, tuning: tuning)
        guard layout.rowPitch > 0 else { return 0..<0 }
        let top =
            start == .end
            ? layout.scrollRange(viewportHeight: viewport.height, bottomInset: tuning.tabBarHeight).upperBound : 0
        return PhotoWishes.rows(layout, from: top, to: top + viewport.height)
    }

    /// Probes files on every core, from the first or (`fromEnd`, a grid opening at its last
    /// row) the last, until `count` are probed or `seconds` have passed (a cold disk), and on,
    /// one at a time, until one could be read if none was: a folder with no readable photo is
    /// told before a window opens, in one line. One result per
    /// file, nil where it was not probed.
    public static func probeOpening(
        _ files: [URL], folder: String, limits: LibraryLimits, count: Int = openingCount,
        seconds: Double = openingSeconds,
        fromEnd: Bool = false, log: (String) -> Void
    ) throws -> [Result<PhotoProbe, DecodeFailure>?] {
        let order = fromEnd ? Array(files.indices.reversed()) : Array(files.indices)
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        let probed = HandedIn<Result<PhotoProbe, DecodeFailure>>(count: files.count)
        func probe(_ photo: Int) {
            let result = PhotoProbe.probe(files[photo], limits: limits, hashing: false, keepingPreview: true)
            probed.set(photo, result, counts: (try? result.get()) != nil)
        }
        // A header is a fraction of a millisecond, so the screens the window opens on are read on
        // every core, and without the content hash, which waits until a recording asks for it.
        let parallel = min(count, order.count)
        DispatchQueue.concurrentPerform(iterations: parallel) { k in
            if probed.anyCounted, DispatchTime.now().uptimeNanoseconds > deadline { return }
            probe(order[k])
        }
        for photo in order.dropFirst(parallel) where !probed.anyCounted { probe(photo) }
        let results = probed.values
        // One line for the whole folder, however many files it has: a line each was 200,001
        // lines for a folder of 200,000 empty files.
        guard probed.anyCounted else {
            let first = zip(files, results).lazy.compactMap { file, result -> String? in
                guard case .failure(let error)? = result else { return nil }
                return "\(file.lastPathComponent): \(error)"
            }.first
            throw PhotoFolderError.noneReadable(folder, files: files.count, first: first ?? "")
        }
        return results
    }
}

/// A folder's opening read on another thread while the caller makes its window (or, for the
/// bench and snapshots, its canvas), as the window opens: what was read is handed over once,
/// and the cells' pictures one by one as they are read.
public final class OpeningRead: @unchecked Sendable {
    /// A cell's picture as it was read, before the rest.
    public struct Arrival: Sendable {
        public let photo: Int
        public let picture: FolderOpening.Picture
    }

    private var result: Result<FolderOpening, Error> = .failure(CancellationError())
    private let reading = DispatchGroup()
    private let arriving = NSCondition()
    private var arrived: [Arrival] = []
    private var isRead = false

    /// Reads with `read`, which hands each picture it reads to the function it is given.
    public init(
        _ read:
            @escaping @Sendable (_ handing: @escaping @Sendable (Int, FolderOpening.Picture) -> Void) throws ->
            FolderOpening
    ) {
        DispatchQueue.global(qos: .userInitiated).async(group: reading) {
            self.result = Result {
                try read { photo, picture in
                    self.arriving.withLock {
                        self.arrived.append(Arrival(photo: photo, picture: picture))
                        self.arriving.signal()
                    }
                }
            }
            self.arriving.withLock {
                self.isRead = true
                self.arriving.broadcast()
            }
        }
    }

    /// Starts reading `folder` for a window of `viewport` points (at 1 pixel a point, all a
    /// window not made yet can assume), the photos within what `file` allows, the cells'
    /// thumbnails from `cache`.
    public convenience init(
        folder: String, scan: PhotoFolder.Scan, viewport: Size, file: TuningFile, cache: ThumbnailCache? = nil,
        pool: LoaderPool = .shared, log: @escaping (String) -> Void
    ) {
        self.init { handing in
            try FolderOpening.read(
                folder: folder, scan: scan, viewport: viewport, scale: 1, tuning: file.tuning, limits: file.library,
                cache: cache, pool: pool, handing: handing, log: log)
        }
    }

    /// The pictures read since the last call, waiting at most `seconds` for one unless the
    /// read is over; and whether it is (none will follow).
    public func arrivals(waiting seconds: TimeInterval) -> (pictures: [Arrival], isRead: Bool) {
        arriving.lock()
        defer { arriving.unlock() }
        if arrived.isEmpty, !isRead { _ = arriving.wait(until: Date(timeIntervalSinceNow: seconds)) }
        defer { arrived.removeAll() }
        return (arrived, isRead)
    }

    /// What was read, once it is, no longer held here; the group's wait orders the write before this read.
    public func take() throws -> FolderOpening {
        reading.wait()
        defer { result = .failure(CancellationError()) }
        return try result.get()
    }
}

/// What the opening's threads hand in, one slot a photo, and whether any counts (a header
/// that could be read).
private final class HandedIn<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value?]
    private var counted = false

    public init(count: Int) { stored = Array(repeating: nil, count: count) }

    public func set(_ index: Int, _ value: Value, counts: Bool = false) {
        lock.withLock {
            stored[index] = value
            if counts { counted = true }
        }
    }

    public var anyCounted: Bool { lock.withLock { counted } }
    public var values: [Value?] { lock.withLock { stored } }
}
