import PhotoZoomCore

/// Which of a window's sessions hear its input, and where: the window's events to the sessions
/// driven (all of them, or one that Tab picked), a pointer's position made relative to the
/// scene of the session it went down in (or is over), so that a press at a point of either half
/// is the same press at that point of each, and a drag stays with the half it began in.
struct PointerRouting: Equatable {
    /// The session the pointer and keys drive alone; nil for all of them.
    private(set) var driven: Int?
    /// The session whose area each pointer went down in.
    private var pressedIn: [Int: Int] = [:]

    /// Tab: all driven → the first alone → the next → … → all again.
    mutating func switchSides(_ presses: Int, sessions: Int) {
        for _ in 0..<presses { driven = driven.map { $0 + 1 < sessions ? $0 + 1 : nil } ?? 0 }
        pressedIn.removeAll()
    }

    /// Each session's events, for sessions whose whole areas are `areas` and whose scenes start
    /// at `scenes` (below their label strips). A session alone hears the window's resizes as
    /// they came; two are resized by their areas. A press or a wheel on a label strip is
    /// nobody's: it would land on what the strip covers.
    mutating func route(_ events: [InputEvent], areas: [Rect], scenes: [Point]) -> [[InputEvent]] {
        var routed = areas.map { _ in [InputEvent]() }
        for event in events {
            let local: InputEvent
            switch event {
            case .resize where areas.count == 1:
                local = event
            case .resize:
                continue
            case .pointer(var pointer):
                pointer.position = pointer.position - scenes[place(of: pointer, areas: areas)]
                if pointer.phase == .down, pointer.position.y < 0 { continue }
                local = .pointer(pointer)
            case .wheel(let dx, let dy, let position, let modifiers):
                let at = position - scenes[SplitLayout.side(at: position, among: areas)]
                if at.y < 0 { continue }
                local = .wheel(dx: dx, dy: dy, position: at, modifiers: modifiers)
            default:
                local = event
            }
            for i in areas.indices where driven == nil || driven == i { routed[i].append(local) }
        }
        return routed
    }

    /// Whether session `index` hears the window's input.
    func drives(_ index: Int) -> Bool { driven == nil || driven == index }

    /// The session `pointer` belongs to: the one it went down in.
    private mutating func place(of pointer: PointerEvent, areas: [Rect]) -> Int {
        guard areas.count > 1 else { return 0 }
        let index = pressedIn[pointer.id] ?? SplitLayout.side(at: pointer.position, among: areas)
        switch pointer.phase {
        case .down: pressedIn[pointer.id] = index
        case .up, .cancelled: pressedIn[pointer.id] = nil
        case .moved: break
        }
        return index
    }
}
