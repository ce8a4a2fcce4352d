/// Two fingers in the pager pinch, computed from their raw positions every tick: the zoom
/// follows the spread and the centroid, rubber-banded past 1× … 4×, and settles within the
/// limits when a finger lifts. Pinching a photo at fit below 1× picks it up as a dismissal,
/// which then follows the fingers until one lifts.
enum PinchSystem {
    static func run(
        pager: inout PagerState, flight: inout ViewerFlight,
        pointers: PointerTracker, currentIndex: Int, grid: GridState, _ stage: Stage
    ) {
        switch flight.phase {
        case .pager:
            pinch(&pager, &flight, pointers, currentIndex, grid, stage)
        case .dismissing(interactive: true):
            FlightControl.followPinch(flight: &flight, pointers: pointers, grid: grid, stage)
        case .grid, .presenting, .dismissing:
            break
        }
    }

    private static func pinch(
        _ pager: inout PagerState, _ flight: inout ViewerFlight,
        _ pointers: PointerTracker, _ page: Int, _ grid: GridState, _ stage: Stage
    ) {
        if case .pinching(let pair, let startFrame, let startCentroid, let startDistance) = pager.zoom.motion {
            guard let p = pointers.pointer(pair.first), let q = pointers.pointer(pair.second) else {
                // A finger lifted: settle within the limits.
                pager.zoom.motion = .idle
                pager.zoom.pinchBaseline = nil
                let settled = ZoomControl.settled(
                    ZoomControl.frame(pager.zoom, page: page, stage), around: startCentroid, page: page, stage)
                ZoomControl.springTo(&pager.zoom, settled, page: page, stage)
                return
            }
            let centroid = (p.position + q.position) * 0.5
            let k = (p.position - q.position).length / max(startDistance, 1e-9)
            let startScale = startFrame.width / stage.fitFrame(page).width
            let shownScale = ZoomControl.bandedScale(startScale * k, stage.tuning)
            let f = ViewerGeometry.scale(startFrame, by: shownScale / startScale, around: startCentroid)
            ZoomControl.set(
                &pager.zoom, f.offsetBy(dx: centroid.x - startCentroid.x, dy: centroid.y - startCentroid.y), page: page,
                stage)
            return
        }
        let down = pointers.pointers
        guard down.count >= 2 else {
            pager.zoom.pinchBaseline = nil
            return
        }
        let (p, q) = (down[0], down[1])
        let distance = (p.position - q.position).length
        let pair = PointerPair(first: p.id, second: q.id)
        guard let baseline = pager.zoom.pinchBaseline, baseline.pointers == pair else {
            pager.zoom.pinchBaseline = ZoomState.PinchBaseline(pointers: pair, distance: distance)
            return
        }
        // Fingers landing on each other make no pinch; nor does a spread that has barely
        // changed. Once it has, the pinch starts from where the fingers are, so recognising it
        // moves nothing.
        guard baseline.distance >= stage.tuning.tapSlop,
            abs(distance / baseline.distance - 1) > stage.tuning.pinchRecognitionSpread
        else { return }
        let k = distance / baseline.distance
        pager.zoom.pinchBaseline = nil
        // A pager caught between pages settles while the pinch goes on.
        if Paging.isBetweenPages(pager.paging, page: page, stage) {
            Paging.snap(&pager.paging, velocity: 0, from: page, stage)
        }
        pager.press = nil
        pager.pendingTap = nil
        let startFrame = ZoomControl.frame(pager.zoom, page: page, stage)
        let startCentroid = (p.position + q.position) * 0.5
        if k < 1, startFrame.width <= stage.fitFrame(page).width * 1.001 {
            let drawn = ViewerGeometry.pageFrame(page, zoom: pager.zoom, offset: pager.paging.offset, stage: stage)
            pager.leave(restingOn: page, pitch: stage.pagePitch)
            FlightControl.grabPinch(
                page, pointers: pair, centroid: startCentroid, distance: distance, frame: drawn,
                flight: &flight)
            FlightControl.followPinch(flight: &flight, pointers: pointers, grid: grid, stage)
            return
        }
        pager.zoom.motion = .pinching(
            pointers: pair, startFrame: startFrame, startCentroid: startCentroid, startDistance: distance)
        pager.zoom.page = page
    }
}
