import PhotoZoomCore

/// How one picture is shared by one session or two compared: the whole, or two halves of one
/// size, side by side or one above the other, a divider apart (two grids that touched would
/// read as one). The divider takes whatever point the halves cannot share, so the two sims
/// always have the same window. `run --compare`'s window, the replay window and a replay's
/// frames lay out by it, and the window's pointer finds its half by it.
public struct SplitLayout: Equatable, Sendable {
    public enum Split: Equatable, Sendable {
        case whole
        case across
        case down
    }

    public var split: Split
    /// The gap between the halves, in points.
    public var divider: Double

    /// The gap two sessions are apart by, in `dividerColor`: apart from the grid's white and
    /// the pager's black alike.
    public static let standardDivider = 8.0
    static let dividerColor = Color(r: 96, g: 96, b: 104)

    public init(_ split: Split, divider: Double = standardDivider) {
        self.split = split
        self.divider = divider
    }

    /// `count` sessions sharing a picture of `size`: across when it is at least as wide as
    /// tall, else one above the other.
    public init(count: Int, sharing size: Size, divider: Double = standardDivider) {
        self.init(count < 2 ? .whole : size.width >= size.height ? .across : .down, divider: divider)
    }

    /// Two windows of `window`'s shape in one picture that keeps near that shape: across when
    /// the window is at least as tall as wide, else one above the other.
    public static func pair(of window: Size) -> SplitLayout {
        SplitLayout(window.height >= window.width ? .across : .down)
    }

    /// How many sessions it lays out.
    public var count: Int { split == .whole ? 1 : 2 }

    /// Each session's area of `whole`: two halves of one size (at least a point), the second
    /// ending where `whole` ends.
    public func areas(in whole: Rect) -> [Rect] {
        switch split {
        case .whole:
            return [whole]
        case .across:
            let half = max(((whole.width - divider) / 2).rounded(.down), 1)
            return [
                Rect(x: whole.minX, y: whole.minY, width: half, height: whole.height),
                Rect(x: whole.maxX - half, y: whole.minY, width: half, height: whole.height),
            ]
        case .down:
            let half = max(((whole.height - divider) / 2).rounded(.down), 1)
            return [
                Rect(x: whole.minX, y: whole.minY, width: whole.width, height: half),
                Rect(x: whole.minX, y: whole.maxY - half, width: whole.width, height: half),
            ]
        }
    }

    /// What lies between the halves of `whole`; nil for one session.
    public func dividerArea(in whole: Rect) -> Rect? {
        let areas = areas(in: whole)
        guard areas.count == 2 else { return nil }
        return split == .across
            ? Rect(x: areas[0].maxX, y: whole.minY, width: areas[1].minX - areas[0].maxX, height: whole.height)
            : Rect(x: whole.minX, y: areas[0].maxY, width: whole.width, height: areas[1].minY - areas[0].maxY)
    }

    /// The picture that holds a session of `part` in each area, the divider between.
    public func size(holding part: Size) -> Size {
        switch split {
        case .whole: return part
        case .across: return Size(width: part.width * 2 + divider, height: part.height)
        case .down: return Size(width: part.width, height: part.height * 2 + divider)
        }
    }

    /// The session a point of `whole` belongs to, and the point in that session's area: the
    /// area holding it, or on the divider the nearest.
    public func place(of point: Point, in whole: Rect) -> (side: Int, at: Point) {
        let areas = areas(in: whole)
        let side = Self.side(at: point, among: areas)
        return (side, point - areas[side].origin)
    }

    /// The one of `areas` holding `point`, or the nearest.
    static func side(at point: Point, among areas: [Rect]) -> Int {
        func distance(_ area: Rect) -> Double {
            let dx = max(area.minX - point.x, 0, point.x - area.maxX)
            let dy = max(area.minY - point.y, 0, point.y - area.maxY)
            return dx * dx + dy * dy
        }
        return areas.indices.first { areas[$0].contains(point) } ?? areas.indices.min {
            distance(areas[$0]) < distance(areas[$1])
        }!
    }
}
