/// A stable 64-bit fingerprint of a value: FNV-1a over its canonical encoding (fields in
/// declaration order, each with its depth and key, doubles by bit pattern). Equal on every
/// machine and in every process for equal values, so a replay can compare itself tick by tick
/// with the digests a recording carries.
public struct StateDigest: Hashable, Sendable, Codable, CustomStringConvertible {
    public let value: UInt64

    public init(value: UInt64) { self.value = value }

    public init<T: Encodable>(of state: T) {
        self.init(of: state, memo: nil)
    }

    /// The same digest, taking what `memo` remembers (the library's digest, the tuning's
    /// bytes) where it is of the same library and tuning: a sim digests those once, not every
    /// tick. `library` says how the library is taken: summed, or in order as formats 1 to 3 did.
    init<T: Encodable>(of state: T, memo: DigestMemo?, library: LibraryDigestForm = .summed) {
        let sink = DigestSink(memo: memo, library: library)
        StateWalk.walk(state, into: sink)
        value = sink.hasher.hash
    }

    /// Sixteen hex digits.
    public var description: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// How a digest takes the photo library: in order, the whole list hashed (session formats 1
/// to 3), or as the sum of each photo's hash (`LibrarySum`, format 4 on).
enum LibraryDigestForm: Sendable {
    case ordered
    case summed
}

/// Hashes a walk as it goes, taking the parts it has faster paths for by those.
final class DigestSink: StateSink {
    var hasher = DigestHasher()
    private let memo: DigestMemo?
    private let form: LibraryDigestForm

    init(memo: DigestMemo?, library form: LibraryDigestForm) {
        self.memo = memo
        self.form = form
    }

    /// The library as one entry: its place, then its own digest (summed: its count, then the sum).
    func library(depth: Int, key: CodingKey?, _ photos: [PhotoInfo]) {
        position(depth, key, tag: 9)
        switch form {
        case .ordered:
            hasher.word(memo?.orderedLibraryDigest(of: photos) ?? LibraryDigest(photos).digest)
        case .summed:
            let kept = memo.flatMap { $0.library.count == photos.count ? $0.library.sum : nil }
            let sum = kept ?? LibrarySum(photos).sum
            hasher.word(UInt64(photos.count))
            hasher.word(sum)
        }
    }

    func tuning(depth: Int, key: CodingKey?, _ tuning: Tuning) {
        guard let tape = memo?.tuning, tape.isOf(tuning, depth: depth, key: key) else {
            try? tuning.encode(to: StateWalk(sink: self, depth: depth, key: key))
            return
        }
        for entry in tape.entries {
            switch entry {
            case .open(let depth, let key, let keyed): hasher.position(depth, key, tag: keyed ? 1 : 2)
            case .leaf(let depth, let key, let value): hasher.leaf(value, depth, key)
            }
        }
    }

    /// The scene is most of the state and changes every tick: hashed directly, in the bytes
    /// walking it would give, not through `Encodable`.
    func scene(depth: Int, key: CodingKey?, _ scene: Scene) { hasher.scene(scene, depth: depth, key: key?.stringValue) }

    func entity(depth: Int, key: CodingKey?, _ entity: Entity) {
        position(depth, key, tag: 1)
        hasher.int(Int64(entity.index), depth + 1, "index")
    }

    func open(depth: Int, key: CodingKey?, keyed: Bool) { position(depth, key, tag: keyed ? 1 : 2) }

    func leaf(depth: Int, key: CodingKey?, _ value: StateLeaf) {
        position(depth, key, tag: value.tag)
        hasher.value(value)
    }

    /// A list's index is hashed as the text of its digits, without making the text.
    private func position(_ depth: Int, _ key: CodingKey?, tag: UInt8) {
        if let key, ObjectIdentifier(type(of: key)) == ObjectIdentifier(IndexKey.self), let index = key.intValue {
            hasher.position(depth, index: index, tag: tag)
        } else {
            hasher.position(depth, key?.stringValue, tag: tag)
        }
    }
}
