import CSDL2
import Dispatch
import Foundation
import PhotoZoomCore

/// The interactive prototype: load the photos, open the window, and run the loop.
public enum Prototype {
    /// Longest sleep while idle. Not forever: SDL under X11 can leave a resize in Xlib's queue
    /// while it waits (seen under Xvfb: the size change arrived only with the next event), and
    /// each wake pumps it. A wake with nothing to do runs no tick and draws nothing.
    static let idleWait = 0.25
    /// The longest the window stays hidden after it is made, waiting for the grid's pictures:
    /// it opens with them when they come quickly (a warm cache, the cameras' own previews), and
    /// by then with their stand-ins, which the pictures then fade in over.
    public static let showDeadline: UInt64 = 150_000_000
    public struct Options {
        public var photosFolder: String
        /// How the folder is read: subfolders or not, by name or by date; a library by date
        /// opens at its end (`scan.gridStart`).
        public var scan = PhotoFolder.Scan()
        public var windowSize: Size
        public var exitAfterFrames: Int?
        /// The tuning file to watch, written with the defaults if missing; without one the run
        /// uses the defaults.
        public var tuningPath: String?
        /// Record the session to this new file.
        public var recordPath: String?
        /// Named in a recording's header: which PhotoZoom made it.
        public var appVersion = "photozoom"
        public init(photosFolder: String, windowSize: Size, exitAfterFrames: Int?, tuningPath: String? = nil, recordPath: String? = nil) {
            self.photosFolder = photosFolder; self.windowSize = windowSize; self.exitAfterFrames = exitAfterFrames
            self.tuningPath = tuningPath; self.recordPath = recordPath
        }
    }

    /// Said once the window is open when the run has no tuning file.
    static let tuningHint = "photozoom: tuning: run with --tuning FILE to tune live (FILE is written with the defaults if it does not exist)"

    /// The tuning file's start-up lines, said once the window is open; a script's run
    /// (`--exit-after-frames`) without a file is not told how to tune.
    private static func sayTuning(_ started: (live: LiveTuning, lines: [String])?, _ options: Options, log: (String) -> Void) {
        guard let started else {
            if options.exitAfterFrames == nil { log(tuningHint) }
            return
        }
        for line in started.lines { log(line.hasPrefix(started.live.path + ":") ? line : "photozoom: " + line) }
    }

