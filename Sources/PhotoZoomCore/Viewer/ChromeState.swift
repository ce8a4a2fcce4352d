/// The pager's top bar, shown or hidden by a single tap.
public struct ChromeState: Equatable, Sendable, Codable {
    public internal(set) var visible = true
    public internal(set) var alpha: Double = 1
    public internal(set) var fade: SpringTrack<Double>?
}
