import ArgumentParser
import CLoader
import Foundation
import PhotoZoomLibrary
import PhotoZoomLoaderInterface
import PhotoZoomSDL
import PhotoZoomUntrusted

@main
struct PhotoZoomCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photozoom",
        abstract: "A desktop prototype of the iOS Photos grid ⇄ pager interaction.",
        version: AppVersion.number,
        subcommands: [
            RunCommand.self, SnapshotCommand.self, CurveCommand.self, BenchCommand.self, TuningCommand.self,
            ReplayCommand.self, MonkeyCommand.self, ThumbnailsCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )

    /// Like ArgumentParser's own entry point, except that a usage or validation error is the
    /// one line every error of ours is (the usage block is one `--help` away) and exits with
    /// code 2, the code all of our "you gave me something I cannot use" errors share. Any
    /// other error (a write the system refused) is its one line and exit 1.
    static func main() {
        // glibc gives each thread that allocates while another holds the heap an arena of its
        // own, each reserving 64 MiB of address space, up to eight a core: how many a run made
        // varied with its threads' timing, and so did whether it fit a limit on address space
        // (`ulimit -v`, a sandbox's). Two arenas are enough for threads that mostly wait on loaders.
        _ = photozoom_limit_malloc_arenas(2)
        do {
            // Each byte of a path kept: a folder named in no UTF-8 is still that folder.
            var command = try parseAsRoot(Array(PathBytes.commandLine.dropFirst()))
            if command is DecodesPhotos {
                // Dispatch's pool would wait for ever for a thread the limit on processes refuses.
                let least = leastThreads(window: command is RunCommand)
                let error = ProcessLimit.room(for: least)
                if error != 0 { ProcessLimit.fail("its threads", error) }
                // Loaders past the first leave room for every decoding thread.
                LoaderPool.shared.reserve(threads: least + DecodeQueue<PhotoJob, PhotoJobResult>.defaultThreads - 1)
                // The window starts its loaders once it knows its cells need them: with their
                // thumbnails kept, they would only take the cores its first frame is made on.
                if !(command is RunCommand) { LoaderPool.shared.startEarly() }
            }
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                do {
                    try StandardOutput.write(fullMessage(for: error) + "\n")
                } catch {
                    logLine("photozoom: \(error)")
                    Foundation.exit(1)
                }
                Foundation.exit(0)
            }
            let message = message(for: error)
            if !message.isEmpty { logLine("photozoom: \(message)") }
            Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }
}

/// The threads a command that decodes photos cannot do without, besides the main one:
/// Dispatch's (a manager and three queues' workers), one loader (two), one decoding thread,
/// the thumbnail writer and Ctrl-C's reader; and a `window`'s: Mesa's renderer's (one a core,
/// and two) and the workers of the black box's and the recording's queues. More loaders and
/// decoding threads are started as the limit on processes allows.
private func leastThreads(window: Bool) -> Int {
    9 + (window ? max(ProcessInfo.processInfo.activeProcessorCount, 1) + 4 : 0)
}

/// A command that decodes photos, and so starts the loader processes first.
protocol DecodesPhotos {}
extension RunCommand: DecodesPhotos {}
extension SnapshotCommand: DecodesPhotos {}
extension BenchCommand: DecodesPhotos {}
extension ThumbnailsCommand: DecodesPhotos {}
extension ReplayCommand: DecodesPhotos {}
