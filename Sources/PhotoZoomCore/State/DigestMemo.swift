import Foundation

/// What a sim's digests have in common from tick to tick: the library, which only a photo's
/// size arriving changes, and the tuning, which only a reload does.
struct DigestMemo: Sendable {
    /// The library's sum, kept with the sim's own library: a value, so each copy of a sim
    /// carries the sum of the library it holds, whichever copy asks.
    private(set) var library: LibrarySum
    /// The photos the tick running may change, out of `library` until it has run.
    private var pending: Set<Int> = []
    private let ordered = LibraryDigestCache()
    private(set) var tuning: TuningTape

    init(_ world: World) {
        library = LibrarySum(world.photos)
        tuning = TuningTape(world.tuning)
    }

    /// Before a tick: the photos its sizes name leave the sum as they are, to come back as the
    /// tick leaves them. Only a size changes a photo (`PhotoSizeSystem`), so the rest stay in.
    mutating func willRun(_ input: [InputEvent], photos: [PhotoInfo]) {
        for case .photoSize(let size) in input where photos.indices.contains(size.photo) {
            if pending.insert(size.photo).inserted { library.remove(photos[size.photo], at: size.photo) }
        }
    }

    /// After a tick: the photos it may have changed are summed again, and a reloaded tuning is taped again.
    mutating func update(_ world: World) {
        for index in pending { library.add(world.photos[index], at: index) }
        pending = []
        if world.tuning != tuning.tuning { tuning = TuningTape(world.tuning) }
    }

    /// The digest of `photos` in order, as formats 1 to 3 took it, taken again only when asked
    /// for after they changed.
    func orderedLibraryDigest(of photos: [PhotoInfo]) -> UInt64 { ordered.digest(of: photos) }
}

/// The last library digested in order, for a recording in format 1 to 3, kept between digests
/// rather than taken after every tick. A cache, not state: copies of a sim share it, and
/// whatever it holds is the digest of the library it names, so sharing never changes an answer.
final class LibraryDigestCache: @unchecked Sendable {
    private let lock = NSLock()
    private var last: LibraryDigest?

    func digest(of photos: [PhotoInfo]) -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        if let last, last.isOf(photos) { return last.digest }
        let taken = LibraryDigest(photos)
        last = taken
        return taken.digest
    }
}

/// A photo library's digest in formats 1 to 3, the whole list hashed in order, remembered with
/// the library it is of.
struct LibraryDigest: Sendable {
    let photos: [PhotoInfo]
    let digest: UInt64

    /// Hashed directly, in the bytes walking the list through `Encodable` gives (a list, each
    /// photo a container at its index): walking it builds a container for every photo, and it
    /// ran on every tick that brought a size while a recording or the black box ran.
    /// `DigestDefinitionTests` holds the two to the same digest.
    init(_ photos: [PhotoInfo]) {
        self.photos = photos
        var hasher = DigestHasher()
        hasher.open(0, nil, keyed: false)
        for (i, photo) in photos.enumerated() {
            hasher.position(1, index: i, tag: 1)
            hasher.string(photo.name, 2, "name")
            hasher.open(2, "pixelSize", keyed: true)
            hasher.double(photo.pixelSize.width, 3, "width")
            hasher.double(photo.pixelSize.height, 3, "height")
            hasher.bool(photo.isPlaceholder, 2, "isPlaceholder")
        }
        digest = hasher.hash
    }

    /// The same array (its storage, not merely equal elements: comparing them would cost what
    /// digesting them does). Holding `photos` keeps that storage alive and shared, so a size
    /// that arrives copies the world's library into new storage rather than changing this one.
    func isOf(_ other: [PhotoInfo]) -> Bool {
        photos.count == other.count
            && photos.withUnsafeBufferPointer { a in
                other.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
            }
    }
}

/// A world's tuning as the walk hands it to a sink (at its place in the world: `tuning`, one
/// level down), kept to be handed again without walking it through `Encodable` again: only a
/// reload changes it, and a digest is taken far more often.
struct TuningTape: Sendable {
    enum Entry: Sendable {
        case open(depth: Int, key: String?, keyed: Bool)
        case leaf(depth: Int, key: String?, StateLeaf)
    }

    static let key = IndexKey(name: "tuning")
    static let depth = 1
    let tuning: Tuning
    let entries: [Entry]

    init(_ tuning: Tuning) {
        self.tuning = tuning
        let sink = Recorder()
        try? tuning.encode(to: StateWalk(sink: sink, depth: Self.depth, key: Self.key))
        entries = sink.entries
    }

    func isOf(_ tuning: Tuning, depth: Int, key: CodingKey?) -> Bool {
        depth == Self.depth && key?.stringValue == Self.key.stringValue && tuning == self.tuning
    }

    private final class Recorder: StateSink {
        var entries: [Entry] = []
        func open(depth: Int, key: CodingKey?, keyed: Bool) {
            entries.append(.open(depth: depth, key: key?.stringValue, keyed: keyed))
        }
        func leaf(depth: Int, key: CodingKey?, _ value: StateLeaf) {
            entries.append(.leaf(depth: depth, key: key?.stringValue, value))
        }
    }
}
