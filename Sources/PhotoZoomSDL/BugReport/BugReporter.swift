import Dispatch
import Foundation
import PhotoZoomCore

/// The window's side of F6: keeps what a report needs as the session runs (the black box,
/// the log's tail, the photos' content hashes, worked out off the window's thread) and writes
/// the report when asked.
public final class BugReporter {
    private let logTail: LogTail
    private var blackBox: SessionBlackBox
    private let hashes: PhotoHashes
    private let app: String
    private let photosFolder: String
    private let contactSheet: (SessionRecording, String) throws -> Void

    /// Two minutes of ticks a segment, so a report holds the last two to four minutes.
    static let segmentSeconds = 120.0
    static let segmentBytes = 16 << 20

    public init(sim: Simulation, files: [URL], logTail: LogTail, app: String, photosFolder: String,
                contactSheet: @escaping (SessionRecording, String) throws -> Void) {
        self.logTail = logTail
        blackBox = SessionBlackBox(world: sim.world, segmentTicks: Int(Self.segmentSeconds * sim.world.clock.rate), segmentBytes: Self.segmentBytes)
        hashes = PhotoHashes(files)
        self.app = app
        self.photosFolder = photosFolder
        self.contactSheet = contactSheet
    }

    /// The photos' content hashes as far as they are worked out (nil for the rest).
    public var contentHashes: [String?] { hashes.current }

    /// After each tick.
    public func record(_ sim: Simulation, input: [InputEvent]) { blackBox.record(sim, input: input) }

    /// Writes a report of the session up to `sim` into the bug reports folder and returns its
    /// path. The recording running, if there is one, is the report's session; else the black box.
    public func write(sim: Simulation, window: AppWindow, screenshot: Screenshot?, tuning: TuningFile, recording: SessionFile?) throws -> String {
        let hashes = contentHashes
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

/// Each photo file's content hash, worked out on a worker from the start: a recording's header
/// names them, and hashing a library on the window's thread would stall it.
final class PhotoHashes: @unchecked Sendable {
    private let lock = NSLock()
    private var hashes: [String?]

    init(_ files: [URL]) {
        hashes = Array(repeating: nil, count: files.count)
        DispatchQueue.global(qos: .utility).async { [self] in
            for (i, file) in files.enumerated() {
                let hash = ContentHash.of(file: file.path)
                lock.lock()
                hashes[i] = hash
                lock.unlock()
            }
        }
    }

    var current: [String?] {
        lock.lock()
        defer { lock.unlock() }
        return hashes
    }
}
