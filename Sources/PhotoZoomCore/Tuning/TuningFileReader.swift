/// One thing wrong with a tuning file. An error means a value was not taken (its default
/// stands); a warning means something was ignored that the person probably meant.
public struct TuningProblem: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable { case warning, error }
    public let severity: Severity
    /// What is wrong and where: `springs.zoomIn.dampingRatio: expected a number, got "0.8" (line 21, column 40)`.
    public let message: String
    public var description: String { "\(severity.rawValue): \(message)" }
}

/// A file read over the defaults: every value that was good, and every problem, in file order.
public struct TuningFileReading: Sendable {
    public let file: TuningFile
    public let problems: [TuningProblem]
}

extension TuningFile {
    /// A key, string or number from the file as a message quotes it: its first 40 characters
    /// and "…" when there are more, so a problem stays one readable line whatever the file holds.
    static func shortened(_ text: String) -> String {
        text.count > 40 ? text.prefix(40) + "…" : text
    }

    /// Reads a tuning file. Missing keys keep their defaults; a bad value is reported and its
    /// default kept, so one mistake never hides the next. Only a syntax error stops the
    /// reading, as nothing after it can be trusted.
    public static func read(_ text: String) -> TuningFileReading {
        var reader = Reader()
        do {
            reader.root(try JSONReader.parse(text))
            reader.relate()
        } catch {
            reader.problem(.error, error.description)
        }
        return TuningFileReading(file: reader.file, problems: reader.problems)
    }

    private struct Reader {
        var file = TuningFile()
        var problems: [TuningProblem] = []
        /// Where each key the file set a good value for was written, by its path.
        var written: [String: JSONNode] = [:]

        mutating func problem(_ severity: TuningProblem.Severity, _ message: String) {
            problems.append(TuningProblem(severity: severity, message: Self.oneLine(message)))
        }

        /// The message with each control character, and each other character that may start a
        /// line, escaped as a JSON string writes it (`\n`, `\u2028`): a key or a value quoted
        /// from the file must not split a problem over two lines.
        static func oneLine(_ message: String) -> String {
            var line = String.UnicodeScalarView()
            for scalar in message.unicodeScalars {
                switch scalar {
                case "\n": line += "\\n".unicodeScalars
                case "\r": line += "\\r".unicodeScalars
                case "\t": line += "\\t".unicodeScalars
                case _
                where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}"
                    || scalar == "\u{2029}":
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    line += ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars
                default: line.append(scalar)
                }
            }
            return String(line)
        }

        mutating func fail(_ node: JSONNode, _ message: String) {
            problem(.error, "\(message) (line \(node.line), column \(node.column))")
        }

        /// The rules between keys, once every key is read (`TuningFile.relations`).
        mutating func relate() {
            var problems = TuningFile.relationProblems(in: &file, written: { written[$0] != nil })
            if let memory = TuningFile.loaderMemoryProblem(in: &file, written: { written[$0] != nil }) {
                problems.append(memory)
            }
            for (path, message) in problems {
                if let node = written[path] { fail(node, message) } else { problem(.error, message) }
            }
        }

        mutating func root(_ node: JSONNode) {
            guard let members = object(node, path: "the file", expected: "an object of groups") else { return }
            for member in unique(members, path: "") {
                if member.key == "$schema" {
                    if case .string = member.value.value { continue }
                    fail(member.value, "$schema: expected a string, got \(Self.describe(member.value))")
                } else if let group = TuningFile.groups.first(where: { $0.name == member.key }) {
                    read(group, member.value)
                } else {
                    unknown(member, path: "", known: ["$schema"] + TuningFile.groups.map(\.name))
                }
            }
        }

        mutating func read(_ group: Group, _ node: JSONNode) {
            guard let members = object(node, path: group.name, expected: "an object") else { return }
            for member in unique(members, path: group.name) {
                guard let key = group.keys.first(where: { $0.name == member.key }) else {
                    unknown(member, path: group.name, known: group.keys.map(\.name))
                    continue
                }
                let path = group.name + "." + key.name
                let node = member.value
                switch key.kind {
                case .number(let keyPath, let rule):
                    if let value = number(node, path: path, rule: rule) {
                        file.tuning[keyPath: keyPath] = value
                        written[path] = node
                    }
                case .rest(let keyPath):
                    if let rest = rest(node, path: path, default: file.tuning[keyPath: keyPath]) {
                        file.tuning[keyPath: keyPath] = rest
                    }
                case .spring(let keyPath, _):
                    if let spec = spring(node, path: path), let parameters = parameters(spec, node, path: path) {
                        file.tuning[keyPath: keyPath] = parameters
                        file.springs[path] = spec
                    }
                case .setting(let keyPath, let rule, _):
                    if let value = number(node, path: path, rule: rule) {
                        file[keyPath: keyPath] = value
                        written[path] = node
                    }
                case .counts(let keyPath, let rule):
                    if let counts = counts(node, path: path, rule: rule) { file.tuning[keyPath: keyPath] = counts }
                case .choice(let choice):
                    let names = Self.list(choice.names.map { "\"\($0)\"" })
                    if case .string(let name) = node.value, choice.set(&file.tuning, name) { continue }
                    // A name from before a rename is taken, and the file is told the new one.
                    if case .string(let name) = node.value, let current = choice.formerNames[name],
                        choice.set(&file.tuning, current)
                    {
                        problem(
                            .warning,
                            "\(path): \"\(name)\" is now called \"\(current)\"; write that (line \(node.line), column \(node.column))"
                        )
                        continue
                    }
                    fail(node, "\(path): expected one of \(names), got \(Self.describe(node))")
                }
            }
        }

