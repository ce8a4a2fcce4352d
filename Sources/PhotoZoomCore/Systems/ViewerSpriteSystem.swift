/// Places the viewer's sprites from its state: the black backdrop, the three page slots, the
/// transition sprite (its crop always the aspect-fill crop of its frame, so it never distorts
/// and opens from the cell's crop to the whole photo in one motion), and the chrome.
enum ViewerSpriteSystem {
    static let backgroundZ = 10, tabBarZ = 15, pageZ = 20, transitionZ = 30, topBarZ = 40
    static let tabBarColor = Color(r: 247, g: 247, b: 247)
    static let tabBarText = Color(r: 60, g: 60, b: 67)
    static let topBarColor = Color(r: 0, g: 0, b: 0, a: 150)

    static func run(_ world: inout World) {
        spawnIfNeeded(&world)
        let v = world.viewer, bounds = world.bounds, photos = world.photos, viewport = world.viewport
        let tabText = world.tuning.tabBarTextSize, topText = world.tuning.topBarTextSize
        let background = v.backgroundAlpha
        let backButton = ChromeLayout.backButton(world).offsetBy(dx: world.tuning.backButtonInset, dy: 0)

        update(.background, &world) { s in
            s.current = Visual(frame: bounds, alpha: background)
            s.hidden = background <= 0
        }

        let pitch = ViewerGeometry.pagePitch(world)
        // Under a finger, pages are drawn at their newest state, not blended.
        let direct = v.paging.isDragging || v.zoom.isHeld
        for slot in 0..<3 {
            let photo = v.currentIndex - 1 + slot
            update(.page(slot: slot), &world) { s in
                guard v.phase == .pager, photos.indices.contains(photo) else { s.hidden = true; return }
                let fit = ViewerGeometry.fitFrame(photos[photo], viewport: viewport)
                let frame = (v.zoom.page == photo ? v.zoom.frame : nil) ?? fit
                let moved = s.hidden || s.content != .photo(photo)
                s.content = .photo(photo)
                s.hidden = false
                s.current = Visual(frame: frame.offsetBy(dx: Double(photo) * pitch - v.paging.offset, dy: 0))
                if moved || direct { s.previous = s.current }
            }
        }

        update(.transition, &world) { s in
            guard let t = v.transition else { s.hidden = true; return }
            let appeared = s.hidden || s.content != .photo(t.photo)
            s.content = .photo(t.photo)
            s.hidden = false
            s.current = Visual(frame: t.frame, crop: .aspectFillCrop(photo: photos[t.photo].pixelSize, frame: t.frame.size), alpha: t.spriteAlpha)
            if appeared || t.grab != nil { s.previous = s.current }
        }

        let tabBar = ChromeLayout.tabBar(world)
        let tabAlpha = 1 - background
        update(.tabBar, &world) { s in
            s.current = Visual(frame: tabBar, alpha: tabAlpha)
            s.hidden = tabAlpha <= 0
        }
        update(.tabBarLabel, &world) { s in
            s.content = .text("\(photos.count) Photos", TextStyle(pointSize: tabText, color: tabBarText))
            s.current = Visual(frame: tabBar, alpha: tabAlpha)
            s.hidden = tabAlpha <= 0
        }

        let topAlpha = v.phase == .grid ? 0 : background * v.chrome.alpha
        let topBar = ChromeLayout.topBar(world)
        update(.topBar, &world) { s in
            s.current = Visual(frame: topBar, alpha: topAlpha)
            s.hidden = topAlpha <= 0
        }
        update(.backButton, &world) { s in
            s.current = Visual(frame: backButton, alpha: topAlpha)
            s.hidden = topAlpha <= 0
        }
        update(.pageLabel, &world) { s in
            s.content = .text("\(v.currentIndex + 1) of \(photos.count)", TextStyle(pointSize: topText, color: .white))
            s.current = Visual(frame: topBar, alpha: topAlpha)
            s.hidden = topAlpha <= 0
        }
    }

    private static func update(_ role: SpriteRole, _ world: inout World, _ body: (inout Sprite) -> Void) {
        guard let e = world.viewerSprites?.entity(for: role) else { return }
        body(&world.scene[e])
    }

    private static func spawnIfNeeded(_ world: inout World) {
        guard world.viewerSprites == nil else { return }
        let t = world.tuning
        func spawn(_ role: SpriteRole, _ content: SpriteContent, _ z: Int) -> Entity {
            var sprite = Sprite(role: role, content: content, z: z, visual: Visual(frame: .zero, alpha: 0))
            sprite.hidden = true
            return world.scene.spawn(sprite)
        }
        world.viewerSprites = ViewerSprites(
            background: spawn(.background, .fill(.black), backgroundZ),
            pages: (0..<3).map { spawn(.page(slot: $0), .photo(0), pageZ) },
            transition: spawn(.transition, .photo(0), transitionZ),
            tabBar: spawn(.tabBar, .fill(tabBarColor), tabBarZ),
            tabBarLabel: spawn(.tabBarLabel, .text("", TextStyle(pointSize: t.tabBarTextSize, color: tabBarText)), tabBarZ + 1),
            topBar: spawn(.topBar, .fill(topBarColor), topBarZ),
            backButton: spawn(.backButton, .text("‹ Back", TextStyle(pointSize: t.topBarTextSize, color: .white, leading: true)), topBarZ + 1),
            pageLabel: spawn(.pageLabel, .text("", TextStyle(pointSize: t.topBarTextSize, color: .white)), topBarZ + 1))
    }
}
