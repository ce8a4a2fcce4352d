/// What a sim's digests have in common from tick to tick: the library, which a tick never
/// changes, and the tuning, which only a reload does.
struct DigestMemo: Sendable {
    private(set) var library: LibraryDigest
    private(set) var tuning: TuningTape

    init(_ world: World) {
        library = LibraryDigest(world.photos)
        tuning = TuningTape(world.tuning)
    }

    /// After a tick: a reloaded tuning is taped again, and a library a size arrived for is
    /// digested again.
    mutating func update(_ world: World) {
        if world.tuning != tuning.tuning { tuning = TuningTape(world.tuning) }
        if !library.isOf(world.photos) { library = LibraryDigest(world.photos) }
    }
}

/// A photo library's digest, remembered with the library it is of.
struct LibraryDigest: Sendable {
    let photos: [PhotoInfo]
    let digest: UInt64

    init(_ photos: [PhotoInfo]) {
        self.photos = photos
        let sink = DigestSink(memo: nil)
        StateWalk.encodeElements(photos, depth: 0, key: nil, sink)
        digest = sink.hasher.hash
    }

    /// The same array (its storage, not merely equal elements: comparing them would cost what
    /// digesting them does). Holding `photos` keeps that storage alive and shared, so a size
    /// that arrives copies the world's library into new storage rather than changing this one.
    func isOf(_ other: [PhotoInfo]) -> Bool {
        photos.count == other.count && photos.withUnsafeBufferPointer { a in other.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }
}

/// A world's tuning as the walk hands it to a sink (at its place in the world: `tuning`, one
/// level down), kept to be handed again without walking it through `Encodable`, which cost a
/// fifth of a digest.
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
        func open(depth: Int, key: CodingKey?, keyed: Bool) { entries.append(.open(depth: depth, key: key?.stringValue, keyed: keyed)) }
        func leaf(depth: Int, key: CodingKey?, _ value: StateLeaf) { entries.append(.leaf(depth: depth, key: key?.stringValue, value)) }
    }
}
