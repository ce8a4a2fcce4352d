/// Starting, following and ending a dismissal: shared by the pager (which starts drags, pinches
/// and Escape) and by grabs of the transition sprite mid-flight.
enum Dismissal {
    /// A finger starts holding the photo as drawn in `frame`.
    static func grab(pointer: Int, finger: Point, frame: Rect, background: Double, world: inout World) {
        let photo = world.viewer.transition?.photo ?? world.viewer.currentIndex
        let grab = TransitionState.Grab(kind: .drag(pointer: pointer), startFinger: finger, startFrame: frame,
                                        startBackground: background, anchor: ViewerGeometry.anchor(of: finger, in: frame))
        var transition = TransitionState(photo: photo, frame: frame, backgroundAlpha: background, grab: grab)
        transition.fades = world.viewer.transition?.fades ?? false
        world.viewer.transition = transition
        leavePager(&world)
        world.viewer.machine.move(to: .dismissing(interactive: true))
    }

    /// Whatever the pager had in hand ends as the photo leaves it: a waiting single tap, a
    /// press, and a page offset between pages (the way back lands on the page exactly).
    static func leavePager(_ world: inout World) {
        world.viewer.pendingTap = nil
        world.viewer.press = nil
        world.viewer.zoom.pinchBaseline = nil
        world.viewer.paging.motion = .idle
        world.viewer.paging.offset = Double(world.viewer.currentIndex) * ViewerGeometry.pagePitch(world)
    }

    /// Two fingers pinch the photo (at fit) below 1×.
    static func grabPinch(pointers: PointerPair, centroid: Point, distance: Double, frame: Rect, world: inout World) {
        let grab = TransitionState.Grab(kind: .pinch(pointers: pointers, startCentroid: centroid, startDistance: distance),
                                        startFinger: centroid, startFrame: frame, startBackground: 1,
                                        anchor: ViewerGeometry.anchor(of: centroid, in: frame))
        world.viewer.transition = TransitionState(photo: world.viewer.currentIndex, frame: frame, backgroundAlpha: 1, grab: grab)
        leavePager(&world)
        world.viewer.machine.move(to: .dismissing(interactive: true))
    }

    /// The held photo follows the finger.
    static func drag(to finger: Point, world: inout World) {
        guard let grab = world.viewer.transition?.grab else { return }
        let shown = ViewerGeometry.dismissDrag(grab, finger: finger, world: world)
        world.viewer.transition!.frame = shown.frame
        world.viewer.transition!.backgroundAlpha = shown.background
    }

    /// Let go of a drag: finish into the cell or spring back to the page, by the chosen rule,
    /// carrying the finger's velocity into the spring.
    static func release(finger: Point, velocity v: Point, world: inout World) {
        guard let grab = world.viewer.transition?.grab else { return }
        let t = world.tuning
        let dy = finger.y - grab.startFinger.y
        let progress = min(max(dy, 0) / (max(world.viewport.height, 1) * t.dismissScaleDistance), 1)
        let finish: Bool
        switch t.dismissRule {
        case .projection:
            finish = dy + ViewerGeometry.projection(velocity: v.y, rate: t.projectionDecelerationRate) > t.dismissFinishDistance && v.y >= 0
        case .seed:
            finish = !(v.y < 0 || dy < 0)
        case .percent:
            finish = abs(v.y) < t.momentumStopSpeed ? progress > 0.5 : v.y > 0
        }
        // The spring starts with the motion the finger gave the frame: the drag mapping's
        // derivative along the finger's velocity.
        let h = 1e-3
        let now = ViewerGeometry.dismissDrag(grab, finger: finger, world: world)
        let ahead = ViewerGeometry.dismissDrag(grab, finger: finger + v * h, world: world)
        let away: TransitionState.Destination = world.viewer.transition!.fades ? .shrink : .cell
        fly(to: finish ? away : .page, frameVelocity: (ahead.frame - now.frame).scaled(by: 1 / h),
            backgroundVelocity: (ahead.background - now.background) / h, world: &world)
    }

