import CSDL2
import Dispatch
import Foundation
import PhotoZoomCore
import PhotoZoomLibrary

/// The sessions a window shows, fed from one photo stream, each run by a `LiveSession` and
/// shown by a `SessionView`: one, or two side by side under one pointer (`run --compare`). A
/// `FrameDriver` runs its frames, the same for the window, the bench and the tests, which drive
/// it headless.
public final class WindowSessions: FrameSteps {
    public let sessions: [LiveSession]
    // Let go of before the surface: the textures must go before a window's SDL_Quit.
    /// Each session's view, in the same order.
    public let views: [SessionView]
    private let photos: WindowPhotoStream
    /// The recording of every session, one file (`--record`, F5).
    private var recording: SessionFile?
    /// F6 was pressed: the next frame drawn is read back and reported.
    private var reportAsked = false
    /// The wall time of the last update; frames advance by the time between.
    private var lastUpdate: UInt64?
    /// Which sessions the window's input goes to, and where.
    private var routing = PointerRouting()
    /// Which session the pointer and keys drive alone; nil for all (Tab cycles).
    public var driven: Int? { routing.driven }
    /// Frames still to draw whatever the scene: the software renderer rebuilds its surface
    /// after a resize, and the first frame after one can land on the old surface.
    private var lostFrames = 0
    /// Pixels arrived and not drawn yet: the scene looks the same to the gate but is not.
    private var newPixels = false
    /// When a frame was last drawn.
    private var lastDrawn: UInt64 = 0
    /// The least time between frames drawn only for pictures arriving or fading in, while
    /// nothing else moves: a folder's cells streaming in, drawn at the sim's 120 Hz, kept a
    /// software renderer filling and blending whole frames on the cores that decode them. At
    /// 30 a second a fade is still seen as one.
    static let picturesFrameNanoseconds: UInt64 = 33_000_000
    /// The surface may be drawn: the window opens hidden until the cells it opens on have
    /// their pictures, or `showBy` passes.
    public private(set) var isShown: Bool
    private let showBy: UInt64
    /// Every frame is drawn and nothing sleeps: a scripted run (`--exit-after-frames`).
    private let scripted: Bool
    private let log: (String) -> Void
    /// Measures the labels' text, to lay them out across their halves.
    private let labelText: TextRenderer
    private let surface: DrawingSurface
    private let pool: LoaderPool
    /// The opening's moments so far: those of the folder's read and the caller's, then this
    /// window's own up to its first sharp, presented frame.
    public private(set) var stamps: OpeningStamps
    /// Told the stamps once the first frame is presented and every cell in view is sharp, or
    /// at the close of a window closed before.
    public var opened: ((OpeningStamps) -> Void)?

    /// Longest sleep while idle. Not forever: SDL under X11 can leave a resize in Xlib's queue
    /// while it waits (seen under Xvfb: the size change arrived only with the next event), and
    /// each wake pumps it. A wake with nothing to do runs no tick and draws nothing.
    static let idleWait = 0.25

