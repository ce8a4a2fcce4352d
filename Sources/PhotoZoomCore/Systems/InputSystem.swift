/// Applies this tick's stamped input: resizes and focus changes go to the world, pointer events
/// through the tracker become gestures. The first system of every tick.
enum InputSystem {
    static func run(_ world: inout World, _ events: [InputEvent]) {
        world.gestures.removeAll(keepingCapacity: true)
        for event in events {
            switch event {
            case let .pointer(e):
                apply(e, to: &world)
                if let mirrored = mirroredFinger(for: e, world) { apply(mirrored, to: &world) }
            case let .wheel(dx, dy, position, modifiers):
                world.gestures.append(.wheel(dx: dx, dy: dy, position: position, modifiers: modifiers))
            case let .key(key, modifiers):
                world.gestures.append(.key(key, modifiers: modifiers))
            case let .resize(size):
                world.viewport = Size(width: Swift.max(size.width, 0), height: Swift.max(size.height, 0))
            case .focusLost:
                for p in world.pointers.cancelAll() {
                    world.gestures.append(.released(pointer: p.id, position: p.position, velocity: .zero))
                }
            }
        }
    }

    /// The pointer id of the second finger alt+drag simulates.
    static let mirroredPointerID = -1

    /// Alt+drag in the pager pinches, as in the iOS Simulator: a second finger mirrors the
    /// pointer through the window's centre for as long as the press lasts.
    private static func mirroredFinger(for e: PointerEvent, _ world: World) -> PointerEvent? {
        guard e.source == .mouse else { return nil }
        let active = world.pointers.pointer(mirroredPointerID) != nil
        guard active || (e.phase == .down && e.modifiers.contains(.alt) && world.viewer.phase == .pager) else { return nil }
        let centre = Point(x: world.viewport.width / 2, y: world.viewport.height / 2)
        return PointerEvent(id: mirroredPointerID, source: .mouse, phase: e.phase, position: centre * 2 - e.position, modifiers: e.modifiers)
    }

    private static func apply(_ e: PointerEvent, to world: inout World) {
        let known = world.pointers.pointer(e.id) != nil
        let p = world.pointers.apply(e, clock: world.clock, tuning: world.tuning)
        switch e.phase {
        case .down:
            world.gestures.append(.pressed(pointer: e.id, at: e.position))
        case .moved where known:
            world.gestures.append(.dragged(pointer: e.id, position: e.position, translation: e.position - p.start, pastSlop: p.movedBeyondSlop))
        case .moved:
            break
        case .up where known:
            if p.isTap(releasedAt: world.clock, tuning: world.tuning) {
                world.gestures.append(.tapped(pointer: e.id, at: p.start))
            } else {
                world.gestures.append(.released(pointer: e.id, position: e.position, velocity: p.velocity(at: world.clock, tuning: world.tuning)))
            }
        case .cancelled where known:
            world.gestures.append(.released(pointer: e.id, position: e.position, velocity: .zero))
        case .up, .cancelled:
            break
        }
    }
}
