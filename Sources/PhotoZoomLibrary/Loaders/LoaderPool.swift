import Foundation
import PhotoZoomCore
import PhotoZoomLoaderInterface
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
    private var idle: [LoaderHandle] = []
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
    /// The threads a loader beside others must leave room for (`reserve(threads:)`).
    private var reserve = 0

    /// The `photozoom-loader` beside the running program (`photozoom`, or the tests' bundle):
    /// found by the path it was started by, links resolved, as CMake installs them side by side.
    public static var besideThisProgram: String {
        let running =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: running).deletingLastPathComponent().appendingPathComponent("photozoom-loader")
            .path
    }

    /// From now on, a loader starts beside others only with room left for `threads` threads:
    /// those of the window and its decoding that the program cannot do without, started after
    /// the loaders.
    public func reserve(threads: Int) {
        condition.withLock { reserve = threads }
    }

    /// Starts the first loaders now, before anything is read, so that their start overlaps the
    /// command's: its first decodes then find them ready. Each has the default memory: one
    /// started under another tuning is replaced at its first decode. Any that cannot start are
    /// left to `warmUp` and the first decodes.
    public func startEarly() {
        let memoryMiB = Int(LibraryLimits().loaderMemoryMiB)
        condition.lock()
        let wanted = most - started
        started += max(wanted, 0)
        condition.unlock()
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
    private func end(_ loader: LoaderHandle) -> Int32 {
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
            let loader: LoaderHandle
            switch checkOut(memoryMiB: Int(request.limits.loaderMemoryMiB)) {
            case .success(let taken): loader = taken
            case .failure(let error): return all(error)
            }
            let fd: Int32
            switch handing {
            case .file(let descriptor): fd = descriptor
            case .bytes(let blobs):
                guard let input = LoaderHandle.hand(blobs) else {
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
            if let late = LoaderWatch.awaitAnswer(from: loader, cpuSeconds: request.limits.loaderSeconds, photos: count)
            {
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

    private func checkOut(memoryMiB: Int) -> Result<LoaderHandle, DecodeFailure> {
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

    private func checkIn(_ loader: LoaderHandle) {
        condition.lock()
        idle.append(loader)
        condition.signal()
        condition.unlock()
    }

    /// Ends a loader and says why, in the words a placeholder's line gives; the next decode
    /// starts another in its place. Anything while the program ends is no fault of the photo's;
    /// what else is, and which the thumbnail cache records, `DecodeFailure.isRemembered` says.
    private func retire(_ loader: LoaderHandle, _ why: LoaderWatch.Ending) -> DecodeFailure {
        if case .noAnswer = why { LoaderWatch.awaitEnd(loader.pid) }
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

    /// A new loader, counted among those `stopAll` ends; none once it was called.
    private func launch(memoryMiB: Int) -> Result<LoaderHandle, DecodeFailure> {
        let (others, reserve) = condition.withLock { (running.count, self.reserve) }
        // A loader and its thread, with room to spare.
        if others > 0, reserve > 0, case let error = ProcessLimit.room(for: 2 + reserve), error != 0 {
            return .failure(reachedLimit(error))
        }
        let made = LoaderHandle.spawn(loader, memoryMiB: memoryMiB)
        if case .failure(.unavailable(let why)) = made, why == LoaderHandle.refusedByLimit {
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

}
