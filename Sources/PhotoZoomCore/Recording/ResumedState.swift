/// Whether a header's whole `state` is one the sim can resume from. The systems trust the
/// state they made — a scene's entities point at sprites, a cell's photo is in the library,
/// a tick is a tick — so a state from a file is held to the same before a tick runs on it.
/// Its digest is checked by the replay; this is what keeps a state with a matching digest,
/// which anyone can write, from trapping.
enum ResumedState {
    /// Points, velocities and offsets: no library or gesture comes near, and an offset past it
    /// divided by a row would not fit an Int.
    static let maximumMagnitude = 1e12
    /// A chrome label's size in points and length in bytes, far past the tuning's and any count.
    static let textSizes = 0.0...200.0
    static let maximumTextBytes = 1_000

    /// What makes `world` no state `header`'s session could be in, if anything.
    static func problem(in world: World, header: SessionHeader) -> String? {
        if world.clock.rate != header.loop.tickRate {
            return "it runs at \(world.clock.rate) ticks a second, the header's loop at \(header.loop.tickRate)"
        }
        if world.tuning != header.tuning { return "its tuning is not the header's" }
        if world.viewport != Size(width: header.window.width, height: header.window.height) {
            return "its viewport is not the header's window"
        }
        if world.photos != header.library { return "its photos are not the header's" }
        guard (0...SessionBounds.maximumTick).contains(world.tick) else {
            return "its tick \(world.tick) is not in 0...\(SessionBounds.maximumTick)"
        }
        return numberProblem(in: world) ?? sceneProblem(in: world) ?? viewerProblem(in: world)
    }

    /// Every number of everything a tick changes: doubles finite and in reach, whole numbers
    /// no further from 0 than the latest tick. A spring's constants are checked only as its
    /// decoding does (finite, positive): a tuning file's springs may be very stiff.
    private static func numberProblem(in world: World) -> String? {
        let parts: [(String, any Encodable)] = [
            ("scene", world.scene), ("pointers", world.pointers), ("grid", world.grid),
            ("cells", world.cells), ("viewer", world.viewer), ("viewerSprites", world.viewerSprites),
            ("playback", world.playback),
        ]
        for (name, part) in parts {
            let sink = NumberSink()
            StateWalk.walk(part, into: sink)
            if let found = sink.found { return "\(name).\(found)" }
        }
        return nil
    }

    private static func sceneProblem(in world: World) -> String? {
        let scene = world.scene
        let photos = world.photos.indices
        if let broken = scene.brokenLink { return broken }
        for (i, sprite) in scene.sprites.enumerated() {
            guard let sprite else { continue }
            switch sprite.content {
            case .photo(let photo) where !photos.contains(photo):
                return "sprite \(i) shows photo \(photo) of \(world.photos.count)"
            case .text(let text, let style)
            where !textSizes.contains(style.pointSize) || text.utf8.count > maximumTextBytes:
                return "sprite \(i) is text of \(text.utf8.count) bytes at \(style.pointSize) points"
            case .photo, .text, .fill: break
            }
            if case .cell(let photo) = sprite.role, !photos.contains(photo) {
                return "sprite \(i) is the cell of photo \(photo) of \(world.photos.count)"
            }
        }
        func live(_ e: Entity) -> Bool { scene.sprites.indices.contains(e.index) && scene.sprites[e.index] != nil }
        let cells = world.cells
        guard cells.photos.lowerBound >= 0, cells.photos.upperBound <= world.photos.count,
            cells.entities.count == cells.photos.count
        else {
            return "its cells show photos \(cells.photos) of \(world.photos.count) with \(cells.entities.count) sprites"
        }
        if let dead = (cells.entities + cells.spare).first(where: { !live($0) }) {
            return "a cell's entity \(dead.index) has no sprite"
        }
        if let sprites = world.viewerSprites {
            let all =
                [
                    sprites.background, sprites.transition, sprites.tabBar, sprites.tabBarLabel, sprites.topBar,
                    sprites.backButton,
                    sprites.pageLabel, sprites.pressHighlight,
                ] + sprites.pages
            if let dead = all.first(where: { !live($0) }) { return "a viewer entity \(dead.index) has no sprite" }
        }
        return nil
    }

    private static func viewerProblem(in world: World) -> String? {
        let viewer = world.viewer
        let count = world.photos.count
        // An empty library still has photo 0 current, as a new sim does.
        guard viewer.currentIndex == 0 || (0..<count).contains(viewer.currentIndex) else {
            return "its current photo \(viewer.currentIndex) is not in the library of \(count)"
        }
        if let photo = viewer.transition?.photo, !(0..<count).contains(photo) {
            return "its transition carries photo \(photo) of \(count)"
        }
        return nil
    }

    /// The first number out of bounds, by its path.
    private final class NumberSink: StateSink {
        var found: String?
        private var paths = StatePaths()
        /// The depth of the spring constants being walked, if one is.
        private var constants: Int?

        func open(depth: Int, key: CodingKey?, keyed: Bool) {
            guard found == nil else { return }
            if let at = constants, depth <= at { constants = nil }
            if constants == nil, key?.stringValue == "parameters" { constants = depth }
            _ = paths.open(depth, key)
        }

        func leaf(depth: Int, key: CodingKey?, _ value: StateLeaf) {
            guard found == nil else { return }
            if let at = constants, depth <= at { constants = nil }
            switch value {
            case .double(let d) where !d.isFinite || (constants == nil && abs(d) > maximumMagnitude):
                found = "\(paths.path(depth, key)) = \(d), not a finite number within ±\(maximumMagnitude)"
            case .int(let i) where i < -Int64(SessionBounds.maximumTick) || i > Int64(SessionBounds.maximumTick):
                found = "\(paths.path(depth, key)) = \(i), not within ±\(SessionBounds.maximumTick)"
            default: break
            }
        }
    }
}
