import CSDL2
import Foundation
import PhotoZoomCore

/// One interaction under one tuning, as the window runs it: the sim and its fixed-step loop, the
/// input waiting for the next tick, the recording (`--record`, F5), the black box F6 reports
/// from, the live tuning file, the overlays and the redraw gate, drawn into `area` of its
/// surface. A window shows one, or two side by side (`WindowSessions`, which feeds them); the
/// bench and the tests drive the same type headless.
public final class WindowSession {
    /// What a session starts with, besides the window's photos.
    public struct Settings {
        /// The tuning file watched for saves; nil runs the defaults.
        public var tuning: LiveTuning?
        /// Named in recordings and reports: which PhotoZoom made them.
        public var appVersion = "photozoom"
        /// The folder the photos are from, for recordings' and reports' headers.
        public var photosFolder: String
        /// Where the grid opens (a library by date opens at its end).
        public var gridStart = GridStart.top
        public init(tuning: LiveTuning?, photosFolder: String) {
            self.tuning = tuning
            self.photosFolder = photosFolder
        }
    }

    public private(set) var sim: Simulation
    /// Where it draws, in the surface's points: its label strip, then the scene.
    public private(set) var area: Rect
    /// The strip over the session naming it, beside another; empty for a session alone.
    public private(set) var label: [String]
    /// "A" or "B" beside another session; nil alone.
    let side: String?
    /// The label changed since it was last drawn.
    private var relabelled = false
    private var loop: FixedTimestepLoop
    private var pending: [InputEvent] = []
    /// The sim has run a tick: its scene is built.
    private var hasTicked = false
    /// The recording this session's ticks go to, and which of its sides it is (0, or 1 for B);
    /// started and stopped by `WindowSessions`, one file for both sides.
    var recording: SessionFile?
    var recordingSide = 0
    /// The black box F6 reports from; none for a session following sims played elsewhere.
    private let reporter: BugReporter?
    private let saves: SavedTuning?
    private let live: LiveTuning?
    private let startingFile: TuningFile
    private var overlays: WindowOverlays
    /// The overlays as last drawn.
    private(set) var shownOverlay = OverlayContent()
    private var gate = RedrawGate()
    /// The alpha a followed sim is drawn at, blending its last two states; nil for a session
    /// that runs its own sim (its loop says).
    private var followedAlpha: Double?
    // Let go of before the surface: their textures must go before a window's SDL_Quit.
    /// The window's photo stream; nil for a session following sims played elsewhere.
    private let photos: PhotoStream?
    /// Where the photos' pixels come from as the session draws: the stream, or a replay's
    /// photos decoded for each frame.
    private let pictures: SessionPictures
    private let scene: SceneRenderer
    /// The label's own renderer: the scene's keeps its stretched copies only for what it drew
    /// in its last frame.
    private let labelRenderer: SceneRenderer?
    private let overlayRenderer: OverlayRenderer
    private let settings: Settings
    private let log: (String) -> Void
    private let surface: DrawingSurface

    init(_ settings: Settings, side: String?, area: Rect, label: [String], surface: DrawingSurface, photos: PhotoStream, wake: WakeSignal, logTail: LogTail,
         log: @escaping (String) -> Void) throws {
        self.settings = settings
        self.surface = surface
        self.photos = photos
        pictures = photos
        self.log = log
        live = settings.tuning
        self.label = label
        self.side = side
        self.area = area
        let file = live?.good ?? TuningFile()
        startingFile = file
        sim = Simulation(world: World(photos: photos.initialInfos, viewport: Self.scene(of: area, label: label).size, tuning: file.tuning,
                                      loop: file.loop, gridStart: settings.gridStart))
        loop = FixedTimestepLoop(file.loop)
        overlays = WindowOverlays(tickRate: file.loop.tickRate)
        if let live { overlays.showProblems(errors: live.problems, warnings: live.warnings) }
        saves = try live.map { try SavedTuning(live: $0, wake: wake) }
        scene = SceneRenderer(renderer: surface.renderer, source: photos.textures, targetFormat: surface.canvasFormat, log: log)
        labelRenderer = label.isEmpty ? nil : SceneRenderer(renderer: surface.renderer, source: photos.textures,
                                                            targetFormat: surface.canvasFormat, log: log)
        overlayRenderer = OverlayRenderer(renderer: surface.renderer, log: log)
        reporter = BugReporter(sim: sim, contentHashes: { photos.contentHashes() }, logTail: logTail, app: settings.appVersion,
                               photosFolder: settings.photosFolder)
        reporter?.wake = wake
    }

