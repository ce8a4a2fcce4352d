/// Swift source with only its code left: comments and the text of string literals become
/// spaces, while interpolations inside strings stay code. Newlines are kept, so line numbers
/// still hold. Enough of Swift's lexing for scanning our own sources: nested block comments,
/// escapes, multi-line and raw (`#"…"#`) strings and interpolation within them.
enum SwiftCodeText {
    private enum Context {
        /// Code; inside an interpolation, the parentheses still open within it.
        case code(openParens: Int)
        case string(multiline: Bool, hashes: Int)
    }

    static func code(of source: String) -> String {
        let c = Array(source)
        var out = ""
        out.reserveCapacity(c.count)
        var stack: [Context] = [.code(openParens: 0)]
        var i = 0
        func at(_ k: Int) -> Character? { k < c.count ? c[k] : nil }
        func keep(_ n: Int) {
            out.append(contentsOf: c[i..<min(i + n, c.count)])
            i += n
        }
        func blank(_ n: Int) {
            for ch in c[i..<min(i + n, c.count)] { out.append(ch == "\n" ? "\n" : " ") }
            i += n
        }
        func hashes(from k: Int) -> Int {
            var n = 0
            while at(k + n) == "#" { n += 1 }
            return n
        }

        while i < c.count {
            switch stack[stack.count - 1] {
            case .code(let openParens):
                if c[i] == "/", at(i + 1) == "/" {
                    while i < c.count, c[i] != "\n" { blank(1) }
                } else if c[i] == "/", at(i + 1) == "*" {
                    var depth = 0
                    repeat {
                        if c[i] == "/", at(i + 1) == "*" {
                            depth += 1
                            blank(2)
                        } else if c[i] == "*", at(i + 1) == "/" {
                            depth -= 1
                            blank(2)
                        } else {
                            blank(1)
                        }
                    } while depth > 0 && i < c.count
                } else if case let n = hashes(from: i), at(i + n) == "\"" {
                    let multiline = at(i + n + 1) == "\"" && at(i + n + 2) == "\""
                    keep(n + (multiline ? 3 : 1))
                    stack.append(.string(multiline: multiline, hashes: n))
                } else if stack.count > 1, c[i] == "(" {
                    stack[stack.count - 1] = .code(openParens: openParens + 1)
                    keep(1)
                } else if stack.count > 1, c[i] == ")" {
                    // The interpolation's own closing parenthesis returns to the string.
                    if openParens == 0 {
                        stack.removeLast()
                    } else {
                        stack[stack.count - 1] = .code(openParens: openParens - 1)
                    }
                    keep(1)
                } else {
                    keep(1)
                }
            case .string(let multiline, let n):
                let quotes = multiline ? 3 : 1
                // A backslash escapes only when followed by as many #s as the string opened with.
                if c[i] == "\\", hashes(from: i + 1) >= n {
                    if at(i + 1 + n) == "(" {
                        keep(n + 2)
                        stack.append(.code(openParens: 0))
                    } else {
                        blank(n + 2)  // an escaped character, such as \" or \#n
                    }
                } else if c[i] == "\"", (0..<quotes).allSatisfy({ at(i + $0) == "\"" }), hashes(from: i + quotes) >= n {
                    keep(quotes + n)
                    stack.removeLast()
                } else {
                    blank(1)
                }
            }
        }
        return out
    }
}
