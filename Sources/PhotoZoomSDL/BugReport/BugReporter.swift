import Foundation
import PhotoZoomCore
import PhotoZoomLibrary

/// The window's side of F6: keeps what a report needs as the session runs (the black box and
/// the log's tail) and writes the report when asked.
public final class BugReporter {
    private let logTail: LogTail
    /// Kept on a thread of its own, touched only there: a tick's line is JSON, and every 240
    /// ticks it holds the whole world, which on the window's thread cost frames in a large
    /// library, one dropped every two seconds of scrolling.
    private var blackBox: SessionBlackBox
    private let keeping = DispatchQueue(label: "photozoom.black-box")
    /// Each photo's hash as read so far: a library's files are read while the session runs.
    private let contentHashes: () -> [String?]
    private let app: String
    private let photosFolder: String
    /// Reports finished on the black box's thread, not yet taken by the window's.
    private let finishing = NSLock()
    private var finished: [Result<String, Error>] = []
    /// Wakes the window's loop when a report is finished.
    public var wake: WakeSignal?

    /// Two minutes of ticks a segment, so a report holds the last two to four minutes.
    static let segmentSeconds = 120.0
    static let segmentBytes = 16 << 20

    public init(
        sim: Simulation, contentHashes: @escaping () -> [String?], logTail: LogTail, app: String, photosFolder: String
    ) {
        self.logTail = logTail
        blackBox = SessionBlackBox(
            world: sim.world, segmentTicks: Int(Self.segmentSeconds * sim.world.clock.rate),
            segmentBytes: Self.segmentBytes)
        self.contentHashes = contentHashes
        self.app = app
        self.photosFolder = photosFolder
    }

    /// The ticks handed over and not yet kept, at most `mostBehind`: each holds its sim, and a
    /// sim holds its library, which a size arriving copies: with 200,000 photos the black box,
    /// digesting each copy, fell thousands of ticks behind and held gigabytes of them.
    private let behind = DispatchSemaphore(value: BugReporter.mostBehind)
    private let counting = NSLock()
    private var pending = 0
    /// The most ticks the black box may be behind the window; past it the window waits for it.
    public static let mostBehind = 16
    /// The ticks handed over and not yet kept: tests look.
    public var ticksBehind: Int { counting.withLock { pending } }

    /// After each tick: the tick is kept in order, after the window's thread has gone on, unless
    /// the black box is `mostBehind` ticks behind already.
    public func record(_ sim: Simulation, input: [InputEvent]) {
        behind.wait()
        counting.withLock { pending += 1 }
        keeping.async {
            self.blackBox.record(sim, input: input)
            self.counting.withLock { self.pending -= 1 }
            self.behind.signal()
        }
    }

    /// Writes a report of the session up to `sim` into the bug reports folder. What only the
    /// window's thread may read (the window's facts; `screenshot`, read there) is taken now;
    /// the session's text, the files and the contact sheet's replay (some two seconds) are
    /// made on the black box's thread, after every tick so far; `takeFinished` gives the
    /// report's path, or why there is none. The recording running, if there is one, is the
    /// report's session; else the black box.
    public func write(
        sim: Simulation, window: AppWindow, screenshot: Screenshot?, tuning: TuningFile, recording: SessionFile?
    ) {
        let hashes = contentHashes()
        let app = app
        let density = window.pixelScale
        let platform = Prototype.platform
        let folder = PhotoFolder.absolute(photosFolder)
        let header = { (world: World, midSession: Bool) in
            SessionHeader(
                app: app, platform: platform, world: world, pixelDensity: density, contentHashes: hashes,
                midSession: midSession,
                photosFolder: folder)
        }
        let facts = SystemFacts.of(
            window: window, app: app, tickRate: sim.world.clock.rate, photos: sim.world.photos.count,
            photosFolder: photosFolder)
        let tuningText = tuning.text
        let log = logTail.text
        let photos = photosFolder
        keeping.async { [self] in
            let outcome = Result {
                let session =
                    try recording?.textSoFar(endingAt: sim) ?? blackBox.recording(endingAt: sim, header: header)
                let report = BugReport(
                    session: session, tuning: tuningText, screenshot: screenshot, log: log, facts: facts,
                    photosFolder: photos)
                return try report.write(into: RecordingsFolder.dataPath("bug-reports"))
            }
            finishing.withLock { finished.append(outcome) }
            wake?.send()
        }
    }

    /// The reports finished since the last call, each its folder or why it was not written;
    /// `waiting`: after every report asked for so far is finished.
    public func takeFinished(waiting: Bool = false) -> [Result<String, Error>] {
        if waiting { keeping.sync {} }
        return finishing.withLock {
            defer { finished.removeAll() }
            return finished
        }
    }
}
