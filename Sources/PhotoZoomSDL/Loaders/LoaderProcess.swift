import CLoader
import CSDL2
import Foundation
import PhotoZoomCore

/// The loader's side: a `photozoom` started with `argument`, which decodes what the window's
/// process sends it until that process closes the socket, within an address-space limit set
/// before the first byte is read. A decoder's crash, or a bomb that runs it out of memory,
/// ends this process only.
public enum LoaderProcess {
    /// The argument that makes `photozoom` a loader; never typed by a person.
    public static let argument = "--photo-loader"
    /// The descriptor of its socket to the window's process.
    static let socket: Int32 = 3
    /// Names a file the loader fails on, and how (`SEGV` or `KILL` to crash, `HANG` to never
    /// answer, `OPEN` to try opening a file and say what happened): tests show that a decoder's
    /// crash or hang costs one placeholder and a new loader, and that it cannot open files.
    static let crashHook = "PHOTOZOOM_LOADER_CRASH"

    /// Whether the kernel took the system-call filter (`photozoom_restrict_syscalls`).
    private static var restricted = false

    /// Whether this process was started as a loader.
    public static var isLoader: Bool { CommandLine.arguments.count == 3 && CommandLine.arguments[1] == argument }

    /// Serves requests until the socket closes, then exits. The second argument is the memory
    /// allowed for decoding, in MiB, on top of what the process has mapped at the start.
    public static func serve() -> Never {
        serve(memoryMiB: Int(CommandLine.arguments[2]))
    }

    /// Serves on `socket` with `memoryMiB` for decoding: a loader started as its own program,
    /// or forked from the window's process before it had threads (`LoaderPool.forkEarly`).
    static func serve(memoryMiB: Int?) -> Never {
        watchParent()
        // Ctrl-C reaches the whole terminal's group: the window decides what it means, and a
        // loader stopped by it would count the photo it was decoding as broken.
        signal(SIGINT, SIG_IGN)
        // A decoder's crash ends the loader at once, by its signal, which the window reports:
        // not through Swift's crash handler, which a forked loader inherits and which would
        // try to start a backtracer the filter forbids.
        for fatal in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] { signal(fatal, SIG_DFL) }
        if let memoryMiB { limitAddressSpace(extraBytes: memoryMiB << 20) }
        // What needs a file opened or a library loaded is done before the filter forbids it:
        // SDL_image's format libraries.
        _ = ScaledDecoder.loadersReady
        restricted = photozoom_restrict_syscalls() == 0
        let crash = ProcessInfo.processInfo.environment[crashHook]?.split(separator: ":").map(String.init)
        while let (request, fd) = LoaderSocket.receive(LoaderRequest.self, on: socket) {
            if let crash, crash.count == 2, crash[0] == request.name {
                switch crash[1] {
                case "KILL": raise(SIGKILL)
                case "HANG": while true { pause() }
                case "OPEN":
                    // What a decoder that tried to open a file would meet.
                    let opened = open("/proc/self/status", O_RDONLY)
                    let said = opened >= 0 ? "opened a file" : "open: \(String(cString: strerror(errno)))"
                    _ = LoaderSocket.send(LoaderReply(failure: "\(said) (restricted: \(restricted))"), on: socket)
                    if opened >= 0 { close(opened) }
                    if fd >= 0 { close(fd) }
                    continue
                default: raise(SIGSEGV)
                }
            }
            let reply = decode(request, fd)
            if fd >= 0 { close(fd) }
            switch reply {
            case let .success(made):
                _ = LoaderSocket.send(made.reply, on: socket, fd: made.memory)
                close(made.memory)
            case let .failure(error):
                _ = LoaderSocket.send(LoaderReply(failure: error.description, isOverLimits: error.isOverLimits), on: socket)
            }
        }
        // Not exit(): a forked loader would flush the window's buffered output a second time.
        _exit(0)
    }

    /// Ends this process once the window's process is gone, even mid-decode (a decode that never
    /// ends would otherwise outlive it). Not PR_SET_PDEATHSIG: that fires when the thread that
    /// started the loader ends, and a decoding thread may end long before the window.
    /// It returns once the thread runs: a thread still starting when the system-call filter
    /// comes would meet it halfway through its set-up.
    private static func watchParent() {
        let parent = getppid()
        let running = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            running.signal()
            while getppid() == parent { sleep(1) }
            _exit(0)
        }
        running.wait()
    }

    /// RLIMIT_AS at what is mapped now (the runtime, its libraries and threads) and `extraBytes`.
    private static func limitAddressSpace(extraBytes: Int) {
        let mapped = (ProcessStatus.kibibytes("VmSize") ?? 0) << 10
        var limit = rlimit(rlim_cur: rlim_t(mapped + extraBytes), rlim_max: rlim_t(mapped + extraBytes))
        _ = setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit)
    }

    private struct Made {
        let reply: LoaderReply
        let memory: Int32
    }

    private static func decode(_ request: LoaderRequest, _ fd: Int32) -> Result<Made, SDLError> {
        guard fd >= 0, request.length > 0, request.length <= request.limits.maximumFileBytes else {
            return .failure(SDLError(message: "the loader was sent no bytes to decode"))
        }
        var bytes = Data(count: request.length)
        let read = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, request.length, 0) }
        guard read == request.length else { return .failure(SDLError(message: "it changed while it was read")) }
        if let expected = request.expected, case let .success(kind) = ImageKind.identify(bytes, named: request.name), kind != expected {
            return .failure(SDLError(message: "it is a \(kind.rawValue.uppercased()) where a \(expected.rawValue.uppercased()) belongs"))
        }
        let decoded = request.orientation.flatMap(ExifOrientation.init(rawValue:)).map {
            ScaledDecoder.decode(bytes, to: request.size, named: request.name, orientation: $0, limits: request.limits)
        } ?? ScaledDecoder.decode(bytes, to: request.size, named: request.name, limits: request.limits)
        // SDL's allocations fail at the address-space limit: the photo needs more than a loader
        // may have, which a person may raise.
        if case let .failure(error) = decoded, error.description.contains("Out of memory") {
            return .failure(SDLError(message: "decoding it needs more memory than a loader may have (library.loaderMemoryMiB)", isOverLimits: true))
        }
        return decoded.flatMap { image in
            defer { SDL_FreeSurface(image.surface) }
            return share(image)
        }
    }

    /// The image's rows in a memory file, the reply that describes them.
    private static func share(_ image: ScaledImage) -> Result<Made, SDLError> {
        let surface = image.surface.pointee
        let pitch = Int(surface.w) * 4, height = Int(surface.h), length = max(pitch * height, 1)
        let memory = photozoom_memfd("photozoom-pixels")
        guard memory >= 0, ftruncate(memory, off_t(length)) == 0,
              let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, memory, 0), mapped != MAP_FAILED else {
            let reason = String(cString: strerror(errno))
            if memory >= 0 { close(memory) }
            return .failure(SDLError(message: "the loader could not share its pixels: \(reason)", isOverLimits: true))
        }
        for y in 0..<height {
            memcpy(mapped + y * pitch, surface.pixels + y * Int(surface.pitch), pitch)
        }
        munmap(mapped, length)
        guard photozoom_seal(memory) == 0 else {
            let reason = String(cString: strerror(errno))
            close(memory)
            return .failure(SDLError(message: "the loader could not seal its pixels: \(reason)", isOverLimits: true))
        }
        return .success(Made(reply: LoaderReply(width: Int(surface.w), height: height, pitch: pitch, average: image.averageColor,
                                                originalSize: image.originalSize),
                             memory: memory))
    }
}
