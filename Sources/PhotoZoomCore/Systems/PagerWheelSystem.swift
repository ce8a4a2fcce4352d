/// The wheel in the pager: ctrl+wheel zooms the current photo around the pointer (1× … 4×);
/// a wheel or trackpad swipe, horizontal or vertical, turns one page per swipe — its units add
/// up to a page, and a pause ends the swipe, so a trackpad's long tail of small events pages
/// only once. A zoomed photo pages with neither.
enum PagerWheelSystem {
    static func run(
        paging: inout PagingState, zoom: inout ZoomState, wheelSwipe: inout WheelSwipe?, gestures: [Gesture],
        phase: ViewerPhase,
        currentIndex: Int, _ stage: Stage
    ) {
        guard phase == .pager else { return }
        for case .wheel(let dx, let dy, let position, let modifiers) in gestures {
            if modifiers.contains(.control) {
                ZoomControl.wheel(&zoom, by: dy, around: position, page: currentIndex, stage)
            } else if !ZoomControl.isZoomed(zoom, page: currentIndex, stage) {
                // Right shows what lies to the right, and down what lies below in the grid: the
                // next photo either way. SDL's dy is positive turned away, toward the top.
                swipe(abs(dx) > abs(dy) ? dx : -dy, &paging, &wheelSwipe, currentIndex, stage)
            }
        }
    }

    private static func swipe(
        _ units: Double, _ paging: inout PagingState, _ wheelSwipe: inout WheelSwipe?, _ currentIndex: Int,
        _ stage: Stage
    ) {
        var swipe = wheelSwipe ?? WheelSwipe(lastTick: stage.tick)
        if stage.clock.seconds(since: swipe.lastTick) > stage.tuning.wheelSwipePause {
            swipe = WheelSwipe(lastTick: stage.tick)
        }
        swipe.lastTick = stage.tick
        swipe.units += units
        if !swipe.paged, abs(swipe.units) >= stage.tuning.wheelUnitsPerPage {
            var base = currentIndex
            if case .snapping(let track) = paging.motion { base = Paging.nearestPage(track.target, stage) }
            Paging.go(&paging, to: base + (swipe.units > 0 ? 1 : -1), from: base, stage)
            swipe.paged = true
        }
        wheelSwipe = swipe
    }
}

/// A wheel or trackpad swipe in progress in the pager.
public struct WheelSwipe: Hashable, Sendable, Codable {
    public var lastTick: Int
    /// Wheel units so far, positive toward the next photo (right or down).
    public var units: Double = 0
    /// This swipe has turned its page.
    public var paged = false
}
