import Foundation
import PhotoZoomCore
import PhotoZoomSDL
import PhotoZoomTestSupport
import XCTest

/// How the real window opens on a private X server, with nothing in the environment choosing
/// its renderer: with a warm thumbnail cache, the first picture it shows is already the grid
/// with every photo in, and nothing changes after it (no stand-in colours, no fade-in). The
/// release build's window, as shipped: the 150 ms it waits for its pictures is a budget for the
/// loaders' optimised decoding and scaling, which a debug build's take several times longer.
final class WindowOpeningTests: XCTestCase {
    static let screen = (width: 800, height: 900)
    static let arguments = ["run", "--size", "393x700"]

    func testWithAWarmCacheTheFirstPictureShownIsTheFinishedGrid() throws {
        let program = PackagePaths.releaseExecutable.path
        guard FileManager.default.isExecutableFile(atPath: program) else {
            return XCTFail("no release build at \(program): scripts/test.sh builds it before the tests")
        }
        let session = try XvfbSession(width: Self.screen.width, height: Self.screen.height)
        defer { session.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("pz-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let env = session.environment([
            "SDL_VIDEODRIVER": "x11", "SDL_RENDER_DRIVER": nil, "XDG_CACHE_HOME": cache.path,
        ])

        // A first run fills the cache with the 18 bundled photos' thumbnails.
        let first = try session.start(
            program, Self.arguments, name: "first", environment: env, directory: PackagePaths.root)
        let deadline = Date() + 30
        while thumbnailCount(in: cache) < 18, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        XCTAssertEqual(thumbnailCount(in: cache), 18, session.log(of: first))
        kill(first.processIdentifier, SIGTERM)
        first.waitUntilExit()

        // The second run, filmed from its launch. The window waits at most 150 ms for its
        // pictures (`Prototype.showDeadline`), which a machine busy with other work can take
        // longer than: its opening stamps say whether it was shown at the deadline with cells
        // still to come. Such a try says nothing of the behaviour, and is tried again; a
        // window shown before its deadline must show the finished grid.
        var missed: [String] = []
        for attempt in 1...3 {
            let opening = try filmTheOpening(session, env, attempt: attempt)
            guard let made = opening.madeAt, let shown = opening.shownAt, let sharp = opening.sharpAt else {
                return XCTFail("the window said no opening stamps: \(opening.log)")
            }
            if sharp > shown + 1 {
                // The deadline runs from the window's making.
                guard shown >= made + Double(Prototype.showDeadline) / 1e6 - 1 else {
                    return XCTFail(
                        "shown at \(shown) ms, before its deadline (window made at \(made) ms), with cells to come until \(sharp) ms"
                    )
                }
                missed.append("shown at \(shown) ms, every cell sharp at \(sharp) ms")
                continue
            }
            XCTAssertLessThan(
                opening.changed, 0.002,
                "the first picture shown is not the finished grid: \(String(format: "%.1f", opening.changed * 100)) % differs (\(opening.drawn) of \(opening.shots) screenshots showed the window)"
            )
            return
        }
        throw XCTSkip(
            "the machine was too busy for the window to have its pictures within its 150 ms deadline: "
                + missed.joined(separator: "; "))
    }

    /// Opens the window on the warm cache and films it: how much of the first picture it showed
    /// differs from the one it keeps.
    /// What one filmed opening showed, and when its stamps say it was shown and had every cell.
    private struct Opening {
        let changed: Double
        let drawn: Int
        let shots: Int
        let madeAt: Double?
        let shownAt: Double?
        let sharpAt: Double?
        let log: String
    }

    private func filmTheOpening(_ session: XvfbSession, _ env: [String: String], attempt: Int) throws -> Opening {
        let blank = try session.screenshot().image
        var stamped = env
        stamped["PHOTOZOOM_OPENING_STAMPS"] = "1"
        let app = try session.start(
            PackagePaths.releaseExecutable.path, Self.arguments, name: "opening-\(attempt)", environment: stamped,
            directory: PackagePaths.root)
        defer {
            kill(app.processIdentifier, SIGTERM)
            app.waitUntilExit()
        }
        // A second and at least 8 screenshots: a busy machine takes longer over each.
        var shots: [ReferenceImage] = []
        let filming = Date()
        while Date().timeIntervalSince(filming) < 1.5 || shots.count < 8 {
            XCTAssertLessThan(Date().timeIntervalSince(filming), HangGuard.seconds, HangGuard.failure("8 screenshots"))
            shots.append(try session.screenshot().image)
        }
        let (_, frame) = try session.waitForWindow(named: "^PhotoZoom$", timeout: 10)
        let finished = try session.screenshot().image
        XCTAssertTrue(app.isRunning, session.log(of: app))
        _ = HangGuard.wait { session.log(of: app).contains("opening: cells_in_view_sharp") }
        let log = session.log(of: app)

        // Shots with the window drawn: its area differs from the empty screen and is not one
        // colour (a window mapped before its first frame lands).
        let drawn = shots.filter { differing($0, blank, in: frame) > 0.5 && !isOneColour($0, in: frame) }
        let firstDrawn = try XCTUnwrap(drawn.first, "the window was never seen drawn in \(shots.count) screenshots")
        return Opening(
            changed: differing(firstDrawn, finished, in: frame), drawn: drawn.count, shots: shots.count,
            madeAt: Self.stamp("window_made", in: log), shownAt: Self.stamp("shown", in: log),
            sharpAt: Self.stamp("cells_in_view_sharp", in: log), log: log)
    }

    /// The milliseconds of the opening stamp `phase` in the window's log ("opening: shown
    /// 282.1 ms  (+58.2 ms)  CPU 74.0 ms").
    private static func stamp(_ phase: String, in log: String) -> Double? {
        log.split(separator: "\n").lazy.compactMap { line -> Double? in
            let words = line.split(separator: " ")
            guard words.count >= 3, words[0] == "opening:", words[1] == phase else { return nil }
            return Double(words[2])
        }.first
    }

    private func thumbnailCount(in cache: URL) -> Int {
        let found = FileManager.default.enumerator(
            at: cache.appendingPathComponent("thumbnails"), includingPropertiesForKeys: nil)
        return (found?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "png" }.count
    }

    /// The share of `frame`'s pixels (sampled every 3rd in each direction) more than 8 levels
    /// apart in some channel.
    private func differing(_ a: ReferenceImage, _ b: ReferenceImage, in frame: Rect) -> Double {
        var total = 0
        var apart = 0
        for y in stride(from: Int(frame.minY), to: Int(frame.maxY), by: 3) {
            for x in stride(from: Int(frame.minX), to: Int(frame.maxX), by: 3) {
                let i = (y * a.width + x) * 4
                total += 1
                if (0..<3).contains(where: { abs(Int(a.pixels[i + $0]) - Int(b.pixels[i + $0])) > 8 }) { apart += 1 }
            }
        }
        return total > 0 ? Double(apart) / Double(total) : 0
    }

    private func isOneColour(_ image: ReferenceImage, in frame: Rect) -> Bool {
        let corner = (Int(frame.minY) * image.width + Int(frame.minX)) * 4
        for y in stride(from: Int(frame.minY), to: Int(frame.maxY), by: 3) {
            for x in stride(from: Int(frame.minX), to: Int(frame.maxX), by: 3) {
                let i = (y * image.width + x) * 4
                if (0..<3).contains(where: { abs(Int(image.pixels[i + $0]) - Int(image.pixels[corner + $0])) > 8 }) {
                    return false
                }
            }
        }
        return true
    }
}
