/// The tuning as a file a person edits: `Tuning`'s fields in named groups (`grid`, `scroll`,
/// `gestures`, `springs`, `pager`, `zoom`, `dismissal`, `chrome`), each spring in whichever
/// vocabulary the person wrote it. `read` takes a partial file over the defaults and reports
/// every problem; `text` writes the whole file back.
public struct TuningFile: Hashable, Sendable {
    public var tuning: Tuning
    /// The `debug` group: the loop's tick rate and frame clamp. Read at start only, since every
    /// tick stamp of a run depends on them.
    public var loop: LoopSettings
    /// The `library` group: the texture budget and the largest photo decoded.
    public var library: LibraryLimits
    /// How each spring is written, by its path in the file (`springs.zoomIn`). A spring whose
    /// spec no longer gives the tuning's value is written as its physical constants.
    public var springs: [String: SpringSpec]

    /// The JSON Schema a written file names, which editors use to complete and check it.
    public static let schemaName = "tuning.schema.json"

    /// The defaults, each spring in the vocabulary `Tuning` defines it with.
    public init() {
        tuning = Tuning()
        loop = LoopSettings()
        library = LibraryLimits()
        springs = [:]
        for group in Self.groups {
            for key in group.keys {
                if case .spring(_, let spec) = key.kind { springs[group.name + "." + key.name] = spec }
            }
        }
    }

    /// Every key a file may have, as `group.key` paths in the order the file writes them.
    public static var keys: [String] { groups.flatMap { group in group.keys.map { group.name + "." + $0.name } } }

    /// A number key of the file, by group and name.
    public struct NumberKey: Hashable, Sendable {
        public let group: String
        public let name: String
    }

    /// The keys that hold plain numbers of `Tuning` (not the loop's, which a running window
    /// keeps), for tools that write tunings of their own.
    public static var numberKeys: [NumberKey] {
        groups.flatMap { group in
            group.keys.compactMap { key in
                if case .number = key.kind { return NumberKey(group: group.name, name: key.name) } else { return nil }
            }
        }
    }

