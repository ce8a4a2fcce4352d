/// A value's canonical encoding as readable lines, `key.path = value`, one per scalar, in
/// declaration order: `viewer.paging.offset = 403.5`. Empty containers show as `{}` or `[]`
/// and absent optionals as `nil`, so two dumps line up and `differences` can say what differs.
public struct StateDump: Hashable, Sendable {
    public let lines: [String]

    public init<T: Encodable>(of state: T) {
        let sink = DumpSink()
        StateWalk.walk(state, into: sink)
        lines = sink.lines()
    }

    public var text: String { lines.map { $0 + "\n" }.joined() }

    /// One key path whose value differs between two dumps; nil where a dump lacks the path.
    public struct Change: Hashable, Sendable {
        public let key: String
        public let old: String?
        public let new: String?
    }

    /// The key paths whose values differ in `other`, in this dump's order, then those only
    /// `other` has.
    public func changes(to other: StateDump) -> [Change] {
        func split(_ line: String) -> (key: Substring, value: Substring) {
            guard let r = line.range(of: " = ") else { return (line[...], "") }
            return (line[..<r.lowerBound], line[r.upperBound...])
        }
        var theirs: [Substring: Substring] = [:]
        var order: [Substring] = []
        for line in other.lines {
            let (k, v) = split(line)
            theirs[k] = v
            order.append(k)
        }
        var out: [Change] = []
        var seen = Set<Substring>()
        for line in lines {
            let (k, v) = split(line)
            seen.insert(k)
            if let w = theirs[k] {
                if w != v { out.append(Change(key: String(k), old: String(v), new: String(w))) }
            } else {
                out.append(Change(key: String(k), old: String(v), new: nil))
            }
        }
        for k in order where !seen.contains(k) { out.append(Change(key: String(k), old: nil, new: String(theirs[k]!))) }
        return out
    }

    /// The lines of `self` and `other` that differ, as `- old` / `+ new` pairs, by key path.
    public func differences(to other: StateDump) -> [String] {
        changes(to: other).flatMap { c in
            (c.old.map { ["- \(c.key) = \($0)"] } ?? []) + (c.new.map { ["+ \(c.key) = \($0)"] } ?? [])
        }
    }
}

private final class DumpSink: StateSink {
    private struct Entry {
        var depth: Int
        var path: String
        /// `{}` or `[]` for a container, shown only when nothing is inside it.
        var value: String
        var isContainer: Bool
    }
    private var entries: [Entry] = []
    private var paths = StatePaths()

    private static func shown(_ path: String) -> String { path.isEmpty ? "." : path }

    func open(depth: Int, key: CodingKey?, keyed: Bool) {
        let path = paths.open(depth, key)
        entries.append(Entry(depth: depth, path: Self.shown(path), value: keyed ? "{}" : "[]", isContainer: true))
    }

    func leaf(depth: Int, key: CodingKey?, _ value: StateLeaf) {
        let text: String
        switch value {
        case .null: text = "nil"
        case .bool(let b): text = String(b)
        case .int(let i): text = String(i)
        case .uint(let u): text = String(u)
        case .double(let d): text = String(d)
        case .string(let s): text = Self.quoted(s)
        }
        entries.append(Entry(depth: depth, path: Self.shown(paths.path(depth, key)), value: text, isContainer: false))
    }

    func lines() -> [String] {
        entries.indices.compactMap { i in
            let e = entries[i]
            if e.isContainer, i + 1 < entries.count, entries[i + 1].depth > e.depth { return nil }
            return "\(e.path) = \(e.value)"
        }
    }

    /// A string in quotes with control characters escaped, so every entry stays on one line.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7f {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
