import CSDL2
import PhotoZoomCore

/// What shows a session: its label strip and its scene, overlays on top, drawn into `area` of
/// a surface, and the redraw gate that says whether a frame shows anything new. It draws any
/// sim it is handed, at the blend between its last two states it is given: a live session's
/// (`LiveSession.frame`) or a replay player's.
public final class SessionView {
    /// One frame of a session as a view draws it.
    struct Frame {
        let items: [DrawItem]
        let overlay: OverlayContent
        /// The sim's window, in points.
        let viewport: Size

        /// `sim` blended between its last two states at `alpha`, `overlay` over it.
        init(_ sim: Simulation, alpha: Double, overlay: OverlayContent = OverlayContent()) {
            items = sim.drawList(interpolation: alpha)
            self.overlay = overlay
            viewport = sim.world.viewport
        }
    }

    /// How a sim's window sits in the scene area.
    public enum Placement {
        /// As large as the area: a live sim, told the area's size.
        case filling
        /// Its own size scaled into the area and centred: a recorded sim keeps its window.
        case fitted
    }

    /// Where it draws, in the surface's points: its label strip, then the scene.
    public private(set) var area: Rect
    /// The strip over the session naming it, beside another; empty for a session alone.
    public private(set) var label: [String]
    /// The overlays as last drawn.
    private(set) var shownOverlay = OverlayContent()
    /// Where the scene was last drawn, in pixels: the scene area, or within it a fitted sim's
    /// window, centred.
    private(set) var scenePixels = PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0)
    private let placement: Placement
    /// The label changed since it was last drawn.
    private var relabelled = false
    private var gate = RedrawGate()
    // Let go of before the surface: their textures must go before a window's SDL_Quit.
    /// Where the photos' pixels come from as the view draws: the window's stream, or a
    /// replay's photos decoded for each frame.
    private let pictures: SessionPictures
    private let scene: SceneRenderer
    /// The label's own renderer: the scene's keeps its stretched copies only for what it drew
    /// in its last frame.
    private let labelRenderer: SceneRenderer?
    private let overlayRenderer: OverlayRenderer
    private let surface: DrawingSurface

    init(
        area: Rect, label: [String], placement: Placement, surface: DrawingSurface, pictures: SessionPictures,
        log: @escaping (String) -> Void
    ) {
        self.area = area
        self.label = label
        self.placement = placement
        self.surface = surface
        self.pictures = pictures
        scene = SceneRenderer(
            renderer: surface.renderer, source: pictures.textures, targetFormat: surface.canvasFormat, log: log)
        labelRenderer =
            label.isEmpty
            ? nil
            : SceneRenderer(
                renderer: surface.renderer, source: pictures.textures, targetFormat: surface.canvasFormat, log: log)
        overlayRenderer = OverlayRenderer(renderer: surface.renderer, log: log)
    }

    /// The scene's part of `area`: below the label strip.
    static func scene(of area: Rect, label: [String]) -> Rect {
        let strip = SessionLabel.height(lines: label.count)
        return Rect(x: area.x, y: area.y + strip, width: area.width, height: max(area.height - strip, 1))
    }

    /// Where the scene lies in the surface, in points.
    public var sceneArea: Rect { Self.scene(of: area, label: label) }

    /// Moves the view to `area` under `label`; whether either changed.
    @discardableResult
    func move(to area: Rect, label: [String]) -> Bool {
        guard area != self.area || label != self.label else { return false }
        if label != self.label { relabelled = true }
        self.area = area
        self.label = label
        return true
    }

    /// Whether `frame` shows anything new; `lost`: the surface lost what was drawn, or the
    /// photos changed. Remembers the frame as drawn when it says yes.
    func needsDrawing(_ frame: Frame, lost: Bool) -> Bool {
        let changed = relabelled
        relabelled = false
        return gate.shouldDraw(frame.items, windowLostContent: lost || changed || frame.overlay != shownOverlay)
    }

    /// Draws `frame` into the area: label, scene, overlays on top.
    func draw(_ frame: Frame) {
        let scale = surface.pixelScale
        let alone = label.isEmpty
        if let labelRenderer {
            let strip = Rect(x: area.x, y: area.y, width: area.width, height: SessionLabel.height(lines: label.count))
            let stripPixels = Self.pixels(of: strip, scale: scale)
            setViewport(stripPixels)
            labelRenderer.draw(SessionLabel.items(label, width: area.width), scale: scale, area: stripPixels)
        }
        let viewport = frame.viewport
        let fit = placement == .filling ? 1 : min(sceneArea.width / viewport.width, sceneArea.height / viewport.height)
        scenePixels = Self.pixels(
            of: Rect(
                x: sceneArea.minX + (sceneArea.width - viewport.width * fit) / 2,
                y: sceneArea.minY + (sceneArea.height - viewport.height * fit) / 2,
                width: viewport.width * fit, height: viewport.height * fit), scale: scale)
        if fit != 1 {
            // A scene scaled to a fraction of a pixel is cut to the whole pixels it covers: the
            // part of a pixel past its edge would show the background (a white line down it).
            scenePixels.maxX = scenePixels.minX + Int((viewport.width * fit * scale).rounded(.down))
            scenePixels.maxY = scenePixels.minY + Int((viewport.height * fit * scale).rounded(.down))
        }
        if !alone { setViewport(scenePixels) }
        pictures.prepare(frame.items, window: viewport, scale: scale * fit)
        scene.draw(frame.items, scale: scale * fit, area: alone ? nil : scenePixels)
        overlayRenderer.draw(frame.overlay, viewport: viewport, scale: scale)
        shownOverlay = frame.overlay
        if !alone {
            SDL_RenderSetClipRect(surface.renderer, nil)
            SDL_RenderSetViewport(surface.renderer, nil)
        }
    }

    /// `area` in whole pixels, each edge rounded on its own, so areas that meet stay meeting.
    static func pixels(of area: Rect, scale: Double) -> PixelRect {
        PixelRect(
            minX: Int((area.minX * scale).rounded()), minY: Int((area.minY * scale).rounded()),
            maxX: Int((area.maxX * scale).rounded()), maxY: Int((area.maxY * scale).rounded()))
    }

    private func setViewport(_ pixels: PixelRect) {
        var port = SDL_Rect(
            x: Int32(pixels.minX), y: Int32(pixels.minY), w: Int32(pixels.maxX - pixels.minX),
            h: Int32(pixels.maxY - pixels.minY))
        var clip = SDL_Rect(x: 0, y: 0, w: port.w, h: port.h)
        SDL_RenderSetViewport(surface.renderer, &port)
        SDL_RenderSetClipRect(surface.renderer, &clip)
    }
}