        /// A finite number the rule allows, or nil after saying why not.
        mutating func number(_ node: JSONNode, path: String, rule: NumberRule? = nil) -> Double? {
            guard case .number(let value, let text) = node.value else {
                fail(node, "\(path): expected a number, got \(Self.describe(node))")
                return nil
            }
            // JSON has no NaN or infinity, but 1e999 reads as infinity.
            guard value.isFinite else {
                fail(node, "\(path): must be a finite number, got \(TuningFile.shortened(text))")
                return nil
            }
            if let rule, !rule.allows(value) {
                fail(node, "\(path): \(rule.description), got \(TuningFile.shortened(text))")
                return nil
            }
            return value
        }

        /// A list the rule allows, or nil after saying what is wrong with it: every item that is
        /// no whole number in range, or out of order, is named.
        mutating func counts(_ node: JSONNode, path: String, rule: CountsRule) -> [Int]? {
            guard case .array(let items) = node.value else {
                fail(node, "\(path): expected \(rule.expected), got \(Self.describe(node))")
                return nil
            }
            // Counted before any item is read: a list a million long is one message, at once.
            guard (1...rule.maximumCount).contains(items.count) else {
                fail(node, "\(path): \(rule.sizeDescription), got \(items.count)")
                return nil
            }
            var counts: [Int] = []
            var good = true
            for (i, item) in items.enumerated() {
                let itemPath = "\(path)[\(i)]"
                guard let value = number(item, path: itemPath) else {
                    good = false
                    continue
                }
                guard let count = Int(exactly: value), rule.range.contains(count) else {
                    fail(item, "\(itemPath): \(rule.countDescription), got \(Self.describe(item))")
                    good = false
                    continue
                }
                if let previous = counts.last, count <= previous {
                    fail(item, "\(itemPath): \(CountsRule.order(count, after: previous))")
                    good = false
                }
                counts.append(count)
            }
            return good ? counts : nil
        }

        /// `{"value": V, "velocity": W}`, either of which may be left at its default.
        mutating func rest(_ node: JSONNode, path: String, default rest: RestThreshold) -> RestThreshold? {
            guard let members = object(node, path: path, expected: "an object {\"value\", \"velocity\"}") else {
                return nil
            }
            var rest = rest
            var good = true
            for member in unique(members, path: path) {
                switch member.key {
                case "value", "velocity":
                    guard let number = number(member.value, path: path + "." + member.key, rule: .rest) else {
                        good = false
                        continue
                    }
                    if member.key == "value" { rest.value = number } else { rest.velocity = number }
                default:
                    unknown(member, path: path, known: ["value", "velocity"])
                }
            }
            return good ? rest : nil
        }

        /// The spring in the one vocabulary its keys name, or nil after saying what is wrong.
        mutating func spring(_ node: JSONNode, path: String) -> SpringSpec? {
            guard let members = object(node, path: path, expected: "a spring \(SpringSpec.vocabularyList)") else {
                return nil
            }
            let given = unique(members, path: path)
            let named = SpringSpec.vocabularies.filter { vocabulary in
                given.contains { vocabulary.naming.contains($0.key) }
            }
            guard named.count == 1, let vocabulary = named.first else {
                let keys = given.map { TuningFile.shortened($0.key) }.joined(separator: ", ")
                fail(
                    node,
                    named.isEmpty
                        ? "\(path): expected a spring \(SpringSpec.vocabularyList), got \(given.isEmpty ? "{}" : "the keys " + keys)"
                        : "\(path): mixes spring vocabularies (\(keys)); write it as one of \(SpringSpec.vocabularyList)"
                )
                return nil
            }
            var numbers: [String: Double] = [:]
            var good = true
            for member in given {
                guard vocabulary.keys.contains(member.key) else {
                    unknown(member, path: path, known: vocabulary.keys)
                    continue
                }
                if let number = number(member.value, path: path + "." + member.key) {
                    numbers[member.key] = number
                } else {
                    good = false
                }
            }
            for key in vocabulary.required where !given.contains(where: { $0.key == key }) {
                fail(
                    node,
                    "\(path): a spring written with \(vocabulary.naming.first { key in given.contains { $0.key == key } } ?? vocabulary.naming[0]) needs \(key) too"
                )
                good = false
            }
            return good ? vocabulary.make(numbers) : nil
        }

