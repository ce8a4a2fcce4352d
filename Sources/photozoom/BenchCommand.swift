import ArgumentParser
import Dispatch
import Foundation
import PhotoZoomCore
import PhotoZoomSDL

/// The project's benchmark: every speed claim we make comes from here, measured headless.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure start-up, the sim tick and spring evaluation (headless)."
    )

    @OptionGroup var photoOptions: PhotoOptions

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @Option(help: "Repetitions of each measurement; the median is reported.")
    var repeats = 5

    func validate() throws {
        guard repeats >= 1 else { throw ValidationError("--repeats must be at least 1") }
    }

    func run() throws {
        var results: [BenchResult] = []
        do {
            results.append(try measureStartup())
        } catch let error as PhotoFolderError {
            throw fail(error.description)
        }
        results.append(measureSimTick())
        results.append(measureSprings())
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(results), as: UTF8.self))
        } else {
            print("benchmark".padding(toLength: 44, withPad: " ", startingAt: 0) + "median      unit")
            for r in results {
                print(r.name.padding(toLength: 44, withPad: " ", startingAt: 0) + String(format: "%-11.3f %@", r.median, r.unit))
            }
        }
    }

    /// Seconds taken by `body`, by the monotonic clock.
    private func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    private func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }

    /// Photos decoded, textures made, scene laid out and the first frame drawn (software renderer).
    private func measureStartup() throws -> BenchResult {
        var samples: [Double] = []
        var count = 0
        for _ in 0..<repeats {
            samples.append(try seconds {
                let photos = try PhotoLibrary.load(photoOptions.folder, log: { _ in })
                count = photos.count
                _ = try GridSnapshot.render(photos: photos, size: photoOptions.size)
            } * 1000)
        }
        return BenchResult(name: "start-up to first frame (\(count) photos)", median: median(samples), unit: "ms")
    }

    /// A scripted session through the real systems: grid, zoom-in, paging, zoom, dismissal.
    private func measureSimTick() -> BenchResult {
        let photos = (0..<18).map { PhotoInfo(name: "p\($0)", pixelSize: Size(width: 640 + Double($0 * 37 % 400), height: 427)) }
        let ticks = 12_000
        // An untimed dry run first: the session must really visit every phase, or the number
        // below would measure an idle grid.
        var dry = Simulation(world: World(photos: photos, viewport: photoOptions.size))
        var phases = Set<String>()
        for t in 1...600 {
            dry.step(BenchScript(viewport: photoOptions.size).events(at: t))
            phases.insert("\(dry.world.viewer.phase)")
        }
        guard phases.count == 5 else { fatalError("the benchmark session missed a phase: \(phases.sorted())") }
        var samples: [Double] = []
        for _ in 0..<repeats {
            var sim = Simulation(world: World(photos: photos, viewport: photoOptions.size))
            let script = BenchScript(viewport: photoOptions.size)
            samples.append(seconds {
                for t in 1...ticks { sim.step(script.events(at: t)) }
            } / Double(ticks) * 1e6)
        }
        return BenchResult(name: "sim tick (full session, \(ticks) ticks)", median: median(samples), unit: "µs")
    }

    /// Ten thousand springs advanced per tick from the tick count.
    private func measureSprings() -> BenchResult {
        let n = 10_000, ticks = 240
        let params = try! SpringParameters.response(0.5, dampingRatio: 0.8)
        var samples: [Double] = []
        for _ in 0..<repeats {
            var tracks = (0..<n).map { i in
                SpringTrack(parameters: params, from: Double(i), velocity: Double(i % 7) * 100, to: 0, startTick: 0, threshold: .points)
            }
            var sink = 0.0
            samples.append(seconds {
                for tick in 1...ticks {
                    for i in tracks.indices { _ = tracks[i].advance(to: tick, tickRate: 120) }
                    sink += tracks[tick % n].value
                }
            } / Double(ticks) * 1000)
            precondition(sink.isFinite)
        }
        return BenchResult(name: "10,000 springs advanced (per tick)", median: median(samples), unit: "ms")
    }
}

struct BenchResult: Codable {
    let name: String
    let median: Double
    let unit: String
}

/// Input for the sim-tick benchmark: a repeating five-second session through every system —
/// grid drag and flick, tap into the pager, a swipe, double-tap zoom in and out, and a drag
/// down that dismisses into the grid.
struct BenchScript {
    let viewport: Size
    func events(at tick: Int) -> [InputEvent] {
        let phase = tick % 600
        let x = viewport.width / 2, cell = Point(x: viewport.width / 2, y: 60)
        func pointer(_ p: PointerPhase, _ at: Point) -> [InputEvent] {
            [.pointer(PointerEvent(id: 0, source: .mouse, phase: p, position: at))]
        }
        switch phase {
        case 0: return pointer(.down, Point(x: x, y: 600))
        case 1..<30: return pointer(.moved, Point(x: x, y: 600 - Double(phase) * 10))
        case 30: return pointer(.up, Point(x: x, y: 310))
        case 120: return [.wheel(dx: 0, dy: 50, position: cell, modifiers: [])]
        case 200: return pointer(.down, cell)
        case 201: return pointer(.up, cell)
        case 300: return pointer(.down, Point(x: 300, y: 400))
        case 301..<310: return pointer(.moved, Point(x: 300 - Double(phase - 300) * 15, y: 400))
        case 310: return pointer(.up, Point(x: 165, y: 400))
        case 380, 420: return pointer(.down, Point(x: x, y: 420))
        case 381, 421: return pointer(.up, Point(x: x, y: 420))
        case 384, 424: return pointer(.down, Point(x: x, y: 420))
        case 385, 425: return pointer(.up, Point(x: x, y: 420))
        case 500: return pointer(.down, Point(x: x, y: 420))
        case 501..<550: return pointer(.moved, Point(x: x, y: 420 + Double(phase - 500) * 6))
        case 550: return pointer(.up, Point(x: x, y: 720))
        default: return []
        }
    }
}
