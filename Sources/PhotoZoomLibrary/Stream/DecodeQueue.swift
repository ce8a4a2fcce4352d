import Foundation
import PhotoZoomLoaderInterface

/// Work for decoding threads, in the order the window wants it: the window hands over its whole
/// wish list each frame, most wanted first, and whatever was queued but is no longer on it is
/// dropped before a thread starts it — a photo scrolled away costs nothing more. A job already
/// running finishes; its result still arrives and may be kept. Behind the wish list runs a
/// sweep of background jobs (every photo's header), taken in order whenever nothing is wanted.
public final class DecodeQueue<Job: Hashable & Sendable, Result: Sendable>: @unchecked Sendable {
    public struct Finished {
        public let job: Job
        public let result: Result
    }

    private let condition = NSCondition()
    private var wanted: [Job] = []
    private var nextWanted = 0
    private var background: [Job] = []
    private var nextBackground = 0
    private var running: Set<Job> = []
    private var finished: [Finished] = []
    private var stopped = false
    /// How many threads may decode now.
    private var share = Share.every
    /// The threads serving it: as many as were asked for, or as the limit on processes allowed.
    private var threads = 0
    private let work: @Sendable (Job) -> Result
    private let wake: @Sendable () -> Void

    /// Starts `threads` threads running `work`; `wake` is called (on a worker) each time a job
    /// finishes, so a window asleep waiting for input wakes to show it.
    public init(threads: Int, work: @escaping @Sendable (Job) -> Result, wake: @escaping @Sendable () -> Void = {}) {
        self.work = work
        self.wake = wake
        for started in 0..<max(threads, 1) {
            condition.withLock { self.threads += 1 }
            // Each thread holds the queue until it has stopped: the owner letting go (a run that
            // fails after the library opened) must not leave a thread reading a freed queue.
            // A worker holds no state worth finishing: at exit the process ends it mid-decode.
            let error = ProcessLimit.startThread { self.serve() }
            guard error != 0 else { continue }
            // Fewer threads decode as well, only slower; none would leave every photo waiting.
            if started == 0 { ProcessLimit.fail("a decoding thread", error) }
            condition.withLock { self.threads -= 1 }
            break
        }
    }

    /// The number of decoding threads for this machine: one per core, each handing its photos
    /// to a loader process (`LoaderPool`) and waiting, so every core decodes while the window
    /// is at rest (fewer while it moves or opens: `setShare`).
    public static var defaultThreads: Int { max(ProcessInfo.processInfo.activeProcessorCount, 1) }

    /// Replaces the wish list; `jobs` is in priority order and duplicates are ignored.
    public func want(_ jobs: [Job]) {
        condition.lock()
        // Running, or finished and not yet taken: either would be done twice.
        var seen = running.union(finished.map(\.job))
        wanted = jobs.filter { seen.insert($0).inserted }
        nextWanted = 0
        if !wanted.isEmpty { condition.broadcast() }
        condition.unlock()
    }

    /// Adds jobs to run, in order, whenever nothing on the wish list waits.
    public func sweep(_ jobs: [Job]) {
        condition.lock()
        background += jobs
        condition.broadcast()
        condition.unlock()
    }

    /// Jobs finished since the last call, in the order they finished.
    public func takeFinished() -> [Finished] {
        condition.lock()
        defer {
            finished.removeAll(keepingCapacity: true)
            condition.unlock()
        }
        return finished
    }

    /// Whether a job finished and was not taken yet.
    public var hasFinished: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !finished.isEmpty
    }

    /// Jobs queued, running, or finished and not yet taken: zero when everything wanted is in hand.
    public var outstanding: Int {
        condition.lock()
        defer { condition.unlock() }
        return wanted.count - nextWanted + background.count - nextBackground + running.count + finished.count
    }

    /// How many of the threads decode, as the window's moment asks.
    public enum Share: Sendable {
        /// Every thread: the window is at rest.
        case every
        /// One fewer than there are (never none), so the window's thread has a core of its own
        /// and its frames stay on time: it is moving, or opening.
        case allButOne
        /// None: the window is about to draw a first frame that has every picture it shows, and
        /// nothing a thread would do now shows on it.
        case none
    }

    /// Sets how many threads decode; threads held back take jobs again once it allows them.
    public func setShare(_ share: Share) {
        condition.lock()
        let before = runningLimit
        self.share = share
        if runningLimit > before { condition.broadcast() }
        condition.unlock()
    }

    /// The most jobs that may run at once now; the lock is held.
    private var runningLimit: Int {
        switch share {
        case .every: threads
        case .allButOne: max(threads - 1, 1)
        case .none: 0
        }
    }

    /// Stops taking jobs; threads end after the job they are running.
    public func stop() {
        condition.lock()
        stopped = true
        wanted.removeAll()
        background.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    private func serve() {
        while true {
            condition.lock()
            while (nextWanted == wanted.count && nextBackground == background.count || running.count >= runningLimit)
                && !stopped
            { condition.wait() }
            if stopped {
                condition.unlock()
                return
            }
            let job = take()
            condition.unlock()
            finish(job, work(job))
            wake()
        }
    }

    /// The next job, the wish list before the sweep, marked running; the lock is held.
    private func take() -> Job {
        let job: Job
        if nextWanted < wanted.count {
            job = wanted[nextWanted]
            nextWanted += 1
        } else {
            job = background[nextBackground]
            nextBackground += 1
            if nextBackground == background.count {
                background.removeAll()
                nextBackground = 0
            }
        }
        running.insert(job)
        return job
    }

    private func finish(_ job: Job, _ result: Result) {
        condition.lock()
        running.remove(job)
        finished.append(Finished(job: job, result: result))
        // A thread held back while the window moved may take the place this job leaves.
        condition.signal()
        condition.unlock()
    }
}
