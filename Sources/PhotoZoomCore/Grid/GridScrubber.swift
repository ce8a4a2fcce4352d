/// The fast-scroll thumb on the grid's right edge, as Photos' grid has one: it shows while the
/// grid scrolls and fades a moment after it stops, and dragging it moves through the whole
/// folder in proportion, the thumb's travel standing for the scroll range. Only a grid many
/// windows tall has one; a short one scrolls through in a flick or two. Its timing is in
/// ticks, so a replay fades it on the same ticks.
public struct GridScrubber: Equatable, Sendable, Codable, OmittedWhenDefault {
    /// The last tick the grid scrolled while tall enough for a scrubber; nil while it never
    /// has, so a world without one codes and digests as it did before the scrubber existed.
    public internal(set) var scrolledTick: Int?

    public init() {}

    /// Content at least this many windows tall has a scrubber.
    static let screens = 5.0
    /// How long it stays after the grid stops, then how long it takes to fade: long enough to
    /// reach for it after a scroll, since no hover shows it (the sim sees only pressed pointers).
    static let holdSeconds = 1.5, fadeSeconds = 0.3
    static let thumbSize = Size(width: 10, height: 48)
    /// Between the thumb and the window's right edge, and the ends of its travel.
    static let inset = 3.0
    /// A press this far in from the right edge, or this far above or below the thumb, grabs it:
    /// a finger's width, though the thumb is drawn narrow.
    static let grabWidth = 44.0, grabSlack = 10.0
    static let color = Color(r: 72, g: 72, b: 76)
    static let opacity = 0.85

    /// How opaque it is now, 0 once faded.
    public func alpha(_ clock: SimClock) -> Double {
        guard let scrolledTick else { return 0 }
        let since = clock.seconds(since: scrolledTick)
        if since <= Self.holdSeconds { return Self.opacity }
        return Self.opacity * Swift.max(0, 1 - (since - Self.holdSeconds) / Self.fadeSeconds)
    }

    /// It still shows, or fades, on the next tick: the window must keep drawing.
    public func isShowing(_ clock: SimClock) -> Bool {
        guard let scrolledTick else { return false }
        return clock.tick - scrolledTick < clock.ticks(covering: Self.holdSeconds + Self.fadeSeconds)
    }

    /// Whether the grid is tall enough for a scrubber.
    static func fits(_ grid: GridState, _ stage: Stage) -> Bool {
        guard let layout = grid.layout, stage.viewport.height > 0 else { return false }
        return layout.contentHeight >= screens * stage.viewport.height
    }

    /// Where the thumb's top may go: from the window's top to its lowest place above the tab bar.
    private static func travel(_ grid: GridState, _ stage: Stage) -> ClosedRange<Double> {
        let bottom = grid.visibleBand(viewportHeight: stage.viewport.height).upperBound - inset - thumbSize.height
        return inset...Swift.max(inset, bottom)
    }

    /// The thumb's top for a content offset, in proportion and not clamped: past an end the
    /// offset has no place on the track.
    static func thumbTop(forOffset offset: Double, _ grid: GridState, _ stage: Stage) -> Double {
        let t = travel(grid, stage)
        let end = grid.scrollRange(viewportHeight: stage.viewport.height).upperBound
        guard end > 0 else { return t.lowerBound }
        return t.lowerBound + offset / end * (t.upperBound - t.lowerBound)
    }

    /// The content offset whose thumb top is `top`: the inverse of `thumbTop(forOffset:)`.
    static func offset(forThumbTop top: Double, _ grid: GridState, _ stage: Stage) -> Double {
        let t = travel(grid, stage)
        let end = grid.scrollRange(viewportHeight: stage.viewport.height).upperBound
        guard t.upperBound > t.lowerBound else { return 0 }
        return (top - t.lowerBound) / (t.upperBound - t.lowerBound) * end
    }

    /// The thumb as drawn for the offset shown: on the track, resting at its end while the grid
    /// rubber-bands past it.
    static func thumbFrame(_ grid: GridState, _ stage: Stage) -> Rect {
        let t = travel(grid, stage)
        let top = Swift.min(Swift.max(thumbTop(forOffset: grid.offset, grid, stage), t.lowerBound), t.upperBound)
        return Rect(
            x: stage.viewport.width - inset - thumbSize.width, y: top, width: thumbSize.width, height: thumbSize.height)
    }

    /// Whether a press at `point` takes the thumb: it is showing and the press is near it.
    static func grabs(_ point: Point, _ grid: GridState, _ stage: Stage) -> Bool {
        guard fits(grid, stage), grid.scrubber.alpha(stage.clock) > 0 else { return false }
        let thumb = thumbFrame(grid, stage)
        return point.x >= stage.viewport.width - grabWidth && point.x <= stage.viewport.width
            && point.y >= thumb.minY - grabSlack && point.y <= thumb.maxY + grabSlack
    }
}
