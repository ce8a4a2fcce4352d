import Dispatch
import Foundation
import PhotoZoomCore
import PhotoZoomSDL

/// The scripted session never reached some phases, so its numbers would not time the
/// interaction; `description` is the one line the command prints.
struct SessionMissedPhases: UserFacingError {
    let photos: Int
    let viewport: Size
    let missed: [String]
    var description: String {
        "the benchmark session over \(photos) photos in a \(Int(viewport.width))x\(Int(viewport.height)) window "
            + "never reached: \(missed.joined(separator: ", "))"
    }
}

/// The window `interrupt` times ended before Ctrl-C (`status`), or not within a minute of it.
struct WindowDidNotRun: UserFacingError {
    let status: Int32?
    var isRefusal: Bool { true }
    var description: String {
        status.map { "the benchmark's window ended by itself before its Ctrl-C, status \($0)" }
            ?? "the benchmark's window still ran a minute after its Ctrl-C"
    }
}

/// Every measurement `photozoom bench` makes, all with the monotonic clock.
struct Benchmarks {
    let viewport: Size
    /// The sim-tick sessions' tuning: the defaults, or a grid opened at another column count.
    let tuning: Tuning
    /// Repetitions of each measurement.
    let repeats: Int
    /// Ticks timed per repetition of the library sessions.
    let ticks: Int
    /// Seconds after which a library's timing stops at the end of a session, so a slow core
    /// still benchmarks in about half a minute.
    static let libraryBudget = 4.0

