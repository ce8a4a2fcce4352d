import Foundation
import PhotoZoomCore

/// The window's side of F6: keeps what a report needs as the session runs (the black box and
/// the log's tail) and writes the report when asked.
public final class BugReporter {
    private let logTail: LogTail
    private var blackBox: SessionBlackBox
    /// Each photo's hash as read so far: a library's files are read while the session runs.
    private let contentHashes: () -> [String?]
    private let app: String
    private let photosFolder: String
    private let contactSheet: (SessionRecording, String) throws -> Void

    /// Two minutes of ticks a segment, so a report holds the last two to four minutes.
    static let segmentSeconds = 120.0
    static let segmentBytes = 16 << 20

    public init(sim: Simulation, contentHashes: @escaping () -> [String?], logTail: LogTail, app: String, photosFolder: String,
                contactSheet: @escaping (SessionRecording, String) throws -> Void) {
        self.logTail = logTail
        blackBox = SessionBlackBox(world: sim.world, segmentTicks: Int(Self.segmentSeconds * sim.world.clock.rate), segmentBytes: Self.segmentBytes)
        self.contentHashes = contentHashes
        self.app = app
        self.photosFolder = photosFolder
        self.contactSheet = contactSheet
    }

    /// After each tick.
    public func record(_ sim: Simulation, input: [InputEvent]) { blackBox.record(sim, input: input) }

    /// Writes a report of the session up to `sim` into the bug reports folder and returns its
    /// path. The recording running, if there is one, is the report's session; else the black box.
    public func write(sim: Simulation, window: AppWindow, screenshot: Screenshot?, tuning: TuningFile, recording: SessionFile?) throws -> String {
        let hashes = contentHashes()
        let session = try recording?.textSoFar(endingAt: sim) ?? blackBox.recording(endingAt: sim) { world, midSession in
            SessionHeader(app: app, platform: Prototype.platform, world: world, pixelDensity: window.pixelScale, contentHashes: hashes,
                          midSession: midSession)
        }
        let facts = SystemFacts.of(window: window, app: app, tickRate: sim.world.clock.rate, photos: sim.world.photos.count,
                                   photosFolder: photosFolder)
        let report = BugReport(session: session, tuning: tuning.text, screenshot: screenshot, log: logTail.text, facts: facts)
        return try report.write(into: RecordingsFolder.dataPath("bug-reports"), contactSheet: contactSheet)
    }
}
