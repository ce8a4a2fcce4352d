import Foundation
import PhotoZoomCore
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// The sizes of the freedesktop.org thumbnail standard, each a folder of the cache: a thumbnail
/// fits within a square of `pixels`.
public enum ThumbnailSize: String, CaseIterable, Sendable {
    case normal, large
    case xLarge = "x-large"
    case xxLarge = "xx-large"

    public var pixels: Int {
        switch self {
        case .normal: return 128
        case .large: return 256
        case .xLarge: return 512
        case .xxLarge: return 1024
        }
    }

    /// The size whose square is `pixels` on a side, if the standard has one.
    public init?(pixels: Int) {
        guard let size = Self.allCases.first(where: { $0.pixels == pixels }) else { return nil }
        self = size
    }
}

/// The thumbnail cache every freedesktop.org desktop shares (the Thumbnail Managing Standard):
/// `root/<size>/<MD5 of the file's URI>.png`, each PNG saying in its text which file it shows
/// and that file's modification time, and `root/fail/<program>-<version>/` recording the files
/// this program could not read, so they are not tried on every visit.
///
/// Reading never fails loudly: a thumbnail that is missing, for another file, older than its
/// file, written by an older build of this program that drew it differently (`rendering`) or
/// unreadable is no thumbnail. Writing never stops anything: a cache that cannot be
/// written (read-only, full) is said once to `log`, and photos go on being decoded. Safe to use
/// from any thread at once.
public final class ThumbnailCache: @unchecked Sendable {
    /// The `thumbnails` folder.
    public let root: URL
    /// The loaders it decodes photos with.
    public let pool: LoaderPool
    /// Where this program's failures are recorded: `fail/<program>-<version>`.
    public let failFolder: URL
    /// The PNG `Software` text of what we write.
    public let software: String
    /// The program's name, which starts the `Software` text of what it wrote.
    public let program: String
    /// What a photo may be: one over them gets no thumbnail, and no failure recorded.
    public let limits: LibraryLimits
    public let log: (String) -> Void

    /// Held while a file is being written, so `stopWriting` can wait for the write in progress.
    public let writing = NSLock()
    /// Set by `stopWriting`; read and written under `writing`, as the two below are.
    public var stopped = false
    public var kept = 0
    public var refused = 0
    public var refusalReported = false
    /// Thumbnails of cells on screen, written once the cells have their pictures.
    private lazy var later = LaterWrites { [weak self] image, original, size in
        _ = self?.store(image, of: original, size: size)
    }

    /// A cache at `root` (a `thumbnails` folder), writing as `program` at `version` (the number
    /// alone, `0.11.0`: the failures' folder is named `program-version`), decoding with
    /// `pool`'s loaders; `log` hears, once, that the cache cannot be written.
    public init(
        root: URL, program: String, version: String, limits: LibraryLimits = LibraryLimits(),
        pool: LoaderPool = .shared, finishing: Double = ThumbnailCache.finishingSeconds,
        log: @escaping (String) -> Void
    ) {
        self.root = root
        self.finishing = finishing
        self.pool = pool
        self.limits = limits
        failFolder = root.appendingPathComponent("fail").appendingPathComponent("\(program)-\(version)")
        software = "\(program) \(version)"
        self.program = program
        self.log = log
    }

