/// The scene hashed directly, in exactly the bytes walking it through `Encodable` gives (the
/// walk's order and keys: synthesized coding, an enum case as a container named for it, its
/// payload `_0`, `_1` or by label). The scene is most of the state and changes every tick, and
/// the walk spends most of a digest in `Encoder` machinery; `DigestDefinitionTests` holds the two
/// to the same digest, so a field added to a sprite fails there until it is added here.
extension DigestHasher {
    mutating func scene(_ scene: Scene, depth: Int, key: String?) {
        open(depth, key, keyed: true)
        open(depth + 1, "sprites", keyed: false)
        for (i, sprite) in scene.sprites.enumerated() {
            if let sprite {
                self.sprite(sprite, depth: depth + 2, index: i)
            } else {
                position(depth + 2, index: i, tag: 3)
            }
        }
        open(depth + 1, "free", keyed: false)
        for (i, slot) in scene.free.enumerated() {
            position(depth + 2, index: i, tag: 5)
            word(UInt64(bitPattern: Int64(slot)))
        }
    }

    private mutating func sprite(_ sprite: Sprite, depth: Int, index: Int) {
        position(depth, index: index, tag: 1)
        role(sprite.role, depth + 1)
        content(sprite.content, depth + 1)
        int(Int64(sprite.z), depth + 1, "z")
        bool(sprite.hidden, depth + 1, "hidden")
        visual(sprite.current, depth + 1, "current")
        visual(sprite.previous, depth + 1, "previous")
    }

    private mutating func role(_ role: SpriteRole, _ depth: Int) {
        open(depth, "role", keyed: true)
        switch role {
        case .cell(let photo):
            open(depth + 1, "cell", keyed: true)
            int(Int64(photo), depth + 2, "photo")
        case .page(let slot):
            open(depth + 1, "page", keyed: true)
            int(Int64(slot), depth + 2, "slot")
        case .background: open(depth + 1, "background", keyed: true)
        case .transition: open(depth + 1, "transition", keyed: true)
        case .tabBar: open(depth + 1, "tabBar", keyed: true)
        case .tabBarLabel: open(depth + 1, "tabBarLabel", keyed: true)
        case .topBar: open(depth + 1, "topBar", keyed: true)
        case .backButton: open(depth + 1, "backButton", keyed: true)
        case .pageLabel: open(depth + 1, "pageLabel", keyed: true)
        case .pressHighlight: open(depth + 1, "pressHighlight", keyed: true)
        case .scrubber: open(depth + 1, "scrubber", keyed: true)
        }
    }

    private mutating func content(_ content: SpriteContent, _ depth: Int) {
        open(depth, "content", keyed: true)
        switch content {
        case .photo(let index):
            open(depth + 1, "photo", keyed: true)
            int(Int64(index), depth + 2, "_0")
        case .fill(let fill):
            open(depth + 1, "fill", keyed: true)
            color(fill, depth + 2, "_0")
        case .text(let text, let style):
            open(depth + 1, "text", keyed: true)
            string(text, depth + 2, "_0")
            open(depth + 2, "_1", keyed: true)
            double(style.pointSize, depth + 3, "pointSize")
            color(style.color, depth + 3, "color")
            bool(style.leading, depth + 3, "leading")
        }
    }

    private mutating func color(_ color: Color, _ depth: Int, _ key: String) {
        open(depth, key, keyed: true)
        uint(UInt64(color.r), depth + 1, "r")
        uint(UInt64(color.g), depth + 1, "g")
        uint(UInt64(color.b), depth + 1, "b")
        uint(UInt64(color.a), depth + 1, "a")
    }

    private mutating func visual(_ visual: Visual, _ depth: Int, _ key: String) {
        open(depth, key, keyed: true)
        rect(visual.frame, depth + 1, "frame")
        rect(visual.crop, depth + 1, "crop")
        double(visual.alpha, depth + 1, "alpha")
    }

    private mutating func rect(_ rect: Rect, _ depth: Int, _ key: String) {
        open(depth, key, keyed: true)
        double(rect.x, depth + 1, "x")
        double(rect.y, depth + 1, "y")
        double(rect.width, depth + 1, "width")
        double(rect.height, depth + 1, "height")
    }
}
