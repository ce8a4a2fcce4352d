import CLoader
import Foundation

/// Threads and processes made where the system may refuse them: the limit on a user's
/// processes (`ulimit -u`, RLIMIT_NPROC) counts every thread of every process they run. Each
/// thread here is started by this, which says when it could not be; Foundation's `Thread`
/// starts nothing and says nothing, and the caller then waits forever for its work.
public enum ProcessLimit {
    /// Why a thread or process could not be made, from the error `pthread_create`, `fork` or
    /// `posix_spawn` gave: the limit by name when it is the cause.
    public static func reason(_ error: Int32) -> String {
        var limit = rlimit()
        if error == EAGAIN, getrlimit(__rlimit_resource_t(__RLIMIT_NPROC.rawValue), &limit) == 0,
            limit.rlim_cur != rlim_t.max
        {
            return "the limit on processes (ulimit -u \(limit.rlim_cur)) is reached"
        }
        return String(cString: strerror(error))
    }

    /// Runs `body` on a new thread of its own; 0, or the error that kept it from starting.
    public static func startThread(_ body: @escaping @Sendable () -> Void) -> Int32 {
        create(body, detached: true).error
    }

    /// Whether `count` more threads can run at once now: each is started and holds on until all
    /// are, then all end. Dispatch's pool, which the program also runs on, tries a thread it
    /// cannot make again and again and never says so: this asks first. The error, or 0.
    public static func room(for count: Int) -> Int32 {
        final class Gate: @unchecked Sendable {
            let condition = NSCondition()
            var open = false
            /// Each thread's id, in a slot made before it starts.
            var threads: [pid_t]
            init(_ count: Int) { threads = Array(repeating: 0, count: count) }
        }
        let gate = Gate(count)
        var made: [pthread_t] = []
        var error: Int32 = 0
        for slot in 0..<count {
            // Nothing allocated in the thread: a thread that allocates gets a heap arena of its
            // own (64 MiB of address space), and under an address-space limit (a user's, or the
            // tests') those arenas, not the limit on processes, refused the next thread.
            let (thread, failed) = create(
                {
                    let id = pid_t(photozoom_thread_id())
                    gate.condition.lock()
                    gate.threads[slot] = id
                    while !gate.open { gate.condition.wait() }
                    gate.condition.unlock()
                }, detached: false, stackBytes: 64 << 10)
            error = failed
            guard let thread else { break }
            made.append(thread)
        }
        gate.condition.lock()
        gate.open = true
        gate.condition.broadcast()
        gate.condition.unlock()
        for thread in made { pthread_join(thread, nil) }
        // The kernel counts a thread until it is released, a moment after the join: the next
        // thread the program makes must find its slot free.
        for id in gate.threads where id > 0 { awaitRelease(of: "/proc/self/task/\(id)") }
        return error
    }

    /// Waits, at most a tenth of a second, until the kernel no longer lists `task`; how many
    /// times it looked. A thread long gone costs one look, not a thousand.
    @discardableResult
    static func awaitRelease(of task: String) -> Int {
        for look in 1...1000 {
            guard access(task, F_OK) == 0 else { return look }
            usleep(100)
        }
        return 1000
    }

    private static func create(_ body: @escaping @Sendable () -> Void, detached: Bool, stackBytes: Int? = nil) -> (
        thread: pthread_t?, error: Int32
    ) {
        final class Body {
            let run: @Sendable () -> Void
            init(_ run: @escaping @Sendable () -> Void) { self.run = run }
        }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        if detached { pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) }
        if let stackBytes { pthread_attr_setstacksize(&attributes, stackBytes) }
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let error = pthread_create(
            &thread, &attributes,
            { context in
                Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context)
        guard error == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return (nil, error)
        }
        return (thread, 0)
    }

    /// Ends the program with one line saying `what` could not start and why, and status 1. For
    /// a thread or process the program cannot do without: waiting for it would hang.
    public static func fail(_ what: String, _ error: Int32) -> Never {
        let line = "photozoom: cannot start \(what): \(reason(error))\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        _exit(1)
    }
}
