/// The pan interaction's grid part: the content follows a dragging pointer (rubber-banded past
/// the ends) and hands the release velocity to the grid's momentum.
enum GridPan {
    static func handle(_ gesture: Gesture, _ grid: inout GridState, _ stage: Stage) {
        guard grid.layout != nil else { return }
        switch gesture {
        case let .pressed(pointer, at):
            guard !grid.isDragging else { return }
            grid.pressPointer = pointer
            grid.pressStoppedMotion = !grid.isAtRest && abs(grid.velocity) > stage.tuning.momentumStopSpeed
            grid.motion = .dragging(pointer: pointer, anchorOffset: GridScrollSystem.unbanded(grid.offset, grid, stage), anchorY: at.y)
            grid.velocity = 0
        case let .dragged(pointer, position, _, pastSlop):
            guard pastSlop, case let .dragging(p, anchorOffset, anchorY) = grid.motion, p == pointer else { return }
            grid.offset = GridScrollSystem.banded(anchorOffset - (position.y - anchorY), grid, stage)
        case let .released(pointer, _, velocity):
            guard case let .dragging(p, _, _) = grid.motion, p == pointer else { return }
            GridScrollSystem.release(&grid, velocity: -velocity.y, stage)
        case let .tapped(pointer, _):
            guard case let .dragging(p, _, _) = grid.motion, p == pointer else { return }
            GridScrollSystem.release(&grid, velocity: 0, stage)
        case .wheel, .key:
            break
        }
    }

    /// Away from the grid nothing scrolls it: a drag cut short by a tap ends cleanly, and no
    /// press belongs to the grid.
    static func end(_ grid: inout GridState) {
        if grid.isDragging { grid.motion = .idle; grid.velocity = 0 }
        grid.pressPointer = nil
    }
}
