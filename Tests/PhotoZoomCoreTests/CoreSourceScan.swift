/// Finds, in Swift source, the names the core must not use: SDL imports, clocks, random
/// numbers, the process and threads. Names are matched as whole identifiers in code, never in
/// comments or string text, so a comment may say why the core reads no `Date`.
enum CoreSourceScan {
    struct Use {
        let line: Int
        /// The identifier as written, `random(` for a forbidden call, or the import line.
        let name: String
        let what: String
    }

    private enum Match { case identifier, prefix, call }

    /// Name, how it matches, and why it is out.
    private static let forbidden: [(String, Match, String)] = [
        ("Date", .identifier, "the wall clock"),
        ("DispatchTime", .identifier, "a clock"),
        ("DispatchWallTime", .identifier, "the wall clock"),
        ("ContinuousClock", .identifier, "a clock"),
        ("SuspendingClock", .identifier, "a clock"),
        ("clock_gettime", .identifier, "a clock"),
        ("gettimeofday", .identifier, "the wall clock"),
        ("mach_absolute_time", .identifier, "a clock"),
        ("CFAbsoluteTime", .prefix, "the wall clock"),
        ("time", .call, "the wall clock"),
        ("random", .call, "unseeded randomness"),
        ("randomElement", .call, "unseeded randomness"),
        ("shuffled", .call, "unseeded randomness"),
        ("SystemRandomNumberGenerator", .identifier, "unseeded randomness"),
        ("arc4random", .prefix, "unseeded randomness"),
        ("UUID", .identifier, "unseeded randomness"),
        ("ProcessInfo", .identifier, "the process: environment, arguments, clocks"),
        ("DispatchQueue", .identifier, "threads"),
        ("Thread", .identifier, "threads"),
    ]

    static func forbiddenUses(in source: String) -> [Use] {
        var uses: [Use] = []
        for (index, line) in SwiftCodeText.code(of: source).split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            let number = index + 1
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("import "), trimmed.contains("SDL") {
                uses.append(Use(line: number, name: String(trimmed), what: "`\(trimmed)`: the core imports no SDL"))
            }
            for (identifier, next) in identifiers(in: Array(line)) {
                for (name, match, why) in forbidden {
                    let hit: Bool
                    switch match {
                    case .identifier: hit = identifier == name
                    case .prefix: hit = identifier.hasPrefix(name)
                    case .call: hit = identifier == name && next == "("
                    }
                    if hit {
                        let written = match == .call ? identifier + "(" : identifier
                        uses.append(Use(line: number, name: written, what: "uses `\(written)` (\(why))"))
                    }
                }
            }
        }
        return uses
    }

    /// Each identifier on the line with the first character after it that is not a space.
    private static func identifiers(in line: [Character]) -> [(String, Character?)] {
        func starts(_ c: Character) -> Bool { c == "_" || c.isLetter }
        var found: [(String, Character?)] = []
        var i = 0
        while i < line.count {
            guard starts(line[i]) else {
                i += 1
                continue
            }
            var end = i
            while end < line.count, starts(line[end]) || line[end].isNumber { end += 1 }
            var after = end
            while after < line.count, line[after] == " " { after += 1 }
            found.append((String(line[i..<end]), after < line.count ? line[after] : nil))
            i = end
        }
        return found
    }
}
