import Foundation
import PhotoZoomTestSupport

/// The real `photozoom` left running (a window under the offscreen driver) while a test acts
/// on it, its output read as it comes; stopped when the test lets go of it.
final class RunningPhotozoom {
    let process = Process()
    private let out: URL, err: URL

    /// Starts `photozoom arguments` from the package root, its output kept in `folder`.
    init(_ arguments: [String], outputIn folder: URL) throws {
        out = folder.appendingPathComponent("stdout-\(UUID().uuidString)")
        err = folder.appendingPathComponent("stderr-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: out)
        let errHandle = try FileHandle(forWritingTo: err)
        defer {
            try? outHandle.close()
            try? errHandle.close()
        }
        process.executableURL = PhotozoomCLITestCase.executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "offscreen"
        environment["SDL_RENDER_DRIVER"] = "software"
        process.environment = environment
        process.currentDirectoryURL = PackagePaths.root
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outHandle
        process.standardError = errHandle
        try process.run()
    }

    deinit { stop() }

    var stdout: String { (try? String(contentsOf: out, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: err, encoding: .utf8)) ?? "" }
    var errorLines: [String] { stderr.split(separator: "\n").map(String.init) }

    /// Waits, while it runs, up to `seconds` (a hang guard) for `condition`; whether it came.
    @discardableResult
    func wait(seconds: TimeInterval = HangGuard.seconds, until condition: (RunningPhotozoom) -> Bool) -> Bool {
        let deadline = Date() + seconds
        while !condition(self), Date() < deadline, process.isRunning { Thread.sleep(forTimeInterval: 0.02) }
        return condition(self)
    }

    func stop() { ChildProcess.stop(process) }
}
