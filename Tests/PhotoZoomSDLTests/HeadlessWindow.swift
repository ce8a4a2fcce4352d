import CSDL2
import Dispatch
import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport

@testable import PhotoZoomLibrary
@testable import PhotoZoomSDL

/// A window's sessions drawn into a headless canvas, run frame by frame by the window's own
/// loop (`FrameDriver`), on a folder of flat-coloured photos of its own. Wall time is a
/// scripted clock's: frames paced at 60 a second, or a sleep's worth when an idle poll waits.
final class HeadlessWindow {
    let folder: URL
    let canvas: HeadlessCanvas
    let sessions: WindowSessions
    /// The window's loop, its clock started at the real one: the opening's previews are
    /// stamped with it as they arrive.
    private var driver: FrameDriver<HandedPolls, ScriptedClock>
    var now: UInt64 { driver.clock.now() }
    /// What the sessions said, as the window's stderr would have it.
    private(set) var log: [String] = []
    private let lock = NSLock()

    /// `settled`: run until every picture is in and every fade over, as a window left alone.
    init(size: Size = Size(width: 393, height: 560), tuning: String? = nil, photos: Int = 12, settled: Bool = true)
        throws
    {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-headless-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        FlatColourPhotos.write(photos, width: 64, height: 48, into: folder)
        let reading = OpeningRead(
            folder: folder.path, scan: PhotoFolder.Scan(), viewport: size, file: TuningFile(), log: { _ in })
        canvas = try HeadlessCanvas(size: size, format: HeadlessCanvas.windowFormat)
        let settings = LiveSession.Settings(
            tuning: try tuning.map { try LiveTuning.start(path: $0).live }, photosFolder: folder.path)
        var logLine: (String) -> Void = { _ in }
        sessions = try WindowSessions(
            opening: try reading.take(), surface: canvas, settings: [settings], cache: nil, fillsCache: false,
            limits: LibraryLimits(), wake: .none, log: { logLine($0) })
        driver = FrameDriver(
            input: HandedPolls(), clock: ScriptedClock(time: DispatchTime.now().uptimeNanoseconds), framesPerSecond: 60)
        logLine = { [unowned self] line in
            lock.lock()
            log.append(line)
            lock.unlock()
        }
        let deadline = Date().addingTimeInterval(HangGuard.seconds)
        // Settled: every picture in, every fade over, nothing moving.
        while settled, !isSettled, Date() < deadline {
            usleep(5_000)
            frame()
        }
    }

    /// Every picture in view is in, every fade over, nothing moves.
    var isSettled: Bool { sessions.showsEveryCellSharp && !sessions.hasArrivals && sessions.isIdle(at: now) }

    deinit {
        sessions.close(stoppingLoaders: false)
        try? FileManager.default.removeItem(at: folder)
    }

    /// The lines logged so far.
    var said: [String] {
        lock.lock()
        defer { lock.unlock() }
        return log
    }

    /// One frame, `polled` its input, after a sleep if the sessions are idle. Whether it drew.
    @discardableResult
    func frame(_ polled: AppWindow.Polled? = nil) -> Bool {
        driver.input.next = polled
        return driver.frame(sessions)?.presented != nil
    }

    /// Frames, asleep between them as the window is while idle, until `done` or the hang
    /// guard's real time (a save's inotify event arrives on its own thread); whether `done`
    /// came true.
    func frames(until done: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(HangGuard.seconds)
        while !done() {
            guard Date() < deadline else { return false }
            usleep(10_000)
            frame()
        }
        return true
    }
}

/// Polls as a test hands them, one a frame. A poll that may wait sleeps its whole wait on the
/// clock, and what was handed arrives as it ends: input that wakes a window at rest comes after
/// a sleep, as a person's does.
struct HandedPolls: FrameInput {
    var next: AppWindow.Polled?

    mutating func poll<Clock: WallClock>(wait: Double, clock: inout Clock) -> AppWindow.Polled {
        if wait > 0 { clock.sleep(until: clock.now() + UInt64(wait * 1e9)) }
        defer { next = nil }
        return next ?? AppWindow.Polled()
    }

    func show() {}
    func present() {}
    var presentWaitsForVSync: Bool { false }
}
