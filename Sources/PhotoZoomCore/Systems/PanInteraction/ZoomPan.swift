import Foundation

/// The pan interaction's zoomed-photo part: a zoomed photo follows the finger until its edge;
/// beyond a side edge the drag pages, beyond the top or bottom it rubber-bands. Let go, it
/// coasts with UIScrollView's deceleration distance and springs back inside.
enum ZoomPan {
    /// The frame a pan starts from: an overshoot left by a caught spring is converted back to
    /// the finger distance that would show it, so the first move does not re-band it.
    static func startFrame(_ frame: Rect, _ stage: Stage) -> Rect {
        let clamped = ViewerGeometry.clampPan(frame, viewport: stage.viewport)
        let raw = rubberUnbanded(
            frame.minY, in: clamped.minY...clamped.minY, dimension: stage.viewport.height,
            coefficient: stage.tuning.rubberBandCoefficient)
        return Rect(x: frame.minX, y: raw, width: frame.width, height: frame.height)
    }

    static func follow(to finger: Point, zoom: inout ZoomState, paging: inout PagingState, _ stage: Stage) {
        guard case .panning(_, let startFrame, let startFinger, let startPagingOffset) = zoom.motion else { return }
        let moved = startFrame.offsetBy(dx: finger.x - startFinger.x, dy: finger.y - startFinger.y)
        let clamped = ViewerGeometry.clampPan(moved, viewport: stage.viewport)
        let y = rubberBanded(
            moved.minY, in: clamped.minY...clamped.minY, dimension: stage.viewport.height,
            coefficient: stage.tuning.rubberBandCoefficient)
        zoom.frame = Rect(x: clamped.minX, y: y, width: moved.width, height: moved.height)
        paging.offset = Paging.banded(startPagingOffset - (moved.minX - clamped.minX), stage)
    }

    /// Let go of a pan: page if the drag went past the edge, else coast and spring back.
    static func release(velocity v: Point, zoom: inout ZoomState, paging: inout PagingState, _ stage: Stage) {
        guard case .panning(_, _, _, let startPagingOffset) = zoom.motion else { return }
        zoom.motion = .idle
        let page = zoom.page
        let current = ZoomControl.frame(zoom, page: page, stage)
        if abs(paging.offset - startPagingOffset) > 0.5 {
            // The drag spilled into paging: snap relative to the page it started on (index sync
            // may already have moved on), and let the zoomed photo keep its zoom as it leaves.
            Paging.snap(&paging, velocity: -v.x, from: Paging.nearestPage(startPagingOffset, stage), stage)
            ZoomControl.springTo(&zoom, ViewerGeometry.clampPan(current, viewport: stage.viewport), page: page, stage)
            return
        }
        let coast = -1 / (1000 * log(stage.tuning.decelerationRate))
        let target = ViewerGeometry.clampPan(
            current.offsetBy(dx: v.x * coast, dy: v.y * coast), viewport: stage.viewport)
        ZoomControl.springTo(&zoom, target, velocity: Rect(x: v.x, y: v.y, width: 0, height: 0), page: page, stage)
    }
}
