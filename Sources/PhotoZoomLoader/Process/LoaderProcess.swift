import CLoader
import CTurboJPEG
import Foundation
import PhotoZoomCore
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// The loader's side: `photozoom-loader`, started by the window's loader pool, which decodes
/// what the window's process sends it until that process closes the socket, within an
/// address-space limit set before the first byte is read. A decoder's crash, or a bomb that runs
/// it out of memory, ends this process only.
public enum LoaderProcess {
    /// The descriptor of its socket to the window's process.
    static let socket = LoaderLaunch.socket

    /// Whether the kernel took the system-call filter (`photozoom_restrict_syscalls`).
    public private(set) static var isRestricted = false
    /// The steps of the sandbox that did not hold, said with every reply (`LoaderSandbox`).
    private static var sandboxGaps: [String] = []

    /// The memory for decoding, in MiB, that a loader's command line gives (`--photo-loader
    /// MIB`, as the pool starts it), when it has a socket to serve on; nil for anything else.
    public static func memoryMiB(from arguments: [String]) -> Int? {
        guard arguments.count == 3, arguments[1] == LoaderLaunch.argument, let memory = Int(arguments[2]),
            (1...(1 << 20)).contains(memory)
        else { return nil }
        var info = stat()
        guard fstat(socket, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK else { return nil }
        return memory
    }

    /// Serves on `socket` with `memoryMiB` for decoding, on top of what the process has mapped
    /// at the start, then exits. `misbehaviour`: a test-only loader's faults, never the shipped
    /// loader's.
    public static func serve(memoryMiB: Int, misbehaviour: LoaderMisbehaviour? = nil) -> Never {
        // While the process has one thread, as the kernel asks of a new user namespace.
        if photozoom_unshare() != 0 {
            sandboxGaps.append("the network, IPC and mount namespaces are shared: \(reason(errno))")
        }
        watchParent()
        // Ctrl-C reaches the whole terminal's group: the window decides what it means, and a
        // loader stopped by it would count the photo it was decoding as broken.
        signal(SIGINT, SIG_IGN)
        // A decoder's crash ends the loader at once, by its signal, which the window reports:
        // not through Swift's crash handler, which would try to start a backtracer the filter
        // forbids.
        for fatal in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] { signal(fatal, SIG_DFL) }
        if let failed = limitAddressSpace(extraBytes: memoryMiB << 20) {
            sandboxGaps.append("the address-space limit (library.loaderMemoryMiB) is not set: \(failed)")
        }
        // A second bound, from inside, on what it may put in files, which its address space
        // does not count: the one it may write is sealed at that size by the window already. A
        // write past it fails (EFBIG) rather than ending the loader.
        signal(SIGXFSZ, SIG_IGN)
        if let failed = limit(RLIMIT_FSIZE, to: memoryMiB << 20) {
            sandboxGaps.append("the memory-file limit is not set: \(failed)")
        }
        DecoderNotes.catchStandardError()
        // The one memory file it answers in, as the window made and sealed it.
        if !PixelArena.open() { sandboxGaps.append("no sealed memory file for pixels: \(reason(errno))") }
        isRestricted = photozoom_restrict_syscalls() == 0
        if !isRestricted { sandboxGaps.append("the system-call filter is not installed: \(reason(errno))") }
        warmUp()
        while let (request, fd) = LoaderSocket.receive(LoaderRequest.self, on: socket) {
            if let misbehaviour, misbehaviour.takeOver(request, bytes: fd, answer: answer) {
                if fd >= 0 { close(fd) }
                continue
            }
            var notes: [[String]] = []
            let decoded = request.items.map { item in
                defer { notes.append(DecoderNotes.take()) }
                return decode(item, fd, expected: request.expected, limits: request.limits)
            }
            if fd >= 0 { close(fd) }
            switch share(decoded, notes: notes, as: request.format) {
            case .success(var made):
                made.reply.sandboxGaps = sandboxGaps
                let sent = misbehaviour?.distort(made.reply, memory: made.memory, for: request)
                _ = LoaderSocket.send(sent?.reply ?? made.reply, on: socket, fd: sent?.memory ?? made.memory)
                PixelArena.trim()
            case .failure(let error): answer(LoaderReply(failure: error, count: request.items.count))
            }
        }
        // Nothing to flush, and nothing run at exit meets the filter.
        _exit(0)
    }

    /// Sends `reply`, with the sandbox's gaps, and no pixels.
    private static func answer(_ reply: LoaderReply) {
        var reply = reply
        reply.sandboxGaps = sandboxGaps
        _ = LoaderSocket.send(reply, on: socket)
    }

    /// Ends this process once the window's process is gone, even mid-decode (a decode that never
    /// ends would otherwise outlive it). Not PR_SET_PDEATHSIG: that fires when the thread that
    /// started the loader ends, and a decoding thread may end long before the window.
    /// It returns once the thread runs: a thread still starting when the system-call filter
    /// comes would meet it halfway through its set-up.
    private static func watchParent() {
        let parent = getppid()
        let running = DispatchSemaphore(value: 0)
        let error = ProcessLimit.startThread {
            running.signal()
            while getppid() == parent { sleep(1) }
            _exit(0)
        }
        // Its stderr is /dev/null: the status is how the window learns why it ended.
        guard error == 0 else { _exit(error == EAGAIN ? LoaderLaunch.noThreadStatus : 1) }
        running.wait()
    }

