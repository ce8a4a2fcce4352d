import Dispatch
import PhotoZoomCore
import PhotoZoomLibrary
import PhotoZoomLoaderInterface

/// What the window's loop keeps for its overlays between frames: which the person toggled on,
/// the last reload's toast and when it came, the tuning file's problems and warnings, and the
/// debug history.
/// Nothing here reaches the sim; the loop builds each frame's `OverlayContent` from it.
public struct WindowOverlays {
    public private(set) var help = false
    public private(set) var debug = false
    private var toast: ReloadToast?
    /// A bug report is being written: its toast stays until it is done.
    private var writingReport = false
    /// Wall time of the reload the toast is for, in nanoseconds.
    private var toastShown: UInt64 = 0
    private var errors: [String] = []
    private var warnings: [String] = []
    private var history: DebugHistory
    private let sandbox: LoaderSandbox
    private var library: LibraryProgress?
    /// Wall time the library's progress last changed on screen.
    private var libraryShown: UInt64 = 0
    /// Each change of the progress is a frame to draw: a few a second is enough to see it move.
    static let libraryInterval: UInt64 = 250_000_000

    /// `sandbox`: what the loaders said of their sandbox, shown in the debug overlay.
    public init(tickRate: Double, sandbox: LoaderSandbox = LoaderPool.shared.sandbox) {
        history = DebugHistory(tickRate: tickRate)
        self.sandbox = sandbox
    }

    public mutating func toggle(_ overlay: EventTranslator.Overlay) {
        switch overlay {
        case .help: help.toggle()
        case .debug: debug.toggle()
        }
    }

    /// F6: a report is being written, off the window's thread.
    public mutating func reportStarted(at now: UInt64) {
        toast = ReloadToast(lines: ["writing the last minutes, a screenshot and the log…"])
        toast?.title = "bug report"
        toastShown = now
        writingReport = true
    }

    /// The report is written (where) or not (why), a line each.
    public mutating func reportFinished(_ lines: [String], at now: UInt64) {
        toast = ReloadToast(lines: lines)
        toast?.title = "bug report"
        toastShown = now
        writingReport = false
    }

    /// The input the sim is to see: while the help is up, it takes Escape and the pointer for
    /// itself (a click on it opened the photo behind), and a press or Escape closes it.
    public mutating func passing(_ events: [InputEvent]) -> [InputEvent] {
        guard help else { return events }
        return events.filter { event in
            guard help else { return true }
            switch event {
            case .key(.escape, _):
                help = false
                return false
            case .pointer(let pointer):
                if pointer.phase == .down { help = false }
                return false
            case .wheel:
                return false
            default:
                return true
            }
        }
    }

    /// A save was read: a reload shows what changed, and the file's problems stay up until a
    /// save without them. `side`: which of two compared sessions took it, named in the toast.
    public mutating func saved(_ save: SavedTuning.Save, side: String? = nil, at now: UInt64) {
        showProblems(errors: save.problems, warnings: save.warnings)
        guard case .applied(_, let changes, let springs, _) = save.outcome else { return }
        toast = ReloadToast(lines: changes.map(\.description), springs: springs)
        if let side { toast?.title = "\(side): tuning reloaded" }
        toastShown = now
    }

    /// The tuning file's problems, as it was opened or as a save left them: errors in the red
    /// panel, warnings in a quieter one, each until a save without them.
    public mutating func showProblems(errors: [String], warnings: [String]) {
        self.errors = errors
        self.warnings = warnings
    }

    public mutating func recordTick(_ world: World) { history.record(world) }

    /// The library's progress now: taken at once when it starts, changes stage or ends, else at
    /// most every `libraryInterval`.
    public mutating func updateLibrary(_ progress: LibraryProgress?, at now: UInt64) {
        guard progress?.stage != library?.stage || now &- libraryShown >= Self.libraryInterval else { return }
        if progress != library { libraryShown = now }
        library = progress
    }

    public mutating func recordFrame(frameSeconds: Double, tickSeconds: Double) {
        history.recordFrame(frameSeconds: frameSeconds, tickSeconds: tickSeconds)
    }

    /// Something on show changes by itself from frame to frame: a toast fading. The debug
    /// panel is not: its figures and traces move only with the sim's ticks, so a window at
    /// rest with it open may sleep (it ticked, and drew, every frame).
    public func isAnimating(at now: UInt64) -> Bool { toastAge(at: now).map { $0 < ReloadToast.lifetime } ?? false }

    private func toastAge(at now: UInt64) -> Double? {
        toast.map { _ in writingReport ? 0 : Double(now &- toastShown) / 1e9 }
    }

    /// This frame's overlays for `world`.
    public func content(_ world: World, at now: UInt64, recording: Bool) -> OverlayContent {
        var shown = toast
        shown?.age = toastAge(at: now) ?? 0
        var content = OverlayContent(
            help: help, status: Self.status(world.playback, tick: world.tick),
            toast: shown?.isVisible == true ? shown : nil, errors: errors,
            debug: debug ? history.readout(sandboxGaps: sandbox.missing) : nil)
        content.warnings = warnings
        content.recording = recording
        content.library = library
        content.badgesInTabBar = world.viewer.phase == .grid
        return content
    }

    /// "paused · tick 1234", "×0.25", or nothing at full speed.
    static func status(_ playback: Playback, tick: Int) -> String? {
        let speed = playback.slowMotion == .off ? nil : playback.slowMotion.label
        guard playback.paused else { return speed }
        return (["paused"] + (speed.map { [$0] } ?? []) + ["tick \(tick)"]).joined(separator: " · ")
    }
}