    /// A session showing sims played elsewhere (the replay window's players), each fitted into
    /// its scene area and centred, with the photos `pictures` decodes before each frame.
    init(following sim: Simulation, label: [String], area: Rect, surface: DrawingSurface, pictures: OnDemandScene, log: @escaping (String) -> Void) {
        settings = Settings(tuning: nil, photosFolder: "")
        self.surface = surface
        photos = nil
        self.pictures = pictures
        self.log = log
        live = nil
        self.label = label
        side = nil
        self.area = area
        startingFile = TuningFile()
        self.sim = sim
        followedAlpha = 1
        loop = FixedTimestepLoop(LoopSettings(tickRate: sim.world.clock.rate))
        overlays = WindowOverlays(tickRate: sim.world.clock.rate)
        saves = nil
        reporter = nil
        scene = SceneRenderer(renderer: surface.renderer, source: pictures.textures, log: log)
        labelRenderer = label.isEmpty ? nil : SceneRenderer(renderer: surface.renderer, source: pictures.textures, log: log)
        overlayRenderer = OverlayRenderer(renderer: surface.renderer, log: log)
    }

    /// Shows `sim` next, blended between its last two states at `alpha`.
    func follow(_ sim: Simulation, alpha: Double) {
        self.sim = sim
        followedAlpha = alpha
    }

    /// Between the last two sim states: where the loop's clock is, or where the player is.
    private var alpha: Double { followedAlpha ?? loop.interpolationAlpha }

    /// Ends the session: a report being written waited for (it holds the photos' textures,
    /// which must go before the renderer does, and one cut off would leave its hidden folder
    /// behind).
    func close() {
        for report in reporter?.takeFinished(waiting: true) ?? [] { _ = Self.said(report, log: log) }
    }

    /// The scene's part of `area`: below the label strip.
    static func scene(of area: Rect, label: [String]) -> Rect {
        let strip = SessionLabel.height(lines: label.count)
        return Rect(x: area.x, y: area.y + strip, width: area.width, height: max(area.height - strip, 1))
    }

    /// Nothing moves and no input waits: the window may sleep until something happens.
    func isIdle(at now: UInt64) -> Bool {
        let waiting = sim.world.playback.paused ? !pending.contains(where: \.isDeveloperControl) : sim.isIdle && pending.isEmpty
        return waiting && !overlays.isAnimating(at: now)
    }

    /// This frame's input for the session, in its own points.
    struct Input {
        var events: [InputEvent] = []
        var toggles: [EventTranslator.Overlay] = []
    }

    /// Takes the frame's input and what the photos brought (`sizes`), stamped for the next
    /// tick like the rest, and a save of the tuning file; whether it took a save.
    @discardableResult
    func take(_ input: Input, sizes: [InputEvent], at now: UInt64) -> Bool {
        input.toggles.forEach { overlays.toggle($0) }
        pending += overlays.passing(input.events)
        for report in reporter?.takeFinished() ?? [] { overlays.reportFinished(Self.said(report, log: log), at: now) }
        pending += sizes
        overlays.updateLibrary(photos?.progress, at: now)
        let save = saves?.takeSave(side: side, log: log)
        if let save {
            if let reload = save.reload { pending.append(reload) }
            overlays.saved(save, side: side, at: now)
        }
        return save != nil
    }

    /// Input waits for the next tick.
    var hasPendingInput: Bool { !pending.isEmpty }