    /// The photos of `opening`, streamed into `surface`'s textures (thumbnails through `cache`,
    /// filling it for the whole folder when `fillsCache`), shown by a session for each of
    /// `settings` (two side by side). `showBy`: the wall time the surface shows at whatever it
    /// has; nil shows it at once. `recordPath`: a new file to record every session into.
    /// `pool`: the loaders that decode the photos. `stamps`: the opening's moments before it
    /// was read (`OpeningStamps`). `made`: textures of `opening`'s pictures made as they were
    /// read, on `surface`'s renderer.
    public init(
        opening: FolderOpening, made: OpeningTextures? = nil, surface: DrawingSurface,
        settings: [LiveSession.Settings], cache: ThumbnailCache?, fillsCache: Bool,
        limits: LibraryLimits, wake: WakeSignal, logTail: LogTail = LogTail(), showBy: UInt64? = nil,
        scripted: Bool = false,
        recordPath: String? = nil, pool: LoaderPool = .shared, stamps: OpeningStamps = OpeningStamps(),
        log: @escaping (String) -> Void
    ) throws {
        precondition((1...2).contains(settings.count), "a window shows one session, or two compared")
        self.surface = surface
        self.pool = pool
        self.stamps = stamps.merging(opening.stamps)
        let photos = PhotoStream(
            files: opening.files, opening: opening.probes, renderer: surface.renderer, limits: limits, cache: cache,
            fillsCache: fillsCache, holdsForFirstFrame: true, pool: pool, textures: made?.textures, wake: wake, log: log
        )
        photos.insertOpeningPictures(opening, scale: surface.pixelScale, now: Self.now())
        self.photos = photos
        let areas = Self.areas(count: settings.count, in: surface.sizeInPoints)
        let labelText = TextRenderer(
            renderer: surface.renderer, fontPath: PhotoFolder.assetPath("fonts/DejaVuSans.ttf"), log: log)
        self.labelText = labelText
        let labels = SessionLabel.lines(
            ComparedLabels.pieces(
                files: settings.map { $0.tuning?.good ?? TuningFile() }, names: settings.map(LiveSession.tuningName)),
            width: areas[0].width, text: labelText, scale: surface.pixelScale)
        let compared = settings.count > 1
        do {
            sessions = try zip(settings, zip(areas, labels)).enumerated().map { i, session in
                let (settings, (area, label)) = session
                return try LiveSession(
                    settings, side: compared ? ComparedLabels.sides[i] : nil,
                    viewport: SessionView.scene(of: area, label: label).size,
                    photos: photos.initialInfos, contentHashes: { photos.contentHashes() }, wake: wake,
                    logTail: logTail, log: log)
            }
        } catch {
            photos.stop()
            throw error
        }
        views = zip(areas, labels).map { area, label in
            SessionView(area: area, label: label, placement: .filling, surface: surface, pictures: photos, log: log)
        }
        self.log = log
        self.showBy = showBy ?? 0
        isShown = showBy == nil
        self.scripted = scripted
        if isShown { self.stamps.stamp(.shown) }
        if sessions.count > 1 { relabel(saying: true) }
        if let recordPath {
            do {
                startRecording(
                    try SessionFile(
                        path: recordPath,
                        headers: sessions.map { $0.header(midSession: false, pixelDensity: surface.pixelScale) },
                        log: log))
            } catch {
                photos.stop()
                throw error
            }
            log("photozoom: recording the session to '\(recordPath)'" + (compared ? " (both sides)" : ""))
        }
        // The first screenful is asked for before the loop's first wait, which a hidden window
        // spends waiting for it.
        want()
        self.stamps.stamp(.firstWishes)
    }

    /// Ends every session (recordings finished, reports written) and the photos' decoding;
    /// `stoppingLoaders`: the loader processes first, so the thumbnails left to write get the
    /// cores for their moment.
    public func close(stoppingLoaders: Bool) {
        if let opened {
            self.opened = nil
            opened(stamps)
        }
        recording?.finish(sessions.map(\.sim))
        recording = nil
        for session in sessions { session.close() }
        if stoppingLoaders { pool.stopAll() }
        photos.stop()
    }

    /// Each session's area in a surface of `size` points (`SplitLayout`).
    static func areas(count: Int, in size: Size) -> [Rect] {
        SplitLayout(count: count, sharing: size).areas(in: Rect(origin: .zero, size: size))
    }

    /// Nothing moves, nothing waits and nothing fades: the window may sleep. Not while the
    /// photos' threads are held for the first frame: the update after it lets them go.
    public func isIdle(at now: UInt64) -> Bool {
        !scripted && lostFrames == 0 && !newPixels && !photos.textures.isFading(at: now) && !photos.hasPrefetched
            && !photos.isHeld && sessions.allSatisfy { $0.isIdle(at: now) }
    }

    /// How long the next poll may wait for input: until the deadline while hidden (a picture
    /// arriving wakes it) and not every cell has its picture (the opening may have brought
    /// them all: nothing would wake it), a while when `idle`, else not at all.
    public func pollWait(idle: Bool, at now: UInt64) -> Double {
        guard isShown else { return showsEveryCellSharp ? 0 : Double(showBy - min(now, showBy)) / 1e9 }
        return idle ? Self.idleWait : 0
    }

