import Foundation
import PhotoZoomTestSupport
import XCTest

/// Runs the real `photozoom` binary as a person or script would, for the CLI tests: exit codes,
/// output streams and the files it writes. `swift test` builds the binary before testing.
class PhotozoomCLITestCase: XCTestCase {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Non-empty lines of stderr.
        var errorLines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    struct NotBuilt: Error, CustomStringConvertible {
        let path: String
        var description: String {
            "the photozoom executable was not found at \(path). `swift test` builds it before running the tests; "
                + "if you ran with --skip-build, run `swift build` (with the same --scratch-path and configuration) first."
        }
    }

    /// The `photozoom` built with these tests.
    static var executable: URL { PackagePaths.executable }

    /// Every run gets at most this long, scaled by `HangGuard.factor`: a hang guard, long
    /// enough for a debug build's `bench` on a busy machine (over 120 s beside `stress-ng
    /// --cpu 2`); a hang is a failure, not a stuck test run.
    static let timeout: TimeInterval = 300

    override func setUpWithError() throws {
        let path = Self.executable.path
        guard FileManager.default.isExecutableFile(atPath: path) else { throw NotBuilt(path: path) }
    }

    /// Runs photozoom with the headless SDL drivers, from the package root (where the default
    /// photo folder, assets/photos, is found). `env` overrides variables; nil removes one.
    /// `launcher` is a program and its arguments that run photozoom (setpriv, to drop root).
    /// `timeout`: a hang guard, as `ChildProcess.run` takes it. `program`: a copy of
    /// photozoom to run instead, with programs of its own beside it.
    func photozoom(
        _ arguments: [String], program copy: URL? = nil, env overrides: [String: String?] = [:],
        launcher: [String] = [],
        timeout: TimeInterval = timeout,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> Result {
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "offscreen"
        environment["SDL_RENDER_DRIVER"] = "software"
        for (key, value) in overrides { environment[key] = value }

        let executable = copy ?? Self.executable
        let program = launcher.first.map { URL(fileURLWithPath: $0) } ?? executable
        let programArguments = launcher.isEmpty ? arguments : launcher.dropFirst() + [executable.path] + arguments
        let outcome = try ChildProcess.run(
            program, programArguments, environment: environment, directory: PackagePaths.root, timeout: timeout)
        if outcome.timedOut {
            XCTFail(
                HangGuard.failure(
                    "photozoom \(arguments.joined(separator: " ")) was killed: it did not exit",
                    after: HangGuard.seconds(timeout)), file: file, line: line)
        }
        return Result(status: outcome.status, stdout: outcome.stdout, stderr: outcome.stderr)
    }

    func temporaryFolder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pz-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    /// Width and height from a PNG's IHDR chunk, after checking the signature.
    func pngSize(_ data: Data, file: StaticString = #filePath, line: UInt = #line) -> (width: UInt32, height: UInt32)? {
        let bytes = [UInt8](data)
        guard bytes.count >= 24 else {
            XCTFail("\(bytes.count) bytes is no PNG", file: file, line: line)
            return nil
        }
        XCTAssertEqual(
            Array(bytes[0..<8]), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "PNG signature", file: file,
            line: line)
        XCTAssertEqual(String(decoding: bytes[12..<16], as: UTF8.self), "IHDR", "first chunk", file: file, line: line)
        func be32(_ at: Int) -> UInt32 { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | UInt32($1) } }
        return (be32(16), be32(20))
    }
}