    /// Runs until the window closes or `exitAfterFrames` frames were drawn.
    public static func run(_ options: Options, log: @escaping (String) -> Void) throws {
        // A bug report holds the log's last lines.
        let logTail = LogTail()
        let log = logTail.logging(to: log)
        LoaderPool.shared.decoderNotes.send(to: log)
        // The tuning file first: it says what photos may be, before any is read.
        let started = try options.tuningPath.map { try LiveTuning.start(path: $0) }
        let live = started?.live
        let file = live?.good ?? TuningFile()
        // The folder needs no window: it is listed, the headers of the screen the grid opens on
        // and the next are read, and the previews of the cells it opens on decoded, while the
        // window opens (hidden until it has something to show), so the first frame has their
        // sizes and pictures; the rest arrive as the session runs. A folder that cannot be shown
        // is said before a window that cannot open.
        let opening = OpeningRead {
            try FolderOpening.read(folder: options.photosFolder, scan: options.scan, viewport: options.windowSize, scale: 1,
                                   tuning: file.tuning, limits: file.library, log: log)
        }
        let window: AppWindow
        do {
            window = try AppWindow(title: "PhotoZoom", size: options.windowSize, hidden: true)
        } catch {
            _ = try opening.take()
            throw error
        }
        let showBy = Self.now() + Self.showDeadline
        // A big folder takes a while to list: Ctrl-C or a close meanwhile ends the run at once.
        while !opening.isDone(waiting: .milliseconds(10)) {
            if window.quitRequested {
                // The loaders starting meanwhile would only slow the exit down.
                LoaderPool.shared.stopAll()
                return
            }
        }
        // Thumbnails are shared with every desktop program through the freedesktop.org cache.
        let cache = ThumbnailCache(root: ThumbnailCache.standardRoot(), program: "photozoom", version: options.appVersion, limits: file.library,
                                   log: log)
        let files: [URL]
        let photos: PhotoStream
        do {
            // What was read is let go of at the end of this block: its pictures, once textures,
            // are not kept for the session.
            let read = try opening.take()
            files = read.files
            photos = PhotoStream(files: files, opening: read.probes, renderer: window.renderer, limits: file.library, cache: cache,
                                 fillsCache: true, wake: window.wakeSignal, log: log)
            photos.insertOpeningPreviews(read, scale: window.pixelScale, now: Self.now())
        }
        defer {
            // The loaders first: the thumbnails left to write get the cores for their moment.
            LoaderPool.shared.stopAll()
            photos.stop()
        }
        // Photos are named in a recording by hashes of what was read of them.
        let hashes = { photos.contentHashes() }
        let renderer = SceneRenderer(renderer: window.renderer, source: photos.textures, log: log)
        sayTuning(started, options, log: log)
        var sim = Simulation(world: World(photos: photos.initialInfos, viewport: window.sizeInPoints, tuning: file.tuning, loop: file.loop,
                                          gridStart: options.scan.gridStart))
        var loop = FixedTimestepLoop(file.loop)
        var clock = MonotonicClock()
        var pacer = FramePacer(framesPerSecond: file.loop.tickRate)
        let saves = try live.map { try SavedTuning(live: $0, wake: window.wakeSignal) }
        let reporter = BugReporter(sim: sim, contentHashes: hashes, logTail: logTail, app: options.appVersion, photosFolder: options.photosFolder)
        reporter.wake = window.wakeSignal
        // A report being written when the window closes is finished first, and said: it holds
        // the photos' textures, which must go before the window's renderer does, and a report
        // cut off would leave its hidden folder behind.
        defer { for report in reporter.takeFinished(waiting: true) { _ = Self.said(report, log: log) } }
        func header(midSession: Bool) -> SessionHeader {
            SessionHeader(app: options.appVersion, platform: Self.platform, world: sim.world, pixelDensity: window.pixelScale,
                          contentHashes: hashes(), midSession: midSession, photosFolder: PhotoFolder.absolute(options.photosFolder))
        }
        var recording = try options.recordPath.map { try SessionFile(path: $0, header: header(midSession: false), log: log) }
        if let recording { log("photozoom: recording the session to '\(recording.path)'") }
        defer { recording?.finish(sim) }
        let overlayRenderer = OverlayRenderer(renderer: window.renderer, log: log)
        var overlays = WindowOverlays(tickRate: file.loop.tickRate)
        var shownOverlay = OverlayContent()
        var pending: [InputEvent] = []
        var gate = RedrawGate()
        var frames = 0
        // Frames still to draw whatever the scene: the software renderer rebuilds its surface
        // after a resize, and the first frame after one can land on the old surface.
        var windowChanged = 0
        // F6 was pressed: the next frame is drawn, read back and reported.
        var reportAsked = false

        // The first screenful is asked for before the loop's first wait, which the hidden
        // window spends waiting for it.
        photos.want(sim.world, scale: window.pixelScale)

        while true {
            // Poll: gather input, sleeping until some arrives while nothing moves; it is
            // stamped with the next tick to run.
            let playback = sim.world.playback
            let waiting = playback.paused ? !pending.contains(where: \.isDeveloperControl) : sim.isIdle && pending.isEmpty
            let idle = waiting && windowChanged == 0 && !overlays.isAnimating(at: Self.now()) && !photos.textures.isFading(at: Self.now())
                && options.exitAfterFrames == nil
            // Hidden, the window has nothing to draw: it sleeps until a picture arrives (the
            // workers wake it) or its deadline. It never decodes: the loaders do.
            let untilShown = Double(showBy - min(Self.now(), showBy)) / 1e9
            let polled = window.poll(wait: window.isShown ? (idle ? Self.idleWait : 0) : untilShown)
            if polled.quit { break }
            polled.toggles.forEach { overlays.toggle($0) }
            pending += overlays.passing(polled.events)
            for report in reporter.takeFinished() { overlays.reportFinished(Self.said(report, log: log), at: Self.now()) }
            // Decoding finished meanwhile: sizes are input like the rest, pixels a reason to draw.
            let arrived = photos.collect(now: Self.now())
            pending += arrived.sizes
            overlays.updateLibrary(photos.progress, at: Self.now())
            if polled.bugReport { reportAsked = true }
            // F5: stop the recording, or start one from here into the recordings folder.
            for _ in 0..<polled.recordingToggles {
                if let stopping = recording {
                    stopping.finish(sim)
                    recording = nil
                    log("photozoom: recording stopped: '\(stopping.path)'")
                } else {
                    do {
                        recording = try RecordingsFolder.newSession { try SessionFile(path: $0, header: header(midSession: true), log: log) }
                        log("photozoom: recording the session to '\(recording!.path)' (F5 stops)")
                    } catch {
                        log("photozoom: cannot start a recording: \(error)")
                    }
                }
            }
            if polled.redraw || polled.events.contains(where: { if case .resize = $0 { return true } else { return false } }) { windowChanged = 3 }
            // A saved tuning file is input too, stamped like the rest.
            if let save = saves?.takeSave(log: log) {
                if let reload = save.reload { pending.append(reload) }
                if let live { photos.textures.budgetBytes = live.good.library.textureBudgetBytes }
                overlays.saved(save, at: Self.now())
            }
            // Update: whole fixed ticks only; the first of them takes the input. Time spent
            // asleep changed nothing, so it is not replayed: waking to input runs one tick.
            // Slow motion feeds the loop less time; paused, only a developer key runs a tick.
            let frameSeconds = clock.nextFrameDelta()
            let ticks: Int
            if playback.paused {
                ticks = pending.contains(where: \.isDeveloperControl) ? 1 : 0
                PendingInput.coalesceMoves(&pending)
            } else {
                ticks = idle ? (pending.isEmpty ? 0 : loop.advance(by: loop.tickDuration)) : loop.advance(by: frameSeconds * playback.speed)
            }
            let ticking = Self.now()
            for _ in 0..<ticks {
                sim.step(pending)
                recording?.record(sim, input: pending)
                reporter.record(sim, input: pending)
                pending.removeAll()
                overlays.recordTick(sim.world)
            }
            if ticks > 0 { overlays.recordFrame(frameSeconds: frameSeconds, tickSeconds: Double(Self.now() - ticking) / 1e9 / Double(ticks)) }
            photos.want(sim.world, scale: window.pixelScale, moving: !sim.isIdle)
            // Show: the hidden window goes on screen once every cell it opens on has its
            // picture, or at `showBy` with what it has.
            if !window.isShown, Self.now() >= showBy || photos.showsEveryCellSharp(of: sim.world, scale: window.pixelScale) {
                window.show()
                windowChanged = 3
            }
            // Draw: blend between the last two sim states, with the overlays on top, if that
            // shows anything new.
            let items = sim.drawList(interpolation: loop.interpolationAlpha)
            let overlay = overlays.content(sim.world, at: Self.now(), recording: recording != nil)
            let drawing = Self.now()
            let lost = windowChanged > 0 || options.exitAfterFrames != nil || overlay != shownOverlay || reportAsked || arrived.newPixels
                || photos.textures.isFading(at: drawing)
            let draw = window.isShown && gate.shouldDraw(items, windowLostContent: lost)
            windowChanged = max(windowChanged - 1, 0)
            if draw {
                photos.textures.beginFrame(now: drawing)
                renderer.draw(items, scale: window.pixelScale)
                overlayRenderer.draw(overlay, viewport: sim.world.viewport, scale: window.pixelScale)
                shownOverlay = overlay
                if reportAsked {
                    reportAsked = false
                    startReport(reporter, sim: sim, window: window, tuning: live?.good ?? file, recording: recording, log: log)
                    overlays.reportStarted(at: Self.now())
                }
                window.present()
                frames += 1
            }
            if let limit = options.exitAfterFrames, frames >= limit { break }
            if window.isShown { pacer.endFrame(presentWaitsForVSync: draw && window.hasVSync) }
        }
    }

