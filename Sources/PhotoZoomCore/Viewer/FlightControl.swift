/// The transition sprite's life between grid and pager: a flight starting, a finger taking hold
/// of the photo and following it, letting go, and where each flight is headed. Every phase
/// change it makes goes through the phase machine.
enum FlightControl {
    /// The zoom-in: from the cell's frame to the photo's fit, the backdrop fading in.
    static func present(_ photo: Int, from start: Rect, flight: inout ViewerFlight, _ stage: Stage) {
        let course = TransitionState.Flight(
            destination: .page, spring: .zoomIn,
            frame: stage.track(.zoomIn, rest: .points, from: start, to: stage.fitFrame(photo)),
            background: stage.track(.zoomIn, rest: .alpha, from: 0, to: 1))
        flight.transition = TransitionState(photo: photo, frame: start, backgroundAlpha: 0, flight: course)
        flight.machine.move(to: .presenting)
    }

    /// A finger starts holding `photo` as drawn in `frame` (catching `caught` if it was in flight).
    static func grab(
        _ photo: Int, pointer: Int, finger: Point, frame: Rect, background: Double,
        caught: TransitionState.CaughtFlight? = nil,
        flight: inout ViewerFlight
    ) {
        let grab = TransitionState.Grab(
            kind: .drag(pointer: pointer), startFinger: finger, startFrame: frame,
            startBackground: background, anchor: ViewerGeometry.anchor(of: finger, in: frame), caught: caught)
        var held = TransitionState(photo: photo, frame: frame, backgroundAlpha: background, grab: grab)
        held.fades = flight.transition?.fades ?? false
        flight.transition = held
        flight.machine.move(to: .dismissing(interactive: true))
    }

    /// Two fingers pinch `photo` (at fit) below 1×.
    static func grabPinch(
        _ photo: Int, pointers: PointerPair, centroid: Point, distance: Double, frame: Rect,
        flight: inout ViewerFlight
    ) {
        let grab = TransitionState.Grab(
            kind: .pinch(pointers: pointers, startCentroid: centroid, startDistance: distance),
            startFinger: centroid, startFrame: frame, startBackground: 1,
            anchor: ViewerGeometry.anchor(of: centroid, in: frame))
        flight.transition = TransitionState(photo: photo, frame: frame, backgroundAlpha: 1, grab: grab)
        flight.machine.move(to: .dismissing(interactive: true))
    }

    /// The held photo follows the finger.
    static func drag(_ transition: inout TransitionState, to finger: Point, _ stage: Stage) {
        guard let grab = transition.grab else { return }
        let shown = ViewerGeometry.dismissDrag(grab, finger: finger, viewport: stage.viewport, tuning: stage.tuning)
        transition.frame = shown.frame
        transition.backgroundAlpha = shown.background
    }

    /// Let go of a drag: finish into the cell or spring back to the page, by the chosen rule,
    /// carrying the finger's velocity into the spring. A caught flight let go where it was
    /// caught goes on where it was going, as fast as it was going: a click on a photo nearly
    /// home never sends it back.
    static func release(finger: Point, velocity v: Point, flight: inout ViewerFlight, grid: GridState, _ stage: Stage) {
        guard let held = flight.transition, let grab = held.grab else { return }
        let t = stage.tuning
        if let caught = grab.caught, (finger - grab.startFinger).length <= t.tapSlop {
            fly(
                to: caught.destination, spring: caught.spring, frameVelocity: caught.frameVelocity,
                backgroundVelocity: caught.backgroundVelocity,
                flight: &flight, grid: grid, stage)
            return
        }
        let dy = finger.y - grab.startFinger.y
        let progress = min(max(dy, 0) / (max(stage.viewport.height, 1) * t.dismissScaleDistance), 1)
        let finish: Bool
        switch t.dismissRule {
        case .projection:
            finish =
                dy + ViewerGeometry.projection(velocity: v.y, rate: t.projectionDecelerationRate)
                > t.dismissFinishDistance && v.y >= 0
        case .direction:
            finish = !(v.y < 0 || dy < 0)
        case .percent:
            finish = abs(v.y) < t.momentumStopSpeed ? progress > 0.5 : v.y > 0
        }
        // The spring starts with the motion the finger gave the frame: the drag mapping's
        // derivative along the finger's velocity.
        let h = 1e-3
        let now = ViewerGeometry.dismissDrag(grab, finger: finger, viewport: stage.viewport, tuning: t)
        let ahead = ViewerGeometry.dismissDrag(grab, finger: finger + v * h, viewport: stage.viewport, tuning: t)
        let away: TransitionState.Destination = held.fades ? .shrink : .cell
        fly(
            to: finish ? away : .page, frameVelocity: (ahead.frame - now.frame).scaled(by: 1 / h),
            backgroundVelocity: (ahead.background - now.background) / h, flight: &flight, grid: grid, stage)
    }

