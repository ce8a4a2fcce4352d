import CSDL2
import PhotoZoomCore

/// The replay window's frames, as the `FrameDriver` runs them: its controls taken, the players
/// moved on at the recorded pace times the chosen speed, and the scenes and the timeline drawn
/// when anything changed. B's player keeps to A's tick.
final class ReplayPlayback: FrameSteps {
    /// What one poll of the replay window gathered: its own controls, not the sim's input.
    struct Polled: FramePoll {
        var controls: [ReplayControl] = []
        var quit = false
        var redraw = false
    }

    /// The replay window's events, translated to its controls.
    struct Input: FrameInput {
        let window: AppWindow
        var translator = ReplayKeys.Translator()

        mutating func poll<Clock: WallClock>(wait: Double, clock: inout Clock) -> Polled {
            var polled = Polled()
            for event in window.pendingEvents(wait: wait) {
                switch translator.translate(event) {
                case .control(let control)?: polled.controls.append(control)
                case .quit?: polled.quit = true
                case .redraw?: polled.redraw = true
                case nil: break
                }
            }
            return polled
        }

        func show() {}
        func present() { window.present() }
        var presentWaitsForVSync: Bool { window.hasVSync }
    }

    /// Everything a frame shows; the same again draws nothing.
    private struct Shown: Equatable {
        let tick: Int
        let besideTick: Int?
        let alpha: Double
        let timeline: ReplayTimeline
        let window: Size
        let scale: Double
    }

    private var player: SessionPlayer
    private var beside: SessionPlayer?
    private var timeline: ReplayTimeline
    /// The players' scenes, each fitted into its area under its label.
    private let views: [SessionView]
    private let bar: TimelineRenderer
    private let window: AppWindow
    private let labels: (_ areas: [Rect], _ scale: Double) -> [[String]]
    private let verdict: TimelineRenderer.Verdict
    private let tickRate: Double
    /// Every frame is drawn and nothing sleeps: a scripted run (`--exit-after-frames`).
    private let scripted: Bool
    private var loop: FixedTimestepLoop
    private var wasPlaying = false
    private var shown: Shown?
    private var redraw = false
    /// The wall time of the last update; playing advances by the time between.
    private var lastUpdate: UInt64?

    init(
        player: SessionPlayer, beside: SessionPlayer?, timeline: ReplayTimeline, views: [SessionView],
        bar: TimelineRenderer, window: AppWindow,
        labels: @escaping ([Rect], Double) -> [[String]], verdict: TimelineRenderer.Verdict, tickRate: Double,
        scripted: Bool
    ) {
        self.player = player
        self.beside = beside
        self.timeline = timeline
        self.views = views
        self.bar = bar
        self.window = window
        self.labels = labels
        self.verdict = verdict
        self.tickRate = tickRate
        self.scripted = scripted
        loop = FixedTimestepLoop(tickRate: tickRate, maxFrameDelta: 0.25)
        follow()
    }

    var isShown: Bool { true }

    /// Asleep while nothing plays.
    func isIdle(at now: UInt64) -> Bool { !timeline.playing && shown != nil && !scripted }

    func pollWait(idle: Bool, at now: UInt64) -> Double { idle ? 0.25 : 0 }

    /// The controls taken, then whole ticks at the recorded pace times the chosen speed; time
    /// spent paused is not caught up on.
    func update(_ polled: Polled, wasIdle: Bool, at now: UInt64) {
        for control in polled.controls {
            timeline.apply(control, to: &player, window: window.sizeInPoints)
            follow()
        }
        redraw = polled.redraw
        let delta = Double(now - min(lastUpdate ?? now, now)) / 1e9
        lastUpdate = now
        if timeline.playing {
            if !wasPlaying { loop = FixedTimestepLoop(tickRate: tickRate, maxFrameDelta: 0.25) }
            let playback = player.sim.world.playback
            let pace = timeline.speed.speed * (playback.paused ? 1 : playback.speed)
            for _ in 0..<loop.advance(by: delta * pace) where !player.atEnd { player.step() }
            follow()
            if player.atEnd { timeline.reachedEnd() }
        }
        wasPlaying = timeline.playing
    }

    /// Draws, if anything changed: each scene in its area, letterboxed, and the timeline.
    func draw(at now: UInt64) -> Bool {
        let size = window.sizeInPoints
        let scale = window.pixelScale
        let frame = Shown(
            tick: player.tick, besideTick: beside?.tick, alpha: timeline.playing ? loop.interpolationAlpha : 1,
            timeline: timeline,
            window: size, scale: scale)
        guard frame != shown || redraw || scripted else { return false }
        let areas = ReplayWindow.areas(ReplayTimeline.sceneArea(in: size), count: views.count)
        // What no session covers (a point left over from an odd width) is not stale.
        SDL_SetRenderDrawColor(window.renderer, 0, 0, 0, 255)
        SDL_RenderClear(window.renderer)
        let lines = labels(areas, scale)
        for (i, (view, (area, sim))) in zip(views, zip(areas, [player.sim, beside?.sim].compactMap { $0 })).enumerated()
        {
            view.move(to: area, label: lines[i])
            view.draw(SessionView.Frame(sim, alpha: frame.alpha))
            let drawn = view.scenePixels
            bar.letterbox(
                around: Rect(
                    x: Double(drawn.minX), y: Double(drawn.minY), width: Double(drawn.maxX - drawn.minX),
                    height: Double(drawn.maxY - drawn.minY)), area: view.sceneArea, scale: scale)
        }
        let playback = player.sim.world.playback
        bar.draw(
            timeline, tick: player.tick, tickRate: tickRate, phase: player.sim.world.viewer.phase,
            recordedSpeed: playback.paused ? 1 : playback.speed, verdict: verdict, window: size, scale: scale)
        shown = frame
        return true
    }

    /// B's player brought to A's tick: stepped there when near, else sought.
    private func follow() {
        guard var b = beside else { return }
        let target = min(player.tick, b.lastTick)
        if b.tick > target || target - b.tick > 16 { b.seek(to: target) } else { while b.tick < target { b.step() } }
        beside = b
    }
}
