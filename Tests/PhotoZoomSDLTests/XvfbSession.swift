import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// A private X server (Xvfb) for one test, and the X tools a test uses on it as a person would:
/// xdotool for the mouse, ImageMagick's `import` for screenshots. Every process it starts is
/// ended by `stop()`, last first, so nothing outlives the test.
final class XvfbSession {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Where the tools come from; CI runs it, so a missing tool is a failure, never a skip.
    static let setupHint = "run scripts/setup.sh --test (it installs xvfb, xdotool, x11-utils and imagemagick)"

    /// The programs this session needs, by name: the server, the connection probe, the mouse
    /// and the screenshot.
    static let toolNames = ["Xvfb", "xdpyinfo", "xdotool", "import"]

    /// `:N`, for DISPLAY.
    private(set) var display = ""
    /// Scratch files: logs, screenshots. Removed by `stop()`.
    let folder: URL
    private let tools: [String: String]
    private var started: [(name: String, process: Process)] = []
    private var logs: [ObjectIdentifier: URL] = [:]

    /// The full path of `name` on PATH, if it is installed.
    static func locate(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { $0 + "/" + name }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Starts `Xvfb :N -screen 0 WxHx24` on the first display number in `displays` that nothing
    /// holds (no lock file, no socket) and that accepts connections within `timeout` seconds
    /// (a hang guard, scaled by `HangGuard.factor`).
    init(width: Int, height: Int, displays: ClosedRange<Int> = 90...120, timeout: TimeInterval = 30) throws {
        var found: [String: String] = [:]
        for name in Self.toolNames { found[name] = Self.locate(name) }
        let missing = Self.toolNames.filter { found[$0] == nil }
        guard missing.isEmpty else {
            throw Failure(
                "\(missing.joined(separator: ", ")) not installed (needed to drive the real window); \(Self.setupHint)")
        }
        tools = found
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-xvfb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

        var tried: [String] = []
        for n in displays {
            let fm = FileManager.default
            guard !fm.fileExists(atPath: "/tmp/.X\(n)-lock"), !fm.fileExists(atPath: "/tmp/.X11-unix/X\(n)") else {
                continue
            }
            display = ":\(n)"
            let server = try start(
                found["Xvfb"]!, [display, "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"],
                name: "Xvfb\(n)", environment: ProcessInfo.processInfo.environment)
            let deadline = Date() + HangGuard.seconds(timeout)
            while Date() < deadline, server.isRunning {
                // Still running after the answer: it was this server that answered, not one that
                // took the number first (then this one exits at once, finding the lock).
                if (try? run("xdpyinfo", ["-display", display], timeout: 2)) != nil, server.isRunning { return }
                Thread.sleep(forTimeInterval: 0.05)
            }
            // Lost a race for the number, or too slow: stop it and try the next one.
            tried.append(
                "\(display) (\(server.isRunning ? HangGuard.failure("no connection", after: HangGuard.seconds(timeout)) : "exited: " + log(of: server).suffix(200)))"
            )
            ChildProcess.stop(server)
            started.removeAll { $0.process === server }
        }
        stop()
        throw Failure(
            "could not start Xvfb on any display in \(displays): \(tried.isEmpty ? "all in use" : tried.joined(separator: "; "))"
        )
    }

    deinit { stop() }

    /// Ends every process this session started, the newest first (the app before its server),
    /// and removes the scratch folder.
    func stop() {
        while let last = started.popLast() { ChildProcess.stop(last.process) }
        try? FileManager.default.removeItem(at: folder)
    }

    /// The environment for a program on this display: DISPLAY set, `overrides` applied (nil
    /// removes a variable).
    func environment(_ overrides: [String: String?] = [:]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        for (key, value) in overrides { env[key] = value }
        return env
    }

    /// Starts a long-running program (output to files, so it can never block on a pipe); it
    /// runs until `stop()`.
    @discardableResult
    func start(
        _ executable: String, _ arguments: [String], name: String, environment: [String: String],
        directory: URL? = nil
    ) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        p.environment = environment
        if let directory { p.currentDirectoryURL = directory }
        let logURL = folder.appendingPathComponent("\(name).log")
        FileManager.default.createFile(atPath: logURL.path, contents: nil)
        let handle = try FileHandle(forWritingTo: logURL)
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = handle
        p.standardError = handle
        try p.run()
        try? handle.close()
        started.append((name, p))
        logs[ObjectIdentifier(p)] = logURL
        return p
    }

    /// What a started program wrote so far (stdout and stderr together).
    func log(of process: Process) -> String {
        guard let url = logs[ObjectIdentifier(process)] else { return "" }
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }

    /// Runs one of `toolNames` on this display to completion and returns its stdout; a non-zero
    /// exit or a run longer than `timeout` (a hang guard, as `ChildProcess.run` takes it) is an
    /// error that says what the tool printed.
    @discardableResult
    func run(_ tool: String, _ arguments: [String], timeout: TimeInterval = 60) throws -> String {
        guard let path = tools[tool] else { throw Failure("\(tool) is not one of the session's tools") }
        let command = ([tool] + arguments).joined(separator: " ")
        let outcome = try ChildProcess.run(
            URL(fileURLWithPath: path), arguments, environment: environment(), timeout: timeout)
        if outcome.timedOut {
            throw Failure(HangGuard.failure("`\(command)` did not finish", after: HangGuard.seconds(timeout)))
        }
        guard outcome.exitedNormally, outcome.status == 0 else {
            throw Failure(
                "`\(command)` failed (status \(outcome.status)): \(outcome.stderr.trimmingCharacters(in: .whitespacesAndNewlines))"
            )
        }
        return outcome.stdout
    }

    /// The first window whose name matches `pattern` (xdotool's regex), waited for, and its
    /// frame on the screen in pixels.
    func waitForWindow(named pattern: String, timeout: TimeInterval) throws -> (id: String, frame: Rect) {
        let ids = try run("xdotool", ["search", "--sync", "--onlyvisible", "--name", pattern], timeout: timeout)
        guard let id = ids.split(separator: "\n").first.map(String.init) else {
            throw Failure("xdotool found no window named \(pattern)")
        }
        var values: [String: Double] = [:]
        for line in try run("xdotool", ["getwindowgeometry", "--shell", id]).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let v = Double(parts[1]) { values[String(parts[0])] = v }
        }
        guard let x = values["X"], let y = values["Y"], let w = values["WIDTH"], let h = values["HEIGHT"] else {
            throw Failure("xdotool getwindowgeometry gave no geometry for window \(id)")
        }
        return (id, Rect(x: x, y: y, width: w, height: h))
    }

    /// The screen as it is now, or the part of it in `region` (pixels), decoded by the test
    /// (SDL_image, RGBA32). BMP, not PNG: it needs no compression, which made each PNG screenshot
    /// slow next to a busy software-rendering app. The file stays in `folder` until the
    /// next screenshot.
    func screenshot(of region: Rect? = nil) throws -> (image: ReferenceImage, file: URL) {
        let file = folder.appendingPathComponent("screen.bmp")
        var arguments = ["-display", display, "-window", "root"]
        if let r = region {
            arguments += ["-crop", "\(Int(r.width))x\(Int(r.height))+\(Int(r.minX))+\(Int(r.minY))", "+repage"]
        }
        try run("import", arguments + ["bmp:" + file.path])
        return (try ReferenceImage(contentsOf: file.path), file)
    }
}
