/// Places the viewer's sprites from its state: the black backdrop, the three page slots, the
/// transition sprite (its crop always the aspect-fill crop of its frame, so it never distorts
/// and opens from the cell's crop to the whole photo in one motion), and the chrome: the bars
/// and the grid's scrubber.
enum ViewerSpriteSystem {
    // Opening, the transition sprite flies under the tab bar, which fades as it opens (as in
    // Photos): a cell partly under the bar does not pop over it. Held or flying home it is on
    // top, so a photo under a finger is never hidden by the bar fading back in.
    static let pressHighlightZ = 1, scrubberZ = 5, backgroundZ = 10, openingZ = 12, tabBarZ = 15, pageZ = 20,
        transitionZ = 30, topBarZ = 40
    static let tabBarColor = Color(r: 247, g: 247, b: 247)
    static let tabBarText = Color(r: 60, g: 60, b: 67)
    // A dark translucent material, lighter than the black backdrop so the bar reads as a bar
    // and its white text stays legible over a bright photo beneath it.
    static let topBarColor = Color(r: 30, g: 30, b: 32, a: 217)

    static func run(
        scene: inout Scene, viewerSprites sprites: inout ViewerSprites?, viewer v: ViewerState, grid: GridState,
        _ stage: Stage
    ) {
        let roles = sprites ?? spawn(&scene, stage.tuning)
        sprites = roles
        let background = v.backgroundAlpha

        scene[roles.background].current = Visual(frame: stage.bounds, alpha: background)
        scene[roles.background].hidden = background <= 0

        // Under a finger, pages are drawn at their newest state, not blended.
        let direct = v.paging.isDragging || v.zoom.isHeld
        for (slot, entity) in roles.pages.enumerated() {
            let photo = v.currentIndex - 1 + slot
            guard v.phase == .pager, stage.photos.indices.contains(photo) else {
                scene[entity].hidden = true
                continue
            }
            let moved = scene[entity].hidden || scene[entity].content != .photo(photo)
            scene[entity].content = .photo(photo)
            scene[entity].hidden = false
            scene[entity].current = Visual(
                frame: ViewerGeometry.pageFrame(photo, zoom: v.zoom, offset: v.paging.offset, stage: stage))
            if moved || direct { scene.resetInterpolation(entity) }
        }

        if let t = v.transition {
            let e = roles.transition
            let appeared = scene[e].hidden || scene[e].content != .photo(t.photo)
            scene[e].content = .photo(t.photo)
            scene[e].hidden = false
            scene[e].z = v.phase == .presenting ? openingZ : transitionZ
            scene[e].current = Visual(
                frame: t.frame, crop: .aspectFillCrop(photo: stage.photos[t.photo].pixelSize, frame: t.frame.size),
                alpha: t.spriteAlpha)
            if appeared || t.grab != nil { scene.resetInterpolation(e) }
        } else {
            scene[roles.transition].hidden = true
        }

        // A press on a cell that is not stopping a scroll dims that cell until it lifts or drags.
        var pressed: Rect?
        if v.phase == .grid, case .held(_, let at) = grid.motion, !grid.pressStoppedMotion,
            let index = ViewerGeometry.photo(at: at, grid: grid, stage)
        {
            pressed = ViewerGeometry.cellFrame(index, grid: grid, stage)
        }
        scene[roles.pressHighlight].current = Visual(frame: pressed ?? .zero, alpha: stage.tuning.pressDimming)
        scene[roles.pressHighlight].hidden = pressed == nil
        scene.resetInterpolation(roles.pressHighlight)  // it marks a press: drawn where it is, never blended
        placeScrubber(&sprites, grid: grid, shown: v.phase == .grid, &scene, stage)

        let tabBar = ChromeLayout.tabBar(stage)
        let tabAlpha = 1 - background
        let tabStyle = TextStyle(pointSize: stage.tuning.tabBarTextSize, color: tabBarText)
        place(roles.tabBar, frame: tabBar, alpha: tabAlpha, &scene)
        place(
            roles.tabBarLabel, frame: tabBar, alpha: tabAlpha, &scene, text: "\(stage.photos.count) Photos",
            style: tabStyle)

        let topAlpha = v.phase == .grid ? 0 : background * v.chrome.alpha
        let topBar = ChromeLayout.topBar(stage)
        let topStyle = TextStyle(pointSize: stage.tuning.topBarTextSize, color: .white)
        let backButton = ChromeLayout.backButton(stage).offsetBy(dx: stage.tuning.backButtonInset, dy: 0)
        place(roles.topBar, frame: topBar, alpha: topAlpha, &scene)
        place(roles.backButton, frame: backButton, alpha: topAlpha, &scene)
        place(
            roles.pageLabel, frame: topBar, alpha: topAlpha, &scene,
            text: "\(v.currentIndex + 1) of \(stage.photos.count)", style: topStyle)
    }

