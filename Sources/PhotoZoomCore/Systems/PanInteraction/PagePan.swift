import Foundation

/// The pan interaction's pager part. A press catches a sliding page or a settling zoom where it
/// is drawn; the first move past the slop decides what the drag is, as UIKit's pan does, so
/// every direction does something: a pan of the zoomed photo; the photo picked up (within the
/// dismiss angle of vertical: down to dismiss, up to rubber-band); or paging.
enum PagePan {
    /// Returns the tap, when the gesture is one that counts as a tap in the pager.
    static func handle(
        _ gesture: Gesture, pager: inout PagerState, flight: inout ViewerFlight,
        pointers: PointerTracker, currentIndex: Int, _ stage: Stage
    ) -> PagerTap? {
        switch gesture {
        case .pressed(let pointer, let at):
            pressed(pointer, at, &pager, stage)
        case .dragged(let pointer, let position, let translation, let pastSlop):
            // A pointer already down when the pager took over (pressed on the backdrop during
            // the zoom-in) drags from where it went down.
            if pager.press == nil, pastSlop, pointers.pointers.count == 1, pointers.pointer(pointer) != nil {
                pager.press = PagerPress(pointer: pointer, at: position - translation, caughtSnap: false)
            }
            guard pastSlop, let press = pager.press, press.pointer == pointer else { return nil }
            // Two pointers down is a pinch in the making (alt+drag's mirrored finger included): no
            // single-finger drag is decided meanwhile.
            if pointers.pointers.count >= 2, case .idle = pager.paging.motion, case .idle = pager.zoom.motion {
                return nil
            }
            switch (pager.paging.motion, pager.zoom.motion) {
            case (.dragging(_, let anchorOffset, let anchorX, _), _):
                pager.paging.offset = Paging.banded(anchorOffset - (position.x - anchorX), stage)
            case (_, .panning):
                ZoomPan.follow(to: position, zoom: &pager.zoom, paging: &pager.paging, stage)
            default:
                decide(press, position, &pager, &flight, currentIndex, stage)
            }
        case .released(let pointer, let position, let velocity):
            guard let press = pager.press, press.pointer == pointer else { return nil }
            pager.press = nil
            if case .dragging(_, let anchorOffset, let anchorX, let startPage) = pager.paging.motion {
                // The snap starts at the speed the page is drawn moving: past an end that is the
                // finger's speed through the rubber band's slope, not the finger's own.
                let raw = anchorOffset - (position.x - anchorX)
                let h = 1e-3
                let shown = (Paging.banded(raw - velocity.x * h, stage) - Paging.banded(raw, stage)) / h
                Paging.snap(&pager.paging, velocity: shown, from: startPage, stage)
            } else if case .panning = pager.zoom.motion {
                ZoomPan.release(velocity: velocity, zoom: &pager.zoom, paging: &pager.paging, stage)
            } else if press.caughtSnap {
                Paging.snap(&pager.paging, velocity: 0, from: Paging.nearestPage(pager.paging.offset, stage), stage)
            }
            ZoomControl.settleIfNeeded(&pager.zoom, stage)
        case .tapped(let pointer, let at, let clicks):
            guard let press = pager.press, press.pointer == pointer else { return nil }
            pager.press = nil
            ZoomControl.settleIfNeeded(&pager.zoom, stage)
            if press.caughtSnap {
                // The press only stopped a sliding page: the snap finishes.
                Paging.snap(&pager.paging, velocity: 0, from: Paging.nearestPage(pager.paging.offset, stage), stage)
            } else {
                return PagerTap(at: at, clicks: clicks)
            }
        case .wheel, .key:
            break
        }
        return nil
    }

    private static func pressed(_ pointer: Int, _ at: Point, _ pager: inout PagerState, _ stage: Stage) {
        guard pager.press == nil else { return }  // a second finger is a pinch, seen from the raw pointers
        // A press takes the pager back from an Escape waiting for the slide to settle.
        pager.escapeWhenSettled = false
        var caught = false
        if case .snapping(let track) = pager.paging.motion {
            let still = stage.tuning.stillMotion
            if abs(track.value - track.target) > still.value || abs(track.velocity) > still.velocity {
                // Grab the page where it is drawn; the drag continues from there.
                pager.paging.offset = track.value
                caught = true
            } else {
                // Only the spring's invisible tail is left: finish it, and let the press count.
                pager.paging.offset = track.target
            }
            pager.paging.motion = .idle
        }
        ZoomControl.catchSpring(&pager.zoom, stage)
        pager.press = PagerPress(pointer: pointer, at: at, caughtSnap: caught)
    }

    /// The first move beyond the slop decides what the drag is.
    private static func decide(
        _ press: PagerPress, _ position: Point, _ pager: inout PagerState, _ flight: inout ViewerFlight,
        _ page: Int, _ stage: Stage
    ) {
        let t = position - press.at
        let fromVertical = atan2(abs(t.x), abs(t.y)) * 180 / .pi
        if !press.caughtSnap, ZoomControl.isZoomed(pager.zoom, page: page, stage), let frame = pager.zoom.frame {
            pager.zoom.motion = .panning(
                pointer: press.pointer, startFrame: ZoomPan.startFrame(frame, stage), startFinger: position,
                startPagingOffset: pager.paging.offset)
        } else if !press.caughtSnap, fromVertical <= stage.tuning.dismissAngle {
            // From the photo as drawn: a zoom still settling back to fit hands over without a jump.
            let drawn = ViewerGeometry.pageFrame(page, zoom: pager.zoom, offset: pager.paging.offset, stage: stage)
            pager.zoom = ZoomState()
            pager.leave(restingOn: page, pitch: stage.pagePitch)
            FlightControl.grab(
                page, pointer: press.pointer, finger: position, frame: drawn, background: 1, flight: &flight)
        } else {
            pager.paging.motion = .dragging(
                pointer: press.pointer, anchorOffset: Paging.unbanded(pager.paging.offset, stage),
                anchorX: position.x, startPage: Paging.nearestPage(pager.paging.offset, stage))
        }
    }
}
