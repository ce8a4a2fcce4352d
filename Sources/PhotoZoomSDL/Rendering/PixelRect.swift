import PhotoZoomCore

/// Whole pixels of a canvas, `minX..<maxX` by `minY..<maxY`: which pixels a drawing can touch,
/// or surely paints.
struct PixelRect: Equatable {
    var minX, minY, maxX, maxY: Int

    var isEmpty: Bool { minX >= maxX || minY >= maxY }
    var area: Int { isEmpty ? 0 : (maxX - minX) * (maxY - minY) }

    func contains(_ other: PixelRect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    func clamped(to bounds: PixelRect) -> PixelRect {
        PixelRect(
            minX: max(minX, bounds.minX), minY: max(minY, bounds.minY), maxX: min(maxX, bounds.maxX),
            maxY: min(maxY, bounds.maxY))
    }

    /// Every pixel a rectangle drawn at `frame` (pixels) may touch, however a renderer rounds it.
    static func reach(of frame: Rect) -> PixelRect {
        PixelRect(
            minX: whole(frame.minX, .down), minY: whole(frame.minY, .down), maxX: whole(frame.maxX, .up),
            maxY: whole(frame.maxY, .up))
    }

    /// The pixels SDL's software renderer paints for a rectangle at `frame` (pixels): it cuts the
    /// origin and the size to whole pixels, each on its own.
    static func cut(_ frame: Rect) -> PixelRect {
        let x = whole(frame.minX, .towardZero)
        let y = whole(frame.minY, .towardZero)
        return PixelRect(
            minX: x, minY: y, maxX: x + whole(frame.width, .towardZero), maxY: y + whole(frame.height, .towardZero))
    }

    /// The pixels a rectangle drawn at `frame` (pixels) paints whichever way a renderer rounds
    /// it: cut as SDL's software renderer does, or those whose centres lie inside, as the others do.
    static func surelyPainted(by frame: Rect) -> PixelRect {
        let centres = PixelRect(
            minX: whole(frame.minX - 0.5, .up), minY: whole(frame.minY - 0.5, .up),
            maxX: whole(frame.maxX - 0.5, .up), maxY: whole(frame.maxY - 0.5, .up))
        return cut(frame).clamped(to: centres)
    }

    /// `v` rounded to a whole pixel, held within a range no canvas comes near, so a photo zoomed
    /// far past the window (or a NaN) cannot trap the conversion, nor an area the multiplication.
    private static func whole(_ v: Double, _ rule: FloatingPointRoundingRule) -> Int {
        let limit = Double(1 << 30)
        return v.isNaN ? 0 : Int(min(max(v.rounded(rule), -limit), limit))
    }
}
