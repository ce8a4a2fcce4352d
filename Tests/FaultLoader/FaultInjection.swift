import CFaultLoader
import Foundation
import PhotoZoomLoader
import PhotoZoomLoaderInterface

/// The faults `PHOTOZOOM_LOADER_CRASH=NAME:HOW` asks for when the loader is handed the photo
/// NAME: `SEGV` or `KILL` to crash, `KILLONCE` to be killed the first time any loader is
/// handed it and decode it after (the loaders share a flag in the file
/// `PHOTOZOOM_LOADER_ONCE` names), `HANG` to never answer using no CPU (a stopped loader),
/// `SPIN` to never answer using all it can, `OPEN` to try opening a file and say what happened,
/// `PROBE` to try everything else the sandbox forbids and say what happened; `LARGER`, `SHORT`,
/// `PIPE` or `COUNT` to answer falsely.
struct FaultInjection: LoaderMisbehaviour {
    static let variable = "PHOTOZOOM_LOADER_CRASH"
    static let onceVariable = "PHOTOZOOM_LOADER_ONCE"

    let name: String?
    let how: String?
    /// `KILLONCE`'s flag, raised by the loader that was killed.
    let once: UnsafeMutablePointer<Int32>?

    init(_ environment: [String: String]) {
        let parts = environment[Self.variable]?.split(separator: ":").map(String.init) ?? []
        name = parts.count == 2 ? parts[0] : nil
        how = parts.count == 2 ? parts[1] : nil
        once = how == "KILLONCE" ? environment[Self.onceVariable].flatMap { fault_shared_flag($0) } : nil
    }

    private func applies(to request: LoaderRequest) -> Bool { request.items.contains { $0.name == name } }

    func takeOver(_ request: LoaderRequest, bytes: Int32, answer: (LoaderReply) -> Void) -> Bool {
        guard applies(to: request) else { return false }
        switch how {
        case "KILL":
            raise(SIGKILL)
            return true
        case "KILLONCE":
            guard let once, fault_first(once) != 0 else { return false }
            raise(SIGKILL)
            return true
        case "HANG": while true { pause() }
        case "SPIN":
            fault_spin()
            return true
        case "SEGV":
            raise(SIGSEGV)
            return true
        case "OPEN":
            // What a decoder that tried to open a file would meet.
            let opened = open("/proc/self/status", O_RDONLY)
            let said = opened >= 0 ? "opened a file" : "open: \(String(cString: strerror(errno)))"
            answer(
                LoaderReply(
                    failure: .corrupt("\(said) (restricted: \(LoaderProcess.isRestricted))"),
                    count: request.items.count))
            if opened >= 0 { close(opened) }
            return true
        case "PROBE":
            answer(LoaderReply(failure: .corrupt(Self.probe(bytes: bytes)), count: request.items.count))
            return true
        default: return false
        }
    }

    /// Pixels larger than asked for, past the end of the memory file, in a pipe rather than a
    /// file, or a count of answers that is not the request's.
    func distort(_ reply: LoaderReply, memory: Int32, for request: LoaderRequest) -> (
        reply: LoaderReply, memory: Int32
    ) {
        var reply = reply
        guard applies(to: request), let first = reply.answers.indices.first(where: { reply.answers[$0].failure == nil })
        else { return (reply, memory) }
        switch how {
        case "LARGER":
            reply.answers[first].width *= 4
            reply.answers[first].pitch *= 4
        case "SHORT":
            var info = stat()
            reply.answers[first].offset += fstat(memory, &info) == 0 ? Int(info.st_size) : 1 << 30
        case "COUNT": reply.answers.append(reply.answers[first])
        case "PIPE":
            var ends: [Int32] = [0, 0]
            _ = pipe(&ends)
            return (reply, ends[0])
        default: break
        }
        return (reply, memory)
    }

    /// A memory file the loader may write (the one it answers in), found as a decoder taken
    /// over would find it: among its descriptors.
    static func writableFile() -> Int32? {
        (3..<64).map(Int32.init).first { fd in
            var info = stat()
            return fstat(fd, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && fcntl(fd, F_GETFL) & O_ACCMODE == O_RDWR
        }
    }

    /// Writes a byte just past the end of `file`.
    private static func grow(_ file: Int32) -> Int {
        var info = stat()
        guard fstat(file, &info) == 0 else { return -1 }
        return pwrite(file, "x", 1, info.st_size)
    }

    /// The seals `file` has, by name ("none" for none, the system's words where it has none to have).
    private static func seals(of file: Int32) -> String {
        let seals = fault_seals(file)
        guard seals >= 0 else { return String(cString: strerror(errno)) }
        let names = [(1, "seal"), (2, "shrink"), (4, "grow"), (8, "write")].filter { seals & $0.0 != 0 }.map(\.1)
        return names.isEmpty ? "none" : names.joined(separator: " ")
    }

    /// What a decoder taken over would try, each attempt's outcome in the system's words:
    /// signalling the window, a socket, another memory file, growing its own past its limit,
    /// writing into the bytes it was handed, starting a program or a process; and the seals of
    /// its files and the environment's names it sees.
    static func probe(bytes: Int32) -> String {
        func outcome(_ result: Int) -> String { result < 0 ? String(cString: strerror(errno)) : "done" }
        let window = getppid()
        var said = [
            "kill: " + outcome(Int(kill(window, 0))),
            "tgkill: " + outcome(fault_tgkill(window, window, 0)),
            "socket: " + outcome(Int(socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0))),
            "memfd: " + outcome(fault_memfd_create("more")),
            "grow: " + outcome(grow(writableFile() ?? bytes)),
            "seals: " + seals(of: writableFile() ?? -1),
            "handed: " + outcome(pwrite(bytes, "x", 1, 0)),
            "handed seals: " + seals(of: bytes),
        ]
        let program = "/bin/true"
        let started = program.withCString { path in
            var argv: [UnsafeMutablePointer<CChar>?] = [strdup(path), nil]
            defer { free(argv[0]) }
            return Int(execv(path, &argv))
        }
        said.append("exec: " + outcome(started))
        let child = fork()
        if child == 0 { _exit(0) }
        said.append("fork: " + outcome(Int(child)))
        said.append("environment: " + ProcessInfo.processInfo.environment.keys.sorted().joined(separator: " "))
        return said.joined(separator: "; ")
    }
}
