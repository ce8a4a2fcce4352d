/// The pan interaction's scrubber part: a press on the showing thumb takes it, and from then on
/// the content follows the thumb in proportion, from the first move and without waiting for the
/// slop, since a thumb is not a tap. Where the press landed on the thumb stays under the
/// pointer, so the grab does not jump; past either end the grid rubber-bands as it does under a
/// finger, and a release springs it back with no momentum.
enum GridScrub {
    /// Takes a press that lands on the thumb; returns whether it did.
    static func press(_ pointer: Int, at point: Point, grid: inout GridState, _ stage: Stage) -> Bool {
        guard GridScrubber.grabs(point, grid, stage) else { return false }
        // The thumb's place for the unbanded offset, so a grid caught in its rubber band is held
        // where it is drawn.
        let raw = GridScrollSystem.unbanded(grid.offset, grid, stage)
        grid.motion = .scrubbing(pointer: pointer, grabY: point.y - GridScrubber.thumbTop(forOffset: raw, grid, stage))
        grid.velocity = 0
        // Its release is no tap on the cell beneath it.
        grid.pressPointer = nil
        grid.pressStoppedMotion = false
        return true
    }

    static func drag(_ pointer: Int, to position: Point, grid: inout GridState, _ stage: Stage) {
        guard case .scrubbing(let held, let grabY) = grid.motion, held == pointer else { return }
        grid.offset = GridScrollSystem.banded(
            GridScrubber.offset(forThumbTop: position.y - grabY, grid, stage), grid, stage)
    }
}
