import Foundation

/// Zoom inside a page: pinch (from raw finger positions), ctrl+wheel around the pointer,
/// double-tap toggling fit ↔ 2.5×, panning with momentum, and the rubber band past 1× … 4×
/// that springs back. Pinching a photo at fit below 1× becomes a dismissal. The zoom belongs to
/// one page (`zoom.page`); every helper names the page it works on, because index sync may move
/// the current page while that zoom is still settling.
enum ZoomControl {
    static func fit(_ world: World, page: Int) -> Rect {
        ViewerGeometry.fitFrame(world.photos[page], viewport: world.viewport)
    }

    static func fit(_ world: World) -> Rect { fit(world, page: world.viewer.currentIndex) }

    /// A page's frame: zoomed if the zoom is its, else at fit.
    static func frame(_ world: World, page: Int) -> Rect {
        world.viewer.zoom.page == page ? (world.viewer.zoom.frame ?? fit(world, page: page)) : fit(world, page: page)
    }

    static func frame(_ world: World) -> Rect { frame(world, page: world.viewer.currentIndex) }

    /// The zoom is springing back to fit (after a double tap, a pinch below 1×, a page change).
    static func isReturningToFit(_ world: World) -> Bool {
        guard case let .spring(track) = world.viewer.zoom.motion, world.photos.indices.contains(world.viewer.zoom.page) else { return false }
        return track.target == fit(world, page: world.viewer.zoom.page)
    }

    /// A zoom scale past the limits, rubber-banded like an overscroll.
    static func bandedScale(_ raw: Double, _ world: World) -> Double {
        let lo = world.tuning.minimumZoom, hi = world.tuning.maximumZoom, c = world.tuning.rubberBandCoefficient
        if raw > hi { return hi + rubberBand(raw - hi, dimension: hi, coefficient: c) }
        if raw < lo { return lo - rubberBand(lo - raw, dimension: lo, coefficient: c) }
        return raw
    }

    /// Gives `page` the zoomed `frame`; a frame at fit clears the zoom.
    static func set(_ frame: Rect, page: Int, _ world: inout World) {
        let atFit = abs(frame.width - fit(world, page: page).width) < 1e-6 && frame == ViewerGeometry.clampPan(frame, viewport: world.viewport)
        world.viewer.zoom.page = page
        world.viewer.zoom.frame = atFit ? nil : frame
    }

    /// The nearest valid frame: scale within the limits around `point`, pan clamped.
    static func settled(_ frame: Rect, around point: Point, page: Int, _ world: World) -> Rect {
        let f = fit(world, page: page)
        let scale = frame.width / max(f.width, 1e-9)
        let limited = min(max(scale, world.tuning.minimumZoom), world.tuning.maximumZoom)
        return ViewerGeometry.clampPan(ViewerGeometry.scale(frame, by: limited / scale, around: point), viewport: world.viewport)
    }

    static func springTo(_ target: Rect, velocity: Rect = .zero, page: Int, _ world: inout World) {
        let from = frame(world, page: page)
        world.viewer.zoom.page = page
        world.viewer.zoom.frame = from
        world.viewer.zoom.motion = .spring(SpringTrack(parameters: world.tuning.zoomSpring, from: from, velocity: velocity,
                                                       to: target, startTick: world.tick, threshold: world.tuning.pointsRest))
    }

    /// A zoom left out of bounds (caught mid-spring, then let go without a pan) settles back.
    static func settleIfNeeded(_ world: inout World) {
        let page = world.viewer.zoom.page
        guard world.photos.indices.contains(page), case .idle = world.viewer.zoom.motion, let f = world.viewer.zoom.frame else { return }
        let target = settled(f, around: f.center, page: page, world)
        if target != f { springTo(target, page: page, &world) }
    }

    // MARK: Gestures

    static func wheel(by units: Double, around point: Point, world: inout World) {
        let page = world.viewer.currentIndex
        let f = frame(world, page: page), scale = f.width / fit(world, page: page).width
        let target = min(max(scale * exp(units * world.tuning.wheelZoomPerUnit), world.tuning.minimumZoom), world.tuning.maximumZoom)
        world.viewer.zoom.motion = .idle
        set(ViewerGeometry.clampPan(ViewerGeometry.scale(f, by: target / scale, around: point), viewport: world.viewport), page: page, &world)
    }

    static func toggle(at point: Point, world: inout World) {
        let page = world.viewer.currentIndex
        let f = fit(world, page: page)
        if frame(world, page: page).width > f.width * 1.01 {
            springTo(f, page: page, &world)
        } else {
            springTo(ViewerGeometry.clampPan(ViewerGeometry.scale(f, by: world.tuning.doubleTapZoom, around: point), viewport: world.viewport),
                     page: page, &world)
        }
    }

