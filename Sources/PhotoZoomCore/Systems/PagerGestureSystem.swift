import Foundation

/// Everything a person does in the pager: page with a horizontal drag (rubber band at the ends,
/// snapping by projected position), pan a zoomed photo until its edge and then page, pinch and
/// ctrl+wheel zoom around the fingers or pointer, double-tap to zoom, single-tap for the chrome,
/// keys, and start a dismissal with a downward drag or a pinch below fit.
enum PagerGestureSystem {
    static func run(_ world: inout World) {
        guard world.viewer.phase == .pager else { return }
        for gesture in world.gestures {
            guard world.viewer.phase == .pager else { return }
            switch gesture {
            case let .pressed(pointer, at): pressed(pointer, at, &world)
            case let .dragged(pointer, position, _, pastSlop) where pastSlop: dragged(pointer, position, &world)
            case .dragged: break
            case let .released(pointer, _, velocity): released(pointer, velocity, &world)
            case let .tapped(pointer, at): tapped(pointer, at, &world)
            case let .wheel(_, dy, position, modifiers) where modifiers.contains(.control):
                ZoomControl.wheel(by: dy, around: position, world: &world)
            case .wheel: break
            case let .key(key, _): keyPressed(key, &world)
            }
        }
        guard world.viewer.phase == .pager else { return }
        ZoomControl.pinch(&world)
        if let pending = world.viewer.pendingTap,
           Double(world.tick - pending.tick) / world.clock.rate > world.tuning.doubleTapInterval {
            world.viewer.pendingTap = nil
            singleTap(&world)
        }
    }

    // MARK: Pointer

    private static func pressed(_ pointer: Int, _ at: Point, _ world: inout World) {
        guard world.viewer.press == nil else { return }  // a second finger is a pinch, seen from the raw pointers
        var caught = false
        if case let .snapping(track) = world.viewer.paging.motion {
            if abs(track.value - track.target) > world.tuning.stillMotion.value || abs(track.velocity) > world.tuning.stillMotion.velocity {
                // Grab the page where it is drawn; the drag continues from there.
                world.viewer.paging.offset = track.value
                caught = true
            } else {
                // Only the spring's invisible tail is left: finish it, and let the press count.
                world.viewer.paging.offset = track.target
            }
            world.viewer.paging.motion = .idle
        }
        // Catch a zoom in flight, unless it is returning to fit: then the photo is, to the eye,
        // at fit already, and the press should page or dismiss it as such.
        if case let .spring(track) = world.viewer.zoom.motion, !ZoomControl.isReturningToFit(world) {
            world.viewer.zoom.frame = track.value
            world.viewer.zoom.motion = .idle
        }
        world.viewer.press = PagerPress(pointer: pointer, at: at, caughtSnap: caught)
    }

    private static func dragged(_ pointer: Int, _ position: Point, _ world: inout World) {
        guard let press = world.viewer.press, press.pointer == pointer, !press.ignored else { return }
        // Two pointers down is a pinch in the making (alt+drag's mirrored finger included): no
        // single-finger drag is decided meanwhile.
        if world.pointers.pointers.count >= 2, case .idle = world.viewer.paging.motion, case .idle = world.viewer.zoom.motion { return }
        switch (world.viewer.paging.motion, world.viewer.zoom.motion) {
        case let (.dragging(_, anchorOffset, anchorX, _), _):
            world.viewer.paging.offset = Paging.banded(anchorOffset - (position.x - anchorX), world)
        case (_, .panning):
            ZoomControl.pan(to: position, world: &world)
        default:
            decide(press, position, &world)
        }
    }

    /// The first move beyond the slop decides what the drag is.
    private static func decide(_ press: PagerPress, _ position: Point, _ world: inout World) {
        let index = world.viewer.currentIndex
        let t = position - press.at
        let zoomed = world.viewer.zoom.page == index && world.viewer.zoom.frame != nil && !ZoomControl.isReturningToFit(world)
        let fromVertical = atan2(abs(t.x), t.y) * 180 / .pi
        if !press.caughtSnap, zoomed, let frame = world.viewer.zoom.frame {
            world.viewer.zoom.motion = .panning(pointer: press.pointer, startFrame: ZoomControl.panStart(frame, world), startFinger: position,
                                                startPagingOffset: world.viewer.paging.offset)
        } else if !press.caughtSnap, t.y > 0, fromVertical <= world.tuning.dismissAngle {
            world.viewer.press = nil
            // From the photo as drawn: a zoom still settling back to fit hands over without a jump.
            let drawn = ZoomControl.frame(world)
            world.viewer.zoom = ZoomState()
            Dismissal.grab(pointer: press.pointer, finger: position, frame: drawn, background: 1, world: &world)
        } else if press.caughtSnap || abs(t.x) >= abs(t.y) {
            world.viewer.paging.motion = .dragging(pointer: press.pointer, anchorOffset: Paging.unbanded(world.viewer.paging.offset, world),
                                                   anchorX: position.x, startPage: Paging.nearestPage(world))
        } else {
            world.viewer.press!.ignored = true
        }
    }