    /// The scrubber's thumb beside the offset shown, fading by the ticks since the grid last
    /// scrolled; its sprite is spawned the first time it shows.
    private static func placeScrubber(
        _ sprites: inout ViewerSprites?, grid: GridState, shown: Bool, _ scene: inout Scene, _ stage: Stage
    ) {
        let alpha = shown && GridScrubber.fits(grid, stage) ? grid.scrubber.alpha(stage.clock) : 0
        guard let e = sprites?.scrubber.entity ?? (alpha > 0 ? spawnScrubber(&sprites, &scene) : nil) else { return }
        let appeared = scene[e].hidden && alpha > 0
        place(e, frame: GridScrubber.thumbFrame(grid, stage), alpha: alpha, &scene)
        // Under the pointer it is drawn where it is, and it appears where it is, not from its last place.
        if appeared || grid.holdingPointer != nil { scene.resetInterpolation(e) }
    }

    private static func spawnScrubber(_ sprites: inout ViewerSprites?, _ scene: inout Scene) -> Entity {
        var sprite = Sprite(
            role: .scrubber, content: .fill(GridScrubber.color), z: scrubberZ, visual: Visual(frame: .zero, alpha: 0))
        sprite.hidden = true
        let e = scene.spawn(sprite)
        sprites?.scrubber.entity = e
        return e
    }

    /// A chrome sprite at `frame`, hidden while transparent; a label's text is rebuilt only
    /// while it shows.
    private static func place(
        _ e: Entity, frame: Rect, alpha: Double, _ scene: inout Scene, text: String? = nil, style: TextStyle? = nil
    ) {
        scene[e].current = Visual(frame: frame, alpha: alpha)
        scene[e].hidden = alpha <= 0
        if let text, let style, alpha > 0 { scene[e].content = .text(text, style) }
    }

    private static func spawn(_ scene: inout Scene, _ t: Tuning) -> ViewerSprites {
        func spawn(_ role: SpriteRole, _ content: SpriteContent, _ z: Int) -> Entity {
            var sprite = Sprite(role: role, content: content, z: z, visual: Visual(frame: .zero, alpha: 0))
            sprite.hidden = true
            return scene.spawn(sprite)
        }
        return ViewerSprites(
            background: spawn(.background, .fill(.black), backgroundZ),
            pages: (0..<3).map { spawn(.page(slot: $0), .photo(0), pageZ) },
            transition: spawn(.transition, .photo(0), transitionZ),
            tabBar: spawn(.tabBar, .fill(tabBarColor), tabBarZ),
            tabBarLabel: spawn(
                .tabBarLabel, .text("", TextStyle(pointSize: t.tabBarTextSize, color: tabBarText)), tabBarZ + 1),
            topBar: spawn(.topBar, .fill(topBarColor), topBarZ),
            backButton: spawn(
                .backButton, .text("‹ Back", TextStyle(pointSize: t.topBarTextSize, color: .white, leading: true)),
                topBarZ + 1),
            pageLabel: spawn(.pageLabel, .text("", TextStyle(pointSize: t.topBarTextSize, color: .white)), topBarZ + 1),
            pressHighlight: spawn(.pressHighlight, .fill(.black), pressHighlightZ))
    }
}
