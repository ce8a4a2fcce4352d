import Dispatch
import PhotoZoomCore

/// How fast a recording verifies headless.
struct ReplayResult: Codable {
    let ticks: Int
    /// Seconds of recorded session per second of verifying: reading the file, re-running every
    /// tick and checking every digest.
    let replaySpeedup: Double

    enum CodingKeys: String, CodingKey {
        case ticks
        case replaySpeedup = "replay_speedup"
    }
}

/// Records the bench's scripted session (every phase, input on most ticks of a gesture) over
/// 18 photos for `sessions` sessions, then times `photozoom replay --verify`'s work on it.
struct ReplayBenchmark {
    let viewport: Size
    let sessions: Int

    func run() throws -> ReplayResult {
        let photos = (0..<18).map {
            PhotoInfo(name: "p\($0)", pixelSize: Size(width: 640 + Double($0 * 37 % 400), height: 427))
        }
        let script = try BenchScript(viewport: viewport, photos: photos.count)
        var sim = Simulation(world: World(photos: photos, viewport: viewport))
        var recorder = SessionRecorder()
        var text = try recorder.headerLine(
            SessionHeader(app: "bench", platform: "bench", world: sim.world, pixelDensity: 1, contentHashes: []))
        for _ in 0..<(sessions * BenchScript.sessionTicks) {
            let input = script.events(at: sim.world.tick + 1)
            sim.step(input)
            if let line = try recorder.line(after: sim, input: input) { text += line }
        }
        text += try recorder.endLine(sim)
        let started = DispatchTime.now().uptimeNanoseconds
        let outcome = SessionReplay.run(try SessionRecording.read(text))
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        guard case .verified(let ticks, _) = outcome else { throw ReplayDiverged(outcome: "\(outcome)") }
        return ReplayResult(ticks: ticks, replaySpeedup: Double(ticks) / sim.world.clock.rate / seconds)
    }
}

/// The bench's own recording did not verify: the sim is not deterministic.
struct ReplayDiverged: UserFacingError {
    let outcome: String
    var description: String { "the benchmark's own recording did not replay to its digests: \(outcome)" }
}