    private static func released(_ pointer: Int, _ velocity: Point, _ world: inout World) {
        guard let press = world.viewer.press, press.pointer == pointer else { return }
        world.viewer.press = nil
        if case let .dragging(_, _, _, startPage) = world.viewer.paging.motion {
            Paging.snap(velocity: -velocity.x, from: startPage, world: &world)
        } else if case .panning = world.viewer.zoom.motion {
            ZoomControl.releasePan(velocity: velocity, world: &world)
        } else if press.caughtSnap {
            Paging.snap(velocity: 0, from: Paging.nearestPage(world), world: &world)
        }
        ZoomControl.settleIfNeeded(&world)
    }

    private static func tapped(_ pointer: Int, _ at: Point, _ world: inout World) {
        guard let press = world.viewer.press, press.pointer == pointer else { return }
        world.viewer.press = nil
        ZoomControl.settleIfNeeded(&world)
        if press.caughtSnap {
            Paging.snap(velocity: 0, from: Paging.nearestPage(world), world: &world)
            return
        }
        let chrome = world.viewer.chrome
        if chrome.visible, chrome.alpha > 0.5, ChromeLayout.backButton(world).contains(at) {
            Dismissal.escape(world: &world)
            return
        }
        if let pending = world.viewer.pendingTap, (at - pending.at).length <= world.tuning.doubleTapDistance {
            world.viewer.pendingTap = nil
            ZoomControl.toggle(at: at, world: &world)
        } else {
            world.viewer.pendingTap = PendingTap(tick: world.tick, at: at)
        }
    }

    private static func singleTap(_ world: inout World) {
        switch world.tuning.pagerTapAction {
        case .dismiss:
            Dismissal.escape(world: &world)
        case .toggleChrome:
            world.viewer.chrome.visible.toggle()
            world.viewer.chrome.fade = SpringTrack(parameters: world.tuning.chromeFadeSpring, from: world.viewer.chrome.alpha,
                                                   to: world.viewer.chrome.visible ? 1 : 0, startTick: world.tick, threshold: world.tuning.alphaRest)
        }
    }

    // MARK: Keys

    private static func keyPressed(_ key: Key, _ world: inout World) {
        let last = world.photos.count - 1
        // Keys wait while a finger or a pinch holds the pager.
        if world.viewer.press != nil || !world.pointers.pointers.isEmpty { return }
        // Presses in quick succession count from where the snap is going, not where it is.
        var base = world.viewer.currentIndex
        if case let .snapping(track) = world.viewer.paging.motion { base = Int((track.target / ViewerGeometry.pagePitch(world)).rounded()) }
        switch key {
        case .left: Paging.go(to: base - 1, world: &world)
        case .right: Paging.go(to: base + 1, world: &world)
        case .home: Paging.go(to: 0, world: &world)
        case .end: Paging.go(to: last, world: &world)
        case .escape, .backspace: Dismissal.escape(world: &world)
        case .up, .down, .enter, .space: break
        }
    }
}

/// The pager's horizontal offset: rubber band, snapping, and going to a page.
enum Paging {
    static func range(_ world: World) -> ClosedRange<Double> {
        0...Double(max(world.photos.count - 1, 0)) * ViewerGeometry.pagePitch(world)
    }

    static func nearestPage(_ world: World) -> Int {
        let pitch = ViewerGeometry.pagePitch(world)
        guard pitch > 0 else { return world.viewer.currentIndex }
        return min(max(Int((world.viewer.paging.offset / pitch).rounded()), 0), max(world.photos.count - 1, 0))
    }

    static func banded(_ raw: Double, _ world: World) -> Double {
        rubberBanded(raw, in: range(world), dimension: world.viewport.width, coefficient: world.tuning.rubberBandCoefficient)
    }

    static func unbanded(_ shown: Double, _ world: World) -> Double {
        rubberUnbanded(shown, in: range(world), dimension: world.viewport.width, coefficient: world.tuning.rubberBandCoefficient)
    }

    /// Snap to the page the release would coast to (at most one page from where the drag
    /// started), carrying the release velocity into the spring.
    static func snap(velocity: Double, from startPage: Int, world: inout World) {
        let pitch = ViewerGeometry.pagePitch(world)
        let projected = world.viewer.paging.offset + ViewerGeometry.projection(velocity: velocity, rate: world.tuning.projectionDecelerationRate)
        var page = Int((projected / max(pitch, 1e-9)).rounded())
        page = min(max(page, startPage - 1, 0), startPage + 1, max(world.photos.count - 1, 0))
        springTo(page, velocity: velocity, world: &world)
    }

    /// The page snap spring from where the pager is drawn to `page`.
    private static func springTo(_ page: Int, velocity: Double, world: inout World) {
        world.viewer.paging.motion = .snapping(SpringTrack(parameters: world.tuning.pageSnapSpring, from: world.viewer.paging.offset, velocity: velocity,
                                                           to: Double(page) * ViewerGeometry.pagePitch(world), startTick: world.tick, threshold: world.tuning.pointsRest))
    }

    /// Keyboard paging: spring to a page.
    static func go(to page: Int, world: inout World) {
        guard world.photos.indices.contains(page) else { return }
        let velocity: Double
        if case let .snapping(track) = world.viewer.paging.motion { velocity = track.velocity } else { velocity = 0 }
        // The zoom stays with its page as it slides away; the snap's landing clears it.
        springTo(page, velocity: velocity, world: &world)
    }
}
