/// A JSON value with where it starts in the text, so a tuning file's problems can name the line
/// and column a person has to look at. Objects keep their members in the order written, and
/// every repeat of a key, so a duplicated key can be pointed out rather than silently lost.
struct JSONNode: Equatable, Sendable {
    indirect enum Value: Equatable, Sendable {
        case object([Member])
        case array([JSONNode])
        case string(String)
        /// The number and its text as written: `1e999` reads as infinity, and a message about it
        /// should quote what the person wrote rather than "inf".
        case number(Double, text: String)
        case bool(Bool)
        case null
    }

    struct Member: Equatable, Sendable {
        let key: String
        let value: JSONNode
    }

    let value: Value
    let line: Int
    let column: Int
}

/// Where and why a text is not JSON: `line 3, column 14: expected ',' or '}', got "x"`.
struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    let line: Int
    let column: Int
    let message: String
    var description: String { "line \(line), column \(column): \(message)" }
}

/// A strict JSON (RFC 8259) reader over Unicode scalars; columns count scalars from 1.
/// Foundation's parser would do, but names neither the line nor the column of a mistake.
struct JSONReader {
    /// Deeper nesting than this is refused, so a hostile file cannot exhaust the stack.
    static let maximumDepth = 64

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var column = 1

    static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        var reader = JSONReader(scalars: Array(text.unicodeScalars))
        reader.skipWhitespace()
        let node = try reader.value(depth: 0)
        reader.skipWhitespace()
        if reader.index < reader.scalars.count { throw reader.error("expected the end of the file") }
        return node
    }

    private init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func advance() {
        if scalars[index] == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    private mutating func skipWhitespace() {
        while let c = current, c == " " || c == "\t" || c == "\n" || c == "\r" { advance() }
    }

    /// The problem at the current position, quoting the text found there.
    private func error(_ expected: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: column, message: "\(expected), got \(foundText())")
    }

    /// The word, string or character at the current position, as a person would point at it,
    /// in quotes (a string is shown in its own).
    private func foundText() -> String {
        guard index < scalars.count else { return "the end of the file" }
        let isString = scalars[index] == "\""
        var end = index + 1
        while end < scalars.count, end - index < 24,
            isString ? scalars[end - 1] != "\"" || end == index + 1 : !Self.isDelimiter(scalars[end])
        {
            end += 1
        }
        let cut = end < scalars.count && (isString ? scalars[end - 1] != "\"" : !Self.isDelimiter(scalars[end]))
        let found = String(String.UnicodeScalarView(scalars[index..<end])) + (cut ? "…" : "")
        return isString ? found : "\"\(found)\""
    }

    private static func isDelimiter(_ c: Unicode.Scalar) -> Bool {
        " \t\r\n,:{}[]\"".unicodeScalars.contains(c)
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        let (startLine, startColumn) = (line, column)
        func node(_ value: JSONNode.Value) -> JSONNode { JSONNode(value: value, line: startLine, column: startColumn) }
        switch current {
        case "{":
            guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
            return node(.object(try members(depth: depth + 1)))
        case "[":
            guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
            return node(.array(try elements(depth: depth + 1)))
        case "\"": return node(.string(try string()))
        case "t":
            try literal("true")
            return node(.bool(true))
        case "f":
            try literal("false")
            return node(.bool(false))
        case "n":
            try literal("null")
            return node(.null)
        case let c? where c == "-" || ("0"..."9").contains(c): return node(try number())
        default: throw error("expected a value")
        }
    }

    private mutating func members(depth: Int) throws(JSONSyntaxError) -> [JSONNode.Member] {
        advance()
        skipWhitespace()
        var members: [JSONNode.Member] = []
        if current == "}" {
            advance()
            return members
        }
        while true {
            guard current == "\"" else { throw error("expected a key in double quotes") }
            let key = try string()
            skipWhitespace()
            guard current == ":" else { throw error("expected ':' after the key \"\(TuningFile.shortened(key))\"") }
            advance()
            skipWhitespace()
            members.append(JSONNode.Member(key: key, value: try value(depth: depth)))
            skipWhitespace()
            if current == "," {
                advance()
                skipWhitespace()
                continue
            }
            if current == "}" {
                advance()
                return members
            }
            throw error("expected ',' or '}'")
        }
    }

    private mutating func elements(depth: Int) throws(JSONSyntaxError) -> [JSONNode] {
        advance()
        skipWhitespace()
        var elements: [JSONNode] = []
        if current == "]" {
            advance()
            return elements
        }
        while true {
            elements.append(try value(depth: depth))
            skipWhitespace()
            if current == "," {
                advance()
                skipWhitespace()
                continue
            }
            if current == "]" {
                advance()
                return elements
            }
            throw error("expected ',' or ']'")
        }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        for expected in word.unicodeScalars {
            guard current == expected else { throw error("expected a value") }
            advance()
        }
    }

    private mutating func number() throws(JSONSyntaxError) -> JSONNode.Value {
        let start = index
        let (startLine, startColumn) = (line, column)
        func digits() -> Int {
            var count = 0
            while let c = current, ("0"..."9").contains(c) {
                advance()
                count += 1
            }
            return count
        }
        if current == "-" { advance() }
        // JSON allows no leading zeros: "0" alone, or a digit 1–9 and any digits after it.
        if current == "0" { advance() } else if digits() == 0 { throw error("expected a digit") }
        if current == "." {
            advance()
            if digits() == 0 { throw error("expected a digit after the decimal point") }
        }
        if current == "e" || current == "E" {
            advance()
            if current == "+" || current == "-" { advance() }
            if digits() == 0 { throw error("expected a digit in the exponent") }
        }
        let text = String(String.UnicodeScalarView(scalars[start..<index]))
        // The grammar above is stricter than Double's; what passed it always converts.
        guard let number = Double(text) else {
            throw JSONSyntaxError(line: startLine, column: startColumn, message: "\"\(text)\" is not a number")
        }
        return .number(number, text: text)
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        advance()
        var result = String.UnicodeScalarView()
        while true {
            guard let c = current else { throw error("expected '\"' to end the string") }
            if c == "\"" {
                advance()
                return String(result)
            }
            if c.value < 0x20 { throw error("expected '\"' to end the string before the end of the line") }
            if c != "\\" {
                result.append(c)
                advance()
                continue
            }
            advance()
            switch current {
            case "\"": result.append("\"")
            case "\\": result.append("\\")
            case "/": result.append("/")
            case "b": result.append("\u{8}")
            case "f": result.append("\u{C}")
            case "n": result.append("\n")
            case "r": result.append("\r")
            case "t": result.append("\t")
            case "u":
                result.append(try unicodeEscape())
                continue
            default: throw error("expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u)")
            }
            advance()
        }
    }

    /// `\uXXXX`, or a surrogate pair of two; the reader stands after the `u`. A lone surrogate
    /// is no character, so it reads as U+FFFD as lenient parsers do.
    private mutating func unicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let high = try hexQuad()
        guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high) ?? "\u{FFFD}" }
        guard current == "\\", index + 1 < scalars.count, scalars[index + 1] == "u" else { return "\u{FFFD}" }
        advance()
        let low = try hexQuad()
        guard (0xDC00...0xDFFF).contains(low) else { return "\u{FFFD}" }
        return Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00)) ?? "\u{FFFD}"
    }

    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        advance()
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let c = current, let digit = Int(String(c), radix: 16) else {
                throw error("expected four hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            advance()
        }
        return value
    }
}