    /// Runs whole fixed ticks for `frameSeconds` of wall time. After a sleep (`wasIdle`) the time
    /// asleep changed nothing and is not replayed: waking to input runs one tick, in every
    /// session the window shows (`woken`: some session has input), so that two compared keep
    /// the same ticks. Slow motion feeds the loop less time; paused, only a developer key runs
    /// a tick.
    func advance(frameSeconds: Double, wasIdle: Bool, woken: Bool) {
        let playback = sim.world.playback
        var ticks: Int
        if playback.paused {
            ticks = pending.contains(where: \.isDeveloperControl) ? 1 : 0
            PendingInput.coalesceMoves(&pending)
        } else {
            ticks = wasIdle ? (woken ? loop.advance(by: loop.tickDuration) : 0) : loop.advance(by: frameSeconds * playback.speed)
        }
        // A sim that never ran a tick has no scene yet to draw: its first advance runs one,
        // though no time has passed and no input waits.
        if !hasTicked, ticks == 0 { ticks = 1 }
        hasTicked = true
        let ticking = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<ticks {
            sim.step(pending)
            recording?.record(sim, input: pending, side: recordingSide)
            reporter?.record(sim, input: pending)
            pending.removeAll()
            overlays.recordTick(sim.world)
        }
        // A frame after a sleep is as long as the sleep: no cost of drawing, and the debug
        // panel's figures would show the idle wait as a frame.
        if ticks > 0, !wasIdle {
            let tickSeconds = Double(DispatchTime.now().uptimeNanoseconds - ticking) / 1e9 / Double(ticks)
            overlays.recordFrame(frameSeconds: frameSeconds, tickSeconds: tickSeconds)
        }
    }

    /// Moves the session to `area` under `label`; `telling`: its sim hears of a new size as
    /// input for its next tick (a session alone hears of the window's own resizes as they came).
    func move(to area: Rect, label: [String], telling: Bool = true) {
        guard area != self.area || label != self.label else { return }
        if label != self.label { relabelled = true }
        let size = Self.scene(of: area, label: label).size
        self.area = area
        self.label = label
        if telling, size != sim.world.viewport { pending.append(.resize(size)) }
    }

    /// The texture budget its tuning file asks for.
    var textureBudgetBytes: Int { tuningFile.library.textureBudgetBytes }

    /// The tuning file the session runs: its last good save, or what it started with.
    var tuningFile: TuningFile { live?.good ?? startingFile }

    /// What the session's label calls its tuning: the file's name, or the defaults.
    var tuningName: String { Self.tuningName(settings) }

    static func tuningName(_ settings: Settings) -> String { settings.tuning.map { ($0.path as NSString).lastPathComponent } ?? "defaults" }

    /// Where this session's scene lies in the surface, in points.
    public var sceneArea: Rect { Self.scene(of: area, label: label) }

    /// Whether this frame shows anything new of the session; `lost`: the surface lost what was
    /// drawn, or the photos changed. Remembers the frame as drawn when it says yes.
    func needsDrawing(lost: Bool, at now: UInt64) -> Bool {
        let changed = relabelled
        relabelled = false
        let frame = Frame(items: sim.drawList(interpolation: alpha), overlay: overlayContent(at: now), at: now)
        asked = frame
        return gate.shouldDraw(frame.items, windowLostContent: lost || changed || frame.overlay != shownOverlay)
    }

    /// What a frame draws of the session, as `needsDrawing` found it, so that `draw` does not
    /// build it again.
    private struct Frame {
        let items: [DrawItem]
        let overlay: OverlayContent
        let at: UInt64
    }

    /// The frame `needsDrawing` last looked at, until it is drawn.
    private var asked: Frame?

    /// This frame's overlays; none over a followed sim, whose window has controls of its own.
    private func overlayContent(at now: UInt64) -> OverlayContent {
        followedAlpha == nil ? overlays.content(sim.world, at: now, recording: recording != nil) : OverlayContent()
    }

