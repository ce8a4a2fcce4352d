import Foundation

/// Runs a program to completion for a test: output goes to files (a chatty child can never
/// block on a full pipe) and a run past its time limit is stopped, never left hanging.
public enum ChildProcess {
    public struct Outcome {
        /// The exit status, or the signal that ended it.
        public var status: Int32
        public var exitedNormally: Bool
        public var stdout: String
        public var stderr: String
        /// It ran past its limit and was stopped.
        public var timedOut: Bool
    }

    /// `timeout`: a hang guard, in seconds on a busy machine, which `HangGuard.factor` scales.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String],
        directory: URL? = nil, timeout: TimeInterval
    ) throws -> Outcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outURL = folder.appendingPathComponent("stdout")
        let errURL = folder.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
        }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        if let directory { process.currentDirectoryURL = directory }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        let timedOut = exited.wait(timeout: .now() + HangGuard.seconds(timeout)) == .timedOut
        if timedOut { stop(process) }
        return Outcome(
            status: process.terminationStatus, exitedNormally: process.terminationReason == .exit,
            stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "", timedOut: timedOut)
    }

    /// SIGTERM, then SIGKILL if it has not gone within two seconds; waits for it.
    public static func stop(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        func wait(_ seconds: TimeInterval) {
            let deadline = Date() + seconds
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        }
        wait(2)
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            wait(2)
        }
    }
}
