/// Applies this tick's stamped input: resizes go to the viewport, pointer events through the
/// tracker become gestures. Runs before the systems that read gestures, after a reload has set
/// the tuning.
enum InputSystem {
    /// Returns this tick's gestures, for the systems after it.
    static func run(
        pointers: inout PointerTracker, viewport: inout Size, input: [InputEvent],
        phase: ViewerPhase, clock: SimClock, tuning: Tuning
    ) -> [Gesture] {
        var gestures: [Gesture] = []
        for event in input {
            switch event {
            case .pointer(let e):
                apply(e, &pointers, &gestures, clock, tuning)
                if let mirrored = mirroredFinger(for: e, pointers: pointers, phase: phase, viewport: viewport) {
                    apply(mirrored, &pointers, &gestures, clock, tuning)
                }
            case .wheel(let dx, let dy, let position, let modifiers):
                gestures.append(.wheel(dx: dx, dy: dy, position: position, modifiers: modifiers))
            case .key(let key, let modifiers):
                gestures.append(.key(key, modifiers: modifiers))
            case .resize(let size):
                viewport = Size(width: Swift.max(size.width, 0), height: Swift.max(size.height, 0))
            case .focusLost:
                for p in pointers.cancelAll() {
                    gestures.append(.released(pointer: p.id, position: p.position, velocity: .zero))
                }
            case .tuningReloaded, .developer, .photoSize:
                // Their own systems take these.
                break
            }
        }
        return gestures
    }

    /// The pointer id of the second finger alt+drag simulates.
    static let mirroredPointerID = -1

    /// Alt+drag in the pager and the grid pinches, as in the iOS Simulator: a second finger
    /// mirrors the pointer through the window's centre for as long as the press lasts.
    private static func mirroredFinger(
        for e: PointerEvent, pointers: PointerTracker, phase: ViewerPhase, viewport: Size
    ) -> PointerEvent? {
        guard e.source == .mouse else { return nil }
        let active = pointers.pointer(mirroredPointerID) != nil
        guard active || (e.phase == .down && e.modifiers.contains(.alt) && (phase == .pager || phase == .grid)) else {
            return nil
        }
        let centre = Point(x: viewport.width / 2, y: viewport.height / 2)
        return PointerEvent(
            id: mirroredPointerID, source: .mouse, phase: e.phase, position: centre * 2 - e.position,
            modifiers: e.modifiers)
    }

    private static func apply(
        _ e: PointerEvent, _ pointers: inout PointerTracker, _ gestures: inout [Gesture], _ clock: SimClock,
        _ tuning: Tuning
    ) {
        let known = pointers.pointer(e.id) != nil
        let p = pointers.apply(e, clock: clock, tuning: tuning)
        switch e.phase {
        case .down:
            gestures.append(.pressed(pointer: e.id, at: e.position))
        case .moved where known:
            gestures.append(
                .dragged(
                    pointer: e.id, position: e.position, translation: e.position - p.start, pastSlop: p.movedBeyondSlop)
            )
        case .moved:
            break
        case .up where known:
            if p.isTap(releasedAt: clock, tuning: tuning) {
                gestures.append(.tapped(pointer: e.id, at: p.start, clicks: e.source == .mouse ? e.clicks : nil))
            } else {
                gestures.append(
                    .released(pointer: e.id, position: e.position, velocity: p.velocity(at: clock, tuning: tuning)))
            }
        case .cancelled where known:
            gestures.append(.released(pointer: e.id, position: e.position, velocity: .zero))
        case .up, .cancelled:
            break
        }
    }
}
