import Foundation

/// The library's digest from session format 4: each photo hashed alone, at its index, and the
/// hashes added up (modulo 2⁶⁴). A size that arrives changes the sum by what its photo's hash
/// did, so a tick's digest costs the photos it changed, not the library: hashed in order, the
/// whole list was hashed again after every tick that brought a size (27 ms at 100,000 photos).
struct LibrarySum: Sendable {
    private(set) var count: Int
    private(set) var sum: UInt64 = 0
    /// How many photos this process has hashed into a sum: what keeping sums up cost, which a
    /// test holds to the photos a tick changed.
    static let photosHashed = HashCount()

    init(_ photos: [PhotoInfo]) {
        count = photos.count
        for (index, photo) in photos.enumerated() { add(photo, at: index) }
    }

    /// The photo at `index`, as it is now, leaves the sum.
    mutating func remove(_ photo: PhotoInfo, at index: Int) {
        sum &-= Self.hash(photo, at: index)
    }

    /// The photo at `index`, as it is now, joins the sum.
    mutating func add(_ photo: PhotoInfo, at index: Int) {
        sum &+= Self.hash(photo, at: index)
    }

    /// The bytes walking the photo at its place in the list gives (its index, then its fields),
    /// FNV-1a 64 over them, then mixed (MurmurHash3's finalizer) so that every bit of each
    /// hash reaches every bit of the sum. `DigestDefinitionTests` holds it to the walk.
    static func hash(_ photo: PhotoInfo, at index: Int) -> UInt64 {
        photosHashed.add()
        var hasher = DigestHasher()
        hasher.position(1, index: index, tag: 1)
        hasher.string(photo.name, 2, "name")
        hasher.open(2, "pixelSize", keyed: true)
        hasher.double(photo.pixelSize.width, 3, "width")
        hasher.double(photo.pixelSize.height, 3, "height")
        hasher.bool(photo.isPlaceholder, 2, "isPlaceholder")
        return mix(hasher.hash)
    }

    static func mix(_ h: UInt64) -> UInt64 {
        var h = h
        h ^= h >> 33
        h &*= 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        h &*= 0xc4ce_b9fe_1a85_ec53
        h ^= h >> 33
        return h
    }
}

/// A count kept across threads (copies of a sim digest on the black box's thread too).
final class HashCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
