import CSDL2
import Dispatch
import Foundation
import PhotoZoomCore
import PhotoZoomLibrary

/// The interactive prototype: load the photos, open the window, and run the loop.
public enum Prototype {
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
        /// A second tuning file, run beside the first (or the defaults) under the same hand.
        public var comparePath: String?
        /// Named in a recording's header: which PhotoZoom made it.
        public var appVersion = "photozoom"
        /// The version alone (`0.11.0`), as the thumbnail cache's folder of failures is named
        /// after it (`fail/photozoom-0.11.0`).
        public var versionNumber = "0"
        /// The opening's moments before the run: the process's start, its arguments parsed.
        public var stamps = OpeningStamps()
        /// Told the opening's moments once its first sharp frame is presented.
        public var opened: ((OpeningStamps) -> Void)?
        public init(
            photosFolder: String, windowSize: Size, exitAfterFrames: Int?, tuningPath: String? = nil,
            recordPath: String? = nil
        ) {
            self.photosFolder = photosFolder
            self.windowSize = windowSize
            self.exitAfterFrames = exitAfterFrames
            self.tuningPath = tuningPath
            self.recordPath = recordPath
        }
    }

    /// Said once the window is open when the run has no tuning file: advice, not a problem, so
    /// it goes to stdout and not to the log a bug report holds.
    static let tuningHint =
        "tuning: run with --tuning FILE to tune live (FILE is written with the defaults if it does not exist)"

    /// The tuning file's start-up lines, said once the window is open; a script's run
    /// (`--exit-after-frames`) without a file is not told how to tune.
    private static func sayTuning(
        _ started: (live: LiveTuning, lines: [String])?, _ options: Options, log: (String) -> Void,
        say: (String) -> Void
    ) {
        guard let started else {
            if options.exitAfterFrames == nil { say(tuningHint) }
            return
        }
        for line in started.lines { log(line.hasPrefix(started.live.path + ":") ? line : "photozoom: " + line) }
    }

    /// Runs until the window closes or `exitAfterFrames` frames were drawn. `log` takes
    /// problems and events (stderr, and a bug report's log); `say` advice for the person (stdout).
    /// `pool`: the loaders that decode the photos.
    public static func run(
        _ options: Options, pool: LoaderPool = .shared, log: @escaping (String) -> Void, say: (String) -> Void
    ) throws {
        // A bug report holds the log's last lines.
        let logTail = LogTail()
        let log = logTail.logging(to: log)
        pool.decoderNotes.send(to: log)
        guard let (window, sessions) = try open(options, pool: pool, logTail: logTail, log: log, say: say) else {
            return
        }
        defer { sessions.close(stoppingLoaders: true) }
        // Poll (asleep while nothing moves; hidden until the cells it opens on have their
        // pictures) → update → draw, blended between the last two sim states, if that shows
        // anything new → present → pace.
        var driver = FrameDriver(
            input: window, clock: MonotonicClock(), framesPerSecond: sessions.sessions[0].sim.world.clock.rate)
        driver.run(sessions, exitAfterFrames: options.exitAfterFrames)
    }

    /// Reads the folder while the window is made (hidden until it has something to show), then
    /// starts the sessions on it: one, or two side by side with `--compare`. Nil when the
    /// window was closed before the folder was read. A folder that cannot be shown is said
    /// before a window that cannot open.
    private static func open(
        _ options: Options, pool: LoaderPool, logTail: LogTail, log: @escaping (String) -> Void, say: (String) -> Void
    ) throws -> (AppWindow, WindowSessions)? {
        // The tuning files first: they say what photos may be, before any is read.
        let started = try options.tuningPath.map { try LiveTuning.start(path: $0) }
        let compared = try options.comparePath.map { try LiveTuning.start(path: $0) }
        let file = started?.live.good ?? TuningFile()
        var stamps = options.stamps
        stamps.stamp(.openingStarted)
        // Thumbnails are shared with every desktop program through the freedesktop.org cache.
        let cache = ThumbnailCache(
            root: ThumbnailCache.standardRoot(), program: "photozoom", version: options.versionNumber,
            limits: file.library, pool: pool,
            log: log)
        // Listed, the headers of the screen the grid opens on and the next read, and the
        // pictures of the cells it opens on read, while the window opens; the rest arrive as
        // the session runs.
        let opening = OpeningRead(
            folder: options.photosFolder, scan: options.scan, viewport: options.windowSize, file: file, cache: cache,
            pool: pool, log: log)
        let window: AppWindow
        do {
            window = try AppWindow(
                title: compared == nil ? "PhotoZoom" : "PhotoZoom — A | B", size: options.windowSize, hidden: true)
        } catch {
            _ = try opening.take()
            throw error
        }
        stamps.stamp(.windowMade)
        let showBy = now() + showDeadline
        // The cells' pictures become textures as they are read. A big folder takes a while to
        // list: Ctrl-C or a close meanwhile ends the run at once.
        let made = OpeningTextures(surface: window, limits: file.library)
        while !made.make(from: opening, waiting: 0.01) {
            if window.quitRequested {
                // The loaders starting meanwhile would only slow the exit down.
                pool.stopAll()
                return nil
            }
        }
        let settings = [started?.live, compared?.live].prefix(compared == nil ? 1 : 2).map { live in
            var settings = LiveSession.Settings(tuning: live, photosFolder: options.photosFolder)
            settings.appVersion = options.appVersion
            settings.gridStart = options.scan.gridStart
            return settings
        }
        let sessions: WindowSessions
        do {
            sessions = try WindowSessions(
                opening: try opening.take(), made: made, surface: window, settings: settings, cache: cache,
                fillsCache: true,
                limits: file.library, wake: window.wakeSignal, logTail: logTail, showBy: showBy,
                scripted: options.exitAfterFrames != nil, recordPath: options.recordPath, pool: pool,
                stamps: stamps, log: log)
            sessions.opened = options.opened
        } catch {
            pool.stopAll()
            throw error
        }
        sayTuning(started, options, log: log, say: say)
        if let compared {
            for line in compared.lines { log(line.hasPrefix(compared.live.path + ":") ? line : "photozoom: " + line) }
        }
        return (window, sessions)
    }

    /// The system a recording was made on, for its header.
    static var platform: String {
        var name = utsname()
        uname(&name)
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        var version = SDL_version()
        SDL_GetVersion(&version)
        return
            "\(text(name.sysname)) \(text(name.release)) \(text(name.machine)), SDL \(version.major).\(version.minor).\(version.patch)"
    }

    /// Wall time for the overlays (a toast's age, tick costs); never seen by the sim.
    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}
