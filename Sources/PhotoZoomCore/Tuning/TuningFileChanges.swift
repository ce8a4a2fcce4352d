/// One value a reload changed, as the reload's message names it:
/// `springs.zoomIn.response 0.5 → 0.4`.
public struct TuningChange: Hashable, Sendable, CustomStringConvertible {
    /// The key's path in the file, down to the spring's own key where only that changed.
    public let path: String
    public let old: String
    public let new: String
    public var description: String { "\(path) \(old) → \(new)" }
}

/// A spring a reload changed, for drawing its curve before and after.
public struct SpringChange: Hashable, Sendable {
    /// The spring's path in the file: `springs.zoomIn`.
    public let path: String
    public let old: SpringParameters
    public let new: SpringParameters
    public init(path: String, old: SpringParameters, new: SpringParameters) {
        self.path = path
        self.old = old
        self.new = new
    }
}

extension TuningFile {
    /// What differs from `self` in `new`, key by key in file order. A spring written in the
    /// same vocabulary names the keys that changed; one rewritten in another vocabulary is
    /// shown whole, before and after, as the file writes it.
    public func changes(to new: TuningFile) -> [TuningChange] {
        var changes: [TuningChange] = []
        for group in Self.groups {
            for key in group.keys {
                let path = group.name + "." + key.name
                switch key.kind {
                case .number(let keyPath, _):
                    add(
                        &changes, path, Self.number(tuning[keyPath: keyPath]), Self.number(new.tuning[keyPath: keyPath])
                    )
                case .setting(let keyPath, _, _):
                    add(&changes, path, Self.number(self[keyPath: keyPath]), Self.number(new[keyPath: keyPath]))
                case .rest(let keyPath):
                    let a = tuning[keyPath: keyPath]
                    let b = new.tuning[keyPath: keyPath]
                    add(&changes, path + ".value", Self.number(a.value), Self.number(b.value))
                    add(&changes, path + ".velocity", Self.number(a.velocity), Self.number(b.velocity))
                case .choice(let choice):
                    add(&changes, path, Self.quoted(choice.get(tuning)), Self.quoted(choice.get(new.tuning)))
                case .counts(let keyPath, _):
                    add(
                        &changes, path, CountsRule.text(tuning[keyPath: keyPath]),
                        CountsRule.text(new.tuning[keyPath: keyPath]))
                case .spring(let keyPath, _):
                    let a = spec(keyPath, path: path)
                    let b = new.spec(keyPath, path: path)
                    let aMembers = a.members
                    let bMembers = b.members
                    if aMembers.map(\.key) == bMembers.map(\.key) {
                        for (x, y) in zip(aMembers, bMembers) {
                            add(&changes, path + "." + x.key, Self.number(x.value), Self.number(y.value))
                        }
                    } else {
                        add(&changes, path, Self.object(aMembers), Self.object(bMembers))
                    }
                }
            }
        }
        return changes
    }

    /// What differs between `self` (A) and `other` (B), a line for each, as a side-by-side
    /// comparison labels it: `springs.zoomIn.response 0.5 | 0.4`. A spring written in another
    /// vocabulary with the same motion (ω₀ and ζ within 1e-12 of each other) says so.
    public func comparison(with other: TuningFile) -> [String] {
        func close(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-12 * Swift.max(abs(x), abs(y)) }
        func sameMotion(_ a: SpringParameters, _ b: SpringParameters) -> Bool {
            close((a.stiffness / a.mass).squareRoot(), (b.stiffness / b.mass).squareRoot())
                && close(
                    a.damping / (2 * (a.stiffness * a.mass).squareRoot()),
                    b.damping / (2 * (b.stiffness * b.mass).squareRoot()))
        }
        let sameSprings = Set(
            Self.groups.flatMap { group in
                group.keys.compactMap { key -> String? in
                    guard case .spring(let keyPath, _) = key.kind,
                        sameMotion(tuning[keyPath: keyPath], other.tuning[keyPath: keyPath])
                    else { return nil }
                    return group.name + "." + key.name
                }
            })
        return changes(to: other).map { change in
            "\(change.path) \(change.old) | \(change.new)"
                + (sameSprings.contains(change.path) ? " (the same spring)" : "")
        }
    }

    /// The springs whose physical constants differ in `new`.
    public func springChanges(to new: TuningFile) -> [SpringChange] {
        Self.groups.flatMap { group in
            group.keys.compactMap { key -> SpringChange? in
                guard case .spring(let keyPath, _) = key.kind, tuning[keyPath: keyPath] != new.tuning[keyPath: keyPath]
                else { return nil }
                return SpringChange(
                    path: group.name + "." + key.name, old: tuning[keyPath: keyPath], new: new.tuning[keyPath: keyPath])
            }
        }
    }

    /// Paths in `changes` that a running window cannot take: the loop's settings and the photo limits.
    public static func appliesAtNextStart(_ change: TuningChange) -> Bool {
        groups.contains { group in
            group.keys.contains { key in
                guard case .setting(_, _, .atNextStart) = key.kind else { return false }
                return change.path == group.name + "." + key.name
            }
        }
    }

    /// `self` with every setting a running window cannot take as it is in `running`.
    public func keepingStartSettings(of running: TuningFile) -> TuningFile {
        var kept = self
        for group in Self.groups {
            for key in group.keys {
                if case .setting(let keyPath, _, .atNextStart) = key.kind {
                    kept[keyPath: keyPath] = running[keyPath: keyPath]
                }
            }
        }
        return kept
    }

    private func add(_ changes: inout [TuningChange], _ path: String, _ old: String, _ new: String) {
        if old != new { changes.append(TuningChange(path: path, old: old, new: new)) }
    }

    private static func object(_ members: [(key: String, value: Double)]) -> String {
        "{" + members.map { "\($0.key): \(number($0.value))" }.joined(separator: ", ") + "}"
    }
}
