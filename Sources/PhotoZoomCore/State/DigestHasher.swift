/// FNV-1a 64 over a value's canonical encoding, byte by byte: each entry a tag for its kind,
/// its depth and its key, then its value (a double by its bit pattern). These bytes are the
/// digest's definition; a walk through `Encodable` and the hand-written scene give the same.
struct DigestHasher {
    private(set) var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    @inline(__always) mutating func byte(_ b: UInt8) {
        hash = (hash ^ UInt64(b)) &* 0x0000_0100_0000_01b3
    }

    @inline(__always) mutating func word(_ w: UInt64) {
        var w = w
        for _ in 0..<8 {
            byte(UInt8(truncatingIfNeeded: w))
            w >>= 8
        }
    }

    mutating func text(_ s: String) {
        var s = s
        s.withUTF8 { bytes in
            word(UInt64(bytes.count))
            for b in bytes { byte(b) }
        }
    }

    /// An index as a key: the text of its decimal digits, without making the text.
    mutating func index(_ i: Int) {
        guard i >= 0 else { return text(String(i)) }
        var power = 1
        var count = 1
        while power <= i / 10 {
            power *= 10
            count += 1
        }
        word(UInt64(count))
        var rest = i
        while power > 0 {
            byte(UInt8(ascii: "0") + UInt8(rest / power))
            rest %= power
            power /= 10
        }
    }

    /// Depth and last key place an entry in the tree: a pre-order walk annotated with depths
    /// has exactly one tree behind it.
    @inline(__always) mutating func position(_ depth: Int, _ key: String?, tag: UInt8) {
        byte(tag)
        word(UInt64(depth))
        if let key { text(key) }
    }

    /// The same, keyed by a list index.
    @inline(__always) mutating func position(_ depth: Int, index: Int, tag: UInt8) {
        byte(tag)
        word(UInt64(depth))
        self.index(index)
    }

    mutating func leaf(_ value: StateLeaf, _ depth: Int, _ key: String?) {
        position(depth, key, tag: value.tag)
        self.value(value)
    }

    /// A leaf's value, after its position.
    mutating func value(_ value: StateLeaf) {
        switch value {
        case .null: break
        case .bool(let b): byte(b ? 1 : 0)
        case .int(let i): word(UInt64(bitPattern: i))
        case .uint(let u): word(u)
        case .double(let d): word(d.bitPattern)
        case .string(let s): text(s)
        }
    }

    mutating func open(_ depth: Int, _ key: String?, keyed: Bool) { position(depth, key, tag: keyed ? 1 : 2) }
    mutating func bool(_ b: Bool, _ depth: Int, _ key: String?) {
        position(depth, key, tag: 4)
        byte(b ? 1 : 0)
    }
    mutating func int(_ i: Int64, _ depth: Int, _ key: String?) {
        position(depth, key, tag: 5)
        word(UInt64(bitPattern: i))
    }
    mutating func uint(_ u: UInt64, _ depth: Int, _ key: String?) {
        position(depth, key, tag: 6)
        word(u)
    }
    mutating func double(_ d: Double, _ depth: Int, _ key: String?) {
        position(depth, key, tag: 7)
        word(d.bitPattern)
    }
    mutating func string(_ s: String, _ depth: Int, _ key: String?) {
        position(depth, key, tag: 8)
        text(s)
    }
}

extension StateLeaf {
    /// What kind of leaf the digest says this is.
    var tag: UInt8 {
        switch self {
        case .null: 3
        case .bool: 4
        case .int: 5
        case .uint: 6
        case .double: 7
        case .string: 8
        }
    }
}
