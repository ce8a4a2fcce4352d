import Foundation
import PhotoZoomLibrary
import PhotoZoomLoaderInterface
import PhotoZoomSDL

/// The pipe Ctrl-C's handler writes a byte to: all a signal handler may safely do.
private var interruptPipe: Int32 = -1

/// Ctrl-C while `run` runs: the window ends as a close ends it, and the program exits 130.
/// Before the window's events are set up (a large folder still listed), it ends at once; so
/// does a second Ctrl-C while the window closes. The handler is in place when `catchCtrlC`
/// returns: a dispatch source took SIGINT over only once its queue got round to it, and a
/// Ctrl-C in between, early in a run, was lost (the window then ran on). Before it, SIGINT does
/// what the program was started with: its default ends the program, and in a job a script put
/// in the background (`&`, which the shell starts with SIGINT ignored) the kernel drops it. The
/// handler takes SIGINT over from either, so the run is interrupted from then on.
final class Interrupt: @unchecked Sendable {
    private let lock = NSLock()
    private var caught = false

    var happened: Bool { lock.withLock { caught } }

    static func catchCtrlC() -> Interrupt {
        let interrupt = Interrupt()
        var ends: [Int32] = [0, 0]
        // Without a pipe the signal keeps its default: Ctrl-C ends the program at once.
        guard pipe(&ends) == 0 else { return interrupt }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let reading = ends[0]
        let error = ProcessLimit.startThread {
            var byte: UInt8 = 0
            while true {
                let n = read(reading, &byte, 1)
                if n < 0, errno == EINTR { continue }
                guard n == 1 else { return }
                let again = interrupt.lock.withLock { () -> Bool in
                    defer { interrupt.caught = true }
                    return interrupt.caught
                }
                if again || !AppWindow.postQuit() {
                    LoaderPool.shared.stopAll()
                    // Not exit(): its handlers (libX11's frees its lock) would run under the
                    // main thread, which may be inside SDL_Init opening the display.
                    _exit(130)
                }
            }
        }
        // With no thread to read it (the limit on processes reached), the default stays.
        guard error == 0 else {
            close(ends[0])
            close(ends[1])
            return interrupt
        }
        interruptPipe = ends[1]
        // Not SIG_DFL, so SDL installs no handler of its own over it.
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            var byte: UInt8 = 3
            _ = write(interruptPipe, &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        _ = sigaction(SIGINT, &action, nil)
        return interrupt
    }
}