    /// Follow a pinch grab from the raw finger positions; release when a finger lifts.
    static func followPinch(world: inout World) {
        guard let grab = world.viewer.transition?.grab,
              case let .pinch(pair, startCentroid, startDistance) = grab.kind else { return }
        guard let p = world.pointers.pointer(pair.first), let q = world.pointers.pointer(pair.second) else {
            // Seed 004: finish below the threshold scale, or whenever the fingers were closing.
            let finish = grab.pinchScale < world.tuning.pinchDismissFinishScale || grab.pinchClosing
            fly(to: finish ? .cell : .page,
                frameVelocity: .zero, backgroundVelocity: 0, world: &world)
            return
        }
        let shown = ViewerGeometry.pinchDrag(grab, centroid: (p.position + q.position) * 0.5, distance: (p.position - q.position).length,
                                             startCentroid: startCentroid, startDistance: startDistance)
        let k = (p.position - q.position).length / max(startDistance, 1e-9)
        if k != grab.pinchScale { world.viewer.transition!.grab!.pinchClosing = k < grab.pinchScale }
        world.viewer.transition!.grab!.pinchScale = k
        world.viewer.transition!.frame = shown.frame
        world.viewer.transition!.backgroundAlpha = shown.background
    }

    /// Escape, the back button, or a dismissing tap: fly from the page as drawn into the cell
    /// (or shrink away, seed 003), without a finger.
    static func escape(world: inout World) {
        let index = world.viewer.currentIndex
        let fit = ViewerGeometry.fitFrame(world.photos[index], viewport: world.viewport)
        let pitch = ViewerGeometry.pagePitch(world)
        let drawn = ((world.viewer.zoom.page == index ? world.viewer.zoom.frame : nil) ?? fit)
            .offsetBy(dx: Double(index) * pitch - world.viewer.paging.offset, dy: 0)
        world.viewer.transition = TransitionState(photo: index, fades: world.tuning.escapeStyle == .shrink, frame: drawn, backgroundAlpha: 1)
        world.viewer.zoom = ZoomState()
        leavePager(&world)
        fly(to: world.tuning.escapeStyle == .shrink ? .shrink : .cell, frameVelocity: .zero, backgroundVelocity: 0, world: &world)
    }

    /// Starts the flight from the transition's drawn state; the target comes from layout (and
    /// is refreshed every tick by the transition target system).
    static func fly(to destination: TransitionState.Destination, frameVelocity: Rect, backgroundVelocity: Double, world: inout World) {
        guard var transition = world.viewer.transition else { return }
        let t = world.tuning
        let spring = destination == .page ? t.cancelSpring : t.finishSpring
        let target = TransitionTargets.frame(for: destination, photo: transition.photo, world: world) ?? transition.frame
        transition.flight = TransitionState.Flight(
            destination: destination,
            frame: SpringTrack(parameters: spring, from: transition.frame, velocity: frameVelocity, to: target, startTick: world.tick, threshold: world.tuning.pointsRest),
            background: SpringTrack(parameters: spring, from: transition.backgroundAlpha, velocity: backgroundVelocity,
                                    to: destination == .page ? 1 : 0, startTick: world.tick, threshold: world.tuning.alphaRest))
        transition.grab = nil
        world.viewer.transition = transition
        world.viewer.machine.move(to: destination == .page ? .presenting : .dismissing(interactive: false))
    }
}

/// Where a flight is headed, from the layout as it is now.
enum TransitionTargets {
    static func frame(for destination: TransitionState.Destination, photo: Int, world: World) -> Rect? {
        let fit = ViewerGeometry.fitFrame(world.photos[photo], viewport: world.viewport)
        switch destination {
        case .page: return fit
        case .cell: return ViewerGeometry.cellFrame(photo, world: world)
        case .shrink: return ViewerGeometry.scale(fit, by: world.tuning.shrinkScale, around: fit.center)
        }
    }
}
