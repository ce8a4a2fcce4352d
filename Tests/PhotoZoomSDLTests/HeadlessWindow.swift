import CSDL2
import Dispatch
import Foundation
import PhotoZoomCore
@testable import PhotoZoomSDL

/// A window's sessions drawn into a headless canvas, fed frame by frame as the window's loop
/// feeds them (poll → update → draw), on a folder of flat-coloured photos of its own. Wall time
/// is the test's: whole frames, or a sleep's worth after an idle poll.
final class HeadlessWindow {
    let folder: URL
    let canvas: HeadlessCanvas
    let sessions: WindowSessions
    /// Starts at the real clock: the opening's previews are stamped with it as they arrive.
    private(set) var now = DispatchTime.now().uptimeNanoseconds
    /// What the sessions said, as the window's stderr would have it.
    private(set) var log: [String] = []
    private let lock = NSLock()

    init(size: Size = Size(width: 393, height: 560), tuning: String? = nil, photos: Int = 12) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-headless-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for i in 0..<photos {
            guard let surface = SDL_CreateRGBSurfaceWithFormat(0, 64, 48, 32, SDL_PIXELFORMAT_RGBA32.rawValue) else { continue }
            defer { SDL_FreeSurface(surface) }
            let c = GridZoomRenderTests.colour(i)
            SDL_FillRect(surface, nil, SDL_MapRGBA(surface.pointee.format, c.r, c.g, c.b, 255))
            _ = IMG_SavePNG(surface, folder.appendingPathComponent(String(format: "p%03d.png", i)).path)
        }
        let reading = OpeningRead(folder: folder.path, scan: PhotoFolder.Scan(), viewport: size, file: TuningFile(), log: { _ in })
        canvas = try HeadlessCanvas(size: size, format: HeadlessCanvas.windowFormat)
        let settings = LiveSession.Settings(tuning: try tuning.map { try LiveTuning.start(path: $0).live }, photosFolder: folder.path)
        var logLine: (String) -> Void = { _ in }
        sessions = try WindowSessions(opening: try reading.take(), surface: canvas, settings: [settings], cache: nil, fillsCache: false,
                                      limits: LibraryLimits(), wake: .none, log: { logLine($0) })
        logLine = { [unowned self] line in lock.lock(); log.append(line); lock.unlock() }
        let deadline = Date().addingTimeInterval(20)
        // Settled: every picture in, every fade over, nothing moving.
        while !(sessions.showsEveryCellSharp && !sessions.hasArrivals && sessions.isIdle(at: now)), Date() < deadline {
            usleep(5_000)
            frame(afterSleep: true)
        }
    }

    deinit {
        sessions.close(stoppingLoaders: false)
        try? FileManager.default.removeItem(at: folder)
    }

    /// The lines logged so far.
    var said: [String] { lock.lock(); defer { lock.unlock() }; return log }

    /// One frame of `polled` input: a sixtieth of a second after the last, or after a sleep
    /// (`afterSleep`: the poll waited, so only input runs a tick). Whether it drew.
    @discardableResult
    func frame(_ polled: AppWindow.Polled = AppWindow.Polled(), afterSleep: Bool = false) -> Bool {
        now += afterSleep ? UInt64(WindowSessions.idleWait * 1e9) : 16_666_666
        sessions.update(polled, wasIdle: afterSleep, at: now)
        return sessions.draw(at: now)
    }

    /// Frames, asleep between them as the window is while idle, until `done` or 5 s of real
    /// time (a save's inotify event arrives on its own thread); whether `done` came true.
    func frames(until done: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while !done() {
            guard Date() < deadline else { return false }
            usleep(10_000)
            frame(afterSleep: sessions.isIdle(at: now))
        }
        return true
    }
}
