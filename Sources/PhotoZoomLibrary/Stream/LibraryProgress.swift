import PhotoZoomCore

/// How far the window has got with a big folder on its first visit: reading every photo's
/// header, then filling the shared thumbnail cache for the photos not in view, so a later scroll
/// (or visit) finds them made. Shown in the tab bar while it lasts.
public struct LibraryProgress: Equatable, Sendable {
    public enum Stage: Equatable, Sendable {
        case readingHeaders
        case makingThumbnails
    }

    public var stage: Stage
    public var done: Int
    public var total: Int

    public init(stage: Stage, done: Int, total: Int) {
        self.stage = stage
        self.done = done
        self.total = total
    }

    /// Done out of total, 0 … 1.
    public var fraction: Double { total > 0 ? min(Double(done) / Double(total), 1) : 0 }

    /// "Reading photos · 4,000 of 10,000", "Making thumbnails · 1,234 of 10,000".
    public var text: String {
        let what = stage == .readingHeaders ? "Reading photos" : "Making thumbnails"
        return "\(what) · \(Self.grouped(done)) of \(Self.grouped(total))"
    }

    /// A count with thousands separated by commas, as the window writes every count.
    public static func grouped(_ n: Int) -> String {
        let digits = Array(String(n.magnitude))
        let groups = stride(from: digits.count, to: 0, by: -3).reversed().map { String(digits[max($0 - 3, 0)..<$0]) }
        return (n < 0 ? "-" : "") + groups.joined(separator: ",")
    }
}