    /// The whole file: every group and key, two-space indented, springs and thresholds on one
    /// line each, ending in a newline.
    public var text: String {
        var lines = ["{", "  \"$schema\": \(Self.quoted(Self.schemaName)),"]
        for (g, group) in Self.groups.enumerated() {
            lines.append("  \(Self.quoted(group.name)): {")
            for (k, key) in group.keys.enumerated() {
                let comma = k < group.keys.count - 1 ? "," : ""
                lines.append(
                    "    \(Self.quoted(key.name)): \(valueText(key, path: group.name + "." + key.name))\(comma)")
            }
            lines.append(g < Self.groups.count - 1 ? "  }," : "  }")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private func valueText(_ key: Key, path: String) -> String {
        switch key.kind {
        case .number(let keyPath, _):
            return Self.number(tuning[keyPath: keyPath])
        case .rest(let keyPath):
            let rest = tuning[keyPath: keyPath]
            return "{\"value\": \(Self.number(rest.value)), \"velocity\": \(Self.number(rest.velocity))}"
        case .spring(let keyPath, _):
            return "{"
                + spec(keyPath, path: path).members.map { "\(Self.quoted($0.key)): \(Self.number($0.value))" }.joined(
                    separator: ", ") + "}"
        case .choice(let choice):
            return Self.quoted(choice.get(tuning))
        case .setting(let keyPath, _, _):
            return Self.number(self[keyPath: keyPath])
        case .counts(let keyPath, _):
            return CountsRule.text(tuning[keyPath: keyPath])
        }
    }

    /// A spring as the file writes it: in the person's vocabulary while that still gives the
    /// tuning's value, else as its physical constants.
    func spec(_ keyPath: KeyPath<Tuning, SpringParameters>, path: String) -> SpringSpec {
        let value = tuning[keyPath: keyPath]
        return springs[path].flatMap { (try? $0.parameters()) == value ? $0 : nil }
            ?? .physical(mass: value.mass, stiffness: value.stiffness, damping: value.damping)
    }

    /// The shortest text that reads back as the same double, without a trailing ".0".
    public static func number(_ value: Double) -> String {
        let text = "\(value)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// A JSON string; the names written here are plain ASCII words.
    static func quoted(_ text: String) -> String { "\"\(text)\"" }
}

extension TuningFile {
    /// One key of a group: its name in the file and the field of `Tuning` it sets.
    struct Key: Sendable {
        enum Kind: Sendable {
            case number(WritableKeyPath<Tuning, Double> & Sendable, NumberRule)
            case rest(WritableKeyPath<Tuning, RestThreshold> & Sendable)
            /// The spec is the default's vocabulary and numbers.
            case spring(WritableKeyPath<Tuning, SpringParameters> & Sendable, SpringSpec)
            case choice(Choice)
            /// A number of the file's outside `Tuning` (the loop's, the library's), which the sim
            /// never sees.
            case setting(WritableKeyPath<TuningFile, Double> & Sendable, NumberRule, Applies)
            case counts(WritableKeyPath<Tuning, [Int]> & Sendable, CountsRule)
        }

        let name: String
        let kind: Kind

        static func number(_ name: String, _ keyPath: WritableKeyPath<Tuning, Double> & Sendable, _ rule: NumberRule)
            -> Key
        {
            Key(name: name, kind: .number(keyPath, rule))
        }

        static func setting(
            _ name: String, _ keyPath: WritableKeyPath<TuningFile, Double> & Sendable, _ rule: NumberRule,
            _ applies: Applies
        ) -> Key {
            Key(name: name, kind: .setting(keyPath, rule, applies))
        }

        static func counts(_ name: String, _ keyPath: WritableKeyPath<Tuning, [Int]> & Sendable, _ rule: CountsRule)
            -> Key
        {
            Key(name: name, kind: .counts(keyPath, rule))
        }

        static func rest(_ name: String, _ keyPath: WritableKeyPath<Tuning, RestThreshold> & Sendable) -> Key {
            Key(name: name, kind: .rest(keyPath))
        }

        static func spring(
            _ name: String, _ keyPath: WritableKeyPath<Tuning, SpringParameters> & Sendable, _ spec: SpringSpec
        ) -> Key {
            Key(name: name, kind: .spring(keyPath, spec))
        }

        /// `formerNames` are names a value had before, read with a warning naming the new one.
        static func choice<Value: RawRepresentable & CaseIterable & Sendable>(
            _ name: String, _ keyPath: WritableKeyPath<Tuning, Value> & Sendable, formerNames: [String: Value] = [:]
        ) -> Key where Value.RawValue == String {
            Key(
                name: name,
                kind: .choice(
                    Choice(
                        names: Value.allCases.map(\.rawValue),
                        formerNames: formerNames.mapValues(\.rawValue),
                        get: { $0[keyPath: keyPath].rawValue },
                        set: { tuning, name in
                            guard let value = Value(rawValue: name) else { return false }
                            tuning[keyPath: keyPath] = value
                            return true
                        })))
        }
    }

    /// When a running window takes a new value of a setting.
    enum Applies: Sendable {
        /// From the save on.
        case atOnce
        /// From the next start: the loop's settings, which every tick stamp depends on, and
        /// what photos were probed and decoded under.
        case atNextStart
    }

    /// A field that is one of a few names (an enum of `Tuning`'s).
    struct Choice: Sendable {
        let names: [String]
        /// Old name → the name it is now.
        let formerNames: [String: String]
        let get: @Sendable (Tuning) -> String
        /// False for a name that is none of `names`.
        let set: @Sendable (inout Tuning, String) -> Bool
    }

    struct Group: Sendable {
        let name: String
        let keys: [Key]
    }
}
