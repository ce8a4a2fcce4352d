import PhotoZoomCore

extension InputEvent {
    /// Slow motion, pause or step: while paused, only these run a tick.
    public var isDeveloperControl: Bool { if case .developer = self { return true } else { return false } }
}

/// Input waiting for the next tick.
enum PendingInput {
    /// While paused, input waits for the next step; a pointer moved about meanwhile keeps only
    /// its latest position between presses and releases, so the wait costs no memory.
    static func coalesceMoves(_ pending: inout [InputEvent]) {
        var kept: [InputEvent] = []
        kept.reserveCapacity(pending.count)
        for event in pending {
            if case .pointer(let e) = event, e.phase == .moved, case .pointer(let last)? = kept.last,
                last.phase == .moved, last.id == e.id
            {
                kept[kept.count - 1] = event
            } else {
                kept.append(event)
            }
        }
        pending = kept
    }
}
