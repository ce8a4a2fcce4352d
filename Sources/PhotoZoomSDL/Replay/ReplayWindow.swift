import CSDL2
import PhotoZoomCore
import PhotoZoomLibrary

/// `photozoom replay FILE` in a window: the session plays at the pace it was recorded (its
/// slow motion included) with a timeline along the bottom to scrub, step and jump between
/// moments. Every tick shown is re-simulated by this build's systems; the verdict of a full
/// verify is on the timeline, with the divergence marked where there is one.
public enum ReplayWindow {
    public struct Options {
        public var recording: SessionRecording
        /// The file's name, for the title bar.
        public var name: String
        /// Where the recorded photos are, by name.
        public var photosFolder: String
        /// Open paused at this tick (clamped to the recording) instead of playing from the start.
        public var pausedAt: Int?
        /// Draw this many frames and close: for tests and scripts.
        public var exitAfterFrames: Int?
        /// B beside the recording, under one timeline: the recorded input under another
        /// tuning, or the other side of a recording of two sessions compared.
        public var compare: HeadlessReplay.Comparison?
        public init(
            recording: SessionRecording, name: String, photosFolder: String, pausedAt: Int? = nil,
            exitAfterFrames: Int? = nil,
            compare: HeadlessReplay.Comparison? = nil
        ) {
            self.recording = recording
            self.name = name
            self.photosFolder = photosFolder
            self.pausedAt = pausedAt
            self.exitAfterFrames = exitAfterFrames
            self.compare = compare
        }
    }

    /// Opens the window first, so a machine without a display says so at once; then verifies
    /// the whole session, so the timeline shows the verdict, and plays it.
    public static func run(_ options: Options, log: @escaping (String) -> Void) throws {
        let recording = options.recording
        let viewport = recording.header.world.viewport
        // Two sessions compared get a window twice the recorded one, across or down as the
        // scene areas split it.
        let across = options.compare != nil && viewport.width < viewport.height
        let down = options.compare != nil && !across
        let window = try AppWindow(
            title: "PhotoZoom replay — \(options.name)" + (options.compare == nil ? "" : " — A | B"),
            size: Size(
                width: viewport.width * (across ? 2 : 1),
                height: viewport.height * (down ? 2 : 1) + ReplayTimeline.height))
        let outcome = SessionReplay.run(recording)
        switch outcome {
        case .verified(let ticks, let digests): log("photozoom: replay: \(ticks) ticks, all \(digests) digests match")
        case .diverged(let d):
            log("photozoom: replay: differs from the recording at tick \(d.tick) (--verify says how)")
        }
        let scene = OnDemandScene(
            renderer: window.renderer,
            library: try ReplayPhotos.load(recording.header.photos, folder: options.photosFolder, log: log), log: log)
        let bar = TimelineRenderer(renderer: window.renderer, log: log)
        var player = SessionPlayer(recording)
        var moments = SessionMoments(recording)
        player.playThrough { moments.observe($0) }
        // B's player keeps to A's tick; where B goes otherwise is marked on the timeline.
        let beside = options.compare.map { SessionPlayer(Self.recording(of: $0.beside, beside: recording)) }
        let differences = options.compare.map { MomentComparison.differences(recording, beside: $0.beside) } ?? []
        for difference in differences {
            log("photozoom: replay: B differs at tick \(difference.tick): \(difference.text)")
        }
        let timeline = ReplayTimeline(
            firstTick: player.firstTick, lastTick: player.lastTick, moments: moments.all,
            divergence: outcome.divergence?.tick, differences: differences.map(\.tick), playing: options.pausedAt == nil
        )
        if let tick = options.pausedAt { player.seek(to: tick) }
        // The players' scenes are drawn by session views, each fitted into its area under its
        // label, laid out again when the window's width changes.
        let labelText = TextRenderer(
            renderer: window.renderer, fontPath: PhotoFolder.assetPath("fonts/DejaVuSans.ttf"), log: log)
        var laidOut: (width: Double, scale: Double, lines: [[String]])?
        func labels(_ areas: [Rect], scale: Double) -> [[String]] {
            guard let pieces = options.compare?.labels, areas.count > 1 else { return areas.map { _ in [] } }
            if let laidOut, laidOut.width == areas[0].width, laidOut.scale == scale { return laidOut.lines }
            let lines = SessionLabel.lines(pieces, width: areas[0].width, text: labelText, scale: scale)
            laidOut = (areas[0].width, scale, lines)
            return lines
        }
        let areas = Self.areas(ReplayTimeline.sceneArea(in: window.sizeInPoints), count: beside == nil ? 1 : 2)
        let views = zip(areas, labels(areas, scale: window.pixelScale)).map { area, label in
            SessionView(area: area, label: label, placement: .fitted, surface: window, pictures: scene, log: log)
        }
        log("photozoom: replay keys: " + ReplayKeys.hint)
        let tickRate = recording.header.loop.tickRate
        let playback = ReplayPlayback(
            player: player, beside: beside, timeline: timeline, views: views, bar: bar, window: window,
            labels: labels, verdict: Self.verdict(outcome), tickRate: tickRate, scripted: options.exitAfterFrames != nil
        )
        var driver = FrameDriver(
            input: ReplayPlayback.Input(window: window), clock: MonotonicClock(), framesPerSecond: min(tickRate, 120))
        driver.run(playback, exitAfterFrames: options.exitAfterFrames)
    }

    /// The scene area split for `count` sessions (`SplitLayout`), with no divider: each scene
    /// is letterboxed in its half, which sets them apart.
    static func areas(_ area: Rect, count: Int) -> [Rect] {
        SplitLayout(count: count, sharing: area.size, divider: 0).areas(in: area)
    }

    /// The session `beside` plays: the other side of a recording of two compared, or
    /// `recording`'s input under another tuning (its own reloads left out, as the headless
    /// replay leaves them).
    static func recording(of beside: SessionReplay.Beside, beside recording: SessionRecording) -> SessionRecording {
        switch beside {
        case .recorded(let b):
            return b
        case .tuning(let tuning):
            return recording.under(tuning)
        }
    }

    static func verdict(_ outcome: SessionReplay.Outcome) -> TimelineRenderer.Verdict {
        switch outcome {
        case .verified(_, let digests): TimelineRenderer.Verdict(text: "✓ \(digests) digests match", good: true)
        case .diverged(let d): TimelineRenderer.Verdict(text: "✗ differs from tick \(d.tick)", good: false)
        }
    }
}

extension SessionReplay.Outcome {
    /// Where the replay first differed, if it did.
    public var divergence: SessionReplay.Divergence? {
        if case .diverged(let d) = self { return d }
        return nil
    }
}
