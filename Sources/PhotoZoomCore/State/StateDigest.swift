/// A stable 64-bit fingerprint of a value: FNV-1a over its canonical encoding (fields in
/// declaration order, each with its depth and key, doubles by bit pattern). Equal on every
/// machine and in every process for equal values, so a replay can compare itself tick by tick
/// with the digests a recording carries.
public struct StateDigest: Hashable, Sendable, Codable, CustomStringConvertible {
    public let value: UInt64

    public init(value: UInt64) { self.value = value }

    public init<T: Encodable>(of state: T) {
        self.init(of: state, library: nil)
    }

    /// The same digest, taking the photo library's from `library` when it is that library:
    /// a sim digests its unchanging library once, not every tick.
    init<T: Encodable>(of state: T, library: LibraryDigest?) {
        let hasher = DigestSink(known: library)
        StateWalk.walk(state, into: hasher)
        value = hasher.hash
    }

    /// Sixteen hex digits.
    public var description: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// A photo library's digest, remembered with the library it is of.
struct LibraryDigest: Sendable {
    let photos: [PhotoInfo]
    let digest: UInt64

    init(_ photos: [PhotoInfo]) {
        self.photos = photos
        let sink = DigestSink(known: nil)
        StateWalk.encodeElements(photos, depth: 0, key: nil, sink)
        digest = sink.hash
    }

    /// The same array (its storage, not merely equal elements: comparing them would cost what
    /// digesting them does).
    func isOf(_ other: [PhotoInfo]) -> Bool {
        photos.count == other.count && photos.withUnsafeBufferPointer { a in other.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }
}

private final class DigestSink: StateSink {
    private(set) var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    private let known: LibraryDigest?

    init(known: LibraryDigest?) { self.known = known }

    /// The library as one entry: its place, then its own digest.
    func library(depth: Int, key: CodingKey?, _ photos: [PhotoInfo]) {
        position(depth, key, tag: 9)
        if let known, known.isOf(photos) { word(known.digest) } else { word(LibraryDigest(photos).digest) }
    }

    private func byte(_ b: UInt8) {
        hash ^= UInt64(b)
        hash = hash &* 0x0000_0100_0000_01b3
    }

    private func word(_ w: UInt64) {
        var w = w
        for _ in 0..<8 { byte(UInt8(truncatingIfNeeded: w)); w >>= 8 }
    }

    private func text(_ s: String) {
        word(UInt64(s.utf8.count))
        for b in s.utf8 { byte(b) }
    }

    /// Depth and last key place an entry in the tree: a pre-order walk annotated with depths
    /// has exactly one tree behind it.
    private func position(_ depth: Int, _ key: CodingKey?, tag: UInt8) {
        byte(tag)
        word(UInt64(depth))
        if let key { text(key.stringValue) }
    }

    func open(depth: Int, key: CodingKey?, keyed: Bool) { position(depth, key, tag: keyed ? 1 : 2) }

    func leaf(depth: Int, key: CodingKey?, _ value: StateLeaf) {
        switch value {
        case .null: position(depth, key, tag: 3)
        case let .bool(b): position(depth, key, tag: 4); byte(b ? 1 : 0)
        case let .int(i): position(depth, key, tag: 5); word(UInt64(bitPattern: i))
        case let .uint(u): position(depth, key, tag: 6); word(u)
        case let .double(d): position(depth, key, tag: 7); word(d.bitPattern)
        case let .string(s): position(depth, key, tag: 8); text(s)
        }
    }
}
