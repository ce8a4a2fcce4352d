import PhotoZoomCore
import PhotoZoomLoaderInterface

/// What the window wants decoded now, most wanted first: the page on screen and the photo in
/// flight, their neighbours, the embedded previews of the cells in the window (a millisecond
/// each, where a thumbnail takes tens; a preview with pixels enough for its cell is the cell's
/// picture, as in Photos, and no thumbnail is decoded for it), the cells in the window, the rows kept around it, then the next
/// screenful in the direction the grid is moving. Recomputed every frame, so a photo scrolled
/// away drops off the list before a thread starts it.
public struct PhotoWishes {
    /// The window's size in pixels: pages are decoded to fit it.
    public let windowPixels: PixelBox
    /// Pixels per point.
    public let scale: Double
    /// Screenfuls of rows decoded ahead of the scroll.
    public static let screensAhead = 1.0

    /// Pixel targets for `world`'s photos, in priority order. `aspect` gives a photo's long side
    /// over its short, as far as known; `preview`, the upright size of the preview it embeds, if
    /// one of its shape.
    public func targets(for world: World, aspect: (Int) -> Double, preview: (Int) -> PixelBox? = { _ in nil }) -> [(
        photo: Int, target: PixelTarget
    )] {
        var list: [(photo: Int, target: PixelTarget)] = []
        let count = world.photos.count
        let page = PixelTarget.page(width: windowPixels.width, height: windowPixels.height)
        if world.viewer.phase != .grid {
            let current = world.viewer.currentIndex
            for p in [world.viewer.transition?.photo, current, current + 1, current - 1].compactMap({ $0 })
            where (0..<count).contains(p) {
                list.append((p, page))
            }
        }
        guard let layout = world.grid.layout, layout.rowPitch > 0 else { return list }
        // A press on a cell may be a tap that opens it: its page is decoded from the press, so the
        // flight shows the photo sharp from its start rather than the thumbnail magnified.
        if world.viewer.phase == .grid, case .held(_, let at) = world.grid.motion,
            let pressed = layout.index(tappedAt: Point(x: at.x, y: at.y + world.grid.offset))
        {
            list.append((pressed, page))
        }
        let cell = layout.cellSize * scale
        let previewForCell = PixelTarget.preview(cell: Int(cell.rounded(.up)))
        // The ranges below overlap at their edges; each photo is wanted once, where first named.
        var named = 0..<0
        func thumbnails(_ photos: Range<Int>) {
            for p in photos where !named.contains(p) {
                list.append(
                    (
                        p,
                        Self.covers(preview(p), cell: cell)
                            ? previewForCell : PixelTarget.thumbnail(covering: cell, aspect: aspect(p))
                    ))
            }
            named =
                named.isEmpty
                ? photos : min(named.lowerBound, photos.lowerBound)..<max(named.upperBound, photos.upperBound)
        }
        let height = world.viewport.height
        let offset = world.grid.offset
        let visible = Self.rows(layout, from: offset, to: offset + height)
        // Every preview in the window first, those too small for their cells too: something to
        // see in each cell before any thumbnail's tens of milliseconds.
        for p in visible where preview(p) != nil && !Self.covers(preview(p), cell: cell) {
            list.append((p, previewForCell))
        }
        thumbnails(visible)
        // While the grid zooms, every cell it draws is on its way through the window.
        if !world.grid.zoom.isAtRest { thumbnails(world.cells.photos) }
        // The kept rows around the window (the sim's cell sprites), then a screen ahead.
        let kept = world.cells.photos
        let ahead = world.grid.velocity >= 0
        let before = kept.lowerBound..<max(kept.lowerBound, min(visible.lowerBound, kept.upperBound))
        let after = min(max(visible.upperBound, kept.lowerBound), kept.upperBound)..<kept.upperBound
        let further =
            ahead
            ? Self.rows(layout, from: offset + height, to: offset + height * (1 + Self.screensAhead))
            : Self.rows(layout, from: offset - height * Self.screensAhead, to: offset)
        for range in ahead ? [after, before, further] : [before, after, further] { thumbnails(range) }
        return list
    }

    /// Whether a preview of `size` fills a square cell of `cell` pixels without being enlarged.
    public static func covers(_ size: PixelBox?, cell: Double) -> Bool {
        size.map { Double(min($0.width, $0.height)) >= cell.rounded(.down) } ?? false
    }

    /// The photos in the rows between content offsets `top` and `bottom`.
    public static func rows(_ layout: GridLayout, from top: Double, to bottom: Double) -> Range<Int> {
        guard layout.count > 0 else { return 0..<0 }
        let first = max(Int((top / layout.rowPitch).rounded(.down)), 0)
        let last = max(Int((bottom / layout.rowPitch).rounded(.down)), -1)
        let lower = min(first * layout.columns, layout.count)
        let upper = min((last + 1) * layout.columns, layout.count)
        return lower..<max(lower, upper)
    }
}
