import Foundation
import PhotoZoomSDL

/// Ctrl-C while `run` runs: the window ends as a close ends it, and the program exits 130.
/// Before the window's events are set up (a large folder still listed), it ends at once.
final class Interrupt: @unchecked Sendable {
    private let lock = NSLock()
    private var caught = false
    private var source: DispatchSourceSignal?

    var happened: Bool { lock.withLock { caught } }

    static func catchCtrlC() -> Interrupt {
        let interrupt = Interrupt()
        // Ignored as a signal (SDL then leaves it alone), heard as a dispatch source.
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global(qos: .userInteractive))
        source.setEventHandler {
            interrupt.lock.withLock { interrupt.caught = true }
            if !AppWindow.postQuit() {
                LoaderPool.shared.stopAll()
                exit(130)
            }
        }
        source.resume()
        interrupt.source = source
        return interrupt
    }
}
