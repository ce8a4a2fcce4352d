import Foundation

/// The frames and mappings the interaction is built from, as plain functions of what they
/// depend on, so every system (and every test) computes them the same way, every tick.
enum ViewerGeometry {
    /// The photo's aspect-fit frame in the window (the seed's calculateZoomInImageFrame):
    /// touching the sides when the photo is relatively wider than the window, else top and bottom.
    /// At least a point on each side, so a 4000 × 1 strip still shows as a line.
    public static func fitFrame(_ photo: PhotoInfo, viewport: Size) -> Rect {
        let fit = Rect(origin: .zero, size: viewport).aspectFit(photo.pixelSize)
        guard !viewport.isEmpty, fit.width < 1 || fit.height < 1 else { return fit }
        return Rect(center: fit.center, size: Size(width: max(fit.width, 1), height: max(fit.height, 1)))
    }

    /// The cell's frame on screen now: its place in the layout less the scroll offset, or where
    /// a zoom under way draws it.
    public static func cellFrame(_ index: Int, grid: GridState, _ stage: Stage) -> Rect? {
        guard let layout = grid.layout, index >= 0, index < layout.count else { return nil }
        if let reflow = GridReflow(grid, stage) { return reflow.frame(of: index) }
        return layout.frame(of: index).offsetBy(dx: 0, dy: -grid.offset)
    }

    /// The photo whose cell is drawn under `point` in the window, or beside it across a gap, if
    /// any: found from the layout by arithmetic, or while the grid zooms among the cells it draws.
    static func photo(at point: Point, grid: GridState, _ stage: Stage) -> Int? {
        guard let layout = grid.layout, point.y < grid.visibleBand(viewportHeight: stage.viewport.height).upperBound
        else { return nil }
        if let reflow = GridReflow(grid, stage) { return reflow.photo(at: point, height: stage.viewport.height) }
        return layout.index(tappedAt: Point(x: point.x, y: point.y + grid.offset))
    }

    /// Where page `page`'s photo is drawn with the pager at `offset`: its zoomed frame if the
    /// zoom is its own, else its fit, moved sideways by its distance from the offset.
    public static func pageFrame(_ page: Int, zoom: ZoomState, offset: Double, stage: Stage) -> Rect {
        let frame = (zoom.page == page ? zoom.frame : nil) ?? stage.fitFrame(page)
        return frame.offsetBy(dx: Double(page) * stage.pagePitch - offset, dy: 0)
    }

    /// Where a release velocity would carry a thing that decelerates at `rate` per millisecond
    /// (WWDC18 "Designing Fluid Interfaces").
    public static func projection(velocity v: Double, rate r: Double) -> Double {
        v / 1000 * r / (1 - r)
    }

    /// The photo's frame and the background's alpha for a dismissal drag with the finger at
    /// `finger`: it follows the finger, shrinks 1 → 0.5 over half the height and the background
    /// fades 1 → 0 over a quarter of it (the seed's constants); an upward drag rubber-bands.
    public static func dismissDrag(_ grab: TransitionState.Grab, finger: Point, viewport: Size, tuning t: Tuning)
        -> HeldPhoto
    {
        let h = max(viewport.height, 1)
        var dy = finger.y - grab.startFinger.y
        if dy < 0 { dy = -rubberBand(-dy, dimension: h, coefficient: t.rubberBandCoefficient) }
        let down = max(dy, 0)
        let scale = 1 - t.dismissShrink * min(down / (h * t.dismissScaleDistance), 1)
        let background = grab.startBackground * (1 - min(down / (h * t.dismissFadeDistance), 1))
        let size = Size(width: grab.startFrame.width * scale, height: grab.startFrame.height * scale)
        let shown = Point(x: finger.x, y: grab.startFinger.y + dy)
        let origin = Point(x: shown.x - grab.anchor.x * size.width, y: shown.y - grab.anchor.y * size.height)
        return HeldPhoto(frame: Rect(origin: origin, size: size), background: background)
    }

    /// The same for a pinch-in dismissal (seed 004): scaled with the fingers' spread around
    /// their centroid, the background following the scale.
    public static func pinchDrag(_ grab: TransitionState.Grab, centroid: Point, distance: Double, startDistance: Double)
        -> HeldPhoto
    {
        let k = max(distance / max(startDistance, 1e-9), 0.05)
        let size = Size(width: grab.startFrame.width * k, height: grab.startFrame.height * k)
        let origin = Point(x: centroid.x - grab.anchor.x * size.width, y: centroid.y - grab.anchor.y * size.height)
        return HeldPhoto(frame: Rect(origin: origin, size: size), background: grab.startBackground * min(max(k, 0), 1))
    }

    /// Where a finger holds a frame, in unit coordinates of the frame.
    public static func anchor(of finger: Point, in frame: Rect) -> Point {
        Point(
            x: frame.width > 0 ? (finger.x - frame.minX) / frame.width : 0.5,
            y: frame.height > 0 ? (finger.y - frame.minY) / frame.height : 0.5)
    }

    /// `frame` scaled by `k` around `point`.
    public static func scale(_ frame: Rect, by k: Double, around point: Point) -> Rect {
        Rect(
            x: point.x + (frame.minX - point.x) * k, y: point.y + (frame.minY - point.y) * k,
            width: frame.width * k, height: frame.height * k)
    }

    /// A zoomed frame moved the least so it covers the window where it is larger than the
    /// window, and is centred where it is smaller.
    public static func clampPan(_ frame: Rect, viewport: Size) -> Rect {
        func axis(_ origin: Double, _ length: Double, _ window: Double) -> Double {
            length <= window ? (window - length) / 2 : min(max(origin, window - length), 0)
        }
        return Rect(
            x: axis(frame.minX, frame.width, viewport.width), y: axis(frame.minY, frame.height, viewport.height),
            width: frame.width, height: frame.height)
    }
}

/// A held photo as drawn: its frame and the backdrop's alpha behind it.
struct HeldPhoto: Hashable, Sendable {
    public var frame: Rect
    public var background: Double
}
