/// What must hold after every tick, whatever the input: the monkey checks these and stops at
/// the first that breaks.
public enum StateInvariants {
    /// How far outside the window a sprite may be drawn before it is surely lost: a flight or
    /// a rubber band goes past the edges, but never by many windows.
    static let spriteReach = 8.0

    /// The broken invariants after a tick that went from `previous` to `world`, each one line.
    public static func violations(previous: World, world: World) -> [String] {
        var found: [String] = []
        if let path = FiniteCheck.firstNonFinite(inChangingPartsOf: world) {
            found.append("not a finite number: \(path)")
        }
        if let refused = world.viewer.machine.refused, refused != previous.viewer.machine.refused {
            found.append("illegal phase move refused: \(refused.from) → \(refused.to)")
        }
        let index = world.viewer.currentIndex
        if !world.photos.indices.contains(index) {
            found.append("current index \(index) outside the library of \(world.photos.count)")
        }
        let reach = Rect(
            x: -world.viewport.width * spriteReach, y: -world.viewport.height * spriteReach,
            width: world.viewport.width * (2 * spriteReach + 1), height: world.viewport.height * (2 * spriteReach + 1))
        for sprite in world.scene.sprites.compactMap({ $0 }) where !sprite.hidden {
            let f = sprite.current.frame
            if f.width < 0 || f.height < 0 { found.append("\(sprite.role) has a negative size: \(f)") }
            if f.width > 0, f.height > 0, sprite.current.alpha > 0, f.intersection(reach) == nil {
                found.append("\(sprite.role) is drawn far outside the window: \(f)")
            }
        }
        // A dismissal that lands shows its photo's cell on screen, where the photo went.
        if world.viewer.phase == .grid, case .dismissing = previous.viewer.phase, let layout = world.grid.layout,
            world.photos.indices.contains(index)
        {
            let cell = layout.frame(of: index).offsetBy(dx: 0, dy: -world.grid.offset)
            let band = world.grid.visibleBand(viewportHeight: world.viewport.height)
            if cell.maxY <= band.lowerBound || cell.minY >= band.upperBound {
                found.append(
                    "landed in the grid with photo \(index)'s cell off screen (cell y \(cell.minY)…\(cell.maxY))")
            }
        }
        return found
    }
}

/// Finds a NaN or an infinity anywhere in a value's encoded form.
enum FiniteCheck {
    static func firstNonFinite<T: Encodable>(in value: T, at name: String = "") -> String? {
        let sink = Sink()
        StateWalk.walk(value, into: sink)
        return sink.found.map { name.isEmpty ? $0 : name + "." + $0 }
    }

    /// The scene's numbers are its sprites' visuals, checked directly: the scene is most of the
    /// state, and walking it through `Encodable` every tick was most of the monkey's time.
    static func firstNonFinite(inSpritesOf scene: Scene) -> String? {
        for (i, sprite) in scene.sprites.enumerated() {
            guard let sprite else { continue }
            for (name, visual) in [("current", sprite.current), ("previous", sprite.previous)] {
                let numbers = [
                    visual.frame.x, visual.frame.y, visual.frame.width, visual.frame.height,
                    visual.crop.x, visual.crop.y, visual.crop.width, visual.crop.height, visual.alpha,
                ]
                if let bad = numbers.first(where: { !$0.isFinite }) {
                    return "scene.sprites[\(i)].\(name) (\(sprite.role)) has \(bad)"
                }
            }
        }
        return nil
    }

    /// Everything a tick can change: all of the world but the library, whose sizes are fixed
    /// when it is opened (and walking a large one every tick would cost more than the tick).
    static func firstNonFinite(inChangingPartsOf world: World) -> String? {
        firstNonFinite(in: world.tuning, at: "tuning") ?? firstNonFinite(in: world.viewport, at: "viewport")
            ?? firstNonFinite(inSpritesOf: world.scene) ?? firstNonFinite(in: world.pointers, at: "pointers")
            ?? firstNonFinite(in: world.grid, at: "grid")
            ?? firstNonFinite(in: world.cells, at: "cells") ?? firstNonFinite(in: world.viewer, at: "viewer")
            ?? firstNonFinite(in: world.viewerSprites, at: "viewerSprites")
    }

    private final class Sink: StateSink {
        var found: String?
        private var paths = StatePaths()

        func open(depth: Int, key: CodingKey?, keyed: Bool) {
            if found == nil { _ = paths.open(depth, key) }
        }

        func leaf(depth: Int, key: CodingKey?, _ value: StateLeaf) {
            guard found == nil, case .double(let d) = value, !d.isFinite else { return }
            found = "\(paths.path(depth, key)) = \(d)"
        }
    }
}