    /// Takes a poll's input and what the photos brought, runs each session's ticks for the
    /// time since the last update (`now`, wall time in nanoseconds: the sims never read a
    /// clock, and a test can pass its own), and tells the decoders what the sessions show.
    /// `wasIdle`: the poll slept (`isIdle` before it).
    public func update(_ polled: AppWindow.Polled, wasIdle: Bool, at now: UInt64) {
        if polled.redraw { lostFrames = 3 }
        let switching = sessions.count > 1 && polled.sideSwitches % 3 != 0
        if switching { switchSides(polled.sideSwitches) }
        if let size = polled.events.lazy.compactMap({ if case .resize(let size) = $0 { size } else { nil } }).last {
            lostFrames = 3
            // A session alone hears of the window's resizes as they came, in their place.
            let areas = Self.areas(count: sessions.count, in: size)
            for (i, (area, label)) in zip(areas, labels(width: areas[0].width)).enumerated() {
                place(i, in: area, label: label, telling: sessions.count > 1)
            }
        }
        for _ in 0..<polled.recordingToggles { toggleRecording() }
        if polled.bugReport, surface.reportedWindow != nil { reportAsked = true }
        let arrived = photos.collect(now: now)
        if arrived.newPixels {
            newPixels = true
            stamps.stamp(.firstPicture)
        }
        let events = routing.route(polled.events, areas: views.map(\.area), scenes: views.map(\.sceneArea.origin))
        var inputs = sessions.indices.map { i in
            LiveSession.Input(events: events[i], toggles: routing.drives(i) ? polled.toggles : [])
        }
        // Pointers held in a session that Tab stops driving are let go of, as a focus lost.
        if switching { for i in inputs.indices { inputs[i].events.insert(.focusLost, at: 0) } }
        let frameSeconds = Double(now - min(lastUpdate ?? now, now)) / 1e9
        lastUpdate = now
        let saves = zip(sessions, inputs).map { session, input in
            session.take(input, sizes: arrived.sizes, library: photos.progress, at: now)
        }
        let woken = sessions.contains(where: \.hasPendingInput)
        for session in sessions { session.advance(frameSeconds: frameSeconds, wasIdle: wasIdle, woken: woken) }
        if saves.contains(true) {
            photos.textures.budgetBytes = sessions.map(\.textureBudgetBytes).max()!
            relabel(saying: true)
        }
        want()
        // Asked each frame until they are.
        if stamps[.cellsInViewSharp] == nil, showsEveryCellSharp { stamps.stamp(.cellsInViewSharp) }
        if !isShown, now >= showBy || stamps[.cellsInViewSharp] != nil {
            isShown = true
            lostFrames = 3
            stamps.stamp(.shown)
        }
    }

    public func presented() {
        stamps.stamp(.firstFrame)
        guard let opened, stamps[.cellsInViewSharp] != nil else { return }
        self.opened = nil
        opened(stamps)
    }

    /// Draws every session if any shows something new; whether it drew.
    public func draw(at now: UInt64) -> Bool {
        guard isShown else { return false }
        let pictures =
            (newPixels || photos.textures.isFading(at: now)) && now >= lastDrawn + Self.picturesFrameNanoseconds
        let lost = lostFrames > 0 || scripted || pictures || reportAsked
        lostFrames = max(lostFrames - 1, 0)
        // Each gate is asked, so each remembers what it is about to draw.
        let frames = sessions.map { $0.frame(at: now) }
        let wanted = zip(views, frames).map { $0.needsDrawing($1, lost: lost) }
        guard wanted.contains(true) else { return false }
        newPixels = false
        lastDrawn = now
        photos.textures.beginFrame(now: now)
        // What no session covers, the divider, is cleared, not stale.
        if sessions.count > 1 {
            let c = SplitLayout.dividerColor
            SDL_SetRenderDrawColor(surface.renderer, c.r, c.g, c.b, 255)
            SDL_RenderClear(surface.renderer)
        }
        for (view, frame) in zip(views, frames) { view.draw(frame) }
        if reportAsked, let window = surface.reportedWindow {
            reportAsked = false
            sessions[0].startReport(in: window, at: now)
        }
        return true
    }

