import PhotoZoomCore

/// What a person does to the replay window: play and pause, step, jump between moments,
/// change the speed, and scrub the timeline with the pointer.
public enum ReplayControl: Equatable, Sendable {
    case togglePlay
    /// Pause and move this many ticks (negative: back).
    case step(Int)
    /// Pause and move to the next (or previous) marked moment, or tick where a compared
    /// tuning differs.
    case jumpToMoment(forward: Bool)
    case toStart, toEnd
    case cycleSpeed
    /// The pointer, in window points: a press on the timeline starts a scrub, elsewhere
    /// plays or pauses, as a video player's picture does.
    case press(Point)
    case drag(Point)
    case release
}

/// The replay window's timeline along the bottom: its geometry in window points, and what
/// each control does to the player. No SDL here, so its behaviour is tested without a window.
public struct ReplayTimeline: Equatable, Sendable {
    /// The bar's height in points: the track with its markers, a status line and the keys on
    /// up to `hintLines` lines.
    public static let height = 80.0
    static let hintLines = 2
    static let margin = 16.0
    /// How far above and below the track a press still grabs it.
    static let grabHeight = 24.0

    public let firstTick: Int
    public let lastTick: Int
    public let moments: [SessionMoment]
    /// Where the replay first differs from its recording, if it does.
    public let divergence: Int?
    /// The ticks where a compared tuning's session goes otherwise than the recording.
    public let differences: [Int]
    public private(set) var playing = true
    public private(set) var speed: SlowMotion = .off
    /// A scrub is under way: the pointer went down on the track and has not come up.
    public private(set) var scrubbing = false
    /// Playing when the scrub began, so the release plays on.
    private var resumeAfterScrub = false

    public init(
        firstTick: Int, lastTick: Int, moments: [SessionMoment], divergence: Int?, differences: [Int] = [],
        playing: Bool = true
    ) {
        self.firstTick = firstTick
        self.lastTick = lastTick
        self.moments = moments
        self.divergence = divergence
        self.differences = differences
        self.playing = playing
    }

    /// The part of the window the replayed scene is fitted into.
    public static func sceneArea(in window: Size) -> Rect {
        Rect(x: 0, y: 0, width: window.width, height: max(window.height - height, 1))
    }

    /// The track's line, in window points.
    public static func track(in window: Size) -> Rect {
        Rect(x: margin, y: window.height - height + 14, width: max(window.width - 2 * margin, 1), height: 4)
    }

    /// The x of `tick` on the track.
    public func x(of tick: Int, in window: Size) -> Double {
        let track = Self.track(in: window)
        guard lastTick > firstTick else { return track.minX }
        return track.minX + track.width * Double(tick - firstTick) / Double(lastTick - firstTick)
    }

    /// The tick under `x`, clamped to the recording.
    public func tick(atX x: Double, in window: Size) -> Int {
        let track = Self.track(in: window)
        let fraction = min(max((x - track.minX) / track.width, 0), 1)
        return firstTick + Int((fraction * Double(lastTick - firstTick)).rounded())
    }

    /// Applies `control` to `player`; `window` places the track for pointer controls.
    public mutating func apply(_ control: ReplayControl, to player: inout SessionPlayer, window: Size) {
        switch control {
        case .togglePlay:
            if !playing, player.atEnd { player.seek(to: firstTick) }
            playing.toggle()
        case .step(let ticks):
            playing = false
            player.seek(to: player.tick + ticks)
        case .jumpToMoment(let forward):
            playing = false
            let now = player.tick
            let marked = (moments.map(\.tick) + differences).sorted()
            let next = forward ? marked.first { $0 > now } ?? lastTick : marked.last { $0 < now } ?? firstTick
            player.seek(to: next)
        case .toStart:
            player.seek(to: firstTick)
        case .toEnd:
            playing = false
            player.seek(to: lastTick)
        case .cycleSpeed:
            speed = speed.next
        case .press(let point):
            let track = Self.track(in: window)
            guard abs(point.y - track.center.y) <= Self.grabHeight / 2 + track.height, point.x >= 0,
                point.x <= window.width
            else {
                if point.y < window.height - Self.height { apply(.togglePlay, to: &player, window: window) }
                return
            }
            scrubbing = true
            resumeAfterScrub = playing
            playing = false
            player.seek(to: tick(atX: point.x, in: window))
        case .drag(let point):
            guard scrubbing else { return }
            player.seek(to: tick(atX: point.x, in: window))
        case .release:
            guard scrubbing else { return }
            scrubbing = false
            playing = resumeAfterScrub && !player.atEnd
        }
    }

    /// Playing ran into the end of the recording: it stops there.
    public mutating func reachedEnd() { playing = false }
}
