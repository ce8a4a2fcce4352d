/// What every system may read and none writes during a tick: the clock, the tuning, the
/// window's size and the library. Like Bevy's `Res<…>`: handed to systems as a value.
public struct Stage: Sendable {
    public let clock: SimClock
    public let tuning: Tuning
    /// The window's drawable area in points, after this tick's resizes.
    public let viewport: Size
    public let photos: [PhotoInfo]

    public var tick: Int { clock.tick }
    public var bounds: Rect { Rect(origin: .zero, size: viewport) }
    public var lastPhoto: Int { Swift.max(photos.count - 1, 0) }

    /// Distance between pages: the window's width plus the gap.
    public var pagePitch: Double { viewport.width + tuning.pageGap }

    /// Photo `index` fitted to the window.
    public func fitFrame(_ index: Int) -> Rect { ViewerGeometry.fitFrame(photos[index], viewport: viewport) }

    /// A track on one of the tuning's springs, starting this tick.
    public func track<Value: SpringVector>(
        _ spring: TunedSpring.Name, rest: TunedSpring.Rest, from: Value, velocity: Value = .zero,
        to target: Value
    ) -> SpringTrack<Value> {
        let tuned = TunedSpring(spring, rest: rest)
        return SpringTrack(
            parameters: tuned.parameters(in: tuning), from: from, velocity: velocity, to: target, startTick: clock.tick,
            threshold: tuned.threshold(in: tuning), tuned: tuned)
    }
}

extension World {
    /// The read-only resources of this tick.
    public var stage: Stage { Stage(clock: clock, tuning: tuning, viewport: viewport, photos: photos) }
}
