import Foundation
import PhotoZoomLoader

/// The faults `PHOTOZOOM_LOADER_CRASH=NAME:HOW` asks for when the loader is handed the photo
/// NAME: `SEGV` or `KILL` to crash, `HANG` to never answer, `OPEN` to try opening a file and
/// say what happened; `LARGER`, `SHORT`, `PIPE` or `COUNT` to answer falsely.
struct FaultInjection: LoaderMisbehaviour {
    static let variable = "PHOTOZOOM_LOADER_CRASH"

    let name: String?
    let how: String?

    init(_ environment: [String: String]) {
        let parts = environment[Self.variable]?.split(separator: ":").map(String.init) ?? []
        name = parts.count == 2 ? parts[0] : nil
        how = parts.count == 2 ? parts[1] : nil
    }

    private func applies(to request: LoaderRequest) -> Bool { request.items.contains { $0.name == name } }

    func takeOver(_ request: LoaderRequest, bytes: Int32, answer: (LoaderReply) -> Void) -> Bool {
        guard applies(to: request) else { return false }
        switch how {
        case "KILL":
            raise(SIGKILL)
            return true
        case "HANG": while true { pause() }
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
}
