import Foundation

/// Zoom inside a page: the frames it may take (1× … 4×, panned to cover the window), the
/// rubber band past the limits, the springs that settle it, ctrl+wheel and double-tap. The
/// zoom belongs to one page (`zoom.page`); every helper names the page it works on, because
/// index sync may move the current page while that zoom is still settling.
enum ZoomControl {
    /// A page's frame: zoomed if the zoom is its, else at fit.
    static func frame(_ zoom: ZoomState, page: Int, _ stage: Stage) -> Rect {
        zoom.page == page ? (zoom.frame ?? stage.fitFrame(page)) : stage.fitFrame(page)
    }

    /// The zoom is springing back to fit (after a double tap, a pinch below 1×, a page change).
    static func isReturningToFit(_ zoom: ZoomState, _ stage: Stage) -> Bool {
        guard case .spring(let track) = zoom.motion, stage.photos.indices.contains(zoom.page) else { return false }
        return track.target == stage.fitFrame(zoom.page)
    }

    /// The page is zoomed in, and not merely on its way back to fit.
    static func isZoomed(_ zoom: ZoomState, page: Int, _ stage: Stage) -> Bool {
        zoom.page == page && zoom.frame != nil && !isReturningToFit(zoom, stage)
    }

    /// A zoom scale past the limits, rubber-banded like an overscroll.
    static func bandedScale(_ raw: Double, _ tuning: Tuning) -> Double {
        let lo = tuning.minimumZoom
        let hi = tuning.maximumZoom
        let c = tuning.rubberBandCoefficient
        if raw > hi { return hi + rubberBand(raw - hi, dimension: hi, coefficient: c) }
        if raw < lo { return lo - rubberBand(lo - raw, dimension: lo, coefficient: c) }
        return raw
    }

    /// Gives `page` the zoomed `frame`; a frame at fit clears the zoom.
    static func set(_ zoom: inout ZoomState, _ frame: Rect, page: Int, _ stage: Stage) {
        let atFit =
            abs(frame.width - stage.fitFrame(page).width) < 1e-6
            && frame == ViewerGeometry.clampPan(frame, viewport: stage.viewport)
        zoom.page = page
        zoom.frame = atFit ? nil : frame
    }

    /// The nearest valid frame: scale within the limits around `point`, pan clamped.
    static func settled(_ frame: Rect, around point: Point, page: Int, _ stage: Stage) -> Rect {
        let scale = frame.width / max(stage.fitFrame(page).width, 1e-9)
        let limited = min(max(scale, stage.tuning.minimumZoom), stage.tuning.maximumZoom)
        return ViewerGeometry.clampPan(
            ViewerGeometry.scale(frame, by: limited / scale, around: point), viewport: stage.viewport)
    }

    static func springTo(
        _ zoom: inout ZoomState, _ target: Rect, velocity: Rect = .zero, spring: TunedSpring.Name = .zoom, page: Int,
        _ stage: Stage
    ) {
        let from = frame(zoom, page: page, stage)
        zoom.page = page
        zoom.frame = from
        zoom.motion = .spring(stage.track(spring, rest: .points, from: from, velocity: velocity, to: target))
    }

    /// A zoom left out of bounds (caught mid-spring, then let go without a pan) settles back.
    static func settleIfNeeded(_ zoom: inout ZoomState, _ stage: Stage) {
        let page = zoom.page
        guard stage.photos.indices.contains(page), case .idle = zoom.motion, let f = zoom.frame else { return }
        let target = settled(f, around: f.center, page: page, stage)
        if target != f { springTo(&zoom, target, page: page, stage) }
    }

    /// A press catches a zoom in flight where it is drawn, unless it is returning to fit: then
    /// the photo is, to the eye, at fit already, and the press should page or dismiss it as such.
    static func catchSpring(_ zoom: inout ZoomState, _ stage: Stage) {
        guard case .spring(let track) = zoom.motion, !isReturningToFit(zoom, stage) else { return }
        zoom.frame = track.value
        zoom.motion = .idle
    }

    /// ctrl+wheel: zoom around the pointer, clamped to the limits, easing there on the wheel
    /// spring as wheel scrolling does. Notches in quick succession count from where the zoom
    /// is headed, so they add up without a jump.
    static func wheel(_ zoom: inout ZoomState, by units: Double, around point: Point, page: Int, _ stage: Stage) {
        var from = frame(zoom, page: page, stage)
        var velocity = Rect.zero
        if case .spring(let track) = zoom.motion, zoom.page == page {
            from = track.target
            velocity = track.velocity
        }
        let scale = from.width / stage.fitFrame(page).width
        let target = min(
            max(scale * exp(units * stage.tuning.wheelZoomPerUnit), stage.tuning.minimumZoom), stage.tuning.maximumZoom)
        let frame = ViewerGeometry.clampPan(
            ViewerGeometry.scale(from, by: target / scale, around: point), viewport: stage.viewport)
        springTo(&zoom, frame, velocity: velocity, spring: .wheel, page: page, stage)
    }

    /// Double tap: back to fit when zoomed, else to the double-tap scale around the tapped point.
    static func toggle(_ zoom: inout ZoomState, at point: Point, page: Int, _ stage: Stage) {
        let fit = stage.fitFrame(page)
        if frame(zoom, page: page, stage).width > fit.width * 1.01 {
            springTo(&zoom, fit, page: page, stage)
        } else {
            let zoomed = ViewerGeometry.scale(fit, by: stage.tuning.doubleTapZoom, around: point)
            springTo(&zoom, ViewerGeometry.clampPan(zoomed, viewport: stage.viewport), page: page, stage)
        }
    }
}
