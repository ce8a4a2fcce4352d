/// One scalar of a value's encoded form.
enum StateLeaf: Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case string(String)
}

/// Receives a value's encoded form in encoding order: each container as it opens, each scalar,
/// each with its depth and the key that leads to it (nil for the root). A pre-order walk with
/// depths has one tree behind it, so that is all a digest or a dump needs, and no coding path
/// is ever built: an array of keys for every entry once made every digest slow.
protocol StateSink: AnyObject {
    func open(depth: Int, key: CodingKey?, keyed: Bool)
    func leaf(depth: Int, key: CodingKey?, _ value: StateLeaf)
    /// The photo library: large and never changed by a tick, so a digest may take it whole
    /// (and remember it) where a dump walks it like the rest.
    func library(depth: Int, key: CodingKey?, _ photos: [PhotoInfo])
    /// The scene, and the entities that point into it: most of the state, so a digest hashes
    /// them directly where a dump walks them.
    func scene(depth: Int, key: CodingKey?, _ scene: Scene)
    func entity(depth: Int, key: CodingKey?, _ entity: Entity)
    /// The tuning: changed only by a reload, so a digest may hash bytes it kept.
    func tuning(depth: Int, key: CodingKey?, _ tuning: Tuning)
}

extension StateSink {
    func library(depth: Int, key: CodingKey?, _ photos: [PhotoInfo]) {
        StateWalk.encodeElements(photos, depth: depth, key: key, self)
    }
    func scene(depth: Int, key: CodingKey?, _ scene: Scene) {
        try? scene.encode(to: StateWalk(sink: self, depth: depth, key: key))
    }
    func entity(depth: Int, key: CodingKey?, _ entity: Entity) {
        try? entity.encode(to: StateWalk(sink: self, depth: depth, key: key))
    }
    func tuning(depth: Int, key: CodingKey?, _ tuning: Tuning) {
        try? tuning.encode(to: StateWalk(sink: self, depth: depth, key: key))
    }
}

