import CSDL2
import Foundation
import PhotoZoomCore

/// Draws the replay window's timeline: the track with the played part, a marker for each
/// moment (coloured by kind), a dot above the track where a compared tuning differs, the
/// divergence in red, the playhead, a status line (tick, session time, phase, speed, the
/// verdict) and the keys.
final class TimelineRenderer {
    enum Palette {
        static let bar = Color(r: 28, g: 28, b: 32)
        static let track = Color(r: 74, g: 74, b: 84)
        static let played = Color(r: 200, g: 200, b: 210)
        static let playhead = Color.white
        static let verified = Color(r: 90, g: 190, b: 110)
        static let diverged = Color(r: 235, g: 72, b: 72)
        static let letterbox = Color(r: 44, g: 44, b: 50)
        /// Where a compared tuning's session goes otherwise than the recording.
        static let difference = Color(r: 255, g: 64, b: 170)

        static func marker(_ kind: SessionMoment.Kind) -> Color {
            switch kind {
            case .press: Color(r: 64, g: 156, b: 255)
            case .release: Color(r: 255, g: 159, b: 10)
            case .landing: Color(r: 90, g: 190, b: 110)
            case .resize: Color(r: 175, g: 82, b: 222)
            case .tuningReload: Color(r: 255, g: 214, b: 10)
            }
        }
    }

    static let statusSize = 12.0
    /// The difference marks' size: above the moments' lines, within the bar.
    static let dot = 6.0
    static let hintSize = 10.5

    private let painter: OverlayPainter

    init(renderer: OpaquePointer, log: @escaping (String) -> Void) {
        painter = OverlayPainter(renderer: renderer, log: log)
    }

    /// What the status line says about the replay as a whole.
    struct Verdict: Equatable {
        let text: String
        let good: Bool
    }

    func draw(
        _ timeline: ReplayTimeline, tick: Int, tickRate: Double, phase: ViewerPhase, recordedSpeed: Double,
        verdict: Verdict, window: Size, scale: Double
    ) {
        let p = painter
        p.begin(scale: scale)
        let top = window.height - ReplayTimeline.height
        p.fill(Rect(x: 0, y: top, width: window.width, height: ReplayTimeline.height), Palette.bar)

        let track = ReplayTimeline.track(in: window)
        p.fill(track, Palette.track, radius: 2)
        let now = timeline.x(of: tick, in: window)
        p.fill(
            Rect(x: track.minX, y: track.minY, width: now - track.minX, height: track.height), Palette.played, radius: 2
        )
        for moment in timeline.moments {
            let x = timeline.x(of: moment.tick, in: window)
            p.fill(Rect(x: x - 1, y: track.minY - 6, width: 2, height: track.height + 12), Palette.marker(moment.kind))
        }
        for tick in timeline.differences {
            let x = timeline.x(of: tick, in: window)
            p.fill(
                Rect(x: x - Self.dot / 2, y: track.minY - 7 - Self.dot, width: Self.dot, height: Self.dot),
                Palette.difference, radius: Self.dot / 2)
        }
        if let divergence = timeline.divergence {
            let x = timeline.x(of: divergence, in: window)
            p.fill(Rect(x: x - 1.5, y: track.minY - 9, width: 3, height: track.height + 18), Palette.diverged)
        }
        p.fill(Rect(x: now - 2, y: track.minY - 8, width: 4, height: track.height + 16), Palette.playhead, radius: 2)

        let inner = window.width - 2 * ReplayTimeline.margin
        let statusY = track.maxY + 8
        let status = Self.status(timeline, tick: tick, tickRate: tickRate, phase: phase, recordedSpeed: recordedSpeed)
        let verdictWidth = min(p.width(verdict.text, Self.statusSize), inner / 2)
        p.text(
            p.truncate(status, width: inner - verdictWidth - 12, size: Self.statusSize),
            at: Point(x: track.minX, y: statusY),
            size: Self.statusSize, color: OverlayPainter.Palette.text)
        let shownVerdict = p.truncate(verdict.text, width: verdictWidth, size: Self.statusSize)
        p.text(
            shownVerdict, at: Point(x: track.maxX - p.width(shownVerdict, Self.statusSize), y: statusY),
            size: Self.statusSize,
            color: verdict.good ? Palette.verified : Palette.diverged)
        for (i, line) in hintLines(width: inner).enumerated() {
            p.text(
                line,
                at: Point(
                    x: track.minX,
                    y: statusY + OverlayPainter.lineHeight(Self.statusSize) + 2 + Double(i)
                        * OverlayPainter.lineHeight(Self.hintSize)),
                size: Self.hintSize, color: OverlayPainter.Palette.secondary)
        }
    }

    /// `▶ tick 480 / 510 · 4.00 s / 4.25 s · pager`: the recording's own ticks and time, from
    /// its first tick (a recording started mid-session is not 62 s long), the phase, and the
    /// pace when it is not the recording's.
    static func status(
        _ timeline: ReplayTimeline, tick: Int, tickRate: Double, phase: ViewerPhase, recordedSpeed: Double
    ) -> String {
        let speed =
            timeline.speed == .off && recordedSpeed == 1 ? "" : " · \(speedLabel(timeline.speed.speed * recordedSpeed))"
        let now = tick - timeline.firstTick
        let end = timeline.lastTick - timeline.firstTick
        return "\(timeline.playing ? "▶" : "❚❚") tick \(now) / \(end) · "
            + String(format: "%.2f s / %.2f s", Double(now) / tickRate, Double(end) / tickRate)
            + " · \(phase.name)\(speed)"
    }

    /// The keys, a binding never split, on the bar's `hintLines` lines across `width` points;
    /// only a window too narrow for them all cuts the last line short.
    func hintLines(width: Double) -> [String] {
        var lines: [String] = []
        for binding in ReplayKeys.bindings.map({ "\($0.caps) \($0.action)" }) {
            if let last = lines.last, painter.width(last + " · " + binding, Self.hintSize) <= width {
                lines[lines.count - 1] = last + " · " + binding
            } else {
                lines.append(binding)
            }
        }
        guard lines.count > ReplayTimeline.hintLines else { return lines }
        let kept =
            lines.prefix(ReplayTimeline.hintLines - 1) + [
                lines.dropFirst(ReplayTimeline.hintLines - 1).joined(separator: " · ")
            ]
        return kept.map { painter.truncate($0, width: width, size: Self.hintSize) }
    }

    /// `×0.25`, `×0.025`: the pace against the recording's own.
    static func speedLabel(_ speed: Double) -> String {
        var text = String(format: "%.3f", speed)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return "×" + text
    }

    /// Fills the window outside `scene` (pixels), where a recorded window smaller than this
    /// one, or of another shape, leaves room.
    func letterbox(around scene: Rect, area: Rect, scale: Double) {
        let p = painter
        p.begin(scale: 1)
        let a = area.scaled(by: scale)
        for band in [
            Rect(x: a.minX, y: a.minY, width: a.width, height: scene.minY - a.minY),
            Rect(x: a.minX, y: scene.maxY, width: a.width, height: a.maxY - scene.maxY),
            Rect(x: a.minX, y: scene.minY, width: scene.minX - a.minX, height: scene.height),
            Rect(x: scene.maxX, y: scene.minY, width: a.maxX - scene.maxX, height: scene.height),
        ] where band.width > 0 && band.height > 0 {
            p.fill(band, Palette.letterbox)
        }
    }
}
