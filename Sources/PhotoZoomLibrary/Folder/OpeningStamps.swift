import Dispatch
import Foundation

/// The moments an opening passed, from the process's start to its first sharp screen: where a
/// window's (or the bench's) opening spends its time. Each moment is the monotonic clock the
/// frame loop reads and the process's CPU time by then (every thread's, the loaders' not), so
/// that a moment delayed by other processes' load shows as wall time without CPU time. Recording
/// one reads two clocks and prints nothing; the window prints them on request
/// (`PHOTOZOOM_OPENING_STAMPS=1`), the bench reports them.
public struct OpeningStamps: Equatable, Codable, Sendable {
    /// The phases of an opening, in the order they end on a warm one; the folder is read while
    /// the window is made, so `windowMade` may come anywhere from `openingStarted` to `firstWishes`.
    public enum Phase: String, CaseIterable, Codable, Sendable {
        /// The process began (the kernel's record, to its clock tick: 10 ms here).
        case processStarted = "process_started"
        /// Its arguments were parsed, and for a command without a window the first loaders
        /// started (`LoaderPool.startEarly`).
        case commandStarted = "command_started"
        /// The window (or the bench's opening) began to read the folder and make its surface.
        case openingStarted = "opening_started"
        case folderListed = "folder_listed"
        /// The headers of the screens the grid opens on were read.
        case headersRead = "headers_read"
        /// Their cameras' previews were decoded, where they had any: the folder's opening read.
        case openingRead = "opening_read"
        /// The window (or canvas) exists, still hidden.
        case windowMade = "window_made"
        /// The sessions were made and the decoders told the cells the grid opens on.
        case firstWishes = "first_wishes"
        /// A picture arrived and was made a texture.
        case firstPicture = "first_picture"
        /// Every cell in view has its decoded thumbnail, in a texture.
        case cellsInViewSharp = "cells_in_view_sharp"
        /// The window was put on screen.
        case shown
        /// The first frame was drawn and presented.
        case firstFrame = "first_frame"
    }

    public struct Stamp: Equatable, Codable, Sendable {
        public let phase: Phase
        /// `DispatchTime`'s uptime, the clock the frame loop reads.
        public let nanoseconds: UInt64
        /// The process's CPU time by then, all of its threads.
        public let cpuNanoseconds: UInt64
    }

    /// In the order they happened; a phase once at most.
    public private(set) var stamps: [Stamp] = []

    public init() {}

    /// Stamps `phase` now, unless it was stamped already: the first time counts.
    public mutating func stamp(_ phase: Phase) {
        stamp(phase, at: DispatchTime.now().uptimeNanoseconds, cpu: Self.processCPUNanoseconds())
    }

    public mutating func stamp(_ phase: Phase, at nanoseconds: UInt64, cpu: UInt64) {
        guard self[phase] == nil else { return }
        let place = stamps.firstIndex { $0.nanoseconds > nanoseconds } ?? stamps.endIndex
        stamps.insert(Stamp(phase: phase, nanoseconds: nanoseconds, cpuNanoseconds: cpu), at: place)
    }

    public subscript(phase: Phase) -> Stamp? { stamps.first { $0.phase == phase } }

    /// These and `other`'s, in the order they happened (this one's where both have a phase).
    public func merging(_ other: OpeningStamps) -> OpeningStamps {
        var merged = self
        for stamp in other.stamps { merged.stamp(stamp.phase, at: stamp.nanoseconds, cpu: stamp.cpuNanoseconds) }
        return merged
    }

    /// Milliseconds from the first stamp to each, and the process's CPU milliseconds between.
    public var sinceFirst: [(phase: Phase, milliseconds: Double, cpuMilliseconds: Double)] {
        guard let first = stamps.first else { return [] }
        return stamps.map {
            (
                $0.phase, Double($0.nanoseconds - first.nanoseconds) / 1e6,
                Double($0.cpuNanoseconds - min(first.cpuNanoseconds, $0.cpuNanoseconds)) / 1e6
            )
        }
    }

    /// A line a stamp: since the first, since the one before, and the CPU time since the first.
    public var lines: [String] {
        var previous = 0.0
        return sinceFirst.map { phase, milliseconds, cpu in
            defer { previous = milliseconds }
            return "opening: " + phase.rawValue.padding(toLength: 20, withPad: " ", startingAt: 0)
                + String(format: "%8.1f ms  (+%.1f ms)  CPU %.1f ms", milliseconds, milliseconds - previous, cpu)
        }
    }

    /// This process's time on the CPU so far, all of its threads.
    public static func processCPUNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// When this process began on `DispatchTime`'s clock, from the kernel's record of its start
    /// (`/proc/self/stat`, in clock ticks since boot); nil where there is none.
    public static func processStart() -> UInt64? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let nameEnd = stat.lastIndex(of: ")")
        else { return nil }
        // Field 22; the fields after the name begin with the 3rd.
        let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
        guard fields.count > 19, let ticks = UInt64(fields[19]) else { return nil }
        var boot = timespec()
        clock_gettime(CLOCK_BOOTTIME, &boot)
        let now = DispatchTime.now().uptimeNanoseconds
        let sinceBoot = UInt64(boot.tv_sec) * 1_000_000_000 + UInt64(boot.tv_nsec)
        let age = sinceBoot - min(ticks * 1_000_000_000 / UInt64(max(sysconf(Int32(_SC_CLK_TCK)), 1)), sinceBoot)
        return now - min(age, now)
    }
}