/// An `Encoder` that hands a value's fields to a sink in the order its `encode(to:)` writes them,
/// which for synthesised conformances is declaration order: the same order on every machine and
/// in every process, with no dictionary or set in the way. Its `codingPath` is always empty:
/// nothing it encodes reads it, and keeping it would cost an array per entry.
struct StateWalk: Encoder {
    let sink: StateSink
    let depth: Int
    let key: CodingKey?
    var codingPath: [CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    static func walk<T: Encodable>(_ value: T, into sink: StateSink) {
        // Our own encoders never throw; a value whose encode(to:) does is recorded as null.
        do { try encode(value, depth: 0, key: nil, sink) } catch { sink.leaf(depth: 0, key: nil, .null) }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        sink.open(depth: depth, key: key, keyed: true)
        return KeyedEncodingContainer(Keyed<Key>(sink: sink, depth: depth))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        sink.open(depth: depth, key: key, keyed: false)
        return Unkeyed(sink: sink, depth: depth)
    }

    func singleValueContainer() -> SingleValueEncodingContainer { Single(sink: sink, depth: depth, key: key) }

    /// Encodes any value at `depth` under `key`: scalars as leaves, everything else by walking into it.
    /// The scalar types are told apart by their metadata, not by `as` casts: a failed dynamic
    /// cast searches the conformance tables, and every struct in the state went through five.
    static func encode<T: Encodable>(_ value: T, depth: Int, key: CodingKey?, _ sink: StateSink) throws {
        let type = ObjectIdentifier(T.self)
        if type == ObjectIdentifier(Double.self) {
            sink.leaf(depth: depth, key: key, .double(unsafeBitCast(value, to: Double.self)))
        } else if type == ObjectIdentifier(Int.self) {
            sink.leaf(depth: depth, key: key, .int(Int64(unsafeBitCast(value, to: Int.self))))
        } else if type == ObjectIdentifier(Bool.self) {
            sink.leaf(depth: depth, key: key, .bool(unsafeBitCast(value, to: Bool.self)))
        } else if type == ObjectIdentifier(String.self) {
            sink.leaf(depth: depth, key: key, .string(unsafeBitCast(value, to: String.self)))
        } else if type == ObjectIdentifier(Float.self) {
            sink.leaf(depth: depth, key: key, .double(Double(unsafeBitCast(value, to: Float.self))))
        } else if type == ObjectIdentifier([PhotoInfo].self) {
            sink.library(depth: depth, key: key, unsafeBitCast(value, to: [PhotoInfo].self))
        } else if type == ObjectIdentifier(Scene.self) {
            sink.scene(depth: depth, key: key, unsafeBitCast(value, to: Scene.self))
        } else if type == ObjectIdentifier(Entity.self) {
            sink.entity(depth: depth, key: key, unsafeBitCast(value, to: Entity.self))
        } else if type == ObjectIdentifier(Tuning.self) {
            sink.tuning(depth: depth, key: key, unsafeBitCast(value, to: Tuning.self))
        } else {
            try value.encode(to: StateWalk(sink: sink, depth: depth, key: key))
        }
    }

    /// A list walked as any list is: the container, then each element one level deeper.
    static func encodeElements<Element: Encodable>(_ list: [Element], depth: Int, key: CodingKey?, _ sink: StateSink) {
        var container = StateWalk(sink: sink, depth: depth, key: key).unkeyedContainer()
        for element in list { try? container.encode(element) }
    }

    /// The fields of a container at `depth`: each one level deeper.
    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let sink: StateSink
        let depth: Int
        var codingPath: [CodingKey] { [] }
        private func leaf(_ key: Key, _ value: StateLeaf) { sink.leaf(depth: depth + 1, key: key, value) }

        mutating func encodeNil(forKey key: Key) throws { leaf(key, .null) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { leaf(key, .bool(value)) }
        mutating func encode(_ value: String, forKey key: Key) throws { leaf(key, .string(value)) }
        mutating func encode(_ value: Double, forKey key: Key) throws { leaf(key, .double(value)) }
        mutating func encode(_ value: Float, forKey key: Key) throws { leaf(key, .double(Double(value))) }
        mutating func encode(_ value: Int, forKey key: Key) throws { leaf(key, .int(Int64(value))) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { leaf(key, .int(Int64(value))) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { leaf(key, .int(Int64(value))) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { leaf(key, .int(Int64(value))) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { leaf(key, .int(value)) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { leaf(key, .uint(UInt64(value))) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { leaf(key, .uint(UInt64(value))) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { leaf(key, .uint(UInt64(value))) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { leaf(key, .uint(UInt64(value))) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { leaf(key, .uint(value)) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try StateWalk.encode(value, depth: depth + 1, key: key, sink)
        }
        // An absent optional is written as null, not skipped, so a dump shows `transition = nil`
        // and a digest tells "absent" from "not there at all".
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            StateWalk(sink: sink, depth: depth + 1, key: key).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
            StateWalk(sink: sink, depth: depth + 1, key: key).unkeyedContainer()
        }
        mutating func superEncoder() -> Encoder {
            StateWalk(sink: sink, depth: depth + 1, key: IndexKey(name: "super"))
        }
        mutating func superEncoder(forKey key: Key) -> Encoder { StateWalk(sink: sink, depth: depth + 1, key: key) }
    }

    /// The elements of a list at `depth`: each one level deeper, keyed by its index.
    struct Unkeyed: UnkeyedEncodingContainer {
        let sink: StateSink
        let depth: Int
        var codingPath: [CodingKey] { [] }
        private(set) var count = 0

        init(sink: StateSink, depth: Int) {
            self.sink = sink
            self.depth = depth
        }

        private mutating func next() -> IndexKey {
            defer { count += 1 }
            return IndexKey(index: count)
        }

        mutating func encodeNil() throws { sink.leaf(depth: depth + 1, key: next(), .null) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            try StateWalk.encode(value, depth: depth + 1, key: next(), sink)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
            NestedKey
        > {
            StateWalk(sink: sink, depth: depth + 1, key: next()).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
            StateWalk(sink: sink, depth: depth + 1, key: next()).unkeyedContainer()
        }
        mutating func superEncoder() -> Encoder { StateWalk(sink: sink, depth: depth + 1, key: next()) }
    }

    /// A single value: it stands where its encoder stands.
    struct Single: SingleValueEncodingContainer {
        let sink: StateSink
        let depth: Int
        let key: CodingKey?
        var codingPath: [CodingKey] { [] }
        private func leaf(_ value: StateLeaf) { sink.leaf(depth: depth, key: key, value) }
        mutating func encodeNil() throws { leaf(.null) }
        mutating func encode(_ value: Bool) throws { leaf(.bool(value)) }
        mutating func encode(_ value: String) throws { leaf(.string(value)) }
        mutating func encode(_ value: Double) throws { leaf(.double(value)) }
        mutating func encode(_ value: Float) throws { leaf(.double(Double(value))) }
        mutating func encode(_ value: Int) throws { leaf(.int(Int64(value))) }
        mutating func encode(_ value: Int8) throws { leaf(.int(Int64(value))) }
        mutating func encode(_ value: Int16) throws { leaf(.int(Int64(value))) }
        mutating func encode(_ value: Int32) throws { leaf(.int(Int64(value))) }
        mutating func encode(_ value: Int64) throws { leaf(.int(value)) }
        mutating func encode(_ value: UInt) throws { leaf(.uint(UInt64(value))) }
        mutating func encode(_ value: UInt8) throws { leaf(.uint(UInt64(value))) }
        mutating func encode(_ value: UInt16) throws { leaf(.uint(UInt64(value))) }
        mutating func encode(_ value: UInt32) throws { leaf(.uint(UInt64(value))) }
        mutating func encode(_ value: UInt64) throws { leaf(.uint(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            try StateWalk.encode(value, depth: depth, key: key, sink)
        }
    }
}

/// A position in an unkeyed container, or a synthetic name. An index's text is made only when
/// asked for: a digest hashes the digits without it, and a list's every element has a key.
struct IndexKey: CodingKey {
    private let index: Int
    private let name: String?
    var stringValue: String { name ?? String(index) }
    var intValue: Int? { name == nil ? index : nil }
    init(index: Int) {
        self.index = index
        name = nil
    }
    init(name: String) {
        index = 0
        self.name = name
    }
    init?(stringValue: String) { self.init(name: stringValue) }
    init?(intValue: Int) { self.init(index: intValue) }
}

/// Turns a walk's depths and keys back into paths, `viewer.paging.offset` and `cells[3].frame`,
/// for the sinks that show where a value is.
struct StatePaths {
    /// The path of the container open at each depth, the root's empty.
    private var containers: [String] = []

    /// The path of the entry at `depth` under `key`, inside the container open one level up.
    func path(_ depth: Int, _ key: CodingKey?) -> String {
        guard let key, depth > 0, depth - 1 < containers.count else { return "" }
        let parent = containers[depth - 1]
        if let i = key.intValue { return parent + "[\(i)]" }
        return parent.isEmpty ? key.stringValue : parent + "." + key.stringValue
    }

    /// A container opens at `depth`: its path is the parent of what follows.
    mutating func open(_ depth: Int, _ key: CodingKey?) -> String {
        let p = path(depth, key)
        containers.removeSubrange(min(depth, containers.count)...)
        containers.append(p)
        return p
    }
}