    /// Two pointers down in the pager pinch, computed from their raw positions every tick.
    static func pinch(_ world: inout World) {
        let page = world.viewer.currentIndex
        if case let .pinching(pair, startFrame, startCentroid, startDistance) = world.viewer.zoom.motion {
            guard let p = world.pointers.pointer(pair.first), let q = world.pointers.pointer(pair.second) else {
                // A finger lifted: settle within the limits.
                world.viewer.zoom.motion = .idle
                world.viewer.zoom.pinchBaseline = nil
                springTo(settled(frame(world, page: page), around: startCentroid, page: page, world), page: page, &world)
                return
            }
            let centroid = (p.position + q.position) * 0.5, k = (p.position - q.position).length / max(startDistance, 1e-9)
            let startScale = startFrame.width / fit(world, page: page).width
            let shownScale = bandedScale(startScale * k, world)
            let f = ViewerGeometry.scale(startFrame, by: shownScale / startScale, around: startCentroid)
            set(f.offsetBy(dx: centroid.x - startCentroid.x, dy: centroid.y - startCentroid.y), page: page, &world)
            return
        }
        let down = world.pointers.pointers
        guard down.count >= 2 else { world.viewer.zoom.pinchBaseline = nil; return }
        let (p, q) = (down[0], down[1])
        let distance = (p.position - q.position).length
        let pair = PointerPair(first: p.id, second: q.id)
        guard let baseline = world.viewer.zoom.pinchBaseline, baseline.pointers == pair else {
            world.viewer.zoom.pinchBaseline = ZoomState.PinchBaseline(pointers: pair, distance: distance)
            return
        }
        // Fingers landing on each other make no pinch; nor does a spread that has barely
        // changed. Once it has, the pinch starts from where the fingers are, so recognising it
        // moves nothing.
        guard baseline.distance >= world.tuning.tapSlop, abs(distance / baseline.distance - 1) > world.tuning.pinchRecognitionSpread else { return }
        let k = distance / baseline.distance
        world.viewer.zoom.pinchBaseline = nil
        // A pager caught between pages settles while the pinch goes on.
        if abs(world.viewer.paging.offset - Double(page) * ViewerGeometry.pagePitch(world)) > 1e-9 {
            Paging.snap(velocity: 0, from: page, world: &world)
        }
        world.viewer.press = nil
        world.viewer.pendingTap = nil
        let startFrame = frame(world, page: page)
        let startCentroid = (p.position + q.position) * 0.5
        if k < 1, startFrame.width <= fit(world, page: page).width * 1.001 {
            let drawn = startFrame.offsetBy(dx: Double(page) * ViewerGeometry.pagePitch(world) - world.viewer.paging.offset, dy: 0)
            Dismissal.grabPinch(pointers: pair, centroid: startCentroid, distance: distance, frame: drawn, world: &world)
            Dismissal.followPinch(world: &world)
            return
        }
        world.viewer.zoom.motion = .pinching(pointers: pair, startFrame: startFrame, startCentroid: startCentroid, startDistance: distance)
        world.viewer.zoom.page = page
    }

    /// The frame a pan starts from: an overshoot left by a caught spring is converted back to
    /// the finger distance that would show it, so the first move does not re-band it.
    static func panStart(_ frame: Rect, _ world: World) -> Rect {
        let clamped = ViewerGeometry.clampPan(frame, viewport: world.viewport)
        let over = frame.minY - clamped.minY, h = world.viewport.height, c = world.tuning.rubberBandCoefficient
        let raw = over >= 0 ? rubberBandInverse(over, dimension: h, coefficient: c) : -rubberBandInverse(-over, dimension: h, coefficient: c)
        return Rect(x: frame.minX, y: clamped.minY + raw, width: frame.width, height: frame.height)
    }

    /// A zoomed photo follows the finger until its edge; beyond a side edge the drag pages,
    /// beyond the top or bottom it rubber-bands.
    static func pan(to finger: Point, world: inout World) {
        guard case let .panning(_, startFrame, startFinger, startPagingOffset) = world.viewer.zoom.motion else { return }
        let moved = startFrame.offsetBy(dx: finger.x - startFinger.x, dy: finger.y - startFinger.y)
        let clamped = ViewerGeometry.clampPan(moved, viewport: world.viewport)
        let overflowX = moved.minX - clamped.minX, overflowY = moved.minY - clamped.minY
        let h = world.viewport.height, c = world.tuning.rubberBandCoefficient
        let bandedY = overflowY >= 0 ? rubberBand(overflowY, dimension: h, coefficient: c) : -rubberBand(-overflowY, dimension: h, coefficient: c)
        world.viewer.zoom.frame = Rect(x: clamped.minX, y: clamped.minY + bandedY, width: moved.width, height: moved.height)
        world.viewer.paging.offset = Paging.banded(startPagingOffset - overflowX, world)
    }

    /// Let go of a pan: page if the drag went past the edge, else coast (with UIScrollView's
    /// deceleration distance) and spring back from beyond an edge.
    static func releasePan(velocity v: Point, world: inout World) {
        guard case let .panning(_, _, _, startPagingOffset) = world.viewer.zoom.motion else { return }
        world.viewer.zoom.motion = .idle
        let page = world.viewer.zoom.page
        let pitch = ViewerGeometry.pagePitch(world)
        let current = frame(world, page: page)
        if abs(world.viewer.paging.offset - startPagingOffset) > 0.5 {
            // The drag spilled into paging: snap relative to the page it started on (index sync
            // may already have moved on), and let the zoomed photo keep its zoom as it leaves.
            Paging.snap(velocity: -v.x, from: Int((startPagingOffset / pitch).rounded()), world: &world)
            springTo(ViewerGeometry.clampPan(current, viewport: world.viewport), page: page, &world)
            return
        }
        let coast = -1 / (1000 * log(world.tuning.decelerationRate))
        let target = ViewerGeometry.clampPan(current.offsetBy(dx: v.x * coast, dy: v.y * coast), viewport: world.viewport)
        springTo(target, velocity: Rect(x: v.x, y: v.y, width: 0, height: 0), page: page, &world)
    }
}

/// Where the chrome sits, in window points.
enum ChromeLayout {
    static func topBar(_ world: World) -> Rect { Rect(x: 0, y: 0, width: world.viewport.width, height: world.tuning.topBarHeight) }
    static func backButton(_ world: World) -> Rect { Rect(x: 0, y: 0, width: world.tuning.backButtonWidth, height: world.tuning.topBarHeight) }
    static func tabBar(_ world: World) -> Rect {
        Rect(x: 0, y: world.viewport.height - world.tuning.tabBarHeight, width: world.viewport.width, height: world.tuning.tabBarHeight)
    }
}
