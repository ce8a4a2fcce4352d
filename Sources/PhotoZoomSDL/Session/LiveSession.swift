import Dispatch
import Foundation
import PhotoZoomCore
import PhotoZoomLibrary

/// One interaction under one tuning, as it runs: the sim and its fixed-step loop, the input
/// waiting for the next tick, the recording (`--record`, F5), the black box F6 reports from,
/// the live tuning file and the overlays' state. It draws nothing: a `SessionView` shows what
/// it hands over (`frame`). A window runs one, or two side by side (`WindowSessions`, which
/// feeds them); the bench and the tests run the same type headless.
public final class LiveSession {
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
    /// "A" or "B" beside another session; nil alone.
    let side: String?
    private var loop: FixedTimestepLoop
    private var pending: [InputEvent] = []
    /// The sim has run a tick: its scene is built.
    private var hasTicked = false
    /// The recording this session's ticks go to, and which of its sides it is (0, or 1 for B);
    /// started and stopped by `WindowSessions`, one file for both sides.
    var recording: SessionFile?
    var recordingSide = 0
    /// The black box F6 reports from.
    private let reporter: BugReporter
    private let saves: SavedTuning?
    private let live: LiveTuning?
    private let startingFile: TuningFile
    private var overlays: WindowOverlays
    /// The photos' fingerprints, for recordings' headers.
    private let contentHashes: () -> [String?]
    private let settings: Settings
    private let log: (String) -> Void

    /// A session of `photos` in a scene of `viewport` points; `contentHashes`: the photos'
    /// fingerprints as far as they are known, asked for when a recording or a report starts.
    init(
        _ settings: Settings, side: String?, viewport: Size, photos: [PhotoInfo],
        contentHashes: @escaping () -> [String?], wake: WakeSignal,
        logTail: LogTail, log: @escaping (String) -> Void
    ) throws {
        self.settings = settings
        self.contentHashes = contentHashes
        self.log = log
        live = settings.tuning
        self.side = side
        let file = live?.good ?? TuningFile()
        startingFile = file
        sim = Simulation(
            world: World(
                photos: photos, viewport: viewport, tuning: file.tuning, loop: file.loop, gridStart: settings.gridStart)
        )
        loop = FixedTimestepLoop(file.loop)
        overlays = WindowOverlays(tickRate: file.loop.tickRate)
        if let live { overlays.showProblems(errors: live.problems, warnings: live.warnings) }
        saves = try live.map { try SavedTuning(live: $0, wake: wake) }
        reporter = BugReporter(
            sim: sim, contentHashes: contentHashes, logTail: logTail, app: settings.appVersion,
            photosFolder: settings.photosFolder)
        reporter.wake = wake
    }

    /// Ends the session: a report being written waited for (it holds the photos' textures,
    /// which must go before the renderer does, and one cut off would leave its hidden folder
    /// behind).
    func close() {
        for report in reporter.takeFinished(waiting: true) { _ = Self.said(report, log: log) }
    }

    /// Nothing moves and no input waits: the window may sleep until something happens.
    func isIdle(at now: UInt64) -> Bool {
        let waiting =
            sim.world.playback.paused ? !pending.contains(where: \.isDeveloperControl) : sim.isIdle && pending.isEmpty
        return waiting && !overlays.isAnimating(at: now)
    }

    /// This frame's input for the session, in its own points.
    struct Input {
        var events: [InputEvent] = []
        var toggles: [EventTranslator.Overlay] = []
    }

    /// Takes the frame's input and what the photos brought (`sizes`), stamped for the next
    /// tick like the rest, the library's progress (`library`), and a save of the tuning file;
    /// whether it took a save.
    @discardableResult
    func take(_ input: Input, sizes: [InputEvent], library: LibraryProgress?, at now: UInt64) -> Bool {
        input.toggles.forEach { overlays.toggle($0) }
        pending += overlays.passing(input.events)
        for report in reporter.takeFinished() { overlays.reportFinished(Self.said(report, log: log), at: now) }
        pending += sizes
        overlays.updateLibrary(library, at: now)
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
            ticks =
                wasIdle
                ? (woken ? loop.advance(by: loop.tickDuration) : 0) : loop.advance(by: frameSeconds * playback.speed)
        }
        // A sim that never ran a tick has no scene yet to draw: its first advance runs one,
        // though no time has passed and no input waits.
        if !hasTicked, ticks == 0 { ticks = 1 }
        hasTicked = true
        let ticking = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<ticks {
            sim.step(pending)
            recording?.record(sim, input: pending, side: recordingSide)
            reporter.record(sim, input: pending)
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

    /// The sim hears of a scene of `size` points as input for its next tick, if that is new.
    func resize(to size: Size) {
        if size != sim.world.viewport { pending.append(.resize(size)) }
    }

    /// What a view shows of the session now: the sim blended between its last two states where
    /// the loop's clock is, the overlays on top.
    func frame(at now: UInt64) -> SessionView.Frame {
        SessionView.Frame(
            sim, alpha: loop.interpolationAlpha,
            overlay: overlays.content(sim.world, at: now, recording: recording != nil))
    }

    /// The texture budget its tuning file asks for.
    var textureBudgetBytes: Int { tuningFile.library.textureBudgetBytes }

    /// The tuning file the session runs: its last good save, or what it started with.
    var tuningFile: TuningFile { live?.good ?? startingFile }

    /// What the session's label calls its tuning: the file's name, or the defaults.
    var tuningName: String { Self.tuningName(settings) }

    static func tuningName(_ settings: Settings) -> String {
        settings.tuning.map { ($0.path as NSString).lastPathComponent } ?? "defaults"
    }

    /// The header of a recording of this session from here (`midSession`) or its start, drawn
    /// at `pixelDensity` pixels a point.
    func header(midSession: Bool, pixelDensity: Double) -> SessionHeader {
        SessionHeader(
            app: settings.appVersion, platform: Prototype.platform, world: sim.world, pixelDensity: pixelDensity,
            contentHashes: contentHashes(), midSession: midSession,
            photosFolder: PhotoFolder.absolute(settings.photosFolder), side: side)
    }

    /// F6: the frame just drawn in `window` (the whole window's), read now, and the session so
    /// far, into a new bug report folder, written off the window's thread (`BugReporter.takeFinished`
    /// says when).
    func startReport(in window: AppWindow, at now: UInt64) {
        let screenshot: Screenshot?
        do {
            screenshot = try window.readPixels()
        } catch {
            log("photozoom: the bug report has no screenshot: \(error)")
            screenshot = nil
        }
        reporter.write(sim: sim, window: window, screenshot: screenshot, tuning: tuningFile, recording: recording)
        overlays.reportStarted(at: now)
    }

    /// Says where a report went, or why it did not, in the log; its toast's lines (the folder's
    /// name, then where it is, the home folder as ~: a whole path was cut off at its end).
    static func said(_ report: Result<String, Error>, log: (String) -> Void) -> [String] {
        switch report {
        case .success(let path):
            log("photozoom: bug report written to '\(path)'")
            let url = URL(fileURLWithPath: path)
            let home = FileManager.default.homeDirectoryForCurrentUser.path
            var parent = url.deletingLastPathComponent().path
            if parent.hasPrefix(home + "/") { parent = "~" + parent.dropFirst(home.count) }
            return ["\(url.lastPathComponent) written", "in \(parent)"]
        case .failure(let error):
            log("photozoom: cannot write the bug report: \(error)")
            return ["not written: \(error)"]
        }
    }
}
