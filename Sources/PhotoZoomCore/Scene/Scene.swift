/// An entity is an index into the scene's component storage; it means nothing on its own.
public struct Entity: Hashable, Comparable, Sendable, Codable {
    public let index: Int
    public static func < (a: Entity, b: Entity) -> Bool { a.index < b.index }
}

public struct Color: Hashable, Sendable, Codable {
    public var r, g, b, a: UInt8
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }
    public static let white = Color(r: 255, g: 255, b: 255)
    public static let black = Color(r: 0, g: 0, b: 0)
}

/// The parts of a sprite that move and so are blended between the previous and current tick.
public struct Visual: Hashable, Sendable, Codable {
    /// Where the sprite is drawn, in window points.
    public var frame: Rect
    /// Which part of the photo is shown, in unit coordinates.
    public var crop: Rect
    public var alpha: Double
    public init(frame: Rect, crop: Rect = .unit, alpha: Double = 1) {
        self.frame = frame
        self.crop = crop
        self.alpha = alpha
    }

    func blended(to other: Visual, _ t: Double) -> Visual {
        Visual(
            frame: frame.lerp(to: other.frame, t), crop: crop.lerp(to: other.crop, t),
            alpha: alpha + (other.alpha - alpha) * t)
    }
}

/// A line of chrome text, drawn centred in (or from the left of) its sprite's frame.
public struct TextStyle: Hashable, Sendable, Codable {
    public var pointSize: Double
    public var color: Color
    public var leading: Bool
    public init(pointSize: Double, color: Color, leading: Bool = false) {
        self.pointSize = pointSize
        self.color = color
        self.leading = leading
    }
}

public enum SpriteContent: Hashable, Sendable, Codable {
    /// A photo, by its index in the library.
    case photo(Int)
    case fill(Color)
    case text(String, TextStyle)
}

/// What a sprite is for; systems find their sprites by role.
public enum SpriteRole: Hashable, Sendable, Codable {
    case cell(photo: Int)
    /// The pager's black backdrop, fading with the transition.
    case background
    /// One of the pager's three page slots: previous, current, next.
    case page(slot: Int)
    case transition
    case tabBar, tabBarLabel, topBar, backButton, pageLabel
    /// The dimming over a pressed grid cell.
    case pressHighlight
    /// The grid's fast-scroll thumb.
    case scrubber
}

public struct Sprite: Hashable, Sendable, Codable {
    public var role: SpriteRole
    public var content: SpriteContent
    /// Draw order; higher is on top, ties broken by entity index.
    public var z: Int
    public var hidden = false
    public var current: Visual
    /// The state at the end of the previous tick, for render interpolation.
    public var previous: Visual

    public init(role: SpriteRole, content: SpriteContent, z: Int, visual: Visual) {
        self.role = role
        self.content = content
        self.z = z
        current = visual
        previous = visual
    }
}

/// One thing for the renderer to draw, already interpolated and in draw order.
public struct DrawItem: Hashable, Sendable {
    public var content: SpriteContent
    public var frame: Rect
    public var crop: Rect
    public var alpha: Double

    public init(content: SpriteContent, frame: Rect, crop: Rect, alpha: Double) {
        self.content = content
        self.frame = frame
        self.crop = crop
        self.alpha = alpha
    }
}

/// The entity scene: sprites and their components. The renderer draws exactly what is here.
public struct Scene: Equatable, Sendable, Codable {
    public private(set) var sprites: [Sprite?] = []
    private(set) var free: [Int] = []

    public init() {}

    @discardableResult
    public mutating func spawn(_ sprite: Sprite) -> Entity {
        if let i = free.popLast() {
            sprites[i] = sprite
            return Entity(index: i)
        }
        sprites.append(sprite)
        return Entity(index: sprites.count - 1)
    }

    public mutating func despawn(_ e: Entity) {
        guard sprites.indices.contains(e.index), sprites[e.index] != nil else { return }
        sprites[e.index] = nil
        free.append(e.index)
    }

    public subscript(e: Entity) -> Sprite {
        get { sprites[e.index]! }
        set { sprites[e.index] = newValue }
        // Changing one field changes it in place: a get and a set copied the whole sprite out
        // and back, its text and all, for every field every system sets every tick.
        _modify { yield &sprites[e.index]! }
    }

    public var entities: [Entity] { sprites.indices.filter { sprites[$0] != nil }.map(Entity.init) }

    /// A free slot that is not one (out of range, taken, or freed twice), which `spawn` would
    /// trap on or overwrite a sprite through: nil in every scene the systems made.
    var brokenLink: String? {
        var seen = Set<Int>()
        for i in free where !sprites.indices.contains(i) || sprites[i] != nil || !seen.insert(i).inserted {
            return "its free slot \(i) is not an empty slot of \(sprites.count)"
        }
        return nil
    }

    /// Start of a tick: the current state becomes the previous one for interpolation.
    public mutating func beginTick() {
        for i in sprites.indices where sprites[i] != nil { sprites[i]!.previous = sprites[i]!.current }
    }

    /// The sprite jumped (relayout, direct manipulation): draw it where it is, not blended from
    /// where it was, so nothing streaks.
    public mutating func resetInterpolation(_ e: Entity) {
        self[e].previous = self[e].current
    }

    /// Everything visible within `bounds`, blended `alpha` of the way from the previous tick's
    /// state to the current one, sorted by z.
    public func drawList(interpolation alpha: Double, bounds: Rect) -> [DrawItem] {
        var items: [(z: Int, index: Int, item: DrawItem)] = []
        for (i, s) in sprites.enumerated() {
            guard let s, !s.hidden else { continue }
            let v = alpha >= 1 ? s.current : s.previous.blended(to: s.current, alpha)
            guard v.alpha > 0, !v.frame.isEmpty, v.frame.intersection(bounds) != nil else { continue }
            items.append(
                (s.z, i, DrawItem(content: s.content, frame: v.frame, crop: v.crop, alpha: Swift.min(v.alpha, 1))))
        }
        items.sort { ($0.z, $0.index) < ($1.z, $1.index) }
        return items.map(\.item)
    }
}