    /// F5: stops the recording, or starts one of every session from here into the recordings
    /// folder.
    private func toggleRecording() {
        if let stopping = recording {
            stopping.finish(sessions.map(\.sim))
            startRecording(nil)
            log("photozoom: recording stopped: '\(stopping.path)'")
            return
        }
        do {
            let started = try RecordingsFolder.newSession {
                try SessionFile(
                    path: $0, headers: sessions.map { $0.header(midSession: true, pixelDensity: surface.pixelScale) },
                    log: log)
            }
            startRecording(started)
            log("photozoom: recording the session to '\(started.path)' (F5 stops)")
        } catch {
            log("photozoom: cannot start a recording: \(error)")
        }
    }

    private func startRecording(_ file: SessionFile?) {
        recording = file
        for (side, session) in sessions.enumerated() {
            session.recording = file
            session.recordingSide = side
        }
    }

    private func want() {
        photos.want(sessions.map(\.sim.world), scale: surface.pixelScale, moving: sessions.contains { !$0.sim.isIdle })
    }

    /// Two sessions are labelled with what differs between their tunings, said in the log too
    /// when `saying`; one alone has no label.
    private func relabel(saying: Bool = false) {
        guard sessions.count > 1 else { return }
        for (i, label) in labels(width: views[0].area.width).enumerated() { place(i, in: views[i].area, label: label) }
        guard saying else { return }
        let differences = sessions[0].tuningFile.comparison(with: sessions[1].tuningFile)
        log(
            "photozoom: comparing A (\(sessions[0].tuningName)) and B (\(sessions[1].tuningName)): "
                + (differences.isEmpty
                    ? "the same tuning"
                    : "\(differences.count) difference\(differences.count == 1 ? "" : "s"): "
                        + differences.joined(separator: "; ")))
    }

    /// Moves session `i`'s view to `area` under `label`; `telling`: its sim hears of a new size
    /// as input for its next tick (a session alone hears of the window's own resizes as they
    /// came).
    private func place(_ i: Int, in area: Rect, label: [String], telling: Bool = true) {
        if views[i].move(to: area, label: label), telling { sessions[i].resize(to: views[i].sceneArea.size) }
    }

    /// Each session's label laid out across halves `width` points wide.
    private func labels(width: Double) -> [[String]] {
        SessionLabel.lines(
            ComparedLabels.pieces(files: sessions.map(\.tuningFile), names: sessions.map(\.tuningName), driven: driven),
            width: width, text: labelText, scale: surface.pixelScale)
    }

    /// Tab: both driven → A only → B only → both.
    private func switchSides(_ presses: Int) {
        routing.switchSides(presses, sessions: sessions.count)
        relabel()
    }

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}

extension WindowSessions {
    /// The files the folder was listed as, in the grid's order.
    public var files: [URL] { photos.files }

    /// Whether decodes finished since the last update: a poll would have been woken.
    public var hasArrivals: Bool { photos.hasArrivals }

    /// Whether every cell every session shows has a picture: its thumbnail or the preview its
    /// camera embedded (or a broken photo's placeholder).
    public var showsEveryCell: Bool { sessions.allSatisfy { photos.showsEveryCell(of: $0.sim.world) } }

    /// Whether every cell every session shows has pixels enough for it: its decoded thumbnail,
    /// or a preview as large as the cell (or is known broken).
    public var showsEveryCellSharp: Bool {
        sessions.allSatisfy { photos.showsEveryCellSharp(of: $0.sim.world, scale: surface.pixelScale) }
    }

    /// How many cells the first session shows.
    public var cellsInView: Int { photos.visibleCells(sessions[0].sim.world)?.count ?? 0 }
}
