/// The pan interaction's grid part: a press holds the content still; once the pointer has moved
/// past the slop the content follows it from there (rubber-banded past the ends), and the
/// release velocity goes to the grid's momentum. Two pointers down are a pinch in the making
/// (alt+drag's mirrored finger included): no drag starts meanwhile. A press on the scrubber's
/// thumb is the scrubber's (`GridScrub`).
enum GridPan {
    static func handle(_ gesture: Gesture, grid: inout GridState, pointers: PointerTracker, _ stage: Stage) {
        guard grid.layout != nil else { return }
        switch gesture {
        case .pressed(let pointer, let at):
            guard grid.holdingPointer == nil, !GridScrub.press(pointer, at: at, grid: &grid, stage) else { return }
            grid.pressPointer = pointer
            grid.pressStoppedMotion = !grid.isAtRest && abs(grid.velocity) > stage.tuning.momentumStopSpeed
            grid.motion = .held(pointer: pointer, at: at)
            grid.velocity = 0
        case .dragged(let pointer, let position, _, let pastSlop):
            if case .scrubbing = grid.motion { return GridScrub.drag(pointer, to: position, grid: &grid, stage) }
            guard pastSlop, grid.holdingPointer == pointer else { return }
            if case .held = grid.motion {
                guard pointers.pointers.count < 2 else { return }
                // The drag begins where the slop was crossed, so the content does not jump by it.
                grid.motion = .dragging(
                    pointer: pointer, anchorOffset: GridScrollSystem.unbanded(grid.offset, grid, stage),
                    anchorY: position.y)
            }
            guard case .dragging(_, let anchorOffset, let anchorY) = grid.motion else { return }
            grid.offset = GridScrollSystem.banded(anchorOffset - (position.y - anchorY), grid, stage)
        case .released(let pointer, _, let velocity):
            guard grid.holdingPointer == pointer else { return }
            GridScrollSystem.release(&grid, velocity: grid.isDragging ? -velocity.y : 0, stage)
        case .tapped(let pointer, _, _):
            guard grid.holdingPointer == pointer else { return }
            GridScrollSystem.release(&grid, velocity: 0, stage)
        case .wheel, .key:
            break
        }
    }

    /// Away from the grid nothing scrolls it: a drag cut short by a tap ends cleanly, and no
    /// press belongs to the grid.
    static func end(_ grid: inout GridState) {
        if grid.holdingPointer != nil {
            grid.motion = .idle
            grid.velocity = 0
        }
        grid.pressPointer = nil
    }
}
