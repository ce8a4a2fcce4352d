import Foundation

/// Zoom inside the current page: pinch (from raw finger positions), ctrl+wheel around the
/// pointer, double-tap toggling fit ↔ 2.5×, panning with momentum, and the rubber band past
/// 1× … 4× that springs back. Pinching a photo at fit below 1× becomes a dismissal.
enum ZoomControl {
    static func fit(_ world: World) -> Rect {
        ViewerGeometry.fitFrame(world.photos[world.viewer.currentIndex], viewport: world.viewport)
    }

    /// The current page's frame: zoomed, or at fit.
    static func frame(_ world: World) -> Rect {
        world.viewer.zoom.page == world.viewer.currentIndex ? (world.viewer.zoom.frame ?? fit(world)) : fit(world)
    }

    /// The zoom is springing back to fit (after a double tap, a pinch below 1×, a page change).
    static func isReturningToFit(_ world: World) -> Bool {
        if case let .spring(track) = world.viewer.zoom.motion { return track.target == fit(world) }
        return false
    }

    /// A zoom scale past the limits, rubber-banded like an overscroll.
    static func bandedScale(_ raw: Double, _ world: World) -> Double {
        let lo = world.tuning.minimumZoom, hi = world.tuning.maximumZoom, c = world.tuning.rubberBandCoefficient
        if raw > hi { return hi + rubberBand(raw - hi, dimension: hi, coefficient: c) }
        if raw < lo { return lo - rubberBand(lo - raw, dimension: lo, coefficient: c) }
        return raw
    }

    static func set(_ frame: Rect, _ world: inout World) {
        world.viewer.zoom.page = world.viewer.currentIndex
        world.viewer.zoom.frame = abs(frame.width - fit(world).width) < 1e-6 && frame == ViewerGeometry.clampPan(frame, viewport: world.viewport) ? nil : frame
    }

    /// The nearest valid frame: scale within the limits around `point`, pan clamped.
    static func settled(_ frame: Rect, around point: Point, _ world: World) -> Rect {
        let f = fit(world)
        let scale = frame.width / max(f.width, 1e-9)
        let limited = min(max(scale, world.tuning.minimumZoom), world.tuning.maximumZoom)
        return ViewerGeometry.clampPan(ViewerGeometry.scale(frame, by: limited / scale, around: point), viewport: world.viewport)
    }

    static func springTo(_ target: Rect, velocity: Rect = .zero, _ world: inout World) {
        let from = frame(world)
        world.viewer.zoom.page = world.viewer.currentIndex
        world.viewer.zoom.frame = from
        world.viewer.zoom.motion = .spring(SpringTrack(parameters: world.tuning.zoomSpring, from: from, velocity: velocity,
                                                       to: target, startTick: world.tick, threshold: .points))
    }

    // MARK: Gestures

    static func wheel(by units: Double, around point: Point, world: inout World) {
        let f = frame(world), scale = f.width / fit(world).width
        let target = min(max(scale * exp(units * world.tuning.wheelZoomPerUnit), world.tuning.minimumZoom), world.tuning.maximumZoom)
        world.viewer.zoom.motion = .idle
        set(ViewerGeometry.clampPan(ViewerGeometry.scale(f, by: target / scale, around: point), viewport: world.viewport), &world)
    }

    static func toggle(at point: Point, world: inout World) {
        let f = fit(world)
        if frame(world).width > f.width * 1.01 {
            springTo(f, &world)
        } else {
            springTo(ViewerGeometry.clampPan(ViewerGeometry.scale(f, by: world.tuning.doubleTapZoom, around: point), viewport: world.viewport), &world)
        }
    }

    /// Two pointers down in the pager pinch, computed from their raw positions every tick.
    static func pinch(_ world: inout World) {
        let down = world.pointers.pointers
        if case let .pinching((a, b), startFrame, startCentroid, startDistance) = world.viewer.zoom.motion {
            guard let p = world.pointers.pointer(a), let q = world.pointers.pointer(b) else {
                // A finger lifted: settle within the limits.
                let last = frame(world)
                world.viewer.zoom.motion = .idle
                springTo(settled(last, around: startCentroid, world), &world)
                return
            }
            let centroid = (p.position + q.position) * 0.5, k = (p.position - q.position).length / max(startDistance, 1e-9)
            let startScale = startFrame.width / fit(world).width
            let shownScale = bandedScale(startScale * k, world)
            let f = ViewerGeometry.scale(startFrame, by: shownScale / startScale, around: startCentroid)
            set(f.offsetBy(dx: centroid.x - startCentroid.x, dy: centroid.y - startCentroid.y), &world)
            return
        }
        guard down.count >= 2 else { return }
        let (p, q) = (down[0], down[1])
        let k = (p.position - q.position).length / max((p.start - q.start).length, 1)
        let startFrame = frame(world)
        // Wait until the spread has clearly changed: only then is it a zoom or a dismissal. It
        // then starts from where the fingers are, so recognising it moves nothing.
        guard abs(k - 1) > 0.02 else { return }
        let startCentroid = (p.position + q.position) * 0.5, startDistance = max((p.position - q.position).length, 1)
        if case let .dragging(_, _, _, startPage) = world.viewer.paging.motion { Paging.snap(velocity: 0, from: startPage, world: &world) }
        world.viewer.press = nil
        world.viewer.pendingTap = nil
        if k < 1, startFrame.width <= fit(world).width * 1.001 {
            Dismissal.grabPinch(pointers: (p.id, q.id), centroid: startCentroid, distance: startDistance, frame: startFrame, world: &world)
            Dismissal.followPinch(world: &world)
            return
        }
        world.viewer.zoom.motion = .pinching(pointers: (p.id, q.id), startFrame: startFrame, startCentroid: startCentroid, startDistance: startDistance)
        world.viewer.zoom.page = world.viewer.currentIndex
        pinch(&world)
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
        let pitch = ViewerGeometry.pagePitch(world)
        let current = frame(world)
        if abs(world.viewer.paging.offset - startPagingOffset) > 0.5 {
            // The drag spilled into paging: snap relative to the page it started on, which index
            // sync may already have moved on from.
            Paging.snap(velocity: -v.x, from: Int((startPagingOffset / pitch).rounded()), world: &world)
            springTo(ViewerGeometry.clampPan(current, viewport: world.viewport), &world)
            return
        }
        let coast = -1 / (1000 * log(world.tuning.decelerationRate))
        let target = ViewerGeometry.clampPan(current.offsetBy(dx: v.x * coast, dy: v.y * coast), viewport: world.viewport)
        springTo(target, velocity: Rect(x: v.x, y: v.y, width: 0, height: 0), &world)
    }
}

/// Where the chrome sits, in window points.
enum ChromeLayout {
    static func topBar(_ world: World) -> Rect { Rect(x: 0, y: 0, width: world.viewport.width, height: world.tuning.topBarHeight) }
    static func backButton(_ world: World) -> Rect { Rect(x: 0, y: 0, width: 96, height: world.tuning.topBarHeight) }
    static func tabBar(_ world: World) -> Rect {
        Rect(x: 0, y: world.viewport.height - world.tuning.tabBarHeight, width: world.viewport.width, height: world.tuning.tabBarHeight)
    }
}
