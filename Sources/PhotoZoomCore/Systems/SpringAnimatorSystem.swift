/// Advances every active spring from the tick count and writes its value where it belongs.
enum SpringAnimatorSystem {
    static func run(_ world: inout World) {
        if case .spring(var track, let isWheel) = world.grid.motion {
            let cameToRest = track.advance(to: world.tick, tickRate: world.tuning.simRate)
            world.grid.offset = track.value
            world.grid.velocity = track.velocity
            world.grid.motion = cameToRest ? .idle : .spring(track, isWheel: isWheel)
        }
    }
}
