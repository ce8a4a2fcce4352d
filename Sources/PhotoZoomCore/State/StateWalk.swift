/// One scalar of a value's encoded form.
enum StateLeaf {
    case null
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case string(String)
}

/// Receives a value's encoded form in encoding order: each container as it opens, each scalar
/// with the coding path that leads to it.
protocol StateSink: AnyObject {
    func open(_ path: [CodingKey], keyed: Bool)
    func leaf(_ path: [CodingKey], _ value: StateLeaf)
}

/// An `Encoder` that hands a value's fields to a sink in the order its `encode(to:)` writes them,
/// which for synthesised conformances is declaration order: the same order on every machine and
/// in every process, with no dictionary or set in the way.
struct StateWalk: Encoder {
    let sink: StateSink
    var codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    static func walk<T: Encodable>(_ value: T, into sink: StateSink) {
        // Our own encoders never throw; a value whose encode(to:) does is recorded as null.
        do { try value.encode(to: StateWalk(sink: sink, codingPath: [])) } catch { sink.leaf([], .null) }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        sink.open(codingPath, keyed: true)
        return KeyedEncodingContainer(Keyed<Key>(sink: sink, codingPath: codingPath))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        sink.open(codingPath, keyed: false)
        return Unkeyed(sink: sink, codingPath: codingPath)
    }

    func singleValueContainer() -> SingleValueEncodingContainer { Single(sink: sink, codingPath: codingPath) }

    /// Encodes any value at `path`: scalars as leaves, everything else by walking into it.
    static func encode<T: Encodable>(_ value: T, at path: [CodingKey], _ sink: StateSink) throws {
        switch value {
        case let v as Double: sink.leaf(path, .double(v))
        case let v as Float: sink.leaf(path, .double(Double(v)))
        case let v as String: sink.leaf(path, .string(v))
        case let v as Bool: sink.leaf(path, .bool(v))
        case let v as Int: sink.leaf(path, .int(Int64(v)))
        default: try value.encode(to: StateWalk(sink: sink, codingPath: path))
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let sink: StateSink
        var codingPath: [CodingKey]
        func path(_ key: Key) -> [CodingKey] { codingPath + [key] }

        mutating func encodeNil(forKey key: Key) throws { sink.leaf(path(key), .null) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { sink.leaf(path(key), .bool(value)) }
        mutating func encode(_ value: String, forKey key: Key) throws { sink.leaf(path(key), .string(value)) }
        mutating func encode(_ value: Double, forKey key: Key) throws { sink.leaf(path(key), .double(value)) }
        mutating func encode(_ value: Float, forKey key: Key) throws { sink.leaf(path(key), .double(Double(value))) }
        mutating func encode(_ value: Int, forKey key: Key) throws { sink.leaf(path(key), .int(Int64(value))) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { sink.leaf(path(key), .int(Int64(value))) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { sink.leaf(path(key), .int(Int64(value))) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { sink.leaf(path(key), .int(Int64(value))) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { sink.leaf(path(key), .int(value)) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { sink.leaf(path(key), .uint(UInt64(value))) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { sink.leaf(path(key), .uint(UInt64(value))) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { sink.leaf(path(key), .uint(UInt64(value))) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { sink.leaf(path(key), .uint(UInt64(value))) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { sink.leaf(path(key), .uint(value)) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try StateWalk.encode(value, at: path(key), sink) }
        // An absent optional is written as null, not skipped, so a dump shows `transition = nil`
        // and a digest tells "absent" from "not there at all".
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) } }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            StateWalk(sink: sink, codingPath: path(key)).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
            StateWalk(sink: sink, codingPath: path(key)).unkeyedContainer()
        }
        mutating func superEncoder() -> Encoder { StateWalk(sink: sink, codingPath: codingPath + [IndexKey(name: "super")]) }
        mutating func superEncoder(forKey key: Key) -> Encoder { StateWalk(sink: sink, codingPath: path(key)) }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let sink: StateSink
        var codingPath: [CodingKey]
        private(set) var count = 0

        init(sink: StateSink, codingPath: [CodingKey]) { self.sink = sink; self.codingPath = codingPath }

        private mutating func next() -> [CodingKey] {
            defer { count += 1 }
            return codingPath + [IndexKey(index: count)]
        }

        mutating func encodeNil() throws { sink.leaf(next(), .null) }
        mutating func encode<T: Encodable>(_ value: T) throws { try StateWalk.encode(value, at: next(), sink) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            StateWalk(sink: sink, codingPath: next()).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer { StateWalk(sink: sink, codingPath: next()).unkeyedContainer() }
        mutating func superEncoder() -> Encoder { StateWalk(sink: sink, codingPath: next()) }
    }

    struct Single: SingleValueEncodingContainer {
        let sink: StateSink
        var codingPath: [CodingKey]
        mutating func encodeNil() throws { sink.leaf(codingPath, .null) }
        mutating func encode(_ value: Bool) throws { sink.leaf(codingPath, .bool(value)) }
        mutating func encode(_ value: String) throws { sink.leaf(codingPath, .string(value)) }
        mutating func encode(_ value: Double) throws { sink.leaf(codingPath, .double(value)) }
        mutating func encode(_ value: Float) throws { sink.leaf(codingPath, .double(Double(value))) }
        mutating func encode(_ value: Int) throws { sink.leaf(codingPath, .int(Int64(value))) }
        mutating func encode(_ value: Int8) throws { sink.leaf(codingPath, .int(Int64(value))) }
        mutating func encode(_ value: Int16) throws { sink.leaf(codingPath, .int(Int64(value))) }
        mutating func encode(_ value: Int32) throws { sink.leaf(codingPath, .int(Int64(value))) }
        mutating func encode(_ value: Int64) throws { sink.leaf(codingPath, .int(value)) }
        mutating func encode(_ value: UInt) throws { sink.leaf(codingPath, .uint(UInt64(value))) }
        mutating func encode(_ value: UInt8) throws { sink.leaf(codingPath, .uint(UInt64(value))) }
        mutating func encode(_ value: UInt16) throws { sink.leaf(codingPath, .uint(UInt64(value))) }
        mutating func encode(_ value: UInt32) throws { sink.leaf(codingPath, .uint(UInt64(value))) }
        mutating func encode(_ value: UInt64) throws { sink.leaf(codingPath, .uint(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws { try StateWalk.encode(value, at: codingPath, sink) }
    }
}

/// A position in an unkeyed container, or a synthetic name.
struct IndexKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(index: Int) { stringValue = String(index); intValue = index }
    init(name: String) { stringValue = name; intValue = nil }
    init?(stringValue: String) { self.init(name: stringValue) }
    init?(intValue: Int) { self.init(index: intValue) }
}