    /// Draws the session into its area: label, scene blended between the last two sim states,
    /// overlays on top.
    func draw(at now: UInt64) {
        let scale = surface.pixelScale
        let alone = label.isEmpty
        if let labelRenderer {
            let strip = Rect(x: area.x, y: area.y, width: area.width, height: SessionLabel.height(lines: label.count))
            let stripPixels = Self.pixels(of: strip, scale: scale)
            setViewport(stripPixels)
            labelRenderer.draw(SessionLabel.items(label, width: area.width), scale: scale, area: stripPixels)
        }
        // A followed sim keeps its recorded window: fitted into the scene area, centred.
        let viewport = sim.world.viewport
        let fit = followedAlpha == nil ? 1 : min(sceneArea.width / viewport.width, sceneArea.height / viewport.height)
        scenePixels = Self.pixels(of: Rect(x: sceneArea.minX + (sceneArea.width - viewport.width * fit) / 2,
                                           y: sceneArea.minY + (sceneArea.height - viewport.height * fit) / 2,
                                           width: viewport.width * fit, height: viewport.height * fit), scale: scale)
        if fit != 1 {
            // A scene scaled to a fraction of a pixel is cut to the whole pixels it covers: the
            // part of a pixel past its edge would show the background (a white line down it).
            scenePixels.maxX = scenePixels.minX + Int((viewport.width * fit * scale).rounded(.down))
            scenePixels.maxY = scenePixels.minY + Int((viewport.height * fit * scale).rounded(.down))
        }
        if !alone { setViewport(scenePixels) }
        let frame = asked.flatMap { $0.at == now ? $0 : nil } ?? Frame(items: sim.drawList(interpolation: alpha), overlay: overlayContent(at: now), at: now)
        asked = nil
        let overlay = frame.overlay, items = frame.items
        pictures.prepare(items, window: viewport, scale: scale * fit)
        scene.draw(items, scale: scale * fit, area: alone ? nil : scenePixels)
        overlayRenderer.draw(overlay, viewport: viewport, scale: scale)
        shownOverlay = overlay
        if !alone {
            SDL_RenderSetClipRect(surface.renderer, nil)
            SDL_RenderSetViewport(surface.renderer, nil)
        }
    }

    /// Where the scene was last drawn, in pixels: the scene area, or within it a followed sim's
    /// window fitted and centred.
    private(set) var scenePixels = PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0)

    /// `area` in whole pixels, each edge rounded on its own, so areas that meet stay meeting.
    static func pixels(of area: Rect, scale: Double) -> PixelRect {
        PixelRect(minX: Int((area.minX * scale).rounded()), minY: Int((area.minY * scale).rounded()),
                  maxX: Int((area.maxX * scale).rounded()), maxY: Int((area.maxY * scale).rounded()))
    }

    private func setViewport(_ pixels: PixelRect) {
        var port = SDL_Rect(x: Int32(pixels.minX), y: Int32(pixels.minY), w: Int32(pixels.maxX - pixels.minX), h: Int32(pixels.maxY - pixels.minY))
        var clip = SDL_Rect(x: 0, y: 0, w: port.w, h: port.h)
        SDL_RenderSetViewport(surface.renderer, &port)
        SDL_RenderSetClipRect(surface.renderer, &clip)
    }

    /// The header of a recording of this session from here (`midSession`) or its start.
    func header(midSession: Bool) -> SessionHeader {
        SessionHeader(app: settings.appVersion, platform: Prototype.platform, world: sim.world, pixelDensity: surface.pixelScale,
                      contentHashes: photos?.contentHashes() ?? [], midSession: midSession, photosFolder: PhotoFolder.absolute(settings.photosFolder),
                      side: side)
    }

    /// F6: the frame just drawn (the whole window's), read now, and the session so far, into a
    /// new bug report folder, written off the window's thread (`BugReporter.takeFinished` says when).
    func startReport(at now: UInt64) {
        guard let window = surface.reportedWindow else { return }
        let screenshot: Screenshot?
        do {
            screenshot = try window.readPixels()
        } catch {
            log("photozoom: the bug report has no screenshot: \(error)")
            screenshot = nil
        }
        reporter?.write(sim: sim, window: window, screenshot: screenshot, tuning: tuningFile, recording: recording)
        overlays.reportStarted(at: now)
    }

    /// Says where a report went, or why it did not, in the log; its toast's lines (the folder's
    /// name, then where it is, the home folder as ~: a whole path was cut off at its end).
    static func said(_ report: Result<String, Error>, log: (String) -> Void) -> [String] {
        switch report {
        case let .success(path):
            log("photozoom: bug report written to '\(path)'")
            let url = URL(fileURLWithPath: path), home = FileManager.default.homeDirectoryForCurrentUser.path
            var parent = url.deletingLastPathComponent().path
            if parent.hasPrefix(home + "/") { parent = "~" + parent.dropFirst(home.count) }
            return ["\(url.lastPathComponent) written", "in \(parent)"]
        case let .failure(error):
            log("photozoom: cannot write the bug report: \(error)")
            return ["not written: \(error)"]
        }
    }
}
