import CLoader
import Foundation
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// One loader as the window holds it: its process, the window's end of its socket, and the
/// memory file it answers in, which the window makes and seals before the loader starts.
final class LoaderHandle {
    let pid: pid_t
    let socket: Int32
    /// The memory it was started with, which only a new loader can change.
    let memoryMiB: Int
    /// The window's own descriptor of the memory file the loader answers in.
    let arena: Int32

    private init(pid: pid_t, socket: Int32, memoryMiB: Int, arena: Int32) {
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

    /// `spawn`'s word for EAGAIN.
    static let refusedByLimit = "the limit on processes is reached"

    /// `blobs`, one after another, in a memory file of their own, sealed before a loader sees it:
    /// it can read them, and can neither change them nor put more in the file. Nil (errno says
    /// why) if it cannot be made.
    static func hand(_ blobs: [Data]) -> Int32? {
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

    /// The memory file a loader with `memoryMiB` answers in, sealed at its length: pages are
    /// made only as the loader writes them, and it can put no more in the file than that.
    private static func makeArena(memoryMiB: Int) -> Int32? {
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
    static func spawn(_ path: String, memoryMiB: Int) -> Result<LoaderHandle, DecodeFailure> {
        guard let arena = makeArena(memoryMiB: memoryMiB) else {
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
            ProcessInfo.processInfo.environment.filter { $0.key.hasPrefix(LoaderPool.loaderVariables) }
            .map { "\($0.key)=\($0.value)" } + ["SWIFT_BACKTRACE=enable=no"]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, nil, &argv, &envp)
        close(ends[1])
        // The window's thread comes first: a loader's start and its decodes take the cores it
        // leaves (a Ctrl-C while the loaders start is answered as quickly as before them).
        if status == 0 { setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(pid), LoaderPool.loaderNiceness) }
        guard status == 0 else {
            close(ends[0])
            close(arena)
            if status == EAGAIN { return .failure(.unavailable(refusedByLimit)) }
            return .failure(.unavailable("cannot start a loader ('\(path)'): \(String(cString: strerror(status)))"))
        }
        return .success(LoaderHandle(pid: pid, socket: ends[0], memoryMiB: memoryMiB, arena: arena))
    }
}
