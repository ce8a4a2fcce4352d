import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore
@testable import PhotoZoomLibrary
@testable import PhotoZoomSDL
@testable import PhotoZoomUntrusted

/// A photo whose decode failed for a passing reason (its loader killed, stalled or past its CPU
/// time, no loader to be had) is tried again in the same session, after a pause that doubles,
/// a few times at most; a genuine decode error is a placeholder at once.
final class DecodeRetryTests: XCTestCase {
    override func tearDown() {
        unsetenv(FaultLoader.variable)
        unsetenv(FaultLoader.onceVariable)
    }

    /// The real stream, with the tests' loader: coffee.jpg's first loader is killed (as the
    /// kernel out of memory would), and the photo is shown once its pause is over; a PNG whose
    /// pixels are broken is a placeholder with no pause and no second try.
    func testAPhotoWhoseLoaderWasKilledIsShownAfterARetryAndABrokenOneIsNotRetried() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-retry-\(UUID().uuidString)")
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["coffee.jpg", "rocket.jpg"] {
            try FileManager.default.copyItem(
                at: PackagePaths.root.appendingPathComponent("assets/photos/\(name)"),
                to: photos.appendingPathComponent(name))
        }
        try Self.brokenPNG().write(to: photos.appendingPathComponent("broken.png"))
        setenv(FaultLoader.variable, "coffee.jpg:KILLONCE", 1)
        setenv(FaultLoader.onceVariable, folder.appendingPathComponent("once").path, 1)
        let pool = LoaderPool(loader: FaultLoader.path)
        defer { pool.stopAll() }
        let files = try PhotoFolder.imageFiles(in: photos.path)
        let coffee = try XCTUnwrap(files.firstIndex { $0.lastPathComponent == "coffee.jpg" })
        let broken = try XCTUnwrap(files.firstIndex { $0.lastPathComponent == "broken.png" })
        let canvas = try HeadlessCanvas(size: Size(width: 390, height: 844))
        let lines = Lines()
        let stream = PhotoStream(
            files: files, opening: [], renderer: canvas.renderer, limits: LibraryLimits(), cache: nil, threads: 1,
            pool: pool, wake: WakeSignal(type: UInt32.max), log: { lines.append($0) })
        defer { stream.stop() }
        var sim = Simulation(world: World(photos: stream.initialInfos, viewport: Size(width: 390, height: 844)))
        let cell = PixelTarget.thumbnail(side: 128)
        // The stream's clock is the test's: it stands still until the test moves it on.
        var now: UInt64 = 0
        /// Steps the stream until `done`, or fails the test after a minute: the test's watchdog.
        func run(until done: () -> Bool, _ what: String) -> Bool {
            let deadline = Date().addingTimeInterval(60)
            while !done() {
                guard Date() < deadline else {
                    XCTFail("after a minute, still not \(what): \(lines.all)")
                    return false
                }
                stream.want(sim.world, scale: 1)
                sim.step(stream.collect(now: now).sizes)
                usleep(2000)
            }
            return true
        }
        let killed = "photozoom: cannot decode \(files[coffee].path) (the decoder crashed: signal 9 (Killed)); "
        guard run(until: { lines.all.count >= 2 }, "a line for each of the two") else { return }
        XCTAssertEqual(lines.all.count, 2, "\(lines.all)")
        XCTAssertTrue(lines.all.contains(killed + "trying again in 1 s"), "\(lines.all)")
        XCTAssertTrue(
            lines.all.contains {
                $0.hasPrefix("photozoom: cannot decode \(files[broken].path) (")
                    && $0.hasSuffix("; showing a placeholder")
            }, "a broken photo is a placeholder while the clock stands still: no pause, no second try. \(lines.all)")
        XCTAssertTrue(sim.world.photos[broken].isPlaceholder)
        XCTAssertFalse(sim.world.photos[coffee].isPlaceholder, "a photo waiting to be tried again is no placeholder")
        XCTAssertFalse(stream.textures.has(coffee, cell))
        XCTAssertGreaterThan(stream.outstanding, 0, "the photo waiting counts as work outstanding")
        // Its pause is over: it is tried again, by a new loader, and shown.
        now = 1_000_000_000
        guard run(until: { stream.textures.has(coffee, cell) }, "shown after its pause") else { return }
        guard run(until: { stream.outstanding == 0 }, "done") else { return }
        XCTAssertEqual(lines.all.count, 2, "no more lines: \(lines.all)")
        XCTAssertFalse(sim.world.photos[coffee].isPlaceholder)
        guard case .broken = stream.textures.drawable(for: broken, pixelWidth: 100) else {
            return XCTFail("the broken photo draws as a placeholder")
        }
    }

    /// Each try's pause is twice the one before, three tries at most after the first failure; a
    /// failure while the photo waits (a job that ran beside) is part of the same pause; the
    /// file's own faults and a limit a person may raise are never tried again.
    func testPausesDoubleAndTriesAreFew() {
        var retries = DecodeRetries()
        let killed = DecodeFailure.crashed(signal: SIGKILL, name: "Killed")
        let second: UInt64 = 1_000_000_000
        XCTAssertEqual(retries.failed(7, killed, at: 0), .tryAgain(after: second, first: true))
        XCTAssertEqual(retries.failed(7, .stalled(seconds: 50), at: second / 2), .alreadyWaiting)
        XCTAssertTrue(retries.isWaiting(7))
        retries.resume(at: second - 1)
        XCTAssertTrue(retries.isWaiting(7), "its pause is not over")
        retries.resume(at: second)
        XCTAssertFalse(retries.isWaiting(7))
        XCTAssertEqual(retries.failed(7, .timedOut(seconds: 2), at: second), .tryAgain(after: 2 * second, first: false))
        retries.resume(at: 3 * second)
        XCTAssertEqual(
            retries.failed(7, .unavailable("cannot start a loader"), at: 3 * second),
            .tryAgain(after: 4 * second, first: false))
        retries.resume(at: 7 * second)
        XCTAssertEqual(retries.failed(7, killed, at: 7 * second), .broken, "three tries are spent")
        XCTAssertEqual(retries.waiting, 0)
        for own in [
            DecodeFailure.corrupt("bad Huffman table"), .refused("it is empty"), .badAnswer,
            .crashed(signal: SIGSEGV, name: "Segmentation fault"), .overLimits("over 100 MP"), .shuttingDown,
        ] {
            XCTAssertEqual(retries.failed(8, own, at: 0), .broken, "\(own)")
        }
    }

    /// A PNG whose header is sound and whose pixel data fails its checksum: the probe reads it,
    /// the decoder refuses it.
    static func brokenPNG() throws -> Data {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("pz-retry-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: out) }
        let made = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/convert"), ["-size", "64x48", "gradient:red-blue", out.path],
            environment: ProcessInfo.processInfo.environment, timeout: 60)
        XCTAssertEqual(made.status, 0, made.stderr)
        var png = try Data(contentsOf: out)
        let idat = try XCTUnwrap(png.range(of: Data("IDAT".utf8)))
        png[idat.upperBound + 8] ^= 0xFF
        return png
    }
}

/// Lines logged from the workers' threads, read from the test's.
private final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
