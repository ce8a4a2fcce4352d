import CLoader
import Foundation
import PhotoZoomCore
import PhotoZoomLoader
import PhotoZoomUntrusted

/// The loader processes every decode of untrusted bytes runs in: one per core, each a
/// `photozoom-loader` (`LoaderProcess`), with an address-space limit and a budget of CPU time
/// per photo. A loader that crashes, is killed by its limit or spends its budget costs that one
/// photo (its line says which) and is replaced at the next decode. Pixels come back in a memory
/// file, read here once into the pixels the caller owns. Safe to call from any
/// thread; a caller waits while every loader is busy.
public final class LoaderPool: @unchecked Sendable {
    /// The pool every decode uses.
    public static let shared = LoaderPool()

    /// The loader program every loader of this pool is.
    let loader: String

    /// A pool whose loaders are `loader` (the `photozoom-loader` beside this program unless said).
    public init(loader: String = LoaderPool.besideThisProgram) { self.loader = loader }

    private let condition = NSCondition()
    private var idle: [Loader] = []
    private var started = 0
    /// Every loader started and not yet ended, whether idle or decoding.
    private var running: Set<pid_t> = []
    /// Set by `stopAll`: what ends now is the program's doing, not the photo's.
    private var stopping = false
    /// Where what the decoders print goes: standard error until the window sends it to its log.
    public let decoderNotes = DecoderNotes.Log()
    /// The steps of the loaders' sandbox that did not hold, as they said them.
    public let sandbox = LoaderSandbox()
    /// How many loaders run at most: one a core.
    public let processes = max(ProcessInfo.processInfo.activeProcessorCount, 1)
    /// How many run at most now: `processes`, or as many as were running when the limit on
    /// processes kept another from starting.
    private lazy var most = processes
    /// The threads a loader beside others must leave room for (`startEarly`).
    private var reserve = 0

    /// One loader: its process, the window's end of its socket, and the memory file it answers in.
    private final class Loader {
        let pid: pid_t
        let socket: Int32
        /// The memory it was started with, which only a new loader can change.
        let memoryMiB: Int
        /// The window's own descriptor of the memory file the loader answers in.
        let arena: Int32
        init(pid: pid_t, socket: Int32, memoryMiB: Int, arena: Int32) {
            self.pid = pid
            self.socket = socket
            self.memoryMiB = memoryMiB
            self.arena = arena
        }
        deinit { close(arena) }

        /// Whether `memory`, the file a reply came with, is the loader's own arena: pixels are
        /// read from no other.
        func answersIn(_ memory: Int32) -> Bool {
            var theirs = stat()
            var ours = stat()
            return memory >= 0 && fstat(memory, &theirs) == 0 && fstat(arena, &ours) == 0
                && theirs.st_dev == ours.st_dev && theirs.st_ino == ours.st_ino
        }
    }

    /// `blobs`, one after another, in a memory file of their own, sealed before a loader sees it:
    /// it can read them, and can neither change them nor put more in the file. Nil (errno says
    /// why) if it cannot be made.
    private static func hand(_ blobs: [Data]) -> Int32? {
        let file = photozoom_memfd("photozoom-bytes")
        guard file >= 0 else { return nil }
        var offset = 0
        for blob in blobs {
            guard blob.withUnsafeBytes({ pwrite(file, $0.baseAddress, $0.count, off_t(offset)) }) == blob.count else {
                close(file)
                return nil
            }
            offset += blob.count
        }
        let seals = photozoom_seal_seal | photozoom_seal_shrink | photozoom_seal_grow
        guard photozoom_add_seals(file, Int32(seals | photozoom_seal_write)) == 0 else {
            close(file)
            return nil
        }
        return file
    }

