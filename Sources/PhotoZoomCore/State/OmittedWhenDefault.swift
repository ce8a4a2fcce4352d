/// A part of the state added after sessions were first recorded (the grid's zoom, its tuning).
/// Coded only when it differs from its default, and read as its default where a file has none:
/// a recording made before it existed still reads, and a world that never used it encodes to
/// the very bytes it did before — so its digest, and every committed recording's, stays the
/// same. The encoding is still canonical: a value is written if and only if it is not the default.
protocol OmittedWhenDefault: Codable, Equatable {
    init()
}

// A synthesised `Codable` calls `encode(_:forKey:)` and `decode(_:forKey:)` by overload
// resolution, so these more specific overloads are the ones a containing struct's synthesised
// coding uses for such a field.
extension KeyedEncodingContainer {
    mutating func encode<Part: OmittedWhenDefault>(_ part: Part, forKey key: Key) throws {
        guard part != Part() else { return }
        try encodeIfPresent(Optional(part), forKey: key)
    }
}

extension KeyedDecodingContainer {
    func decode<Part: OmittedWhenDefault>(_ type: Part.Type, forKey key: Key) throws -> Part {
        try decodeIfPresent(Part.self, forKey: key) ?? Part()
    }
}
