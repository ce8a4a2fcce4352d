import CSDL2
import PhotoZoomCore

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
        public init(recording: SessionRecording, name: String, photosFolder: String, pausedAt: Int? = nil, exitAfterFrames: Int? = nil) {
            self.recording = recording; self.name = name; self.photosFolder = photosFolder
            self.pausedAt = pausedAt; self.exitAfterFrames = exitAfterFrames
        }
    }

    /// Everything a frame shows; the same again draws nothing.
    private struct Shown: Equatable {
        let tick: Int
        let alpha: Double
        let timeline: ReplayTimeline
        let window: Size
        let scale: Double
    }

    /// Opens the window first, so a machine without a display says so at once; then verifies
    /// the whole session, so the timeline shows the verdict, and plays it.
    public static func run(_ options: Options, log: @escaping (String) -> Void) throws {
        let recording = options.recording
        let viewport = recording.header.world.viewport
        let window = try AppWindow(title: "PhotoZoom replay — \(options.name)",
                                   size: Size(width: viewport.width, height: viewport.height + ReplayTimeline.height))
        let outcome = SessionReplay.run(recording)
        switch outcome {
        case let .verified(ticks, digests): log("photozoom: replay: \(ticks) ticks, all \(digests) digests match")
        case let .diverged(d): log("photozoom: replay: differs from the recording at tick \(d.tick) (--verify says how)")
        }
        let scene = OnDemandScene(renderer: window.renderer,
                                  library: try ReplayPhotos.load(recording.header.photos, folder: options.photosFolder, log: log), log: log)
        let bar = TimelineRenderer(renderer: window.renderer, log: log)
        var player = SessionPlayer(recording)
        var moments = SessionMoments(recording)
        player.playThrough { moments.observe($0) }
        var timeline = ReplayTimeline(firstTick: player.firstTick, lastTick: player.lastTick, moments: moments.all,
                                      divergence: outcome.divergence?.tick, playing: options.pausedAt == nil)
        if let tick = options.pausedAt { player.seek(to: tick) }
        let verdict = Self.verdict(outcome)
        log("photozoom: replay keys: " + ReplayKeys.hint)
        let tickRate = recording.header.loop.tickRate
        var loop = FixedTimestepLoop(tickRate: tickRate, maxFrameDelta: 0.25)
        var clock = MonotonicClock()
        var pacer = FramePacer(framesPerSecond: min(tickRate, 120))
        var translator = ReplayKeys.Translator()
        var shown: Shown?
        var frames = 0
        var wasPlaying = false

        while true {
            // Poll: the window's own controls; asleep while nothing plays.
            let idle = !timeline.playing && shown != nil && options.exitAfterFrames == nil
            var redraw = false
            for event in window.pendingEvents(wait: idle ? 0.25 : 0) {
                switch translator.translate(event) {
                case let .control(control)?: timeline.apply(control, to: &player, window: window.sizeInPoints)
                case .quit?: return
                case .redraw?: redraw = true
                case nil: break
                }
            }
            // Update: whole ticks at the recorded pace times the chosen speed; time spent
            // paused is not caught up on.
            let delta = clock.nextFrameDelta()
            if timeline.playing {
                if !wasPlaying { loop = FixedTimestepLoop(tickRate: tickRate, maxFrameDelta: 0.25) }
                let playback = player.sim.world.playback
                let pace = timeline.speed.speed * (playback.paused ? 1 : playback.speed)
                for _ in 0..<loop.advance(by: delta * pace) where !player.atEnd { player.step() }
                if player.atEnd { timeline.reachedEnd() }
            }
            wasPlaying = timeline.playing
            // Draw, if anything changed.
            let size = window.sizeInPoints, scale = window.pixelScale
            let frame = Shown(tick: player.tick, alpha: timeline.playing ? loop.interpolationAlpha : 1, timeline: timeline, window: size, scale: scale)
            let draw = frame != shown || redraw || options.exitAfterFrames != nil
            if draw {
                drawScene(player.sim, alpha: frame.alpha, scene: scene, bar: bar, window: window)
                let playback = player.sim.world.playback
                bar.draw(timeline, tick: player.tick, tickRate: tickRate, phase: player.sim.world.viewer.phase,
                         recordedSpeed: playback.paused ? 1 : playback.speed, verdict: verdict, window: size, scale: scale)
                window.present()
                shown = frame
                frames += 1
                if let limit = options.exitAfterFrames, frames >= limit { return }
            }
            pacer.endFrame(presentWaitsForVSync: draw && window.hasVSync)
        }
    }

    /// The recorded window's scene, fitted into the window above the timeline and centred.
    private static func drawScene(_ sim: Simulation, alpha: Double, scene: OnDemandScene, bar: TimelineRenderer, window: AppWindow) {
        let size = window.sizeInPoints, scale = window.pixelScale
        let area = ReplayTimeline.sceneArea(in: size)
        let viewport = sim.world.viewport
        let fit = min(area.width / viewport.width, area.height / viewport.height)
        let pixels = Rect(x: ((area.width - viewport.width * fit) / 2 * scale).rounded(),
                          y: ((area.height - viewport.height * fit) / 2 * scale).rounded(),
                          width: (viewport.width * fit * scale).rounded(), height: (viewport.height * fit * scale).rounded())
        var port = SDL_Rect(x: Int32(pixels.minX), y: Int32(pixels.minY), w: Int32(pixels.width), h: Int32(pixels.height))
        var clip = SDL_Rect(x: 0, y: 0, w: port.w, h: port.h)
        SDL_RenderSetViewport(window.renderer, &port)
        SDL_RenderSetClipRect(window.renderer, &clip)
        scene.draw(sim.drawList(interpolation: alpha), window: viewport, scale: fit * scale)
        SDL_RenderSetClipRect(window.renderer, nil)
        SDL_RenderSetViewport(window.renderer, nil)
        bar.letterbox(around: pixels, area: area, scale: scale)
    }

    static func verdict(_ outcome: SessionReplay.Outcome) -> TimelineRenderer.Verdict {
        switch outcome {
        case let .verified(_, digests): TimelineRenderer.Verdict(text: "✓ \(digests) digests match", good: true)
        case let .diverged(d): TimelineRenderer.Verdict(text: "✗ differs from tick \(d.tick)", good: false)
        }
    }
}

extension SessionReplay.Outcome {
    /// Where the replay first differed, if it did.
    public var divergence: SessionReplay.Divergence? {
        if case let .diverged(d) = self { return d }
        return nil
    }
}
