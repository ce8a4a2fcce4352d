import PhotoZoomCore

/// What a tuning reload changed, shown for a moment at the bottom of the window: a few lines
/// naming the values ("springs.zoomIn.response 0.5 → 0.4") and, for each spring that changed,
/// its curve before and after, so the person tuning sees the feel they asked for.
public struct ReloadToast: Equatable {
    /// How long a toast shows, in seconds of wall time.
    public static let lifetime = 2.0
    /// The last part of the lifetime, over which it fades out.
    public static let fadeDuration = 0.3
    /// At most this many lines and spring plots are drawn; the rest are counted ("and 2 more").
    public static let maximumLines = 4
    public static let maximumSprings = 3

    /// Its header: what happened.
    public var title = "tuning reloaded"
    /// The changed values, one line each, in the order to show them.
    public var lines: [String]
    public var springs: [SpringChange]
    /// Seconds since the reload; the loop advances it with wall time (not sim time, so a
    /// paused or slowed sim still lets the toast go).
    public var age: Double

    public init(lines: [String], springs: [SpringChange] = [], age: Double = 0) {
        self.lines = lines
        self.springs = springs
        self.age = age
    }

    /// 1 while fresh, falling linearly to 0 over the last `fadeDuration` of `lifetime`.
    public var opacity: Double {
        guard age.isFinite else { return 0 }
        return min(1, max(0, (Self.lifetime - age) / Self.fadeDuration))
    }

    /// Whether any of it still shows; once false the loop may drop the toast.
    public var isVisible: Bool { opacity > 0 }
}