    /// F6: the frame just drawn, read now, and the session so far, into a new bug report folder,
    /// written off the window's thread (`BugReporter.takeFinished` says when).
    private static func startReport(_ reporter: BugReporter, sim: Simulation, window: AppWindow, tuning: TuningFile, recording: SessionFile?,
                                    log: (String) -> Void) {
        let screenshot: Screenshot?
        do {
            screenshot = try window.readPixels()
        } catch {
            log("photozoom: the bug report has no screenshot: \(error)")
            screenshot = nil
        }
        reporter.write(sim: sim, window: window, screenshot: screenshot, tuning: tuning, recording: recording)
    }

    /// Says where a report went, or why it did not, in the log; its toast's lines (the folder's
    /// name, then where it is, the home folder as ~: a whole path was cut off at its end).
    private static func said(_ report: Result<String, Error>, log: (String) -> Void) -> [String] {
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

    /// The system a recording was made on, for its header.
    static var platform: String {
        var name = utsname()
        uname(&name)
        func text<T>(_ field: T) -> String { withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) } }
        var version = SDL_version()
        SDL_GetVersion(&version)
        return "\(text(name.sysname)) \(text(name.release)) \(text(name.machine)), SDL \(version.major).\(version.minor).\(version.patch)"
    }

    /// Wall time for the overlays (a toast's age, tick costs); never seen by the sim.
    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}