        mutating func parameters(_ spec: SpringSpec, _ node: JSONNode, path: String) -> SpringParameters? {
            let parameters: SpringParameters
            do {
                parameters = try spec.parameters()
            } catch let error as SpringParameterError {
                fail(node, "\(path).\(error.field): \(error.reason)")
                return nil
            } catch {
                fail(node, "\(path): \(error)")
                return nil
            }
            // Valid constants can still be no spring to animate or export: a response of 1e-300
            // makes the stiffness overflow to infinity, a ratio of 1e-9 swings for hours.
            if let breach = SpringBounds.breach(spec, parameters: parameters) {
                fail(node, "\(path)\(breach.field.map { "." + $0 } ?? ""): \(breach.reason)")
                return nil
            }
            return parameters
        }

        mutating func object(_ node: JSONNode, path: String, expected: String) -> [JSONNode.Member]? {
            guard case .object(let members) = node.value else {
                fail(node, "\(path): expected \(expected), got \(Self.describe(node))")
                return nil
            }
            return members
        }

        /// The members with each key once, the last one written (as JSON parsers take it); an
        /// earlier one is a warning, since the person may be editing the copy that does not count.
        mutating func unique(_ members: [JSONNode.Member], path: String) -> [JSONNode.Member] {
            var last: [String: Int] = [:]
            for (index, member) in members.enumerated() {
                if let earlier = last[member.key].map({ members[$0].value }) {
                    problem(
                        .warning,
                        "duplicate key \(Self.join(path, member.key)): the last one counts, not this one (line \(earlier.line), column \(earlier.column))"
                    )
                }
                last[member.key] = index
            }
            return members.enumerated().filter { last[$0.element.key] == $0.offset }.map(\.element)
        }

        mutating func unknown(_ member: JSONNode.Member, path: String, known: [String]) {
            // A near miss is a typo worth naming; anything further off gets the keys to choose from.
            // A key whose length differs from every known key's by more than a typo's reach is no
            // near miss, and is not compared: a megabyte-long key would take seconds.
            let length = member.key.count
            let inReach = known.contains { abs($0.count - length) <= Self.reach($0) }
            let nearest = inReach ? known.min { Self.distance(member.key, $0) < Self.distance(member.key, $1) } : nil
            let hint: String
            if let nearest, Self.distance(member.key, nearest) <= Self.reach(nearest) {
                hint = " — did you mean \(nearest)?"
            } else {
                hint = "; \(path.isEmpty ? "the file" : path) has \(Self.list(known))"
            }
            problem(
                .warning,
                "unknown key \(Self.join(path, member.key))\(hint) (line \(member.value.line), column \(member.value.column))"
            )
        }

        /// How many edits from a known key still count as a typo of it.
        static func reach(_ known: String) -> Int { max(2, known.count / 3) }

        static func join(_ path: String, _ key: String) -> String {
            path.isEmpty ? TuningFile.shortened(key) : path + "." + TuningFile.shortened(key)
        }

        static func list(_ items: [String]) -> String {
            items.count < 2
                ? items.joined() : items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1]
        }

        /// A value as the person wrote it, short enough for one line.
        static func describe(_ node: JSONNode) -> String {
            switch node.value {
            case .string(let text):
                return "\"" + TuningFile.shortened(text).map { $0 == "\"" || $0 == "\\" ? "\\\($0)" : "\($0)" }.joined()
                    + "\""
            case .number(_, let text): return TuningFile.shortened(text)
            case .bool(let value): return "\(value)"
            case .null: return "null"
            case .object: return "an object"
            case .array: return "an array"
            }
        }

        /// Levenshtein distance: the fewest single-character edits from one word to the other.
        static func distance(_ a: String, _ b: String) -> Int {
            let a = Array(a)
            let b = Array(b)
            var previous = Array(0...b.count)
            for i in a.indices {
                var row = [i + 1]
                for j in b.indices {
                    row.append(min(previous[j + 1] + 1, row[j] + 1, previous[j] + (a[i] == b[j] ? 0 : 1)))
                }
                previous = row
            }
            return previous[b.count]
        }
    }
}
