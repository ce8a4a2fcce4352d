import Foundation
import PhotoZoomCore

/// The tuning file as the window's loop sees it: the watcher's thread marks that a save has
/// settled and wakes the loop; the loop reads the file at its next poll and, if the values
/// changed, stamps them as a reload.
public final class SavedTuning {
    public let live: LiveTuning
    private let watcher: TuningWatcher
    private let mark: SaveMark

    /// Set by the watcher's thread, taken by the loop's.
    final class SaveMark: @unchecked Sendable {
        private let lock = NSLock()
        private var saved = false
        func set() {
            lock.lock()
            saved = true
            lock.unlock()
        }
        func take() -> Bool {
            lock.lock()
            defer {
                saved = false
                lock.unlock()
            }
            return saved
        }
    }

    public init(live: LiveTuning, wake: WakeSignal) throws {
        self.live = live
        let mark = SaveMark()
        self.mark = mark
        watcher = try TuningWatcher(path: live.path) {
            mark.set()
            wake.send()
        }
    }

    /// What a save did, for the loop.
    public struct Save {
        public let outcome: LiveTuning.Outcome
        /// The reload to stamp, when the tuning changed.
        public let reload: InputEvent?
        /// The file's problems, to show until a save without them.
        public let problems: [String]
        /// The warnings of the file now in effect, shown more quietly until a save without them.
        public let warnings: [String]
    }

    /// The save that settled since the last call, if one did, after writing its stderr lines;
    /// `side`: which of two compared sessions took it, named in each line that does not start
    /// with the file's path (`photozoom: B: tuning reloaded: …`).
    public func takeSave(side: String? = nil, log: (String) -> Void) -> Save? {
        guard mark.take() else { return nil }
        let old = live.good.tuning
        let outcome = live.reload()
        for line in LiveTuning.lines(outcome, path: live.path) {
            log(line.hasPrefix(live.path + ":") ? line : "photozoom: " + (side.map { "\($0): " } ?? "") + line)
        }
        var reload: InputEvent?
        if case .applied(let file, _, _, _) = outcome, file.tuning != old { reload = .tuningReloaded(file.tuning) }
        return Save(outcome: outcome, reload: reload, problems: live.problems, warnings: live.warnings)
    }
}
