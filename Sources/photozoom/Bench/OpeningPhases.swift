import Foundation
import PhotoZoomLibrary

/// One phase of an opening as the bench reports it: when it ended, from the opening's start.
struct OpeningPhase: Codable {
    let phase: String
    let milliseconds: Double
    /// The process's CPU time from the opening's start: the window's threads and the bench's,
    /// not the loaders'.
    let cpuMilliseconds: Double

    enum CodingKeys: String, CodingKey {
        case phase
        case milliseconds = "ms"
        case cpuMilliseconds = "cpu_ms"
    }

    /// Each of `stamps`, in the order they happened.
    static func list(_ stamps: OpeningStamps) -> [OpeningPhase] {
        stamps.sinceFirst.map {
            OpeningPhase(phase: $0.phase.rawValue, milliseconds: $0.milliseconds, cpuMilliseconds: $0.cpuMilliseconds)
        }
    }

    /// The phases on one line: each's end in milliseconds, and the CPU time up to the last.
    static func line(_ phases: [OpeningPhase]) -> String {
        guard let last = phases.last else { return "none" }
        return phases.map { $0.phase + String(format: " %.0f", $0.milliseconds) }.joined(separator: ", ")
            + String(format: " ms; CPU %.0f ms", last.cpuMilliseconds)
    }
}
