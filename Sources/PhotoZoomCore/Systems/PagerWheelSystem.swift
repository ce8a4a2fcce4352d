/// The wheel in the pager: ctrl+wheel zooms the current photo around the pointer (1× … 4×);
/// a horizontal wheel or trackpad swipe turns one page per swipe — its units add up to a page,
/// and a pause ends the swipe, so a trackpad's long tail of small events pages only once.
enum PagerWheelSystem {
    static func run(paging: inout PagingState, zoom: inout ZoomState, wheelSwipe: inout WheelSwipe?, gestures: [Gesture], phase: ViewerPhase,
                    currentIndex: Int, _ stage: Stage) {
        guard phase == .pager else { return }
        for case let .wheel(dx, dy, position, modifiers) in gestures {
            if modifiers.contains(.control) {
                ZoomControl.wheel(&zoom, by: dy, around: position, page: currentIndex, stage)
            } else if abs(dx) > abs(dy), !ZoomControl.isZoomed(zoom, page: currentIndex, stage) {
                swipe(dx, &paging, &wheelSwipe, currentIndex, stage)
            }
        }
    }

    private static func swipe(_ dx: Double, _ paging: inout PagingState, _ wheelSwipe: inout WheelSwipe?, _ currentIndex: Int, _ stage: Stage) {
        var swipe = wheelSwipe ?? WheelSwipe(lastTick: stage.tick)
        if stage.clock.seconds(since: swipe.lastTick) > stage.tuning.wheelSwipePause { swipe = WheelSwipe(lastTick: stage.tick) }
        swipe.lastTick = stage.tick
        swipe.units += dx
        if !swipe.paged, abs(swipe.units) >= stage.tuning.wheelUnitsPerPage {
            var base = currentIndex
            if case let .snapping(track) = paging.motion { base = Paging.nearestPage(track.target, stage) }
            // Scrolling right shows what lies to the right: the next photo.
            Paging.go(&paging, to: base + (swipe.units > 0 ? 1 : -1), from: base, stage)
            swipe.paged = true
        }
        wheelSwipe = swipe
    }
}

/// A horizontal wheel or trackpad swipe in progress in the pager.
public struct WheelSwipe: Hashable, Sendable, Codable {
    public var lastTick: Int
    /// Horizontal wheel units so far, positive to the right.
    public var units: Double = 0
    /// This swipe has turned its page.
    public var paged = false
}
