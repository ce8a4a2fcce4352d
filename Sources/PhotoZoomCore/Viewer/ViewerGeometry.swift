import Foundation

/// The frames and mappings the interaction is built from, as plain functions of the world so
/// every system (and every test) computes them the same way, every tick.
public enum ViewerGeometry {
    /// The photo's aspect-fit frame in the window (the seed's calculateZoomInImageFrame):
    /// touching the sides when the photo is relatively wider than the window, else top and bottom.
    public static func fitFrame(_ photo: PhotoInfo, viewport: Size) -> Rect {
        Rect(origin: .zero, size: viewport).aspectFit(photo.pixelSize)
    }

    /// The cell's frame on screen now.
    public static func cellFrame(_ index: Int, world: World) -> Rect? {
        guard let layout = world.grid.layout, world.photos.indices.contains(index) else { return nil }
        return layout.frame(of: index).offsetBy(dx: 0, dy: -world.grid.offset)
    }

    /// Distance between pages: the window's width plus the gap.
    public static func pagePitch(_ world: World) -> Double { world.viewport.width + world.tuning.pageGap }

    /// Where a release velocity would carry a thing that decelerates at `rate` per millisecond
    /// (WWDC18 "Designing Fluid Interfaces").
    public static func projection(velocity v: Double, rate r: Double) -> Double {
        v / 1000 * r / (1 - r)
    }

    /// The photo's frame and the background's alpha for a dismissal drag with the finger at
    /// `finger`: it follows the finger, shrinks 1 → 0.5 over half the height and the background
    /// fades 1 → 0 over a quarter of it (the seed's constants); an upward drag rubber-bands.
    public static func dismissDrag(_ grab: TransitionState.Grab, finger: Point, world: World) -> (frame: Rect, background: Double) {
        let h = max(world.viewport.height, 1), t = world.tuning
        var dy = finger.y - grab.startFinger.y
        if dy < 0 { dy = -rubberBand(-dy, dimension: h, coefficient: t.rubberBandCoefficient) }
        let down = max(dy, 0)
        let scale = 1 - t.dismissShrink * min(down / (h * t.dismissScaleDistance), 1)
        let background = grab.startBackground * (1 - min(down / (h * t.dismissFadeDistance), 1))
        let size = Size(width: grab.startFrame.width * scale, height: grab.startFrame.height * scale)
        let shown = Point(x: finger.x, y: grab.startFinger.y + dy)
        let origin = Point(x: shown.x - grab.anchor.x * size.width, y: shown.y - grab.anchor.y * size.height)
        return (Rect(origin: origin, size: size), background)
    }

    /// The same for a pinch-in dismissal (seed 004): scaled with the fingers' spread around
    /// their centroid, the background following the scale.
    public static func pinchDrag(_ grab: TransitionState.Grab, centroid: Point, distance: Double, startCentroid: Point, startDistance: Double) -> (frame: Rect, background: Double) {
        let k = max(distance / max(startDistance, 1e-9), 0.05)
        let size = Size(width: grab.startFrame.width * k, height: grab.startFrame.height * k)
        let origin = Point(x: centroid.x - grab.anchor.x * size.width, y: centroid.y - grab.anchor.y * size.height)
        return (Rect(origin: origin, size: size), grab.startBackground * min(max(k, 0), 1))
    }

    /// Where a finger holds a frame, in unit coordinates of the frame.
    public static func anchor(of finger: Point, in frame: Rect) -> Point {
        Point(x: frame.width > 0 ? (finger.x - frame.minX) / frame.width : 0.5,
              y: frame.height > 0 ? (finger.y - frame.minY) / frame.height : 0.5)
    }

    /// `frame` scaled by `k` around `point`.
    public static func scale(_ frame: Rect, by k: Double, around point: Point) -> Rect {
        Rect(x: point.x + (frame.minX - point.x) * k, y: point.y + (frame.minY - point.y) * k,
             width: frame.width * k, height: frame.height * k)
    }

    /// A zoomed frame moved the least so it covers the window where it is larger than the
    /// window, and is centred where it is smaller.
    public static func clampPan(_ frame: Rect, viewport: Size) -> Rect {
        func axis(_ origin: Double, _ length: Double, _ window: Double) -> Double {
            length <= window ? (window - length) / 2 : min(max(origin, window - length), 0)
        }
        return Rect(x: axis(frame.minX, frame.width, viewport.width), y: axis(frame.minY, frame.height, viewport.height),
                    width: frame.width, height: frame.height)
    }
}