    /// The `photozoom-loader` beside the running program (`photozoom`, or the tests' bundle):
    /// found by the path it was started by, links resolved, as CMake installs them side by side.
    public static var besideThisProgram: String {
        let running =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: running).deletingLastPathComponent().appendingPathComponent("photozoom-loader")
            .path
    }

    /// Starts the first loaders now, before the window is made, so that their start overlaps
    /// its: the opening's previews then find them ready. Each has the default memory: one
    /// started under another tuning is replaced at its first decode. Any that cannot start are
    /// left to `warmUp` and the first decodes. From now on, a loader starts beside others only
    /// with room left for `reserve` threads: those of the window and its decoding that the
    /// program cannot do without, started after the loaders.
    public func startEarly(reserving reserve: Int) {
        let memoryMiB = Int(LibraryLimits().loaderMemoryMiB)
        condition.lock()
        let wanted = most - started
        started += max(wanted, 0)
        condition.unlock()
        condition.withLock { self.reserve = reserve }
        for _ in 0..<max(wanted, 0) {
            let made = launch(memoryMiB: memoryMiB)
            condition.lock()
            if case .success(let loader) = made { idle.append(loader) } else { started -= 1 }
            condition.broadcast()
            condition.unlock()
            guard case .success = made else { return }
        }
    }

    /// Starts every loader in the background, so the first decodes do not wait for them.
    public func warmUp(limits: LibraryLimits) {
        condition.lock()
        let wanted = most - started
        started += max(wanted, 0)
        condition.unlock()
        for _ in 0..<max(wanted, 0) {
            // Not on Dispatch's pool, which waits for ever for a thread the limit on processes
            // refuses; a loader not started here starts at a decode.
            let error = ProcessLimit.startThread {
                let made = self.launch(memoryMiB: Int(limits.loaderMemoryMiB))
                self.condition.lock()
                if case .success(let loader) = made { self.idle.append(loader) } else { self.started -= 1 }
                self.condition.broadcast()
                self.condition.unlock()
            }
            if error != 0 {
                condition.lock()
                started -= 1
                condition.broadcast()
                condition.unlock()
            }
        }
    }

    /// Ends the loaders not decoding now (each exits when its socket closes); the next decodes
    /// start new ones, which read the environment afresh.
    public func stopIdle() {
        condition.lock()
        let ending = idle
        idle.removeAll()
        started -= ending.count
        condition.broadcast()
        condition.unlock()
        ending.forEach { end($0) }
    }

    /// Ends a loader (killed, whatever it was doing) and reaps it; its wait status. It leaves
    /// `running` first, so that `stopAll` never signals a process id reaped and reused.
    @discardableResult
    private func end(_ loader: Loader) -> Int32 {
        condition.lock()
        running.remove(loader.pid)
        condition.unlock()
        kill(loader.pid, SIGKILL)
        close(loader.socket)
        var status: Int32 = 0
        while waitpid(loader.pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    /// Why a decode failed while the program ends: no fault of the photo's, so no cache records it.
    private static let stopped = DecodeFailure.shuttingDown

    /// The loaders' process ids: tests look at what the kernel says of them.
    public var processIDs: [pid_t] { condition.withLock { Array(running) } }

    /// Ends every loader at once, decoding or not, as the program ends: a decode in progress
    /// fails without counting against its photo, and none starts after.
    public func stopAll() {
        condition.lock()
        stopping = true
        for pid in running { kill(pid, SIGKILL) }
        condition.broadcast()
        condition.unlock()
    }

    /// The image in `file`, decoded at `size` by a loader, in `format`.
    public func decode(
        _ file: UntrustedFile, name: String, to size: ScaledSize, expected: ImageKind? = nil, limits: LibraryLimits,
        format: PixelLayout = .rgba
    ) -> Result<ScaledImage, DecodeFailure> {
        decode(
            LoaderRequest(
                items: [LoaderItem(name: name, length: file.bytes, size: size, orientation: nil)], expected: expected,
                limits: limits, format: format),
            in: .file(file.descriptor))[0]
    }

    /// Images in memory, such as embedded previews read from their photos.
    public struct Bytes {
        let bytes: Data
        let name: String
        let size: ScaledSize
        /// The photo's turn, which a preview has none of its own to say.
        let orientation: ExifOrientation
    }

    /// `bytes` (an embedded preview, read from its photo), decoded by a loader, turned by `orientation`.
    public func decode(
        _ bytes: Data, name: String, to size: ScaledSize, orientation: ExifOrientation, expected: ImageKind?,
        limits: LibraryLimits,
        format: PixelLayout = .rgba
    ) -> Result<ScaledImage, DecodeFailure> {
        decode(
            [Bytes(bytes: bytes, name: name, size: size, orientation: orientation)], expected: expected, limits: limits,
            format: format)[0]
    }

    /// Each of `images` decoded, by one loader, with one message each way (up to
    /// `LoaderRequest.maximumItems` at a time). Where the loader crashed or ran past its time,
    /// each is decoded again alone, so only the one at fault fails.
    public func decode(_ images: [Bytes], expected: ImageKind?, limits: LibraryLimits, format: PixelLayout = .rgba)
        -> [Result<
            ScaledImage, DecodeFailure
        >]
    {
        guard !images.isEmpty else { return [] }
        guard images.count <= LoaderRequest.maximumItems else {
            return stride(from: 0, to: images.count, by: LoaderRequest.maximumItems).flatMap {
                decode(
                    Array(images[$0..<min($0 + LoaderRequest.maximumItems, images.count)]), expected: expected,
                    limits: limits, format: format)
            }
        }
        var offset = 0
        let items = images.map { image in
            defer { offset += image.bytes.count }
            return LoaderItem(
                name: image.name, offset: offset, length: image.bytes.count, size: image.size,
                orientation: image.orientation.rawValue)
        }
        let decoded = decode(
            LoaderRequest(items: items, expected: expected, limits: limits, format: format),
            in: .bytes(images.map(\.bytes)))
        guard images.count > 1, case .failure(let error) = decoded[0], error.endedLoader else { return decoded }
        return images.map { decode([$0], expected: expected, limits: limits, format: format)[0] }
    }

    /// Where a request's bytes are: a file the window opened, or bytes it holds, which go in the
    /// loader's own memory file, one after another.
    private enum Handing {
        case file(Int32)
        case bytes([Data])
    }

    /// `request`, with the bytes it names `in` a file or memory, run by the next free loader: an
    /// image or a failure for each of its items. A loader found dead before it took the request
    /// (ended while idle) is replaced once.
    private func decode(_ request: LoaderRequest, in handing: Handing) -> [Result<ScaledImage, DecodeFailure>] {
        let count = request.items.count
        func all(_ error: DecodeFailure) -> [Result<ScaledImage, DecodeFailure>] {
            Array(repeating: .failure(error), count: count)
        }
        var attempt = 0
        while attempt < 2 {
            attempt += 1
            let loader: Loader
            switch checkOut(memoryMiB: Int(request.limits.loaderMemoryMiB)) {
            case .success(let taken): loader = taken
            case .failure(let error): return all(error)
            }
            let fd: Int32
            switch handing {
            case .file(let descriptor): fd = descriptor
            case .bytes(let blobs):
                guard let input = Self.hand(blobs) else {
                    checkIn(loader)
                    return all(.unavailable("cannot hand it to a loader: \(String(cString: strerror(errno)))"))
                }
                fd = input
            }
            let sent = LoaderSocket.send(request, on: loader.socket, fd: fd)
            if case .bytes = handing { close(fd) }
            guard sent else {
                let ended = retire(loader, .unusable)
                if ended == Self.atLimit { attempt -= 1 }
                if attempt == 1, ended != .shuttingDown { continue }
                return all(ended)
            }
            if let late = awaitAnswer(from: loader, cpuSeconds: request.limits.loaderSeconds, photos: count) {
                return all(retire(loader, late))
            }
            guard let (reply, memory) = LoaderSocket.receive(LoaderReply.self, on: loader.socket) else {
                let ended = retire(loader, .noAnswer)
                // A loader the limit kept from starting its thread: the request goes to another.
                if ended == Self.atLimit {
                    attempt -= 1
                    continue
                }
                return all(ended)
            }
            for gap in sandbox.note(reply.sandboxGaps) {
                decoderNotes.say("photozoom: loader sandbox: \(gap); photos are decoded without it")
            }
            defer { if memory >= 0 { close(memory) } }
            // Read before the loader is handed its next request, which it answers in the same file.
            guard reply.answers.count == count, memory < 0 || loader.answersIn(memory),
                let images = ReplyPictures.read(reply, in: loader.arena, asked: request)
            else {
                return all(retire(loader, .badAnswer))
            }
            checkIn(loader)
            for (answer, item) in zip(reply.answers, request.items) {
                decoderNotes.tell(answer.notes, about: item.name)
            }
            return images
        }
        return all(.unavailable("no loader would take it"))
    }

    private func checkOut(memoryMiB: Int) -> Result<Loader, DecodeFailure> {
        condition.lock()
        while idle.isEmpty && started >= most && !stopping { condition.wait() }
        guard !stopping else {
            condition.unlock()
            return .failure(Self.stopped)
        }
        if let loader = idle.popLast() {
            condition.unlock()
            guard loader.memoryMiB != memoryMiB else { return .success(loader) }
            end(loader)
        } else {
            started += 1
            condition.unlock()
        }
        let made = launch(memoryMiB: memoryMiB)
        if case .failure(let error) = made {
            condition.lock()
            started -= 1
            condition.broadcast()
            condition.unlock()
            // One of those running takes it, once free.
            if error == Self.atLimit { return checkOut(memoryMiB: memoryMiB) }
        }
        return made
    }

    private func checkIn(_ loader: Loader) {
        condition.lock()
        idle.append(loader)
        condition.signal()
        condition.unlock()
    }

    /// How long a loader may go without answering, on the clock, for a request of `cpuSeconds`
    /// of CPU time: many times that, and more, so that only a loader that cannot run (stopped,
    /// frozen, or kept from every core) meets it, never one sharing a busy machine.
    static func hangGuard(cpuSeconds: Double) -> Double { cpuSeconds * 20 + 10 }

    /// Waits for `loader` to answer while it spends at most `cpuSeconds` of its own CPU time,
    /// user and system, on each of the request's `photos`: a loader waiting for a core, sharing
    /// one with another big photo or stopped spends none, so only the decode's own work counts
    /// against a photo. Nil once it answers (or closes its socket); else why it is ended.
    private func awaitAnswer(from loader: Loader, cpuSeconds: Double, photos: Int) -> Ending? {
        let budget = cpuSeconds * Double(photos)
        let guardSeconds = Self.hangGuard(cpuSeconds: budget)
        let started = DispatchTime.now().uptimeNanoseconds
        let startedCPU = Self.cpuSeconds(of: loader.pid)
        var ready = pollfd(fd: loader.socket, events: Int16(POLLIN), revents: 0)
        while true {
            let waited = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            // A loader whose clock cannot be read (none to be had) is held to the clock instead.
            let spent = startedCPU.flatMap { first in Self.cpuSeconds(of: loader.pid).map { $0 - first } } ?? waited
            if spent >= budget { return .timedOut(cpuSeconds) }
            if waited >= guardSeconds { return .stalled(guardSeconds) }
            // One thread spends CPU time no faster than the clock runs, so the time left is a wait
            // that cannot overshoot it; a look at least every tenth of a second bounds what a
            // decoder of several threads overshoots by.
            let slice = min(budget - spent, guardSeconds - waited, 0.1)
            let polled = poll(&ready, 1, max(Int32((slice * 1000).rounded(.up)), 1))
            // An error other than a signal's is left to the read that follows to find.
            if polled > 0 || polled < 0 && errno != EINTR { return nil }
        }
    }

    /// The CPU time process `pid` has used, all its threads, user and system; nil where its
    /// clock cannot be read.
    private static func cpuSeconds(of pid: pid_t) -> Double? {
        var clock = clockid_t()
        var now = timespec()
        guard clock_getcpuclockid(pid, &clock) == 0, clock_gettime(clock, &now) == 0 else { return nil }
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Why a loader is ended while a decode has it.
    private enum Ending {
        /// It was found dead before it took the request.
        case unusable
        /// It spent its CPU time on the request: this many seconds a photo.
        case timedOut(Double)
        /// It gave no answer for this many seconds on the clock with CPU time left.
        case stalled(Double)
        /// It closed its socket without answering: it crashed, or was killed.
        case noAnswer
        /// Its answer did not describe its pixels: a hostile file may have taken it over.
        case badAnswer
    }

    /// Ends a loader and says why, in the words a placeholder's line gives; the next decode
    /// starts another in its place. Anything while the program ends is no fault of the photo's;
    /// what else is, and which the thumbnail cache records, `DecodeFailure.isRemembered` says.
    private func retire(_ loader: Loader, _ why: Ending) -> DecodeFailure {
        if case .noAnswer = why { Self.awaitEnd(loader.pid) }
        let status = end(loader)
        condition.lock()
        started -= 1
        let stopped = stopping
        condition.broadcast()
        condition.unlock()
        if stopped { return Self.stopped }
        switch why {
        case .unusable:
            if status & 0x7F == 0, (status >> 8) & 0xFF == LoaderLaunch.noThreadStatus { return reachedLimit(EAGAIN) }
            return .unavailable("its loader had ended")
        case .timedOut(let budget): return .timedOut(seconds: budget)
        case .stalled(let waited): return .stalled(seconds: waited)
        case .badAnswer: return .badAnswer
        case .noAnswer:
            // WIFSIGNALED and WTERMSIG, which Swift cannot import: the low seven bits are the signal.
            let signal = status & 0x7F
            guard signal != 0, signal != 0x7F else {
                let code = (status >> 8) & 0xFF
                guard code == LoaderLaunch.noThreadStatus else { return .exited(status: code) }
                return reachedLimit(EAGAIN)
            }
            return .crashed(signal: signal, name: strsignal(signal).map { String(cString: $0) } ?? "signal")
        }
    }

    /// Gives a loader that closed its socket a moment to finish ending, so its own end (a
    /// crash's signal) is what is reported, not the kill that follows.
    private static func awaitEnd(_ pid: pid_t) {
        var info = siginfo_t()
        for _ in 0..<100 {
            // WEXITED | WNOHANG | WNOWAIT: whether it has ended, leaving it to be reaped.
            if waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0, info._sifields._sigchld.si_pid == pid
            {
                return
            }
            usleep(1000)
        }
    }

    /// A new loader, counted among those `stopAll` ends; none once it was called.
    private func launch(memoryMiB: Int) -> Result<Loader, DecodeFailure> {
        let (others, reserve) = condition.withLock { (running.count, self.reserve) }
        // A loader and its thread, with room to spare.
        if others > 0, reserve > 0, case let error = ProcessLimit.room(for: 2 + reserve), error != 0 {
            return .failure(reachedLimit(error))
        }
        let made = Self.spawn(loader, memoryMiB: memoryMiB)
        if case .failure(.unavailable(let why)) = made, why == Self.refusedByLimit {
            return .failure(reachedLimit(EAGAIN))
        }
        guard case .success(let loader) = made else { return made }
        condition.lock()
        running.insert(loader.pid)
        let stopped = stopping
        condition.unlock()
        guard !stopped else {
            kill(loader.pid, SIGKILL)
            end(loader)
            return .failure(Self.stopped)
        }
        return made
    }

    /// What a decode is told when the limit on processes kept a loader from starting and others
    /// run: it waits for one of them instead.
    private static let atLimit = DecodeFailure.unavailable("no loader could start")
    /// `spawn`'s word for EAGAIN.
    private static let refusedByLimit = "the limit on processes is reached"

    /// No more loaders than run now, said once; with none running, nothing could decode, and
    /// the program ends with the limit's one line rather than wait for ever.
    private func reachedLimit(_ error: Int32) -> DecodeFailure {
        condition.lock()
        let others = running.count
        guard others > 0 else {
            condition.unlock()
            ProcessLimit.fail("a loader", error)
        }
        let first = most == processes
        most = min(most, others)
        condition.broadcast()
        condition.unlock()
        if first {
            decoderNotes.say(
                "photozoom: \(others) of \(processes) loaders decode: \(ProcessLimit.reason(error))")
        }
        return Self.atLimit
    }

    /// The start of the names of the environment's variables a loader is handed: its own.
    public static let loaderVariables = "PHOTOZOOM_LOADER_"

    /// How much less a loader's claim on a core is than the window's (nice(1)'s scale).
    public static let loaderNiceness: Int32 = 5

    /// The memory file a loader with `memoryMiB` answers in, sealed at its length: pages are
    /// made only as the loader writes them, and it can put no more in the file than that.
    private static func arena(memoryMiB: Int) -> Int32? {
        guard let file = clearOfLaunch(photozoom_memfd("photozoom-pixels")) else { return nil }
        let seals = photozoom_seal_seal | photozoom_seal_shrink | photozoom_seal_grow
        guard ftruncate(file, off_t(LoaderLaunch.arenaBytes(memoryMiB: memoryMiB))) == 0,
            photozoom_add_seals(file, Int32(seals)) == 0
        else {
            close(file)
            return nil
        }
        return file
    }

    /// `fd`, moved above the descriptors a loader is started with where it is one of them:
    /// otherwise putting one in its place would close another before it is moved (the memory
    /// file made as descriptor 3 in a program with few open, the socket then put on 3).
    private static func clearOfLaunch(_ fd: Int32) -> Int32? {
        guard fd >= 0 else { return nil }
        guard fd <= LoaderLaunch.arena else { return fd }
        let moved = fcntl(fd, F_DUPFD_CLOEXEC, LoaderLaunch.arena + 1)
        close(fd)
        return moved >= 0 ? moved : nil
    }

    /// A loader process, the program at `path`, with `memoryMiB` for decoding, its socket on
    /// descriptor 3 and its memory file on 4.
    private static func spawn(_ path: String, memoryMiB: Int) -> Result<Loader, DecodeFailure> {
        guard let arena = arena(memoryMiB: memoryMiB) else {
            return .failure(.unavailable("cannot make a loader's memory file: \(String(cString: strerror(errno)))"))
        }
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0,
            let theirs = clearOfLaunch(ends[1])
        else {
            close(arena)
            return .failure(.unavailable("cannot start a loader: \(String(cString: strerror(errno)))"))
        }
        ends[1] = theirs
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], LoaderLaunch.socket)
        posix_spawn_file_actions_adddup2(&actions, arena, LoaderLaunch.arena)
        // Nothing of the user's terminal: a loader taken over could otherwise write escapes to
        // it (a title, colours) or read what is typed. A decoder's own messages (libpng's
        // warnings) are caught by the loader and come back with its answer.
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Nothing else of the window's goes with it: a descriptor another thread has open at this
        // moment without close-on-exec (SDL's pipe from dbus-launch) would otherwise stay open in
        // the loader, and the window would wait forever for its end.
        posix_spawn_file_actions_addclosefrom_np(&actions, LoaderLaunch.arena + 1)
        let arguments = [path, LoaderLaunch.argument, String(memoryMiB)]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // None of the user's environment (their home, display, tokens) but the loader's own
        // variables; a loader's crash is told in one line by the window, and Swift's backtrace
        // of it is noise.
        let environment =
            ProcessInfo.processInfo.environment.filter { $0.key.hasPrefix(Self.loaderVariables) }
            .map { "\($0.key)=\($0.value)" } + ["SWIFT_BACKTRACE=enable=no"]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, nil, &argv, &envp)
        close(ends[1])
        // The window's thread comes first: a loader's start and its decodes take the cores it
        // leaves (a Ctrl-C while the loaders start is answered as quickly as before them).
        if status == 0 { setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(pid), loaderNiceness) }
        guard status == 0 else {
            close(ends[0])
            close(arena)
            if status == EAGAIN { return .failure(.unavailable(refusedByLimit)) }
            return .failure(.unavailable("cannot start a loader ('\(path)'): \(String(cString: strerror(status)))"))
        }
        return .success(Loader(pid: pid, socket: ends[0], memoryMiB: memoryMiB, arena: arena))
    }
}
