import ArgumentParser
import Dispatch
import Foundation
import PhotoZoomLibrary
import PhotoZoomLoaderInterface
import PhotoZoomSDL

extension ThumbnailSize: ExpressibleByArgument {}

struct ThumbnailsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbnails",
        abstract:
            "Fill the shared thumbnail cache (freedesktop.org's, in $XDG_CACHE_HOME/thumbnails) for a folder of photos.",
        discussion: """
            Photos whose thumbnail is already there and up to date are skipped, and so are photos that \
            failed before and have not changed since (recorded in fail/photozoom-\(AppVersion.number)). \
            Exit 0 when done, 1 when the cache cannot be written, 2 for a folder that cannot be used; Ctrl-C stops at once.
            """
    )

    @Argument(help: "The folder of photos.")
    var folder: String

    @Option(
        help: ArgumentHelp(
            "The cache's size: normal (128 pixels), large (256), x-large (512) or xx-large (1024).", valueName: "size"))
    var size: ThumbnailSize = .large

    func run() throws {
        let files = try withUserFacingErrors { try PhotoFolder.imageFiles(in: self.folder) }
        let progress = ThumbnailProgress(total: files.count)
        let cache = ThumbnailCache(
            root: ThumbnailCache.standardRoot(), program: "photozoom", version: AppVersion.number, log: progress.say)
        let queue = ThumbnailQueue(files: files)
        let finished = DispatchSemaphore(value: 0)

        // Ctrl-C is taken as an event, so the cache can finish the file it is writing first.
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interrupt.setEventHandler {
            queue.cancel()
            finished.signal()
        }
        interrupt.resume()

        // Each worker hands its photos to a loader process and waits: one per core keeps every core decoding.
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var running = 0
        for _ in 0..<workers {
            let error = ProcessLimit.startThread {
                while let file = queue.take() {
                    let outcome = Self.thumbnail(of: file, in: cache, size: size, progress: progress)
                    queue.count(outcome.outcome)
                    progress.advance(decoded: outcome.decoded)
                }
                finished.signal()
            }
            // Fewer workers make the same thumbnails, only slower.
            guard error == 0 else {
                if running == 0 { ProcessLimit.fail("a thread", error) }
                break
            }
            running += 1
        }
        while running > 0, !queue.isCancelled {
            if finished.wait(timeout: .now() + 0.1) == .success, !queue.isCancelled { running -= 1 }
            progress.refresh()
        }
        // Any write in progress ends before the summary, and none starts after it; at Ctrl-C the
        // photos being decoded get a moment to be counted, no more.
        cache.stopWriting()
        let settled = DispatchTime.now() + 0.1
        while running > 0, finished.wait(timeout: settled) == .success { running -= 1 }
        progress.finish()
        let tally = queue.tally
        let refused = cache.refusedWrites
        if queue.isCancelled { logLine("photozoom: stopped at Ctrl-C") }
        let folder = cache.root.appendingPathComponent(size.rawValue).path
        try StandardOutput.write(
            "thumbnails (\(size.rawValue), \(size.pixels) pixels) in \(folder): \(cache.keptThumbnails) made, "
                + "\(tally.alreadyThere) already there, \(tally.failed) failed"
                + (refused > 0 ? ", \(refused) not written" : "")
                + String(format: ", %.1f s\n", progress.elapsed))
        if queue.isCancelled { throw ExitCode(130) }
        if refused > 0 { throw ExitCode(1) }
    }

    /// What became of one photo, and whether a loader decoded it; a failure is said at once,
    /// naming the file.
    private static func thumbnail(
        of file: URL, in cache: ThumbnailCache, size: ThumbnailSize,
        progress: ThumbnailProgress
    ) -> (outcome: ThumbnailQueue.Outcome, decoded: Bool) {
        if cache.holds(file, size: size) { return (.alreadyThere, false) }
        if let reason = cache.recordedFailure(of: file) {
            progress.say(
                "photozoom: cannot make a thumbnail of \(file.path) (\(reason); it failed before, and is tried again once the file changes)"
            )
            return (.failed, false)
        }
        switch cache.make(file, size: size) {
        case .success: return (.made, true)
        case .failure(let error):
            progress.say("photozoom: cannot make a thumbnail of \(file.path) (\(error))")
            return (.failed, true)
        }
    }
}

/// The photos still to do, handed to the workers one at a time, and the count of what became
/// of those done. Safe from any thread.
final class ThumbnailQueue: @unchecked Sendable {
    /// Made thumbnails are counted by the cache, which knows which it kept.
    enum Outcome { case made, alreadyThere, failed }

    struct Tally {
        var alreadyThere = 0
        var failed = 0
    }

    private let files: [URL]
    private let lock = NSLock()
    private var next = 0
    private var cancelled = false
    private var counted = Tally()

    init(files: [URL]) { self.files = files }

    /// The next photo, or nil when all are handed out or the run was stopped.
    func take() -> URL? {
        lock.lock()
        defer { lock.unlock() }
        guard !cancelled, next < files.count else { return nil }
        next += 1
        return files[next - 1]
    }

    func count(_ outcome: Outcome) {
        lock.lock()
        defer { lock.unlock() }
        switch outcome {
        case .made: break
        case .alreadyThere: counted.alreadyThere += 1
        case .failed: counted.failed += 1
        }
    }

    func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    var tally: Tally {
        lock.lock()
        defer { lock.unlock() }
        return counted
    }
}