    /// Nanoseconds taken by `body`.
    private func nanoseconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start)
    }

    private func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }

    /// The mean tick of the scripted session over 18 photos of bundled-like sizes.
    func simTick() throws -> BenchResult {
        let photos = (0..<18).map {
            PhotoInfo(name: "p\($0)", pixelSize: Size(width: 640 + Double($0 * 37 % 400), height: 427))
        }
        let script = try BenchScript(viewport: viewport, photos: photos.count, tuning: tuning)
        let timed = 12_000
        // An untimed dry run first: the session must really visit every phase, or the number
        // below would measure an idle grid.
        var dry = Simulation(world: World(photos: photos, viewport: viewport, tuning: tuning))
        var seen = Set<ViewerState.Phase>()
        for _ in 0..<BenchScript.sessionTicks {
            dry.step(script.events(at: dry.world.tick + 1))
            seen.insert(dry.world.viewer.phase)
        }
        try requireEveryPhase(seen, photos: photos.count)
        var samples: [Double] = []
        for _ in 0..<repeats {
            var sim = Simulation(world: World(photos: photos, viewport: viewport, tuning: tuning))
            samples.append(
                nanoseconds {
                    for _ in 0..<timed { sim.step(script.events(at: sim.world.tick + 1)) }
                } / Double(timed) / 1e3)
        }
        return BenchResult(name: "sim tick (full session, \(timed) ticks)", median: median(samples), unit: "µs")
    }

    /// Each tick of the scripted session timed on its own over a synthetic library of `count`
    /// photos: up to `repeats` × `ticks` ticks, in whole sessions, stopping at the end of a
    /// session once `libraryBudget` has been spent (but never before the first session ends).
    /// The digest of the state every 100 ticks of the first session, chained, says what the sim
    /// did all along (a state the session returns to would hide a difference on the way): the
    /// same on every machine, in every process.
    func libraryTicks(count: Int) throws -> LibraryTickResult {
        let script = try BenchScript(viewport: viewport, photos: count, tuning: tuning)
        var sim = Simulation(
            world: World(photos: SyntheticLibrary.photos(count: count), viewport: viewport, tuning: tuning))
        let started = DispatchTime.now().uptimeNanoseconds
        var samples: [Double] = []
        var seen = Set<ViewerState.Phase>()
        var checkpoints: [StateDigest] = []
        func session() {
            for _ in 0..<BenchScript.sessionTicks {
                let events = script.events(at: sim.world.tick + 1)
                let start = DispatchTime.now().uptimeNanoseconds
                sim.step(events)
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3)
                // Outside the timed step, so checking the session costs the samples nothing.
                seen.insert(sim.world.viewer.phase)
                if sim.world.tick <= BenchScript.sessionTicks, sim.world.tick % 100 == 0 {
                    checkpoints.append(sim.digest)
                }
            }
        }
        session()
        while samples.count + BenchScript.sessionTicks <= ticks * repeats,
            Double(DispatchTime.now().uptimeNanoseconds - started) <= Self.libraryBudget * 1e9
        {
            session()
        }
        try requireEveryPhase(seen, photos: count)
        return LibraryTickResult(
            name: "sim tick, \(count) photos", photos: count, ticks: samples.count,
            tickMicrosecondsP50: percentile(0.5, of: samples), tickMicrosecondsP99: percentile(0.99, of: samples),
            sessionDigest: StateDigest(of: checkpoints).description)
    }

    private func requireEveryPhase(_ seen: Set<ViewerState.Phase>, photos: Int) throws {
        let missed = BenchScript.missing(from: seen)
        guard missed.isEmpty else { throw SessionMissedPhases(photos: photos, viewport: viewport, missed: missed) }
    }

    /// The slowest ticks while a library's sizes arrive as its headers are read: `count` photos
    /// first known as squares, ten sizes a tick (a header sweep's pace at 1,200 a second), and a
    /// digest after each, as the window's black box takes one after every tick with input: the
    /// 99th percentile of the ticks that bring every size, in µs (stopping after 1.5 s, at least
    /// 100 ticks in; a library whose sizes take fewer ticks is read again from the start until
    /// 100 are). Its cost is the photos a tick changes, so it is the same at any `count`.
    func sizeArrivalTicks(count: Int) throws -> BenchResult {
        let perTick = 10
        let sizes = SyntheticLibrary.photos(count: count)
        let started = DispatchTime.now().uptimeNanoseconds
        var samples: [Double] = []
        repeat {
            var sim = Simulation(
                world: World(photos: sizes.map { PhotoInfo.unread(name: $0.name) }, viewport: viewport, tuning: tuning))
            for t in 0..<count / perTick {
                if samples.count >= 100, DispatchTime.now().uptimeNanoseconds - started > 1_500_000_000 { break }
                let events = (t * perTick..<(t + 1) * perTick).map {
                    InputEvent.photoSize(PhotoSize(photo: $0, pixelSize: sizes[$0].pixelSize))
                }
                samples.append(
                    nanoseconds {
                        sim.step(events)
                        _ = sim.digest
                    } / 1e3)
            }
        } while samples.count < 100
        // Under a million, with the thousands set apart: "100,000".
        let photos = count < 1_000 ? "\(count)" : "\(count / 1_000),\(String(count % 1_000 + 1_000).dropFirst())"
        return BenchResult(
            name: "sim tick and digest p99 while \(photos) photos' sizes arrive (10 a tick)",
            median: percentile(0.99, of: samples), unit: "µs")
    }

    /// A tuning file with an unknown key a megabyte long, twice, and a number of a thousand
    /// digits read: its warnings quote each short, and comparing the key with the known ones
    /// once took seconds. Tests check what it says; this is how long it takes.
    func hugeKeyTuningRead() -> BenchResult {
        let key = String(repeating: "k", count: 1_000_000)
        let digits = "1" + String(repeating: "0", count: 1000)
        let text = "{\"grid\": {\"\(key)\": 1, \"cellGap\": \(digits)}, \"\(key)\": 2}"
        var samples: [Double] = []
        var said = 0
        for _ in 0..<repeats {
            samples.append(nanoseconds { said += TuningFile.read(text).problems.count } / 1e6)
        }
        // Reading the result keeps the optimiser from dropping the read.
        precondition(said > 0)
        return BenchResult(name: "tuning file with a megabyte-long key read", median: median(samples), unit: "ms")
    }

    /// How soon Ctrl-C ends a window opening `folder`: `photozoom run` on it as a child,
    /// offscreen and with a cache of its own (so its loaders are at work), interrupted 0.2 s
    /// after it says its window is up; from the signal to its exit, the median of `repeats`
    /// runs. Tests check only that it ends, with status 130; this is how soon.
    func interrupt(folder: String) throws -> BenchResult {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("pz-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "offscreen"
        environment["SDL_RENDER_DRIVER"] = "software"
        environment["XDG_CACHE_HOME"] = cache.path
        var samples: [Double] = []
        for _ in 0..<repeats {
            try? FileManager.default.removeItem(at: cache)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            process.arguments = [
                "run", "--photos", folder, "--size", "\(Int(viewport.width))x\(Int(viewport.height))",
            ]
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            let exited = DispatchSemaphore(value: 0)
            process.terminationHandler = { _ in exited.signal() }
            try process.run()
            // Its advice on tuning comes once the window is made and Ctrl-C is its own.
            var said = Data()
            while !String(decoding: said, as: UTF8.self).contains("--tuning"), process.isRunning {
                said += output.fileHandleForReading.availableData
            }
            Thread.sleep(forTimeInterval: 0.2)
            guard process.isRunning else { throw WindowDidNotRun(status: process.terminationStatus) }
            let sent = DispatchTime.now().uptimeNanoseconds
            kill(process.processIdentifier, SIGINT)
            guard exited.wait(timeout: .now() + 60) == .success else {
                kill(process.processIdentifier, SIGKILL)
                throw WindowDidNotRun(status: nil)
            }
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - sent) / 1e6)
        }
        return BenchResult(name: "Ctrl-C to exit, 0.2 s into a window's opening", median: median(samples), unit: "ms")
    }

    /// Ten thousand springs advanced per tick from the tick count.
    func springs() throws -> BenchResult {
        let n = 10_000
        let timed = 240
        let params = try SpringParameters.response(0.5, dampingRatio: 0.8)
        var samples: [Double] = []
        for _ in 0..<repeats {
            var tracks = (0..<n).map { i in
                SpringTrack(
                    parameters: params, from: Double(i), velocity: Double(i % 7) * 100, to: 0, startTick: 0,
                    threshold: .points)
            }
            var sink = 0.0
            samples.append(
                nanoseconds {
                    for tick in 1...timed {
                        for i in tracks.indices { _ = tracks[i].advance(to: tick, tickRate: 120) }
                        sink += tracks[tick % n].value
                    }
                } / Double(timed) / 1e6)
            // Reading the result keeps the optimiser from dropping the loop.
            precondition(sink.isFinite)
        }
        return BenchResult(name: "10,000 springs advanced (per tick)", median: median(samples), unit: "ms")
    }
}
