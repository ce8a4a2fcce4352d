/// Everything the pager holds: the page offset, the current page's zoom, the top bar, and the
/// pointer work in progress (a press not yet decided, a single tap waiting for a second).
public struct PagerState: Equatable, Sendable, Codable {
    public internal(set) var paging = PagingState()
    public internal(set) var zoom = ZoomState()
    public internal(set) var chrome = ChromeState()
    /// A single tap waiting out the double-tap interval before it counts.
    public internal(set) var pendingTap: PendingTap?
    /// The pointer pressed in the pager, until its drag is decided or it lifts.
    public internal(set) var press: PagerPress?
    /// Escape or Back came while the pages were sliding: the photo goes home once the pager
    /// has settled on the page mostly shown.
    public internal(set) var escapeWhenSettled = false
    /// The horizontal wheel swipe under way, if any.
    public internal(set) var wheelSwipe: WheelSwipe?

    /// The photo leaves the pager: whatever the pager had in hand ends (a waiting tap, a press,
    /// a pinch in the making) and the offset rests on `page` exactly, so the way back lands there.
    mutating func leave(restingOn page: Int, pitch: Double) {
        pendingTap = nil
        press = nil
        escapeWhenSettled = false
        zoom.pinchBaseline = nil
        paging.motion = .idle
        paging.offset = Double(page) * pitch
    }

    /// The pager as it opens on `page`: at fit, chrome shown, nothing in hand.
    static func opening(on page: Int, pitch: Double) -> PagerState {
        var pager = PagerState()
        pager.paging.pitch = pitch
        pager.paging.offset = Double(page) * pitch
        return pager
    }
}

/// A single tap in the pager, held until no second one can come any more.
public struct PendingTap: Hashable, Sendable, Codable {
    public var tick: Int
    public var at: Point
    /// A click waits the desktop's double-click time, a finger the double-tap interval.
    public var byMouse: Bool
}

/// A press in the pager: which pointer, where, and whether it caught a page mid-snap (that
/// drag can only page, and its tap only lets the snap finish).
public struct PagerPress: Hashable, Sendable, Codable {
    public var pointer: Int
    public var at: Point
    public var caughtSnap: Bool
}
