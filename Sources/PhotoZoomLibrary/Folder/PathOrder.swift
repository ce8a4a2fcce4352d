/// A path's place in name order, worked out once: folder by folder, each name compared with
/// runs of digits as numbers and case ignored, names that differ only in case by their bytes,
/// so the order never depends on the order the system listed them in. Foundation's numeric,
/// case-insensitive compare folds both names at every comparison; here each name is folded
/// once, which is what makes a large folder sort quickly.
public struct PathOrder: Comparable {
    /// Each name of the path, lower-cased, as Unicode scalar values.
    private let folded: [[UInt32]]
    /// Each name as it is, for names equal but for case.
    private let names: [Substring]

    public init(_ path: String) {
        names = path.split(separator: "/")
        folded = names.map { $0.lowercased().unicodeScalars.map(\.value) }
    }

    public static func < (a: PathOrder, b: PathOrder) -> Bool {
        for (i, (x, y)) in zip(a.folded, b.folded).enumerated() {
            let order = compare(x, y)
            if order != 0 { return order < 0 }
            if a.names[i] != b.names[i] { return a.names[i] < b.names[i] }
        }
        return a.folded.count < b.folded.count
    }

    public static func == (a: PathOrder, b: PathOrder) -> Bool { a.names == b.names }

    private static func isDigit(_ c: UInt32) -> Bool { c >= 48 && c <= 57 }

    /// -1, 0 or 1: character by character, where both names have digits the whole runs compared
    /// as numbers (leading zeros aside).
    private static func compare(_ x: [UInt32], _ y: [UInt32]) -> Int {
        var i = 0
        var j = 0
        while i < x.count, j < y.count {
            if isDigit(x[i]), isDigit(y[j]) {
                var iEnd = i
                var jEnd = j
                while iEnd < x.count, isDigit(x[iEnd]) { iEnd += 1 }
                while jEnd < y.count, isDigit(y[jEnd]) { jEnd += 1 }
                var a = i
                var b = j
                while a < iEnd - 1, x[a] == 48 { a += 1 }
                while b < jEnd - 1, y[b] == 48 { b += 1 }
                if iEnd - a != jEnd - b { return iEnd - a < jEnd - b ? -1 : 1 }
                while a < iEnd {
                    if x[a] != y[b] { return x[a] < y[b] ? -1 : 1 }
                    a += 1
                    b += 1
                }
                i = iEnd
                j = jEnd
            } else {
                if x[i] != y[j] { return x[i] < y[j] ? -1 : 1 }
                i += 1
                j += 1
            }
        }
        return i < x.count ? 1 : j < y.count ? -1 : 0
    }
}
