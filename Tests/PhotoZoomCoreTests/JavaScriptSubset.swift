import Foundation

/// A parser for the JavaScript the Framer Motion and Reanimated exports print, written to the
/// language's own grammar for the part they use: `//` comments, and statements
/// `export const NAME = VALUE;` where a VALUE is a numeric literal, a double-quoted string, an
/// object literal `{ NAME: VALUE, … }` (a comma may end it) or `Object.freeze(VALUE)`. Anything else is an error naming where it stopped, so a
/// test learns that the text is a module a JavaScript or TypeScript compiler takes, and what it says.
struct JavaScriptSubset {
    indirect enum Value: Equatable {
        case number(Double)
        case string(String)
        case object([Member])
        /// `Object.freeze(VALUE)`.
        case frozen(Value)

        /// An object's members, frozen or not.
        var members: [Member]? {
            switch self {
            case .object(let members): return members
            case .frozen(let value): return value.members
            case .number, .string: return nil
            }
        }

        /// The member `key` of an object, frozen or not.
        subscript(key: String) -> Value? { members?.first { $0.key == key }?.value }
    }

    struct Member: Equatable {
        let key: String
        let value: Value
    }

    struct SyntaxError: Error, CustomStringConvertible {
        let description: String
    }

    /// Words a binding may not take (ECMAScript's reserved words, and those of strict mode code,
    /// which a module is).
    static let reserved: Set<String> = [
        "await", "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else",
        "enum", "export", "extends", "false", "finally", "for", "function", "if", "implements", "import", "in",
        "instanceof", "interface", "let", "new", "null", "package", "private", "protected", "public", "return",
        "static",
        "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with", "yield",
    ]

    private let text: [Character]
    private var at = 0

    /// The module's exports in order.
    static func parse(_ source: String) throws -> [(name: String, value: Value)] {
        var parser = JavaScriptSubset(text: Array(source))
        var exports: [(name: String, value: Value)] = []
        while true {
            try parser.skipSpace()
            if parser.at == parser.text.count { return exports }
            for word in ["export", "const"] {
                guard try parser.identifier() == word else { throw parser.error("expected \(word)") }
            }
            let name = try parser.identifier()
            guard !reserved.contains(name) else { throw parser.error("\(name) is a reserved word") }
            guard !exports.contains(where: { $0.name == name }) else { throw parser.error("\(name) is declared twice") }
            try parser.expect("=")
            let value = try parser.value()
            try parser.expect(";")
            exports.append((name, value))
        }
    }

    private init(text: [Character]) { self.text = text }

    private func error(_ message: String) -> SyntaxError {
        let line = text[..<at].filter { $0 == "\n" }.count + 1
        return SyntaxError(
            description: "line \(line): \(message), at \(String(text[at..<min(at + 30, text.count)]).debugDescription)")
    }

    private mutating func skipSpace() throws {
        while at < text.count {
            if text[at].isWhitespace {
                at += 1
            } else if text[at...].starts(with: "//") {
                while at < text.count, text[at] != "\n" { at += 1 }
            } else if text[at...].starts(with: "/*") {
                guard let end = String(text[at...]).range(of: "*/") else { throw error("unclosed comment") }
                at += String(text[at...])[..<end.upperBound].count
            } else {
                return
            }
        }
    }

    private mutating func expect(_ token: Character) throws {
        try skipSpace()
        guard at < text.count, text[at] == token else { throw error("expected \(token)") }
        at += 1
    }

    private mutating func identifier() throws -> String {
        try skipSpace()
        let start = at
        while at < text.count,
            text[at].isLetter || text[at] == "_" || text[at] == "$" || (at > start && text[at].isNumber)
        { at += 1 }
        guard at > start else { throw error("expected a name") }
        return String(text[start..<at])
    }

    private mutating func value() throws -> Value {
        try skipSpace()
        guard at < text.count else { throw error("expected a value") }
        switch text[at] {
        case "{": return try object()
        case "\"": return try string()
        case "O": return try frozen()
        default: return try number()
        }
    }

    private mutating func object() throws -> Value {
        try expect("{")
        var members: [Member] = []
        while true {
            try skipSpace()
            if at < text.count, text[at] == "}" {
                at += 1
                return .object(members)
            }
            if !members.isEmpty {
                try expect(",")
                try skipSpace()
            }
            if at < text.count, text[at] == "}" {
                at += 1
                return .object(members)
            }
            let key = try identifier()
            guard !members.contains(where: { $0.key == key }) else { throw error("\(key) given twice") }
            try expect(":")
            members.append(Member(key: key, value: try value()))
        }
    }

    private mutating func frozen() throws -> Value {
        for word in ["Object", "freeze"] {
            guard try identifier() == word else { throw error("expected Object.freeze") }
            if word == "Object" { try expect(".") }
        }
        try expect("(")
        let value = try value()
        try expect(")")
        return .frozen(value)
    }

    private mutating func string() throws -> Value {
        at += 1
        let start = at
        while at < text.count, text[at] != "\"" {
            guard text[at] != "\\", text[at] != "\n" else { throw error("an escape or a line break in a string") }
            at += 1
        }
        guard at < text.count else { throw error("unclosed string") }
        at += 1
        return .string(String(text[start..<at - 1]))
    }

    /// A decimal literal: digits (no leading zero but a lone one), an optional fraction and an
    /// optional exponent. A sign is not part of the literal, so none is taken.
    private mutating func number() throws -> Value {
        let start = at
        func digits() -> Int {
            let from = at
            while at < text.count, text[at].isASCII, text[at].isNumber { at += 1 }
            return at - from
        }
        guard digits() > 0 else { throw error("expected a number") }
        if at - start > 1, text[start] == "0" { throw error("a leading zero") }
        if at < text.count, text[at] == "." {
            at += 1
            guard digits() > 0 else { throw error("a fraction with no digits") }
        }
        if at < text.count, text[at] == "e" || text[at] == "E" {
            at += 1
            if at < text.count, text[at] == "+" || text[at] == "-" { at += 1 }
            guard digits() > 0 else { throw error("an exponent with no digits") }
        }
        if at < text.count, text[at].isLetter || text[at] == "_" { throw error("a number running into a name") }
        guard let number = Double(String(text[start..<at])) else { throw error("not a number") }
        return .number(number)
    }
}