    /// Follow a pinch grab from the raw finger positions; release when a finger lifts.
    static func followPinch(
        flight: inout ViewerFlight, pointers: PointerTracker,
        grid: GridState, _ stage: Stage
    ) {
        guard let grab = flight.transition?.grab, case .pinch(let pair, _, let startDistance) = grab.kind else {
            return
        }
        guard let p = pointers.pointer(pair.first), let q = pointers.pointer(pair.second) else {
            // Seed 004: finish below the threshold scale, or whenever the fingers were closing.
            let finish = grab.pinchScale < stage.tuning.pinchDismissFinishScale || grab.pinchClosing
            fly(
                to: finish ? .cell : .page, frameVelocity: .zero, backgroundVelocity: 0, flight: &flight, grid: grid,
                stage)
            return
        }
        let distance = (p.position - q.position).length
        let shown = ViewerGeometry.pinchDrag(
            grab, centroid: (p.position + q.position) * 0.5, distance: distance, startDistance: startDistance)
        let k = distance / max(startDistance, 1e-9)
        if k != grab.pinchScale { flight.transition!.grab!.pinchClosing = k < grab.pinchScale }
        flight.transition!.grab!.pinchScale = k
        flight.transition!.frame = shown.frame
        flight.transition!.backgroundAlpha = shown.background
    }

    /// Escape, the back button, or a dismissing tap. Between pages, the pager first settles on
    /// the page mostly shown (the photo that goes home is the one on screen, and no page
    /// vanishes mid-slide); on a page, the photo flies home at once.
    static func sendHome(
        _ page: Int, pager: inout PagerState, flight: inout ViewerFlight, grid: GridState, _ stage: Stage
    ) {
        if case .idle = pager.paging.motion, !Paging.isBetweenPages(pager.paging, page: page, stage) {
            escape(page, pager: &pager, flight: &flight, grid: grid, stage)
            return
        }
        let mostlyShown = Paging.nearestPage(pager.paging.offset, stage)
        Paging.go(&pager.paging, to: mostlyShown, from: mostlyShown, stage)
        pager.escapeWhenSettled = true
    }

    /// Fly the pager's photo from where its page is drawn into the cell (or shrink away, seed
    /// 003), without a finger.
    static func escape(
        _ page: Int, pager: inout PagerState, flight: inout ViewerFlight, grid: GridState, _ stage: Stage
    ) {
        let drawn = ViewerGeometry.pageFrame(page, zoom: pager.zoom, offset: pager.paging.offset, stage: stage)
        pager.zoom = ZoomState()
        pager.leave(restingOn: page, pitch: stage.pagePitch)
        let shrinks = stage.tuning.escapeStyle == .shrink
        flight.transition = TransitionState(photo: page, fades: shrinks, frame: drawn, backgroundAlpha: 1)
        fly(
            to: shrinks ? .shrink : .cell, frameVelocity: .zero, backgroundVelocity: 0, flight: &flight, grid: grid,
            stage)
    }

    /// Starts the flight from the transition's drawn state; the target comes from layout (and
    /// is refreshed every tick by the transition target system).
    static func fly(
        to destination: TransitionState.Destination, spring chosen: TunedSpring.Name? = nil, frameVelocity: Rect,
        backgroundVelocity: Double,
        flight: inout ViewerFlight, grid: GridState, _ stage: Stage
    ) {
        guard var flying = flight.transition else { return }
        let spring = chosen ?? (destination == .page ? .cancel : .finish)
        let target = targetFrame(destination, photo: flying.photo, grid: grid, stage) ?? flying.frame
        flying.flight = TransitionState.Flight(
            destination: destination, spring: spring,
            frame: stage.track(spring, rest: .points, from: flying.frame, velocity: frameVelocity, to: target),
            background: stage.track(
                spring, rest: .alpha, from: flying.backgroundAlpha, velocity: backgroundVelocity,
                to: destination == .page ? 1 : 0))
        flying.grab = nil
        flight.transition = flying
        flight.machine.move(to: destination == .page ? .presenting : .dismissing(interactive: false))
    }

    /// Where a flight to `destination` is headed, from the layout as it is now.
    static func targetFrame(_ destination: TransitionState.Destination, photo: Int, grid: GridState, _ stage: Stage)
        -> Rect?
    {
        let fit = stage.fitFrame(photo)
        switch destination {
        case .page: return fit
        case .cell: return ViewerGeometry.cellFrame(photo, grid: grid, stage)
        case .shrink: return ViewerGeometry.scale(fit, by: stage.tuning.shrinkScale, around: fit.center)
        }
    }

    /// The flight ends where it was headed: on the page the pager takes over; in the cell (or
    /// shrunk away) the grid does, and the page's zoom is forgotten.
    static func land(flight: inout ViewerFlight, zoom: inout ZoomState) {
        guard let course = flight.transition?.flight else { return }
        flight.transition = nil
        switch course.destination {
        case .page:
            flight.machine.move(to: .pager)
        case .cell, .shrink:
            flight.machine.move(to: .grid)
            zoom = ZoomState()
        }
    }
}