    /// Does, while the loader waits for its first request, what its first decodes would pay for
    /// (the memory file's pages, the heap's, libjpeg-turbo's first run): the first screen's
    /// previews cost as much as the rest. Memory the heap is given back stays with it.
    private static func warmUp() {
        _ = photozoom_keep_freed_heap(Int32(PixelArena.keptBytes))
        if let heap = malloc(PixelArena.keptBytes / 4) {
            memset(heap, 0, PixelArena.keptBytes / 4)
            free(heap)
        }
        if let arena = PixelArena.holding(2 << 20) { memset(arena.base, 0, arena.length) }
        guard let compressor = tjInitCompress() else { return }
        defer { tjDestroy(compressor) }
        let side: Int32 = 64
        var pixels = [UInt8](repeating: 128, count: Int(side * side * 4))
        var jpeg: UnsafeMutablePointer<UInt8>?
        var length: UInt = 0
        guard
            tjCompress2(
                compressor, &pixels, side, 0, side, Int32(TJPF_RGBA.rawValue), &jpeg, &length,
                Int32(TJSAMP_420.rawValue), 80, 0) == 0,
            let jpeg
        else { return }
        defer { tjFree(jpeg) }
        _ = ScaledDecoder.decode(Data(bytes: jpeg, count: Int(length)), to: .covering(PixelBox(width: 24, height: 24)))
    }

    /// RLIMIT_AS at what is mapped now (the runtime, its libraries and threads) and `extraBytes`;
    /// why not, when the kernel refuses it (a hard limit below it, for a process without the
    /// right to raise one).
    private static func limitAddressSpace(extraBytes: Int) -> String? {
        limit(RLIMIT_AS, to: ((ProcessStatus.kibibytes("VmSize") ?? 0) << 10) + extraBytes)
    }

    /// Sets `resource`'s soft and hard limits to `bytes`; why not, when the kernel refuses.
    private static func limit(_ resource: __rlimit_resource, to bytes: Int) -> String? {
        var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
        return setrlimit(__rlimit_resource_t(resource.rawValue), &limit) == 0 ? nil : reason(errno)
    }

    /// The system's words for `error`, as a line goes on: "operation not permitted".
    private static func reason(_ error: Int32) -> String {
        let text = String(cString: strerror(error))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    private struct Made {
        var reply: LoaderReply
        let memory: Int32
    }

    /// The longest failure an answer says: the first lines of a decoder's complaint.
    private static let failureCharacters = 400

    private static func decode(_ item: LoaderItem, _ fd: Int32, expected: ImageKind?, limits: LibraryLimits) -> Result<
        UprightPixels, DecodeFailure
    > {
        guard fd >= 0, item.offset >= 0, item.length > 0, item.length <= limits.maximumFileBytes else {
            return .failure(DecodeFailure.corrupt("the loader was sent no bytes to decode"))
        }
        var bytes = Data(count: item.length)
        let read = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, item.length, off_t(item.offset)) }
        guard read == item.length else { return .failure(DecodeFailure.corrupt("it changed while it was read")) }
        if let expected, case .success(let kind) = ImageKind.identify(bytes, named: item.name), kind != expected {
            return .failure(
                DecodeFailure.corrupt(
                    "it is a \(kind.rawValue.uppercased()) where a \(expected.rawValue.uppercased()) belongs"))
        }
        let decoded =
            item.orientation.flatMap(ExifOrientation.init(rawValue:)).map {
                ScaledDecoder.decode(bytes, to: item.size, named: item.name, orientation: $0, limits: limits)
            } ?? ScaledDecoder.decode(bytes, to: item.size, named: item.name, limits: limits)
        // SDL_image's allocations fail at the address-space limit: the photo needs more than a
        // loader may have, which a person may raise.
        if case .failure(let error) = decoded, error.description.contains("Out of memory") {
            return .failure(
                .overLimits("decoding it needs more memory than a loader may have (library.loaderMemoryMiB)"))
        }
        return decoded
    }

    /// The images' rows one after another in the loader's memory file, laid out as `layout`,
    /// and the reply that says where each is; the images are freed.
    private static func share(
        _ decoded: [Result<UprightPixels, DecodeFailure>], notes: [[String]], as layout: PixelLayout
    ) -> Result<Made, DecodeFailure> {
        var answers: [LoaderAnswer] = []
        var length = 0
        for result in decoded {
            switch result {
            case .success(let image):
                let pixels = image.pixels
                answers.append(
                    LoaderAnswer(
                        offset: length, width: pixels.width, height: pixels.height, pitch: pixels.pitch,
                        originalSize: image.originalSize))
                length += pixels.count
            case .failure(let error):
                // What the decoder printed says why it failed: it goes in the failure's one line.
                let said = ([error.description] + notes[answers.count]).joined(separator: "; ")
                answers.append(LoaderAnswer(failure: error.restated(String(said.prefix(failureCharacters)))))
                continue
            }
            answers[answers.count - 1].notes = notes[answers.count - 1]
        }
        guard let memory = PixelArena.holding(length) else {
            return .failure(.unavailable("the loader could not share its pixels: \(String(cString: strerror(errno)))"))
        }
        for (index, result) in decoded.enumerated() {
            guard case .success(let image) = result else { continue }
            let pixels = image.pixels
            let copied = PixelRows.copy(
                from: pixels.bytes, pitch: pixels.pitch, width: pixels.width, height: pixels.height,
                into: memory.base + answers[index].offset, as: layout)
            answers[index].isOpaque = copied.isOpaque
            answers[index].average = copied.average
        }
        return .success(Made(reply: LoaderReply(answers: answers), memory: memory.fd))
    }
}