    /// `$XDG_CACHE_HOME/thumbnails`, or `$HOME/.cache/thumbnails` when that is unset, empty or
    /// not absolute (the XDG Base Directory rules).
    public static func standardRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return URL(fileURLWithPath: cache).appendingPathComponent("thumbnails")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".cache").appendingPathComponent("thumbnails")
    }

    /// Where `file`'s thumbnail of `size` is, whether or not it is there.
    public func location(of file: URL, size: ThumbnailSize) -> URL {
        root.appendingPathComponent(size.rawValue).appendingPathComponent(
            FileURI.key(of: FileURI.of(path: file.path)) + ".png")
    }

    /// `file`'s thumbnail of `size`, if the cache holds one made from the file as it is now, in
    /// `layout`. One this program wrote (`StoredPNG`) is read here; any other is decoded by a
    /// loader, or (`decoding` false) left unread.
    public func read(_ file: URL, size: ThumbnailSize, as layout: PixelLayout = .rgba, decoding: Bool = true)
        -> ScaledImage?
    {
        guard let original = OriginalFile(file), let stored = thumbnail(of: file, size: size, original: original)
        else { return nil }
        let width = stored.text["Thumb::Image::Width"].flatMap { Int($0) }
        let height = stored.text["Thumb::Image::Height"].flatMap { Int($0) }
        let originalSize = width.flatMap { w in height.map { PixelBox(width: w, height: $0) } }
        if let picture = StoredPNG.read(stored.png, largestSide: size.pixels, as: layout) {
            return ScaledImage(
                pixels: picture.pixels, averageColor: picture.summary.average, originalSize: originalSize,
                isOpaque: picture.summary.isOpaque)
        }
        guard decoding,
            case .success(let image) = pool.decode(
                stored.file, name: stored.file.path, to: .fitting(PixelBox(width: size.pixels, height: size.pixels)),
                expected: .png, limits: limits, format: layout)
        else { return nil }
        return ScaledImage(
            pixels: image.pixels, averageColor: image.averageColor, originalSize: originalSize,
            isOpaque: image.isOpaque)
    }

    /// Whether the cache holds a thumbnail of `size` made from `file` as it is now; its pixels are
    /// not decoded, only its text and header read.
    public func holds(_ file: URL, size: ThumbnailSize) -> Bool {
        OriginalFile(file).flatMap { thumbnail(of: file, size: size, original: $0) } != nil
    }

    /// The cache's thumbnail of `file` at `size` if it is one `read` would decode: made from the
    /// file as it is now, a whole PNG (ending in its IEND chunk) whose header fits the size's
    /// square. Anything else is made again and replaced.
    private func thumbnail(of file: URL, size: ThumbnailSize, original: OriginalFile) -> Stored? {
        guard let stored = valid(at: location(of: file, size: size), for: original), ThumbnailPNG.endsWhole(stored.png),
            case .success(let claimed) = PhotoGate.check(stored.png, limits: limits), claimed.kind == .png,
            max(claimed.width, claimed.height) <= size.pixels
        else { return nil }
        return stored
    }

    /// Why this program could not make a thumbnail of `file` as it is now, if it tried before
    /// (the record goes stale when the file changes).
    public func recordedFailure(of file: URL) -> String? {
        guard let original = OriginalFile(file), let record = valid(at: failLocation(of: original), for: original)
        else { return nil }
        return record.text["Description"] ?? "it did not decode"
    }

    /// Decodes `file` to fit `size`, keeps the thumbnail in the cache, and hands it back; a file
    /// that was read but does not decode is recorded as a failure. The cache is not looked in
    /// first (`read`, `holds` and `recordedFailure` do that).
    /// `writingLater`: the thumbnail is for a cell on screen, and is written to the cache by a
    /// thread of lower priority once the cores are free (`LaterWrites`).
    public func make(_ file: URL, size: ThumbnailSize, writingLater: Bool = false) -> Result<ScaledImage, DecodeFailure>
    {
        // The time is taken before the bytes are read: a change while decoding makes the thumbnail stale, never wrongly fresh.
        guard let original = OriginalFile(file) else {
            return .failure(DecodeFailure.corrupt("it cannot be read: \(String(cString: strerror(errno)))"))
        }
        guard !original.path.hasPrefix(FileURI.canonical(root.path) + "/") else {
            return .failure(DecodeFailure.corrupt("it is in the thumbnail cache itself"))
        }
        let decoded = PhotoGate.open(file, limits: limits).flatMap { opened in
            pool.decode(
                opened, name: file.lastPathComponent, to: .fitting(PixelBox(width: size.pixels, height: size.pixels)),
                limits: limits
            ).mapError { error in
                if error.isRemembered { recordFailure(original, error.description) }
                return error
            }
        }
        if case .success(let image) = decoded, !(writingLater && later.take(image, of: original, size: size)) {
            store(image, of: original, size: size)
        }
        return decoded
    }

    /// Records that `file`, as it is now, did not decode (a photo's page, decoded outside the
    /// cache), so no thumbnail or page of it is tried again until it changes; a failure of the
    /// limits' is not the file's, and is not recorded.
    public func recordFailure(of file: URL, _ error: DecodeFailure) {
        guard error.isRemembered, let original = OriginalFile(file) else { return }
        _ = recordFailure(original, error.description)
    }

    /// How many thumbnails `make` has written into the cache.
    public var keptThumbnails: Int {
        writing.lock()
        defer { writing.unlock() }
        return kept
    }

    /// How many writes the cache refused (a read-only or full disk): each thumbnail was handed
    /// back all the same, but not kept.
    public var refusedWrites: Int {
        writing.lock()
        defer { writing.unlock() }
        return refused
    }

    /// The longest `stopWriting` spends on thumbnails left to write later, short enough for a
    /// Ctrl-C to end the program at once; the rest are made again at the next visit.
    public static let finishingSeconds = 0.03
    /// How long `stopWriting` writes what was left: `finishingSeconds`, or as long as a
    /// benchmark that opens the folder again with this cache needs.
    private let finishing: Double

    /// Stops writing: writes what was left for later (within `finishing`), waits for a
    /// write in progress, and starts none after, so no temporary file is left when the program
    /// exits at once (at Ctrl-C, say).
    public func stopWriting() {
        later.finish(within: finishing)
        writing.lock()
        stopped = true
        writing.unlock()
    }

    /// A PNG of the cache and its text.
    private struct Stored {
        let file: UntrustedFile
        let png: Data
        let text: [String: String]
    }

    /// The PNG text keyword saying how this program drew a thumbnail or tried a photo (`rendering`).
    public static let renderingKeyword = "X-PhotoZoom::Rendering"
    /// How thumbnails are drawn, raised whenever a change draws some differently, so an entry
    /// an older build wrote is made again rather than shown. 2: colours converted from the
    /// photo's profile, orientation from every format's own tags, HEIC, AVIF and more formats
    /// read; entries from before it carry no number.
    public static let rendering = "2"

    /// The most bytes a thumbnail of the cache may be: an xx-large one, 1024² RGBA stored with
    /// no compression at all, with room for its text.
    public static let maximumThumbnailBytes = 1024 * 1024 * 4 + 1024 * 5 + (64 << 10)

    /// The PNG at `location` if it is a thumbnail (or a failure record) of `original` as it is
    /// now, and not one this program wrote as it drew (or read) photos before (`rendering`);
    /// another program's thumbnail is that program's to keep fresh. Any program of the user's
    /// may write the cache: an entry is read only if it is a regular file (not a link, a FIFO or
    /// a device) of a thumbnail's size.
    private func valid(at location: URL, for original: OriginalFile) -> Stored? {
        guard
            case .success(let file) = UntrustedFile.open(
                location.path, maximumBytes: Self.maximumThumbnailBytes, links: .refuse),
            case .success(let png) = file.readAll(), let chunks = ThumbnailPNG.text(in: png)
        else { return nil }
        let text = Dictionary(chunks.map { ($0.keyword, $0.text) }, uniquingKeysWith: { first, _ in first })
        guard text["Thumb::URI"] == original.uri, text["Thumb::MTime"].flatMap({ Int($0) }) == original.modified else {
            return nil
        }
        if text["Software"]?.hasPrefix(program + " ") == true, text[Self.renderingKeyword] != Self.rendering {
            return nil
        }
        return Stored(file: file, png: png, text: text)
    }

    public func failLocation(of original: OriginalFile) -> URL {
        failFolder.appendingPathComponent(FileURI.key(of: original.uri) + ".png")
    }
}

/// What a thumbnail records of its original: the file's URI, its modification time in whole
/// seconds and its size in bytes, from one `stat`.
public struct OriginalFile {
    public let path: String
    public let uri: String
    public let modified: Int
    public let bytes: Int

    /// Nil when the file cannot be looked at (`errno` says why).
    public init?(_ file: URL) {
        var info = stat()
        guard PathBytes.withCString(file.path, { stat($0, &info) }) == 0 else { return nil }
        path = FileURI.canonical(file.path)
        uri = FileURI.of(path: path)
        modified = Int(info.st_mtim.tv_sec)
        bytes = Int(info.st_size)
    }
}
