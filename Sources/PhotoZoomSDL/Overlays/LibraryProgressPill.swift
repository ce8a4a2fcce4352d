import PhotoZoomCore
import PhotoZoomLibrary

/// The pill that shows `LibraryProgress`: centred in the tab bar (where Photos says what it is
/// doing with the library), its text over a thin bar filled to the fraction done.
enum LibraryProgressPill {
    static let textSize = 12.0, height = 30.0, padding = 14.0, barHeight = 3.0, barInset = 12.0
    static let bar = Color(r: 64, g: 156, b: 255)
    static let track = Color(r: 90, g: 90, b: 100)

    /// The pill's frame for a text `textWidth` points wide: centred in the tab bar's height.
    static func frame(textWidth: Double, viewport: Size, reserving: Double = 0) -> Rect {
        let w = max(min((textWidth + 2 * padding).rounded(.up), viewport.width - 16 - 2 * reserving), 2 * padding)
        let tabBar = ToastPanel.bottomInset
        return Rect(
            x: ((viewport.width - w) / 2).rounded(), y: (viewport.height - tabBar + (tabBar - height) / 2).rounded(),
            width: w, height: height)
    }

    /// The thin bar inside `frame`, whole (the filled part is its left `fraction`).
    static func barFrame(in frame: Rect) -> Rect {
        Rect(
            x: frame.minX + barInset, y: frame.maxY - 6 - barHeight, width: frame.width - 2 * barInset,
            height: barHeight)
    }

    /// `reserving`: points kept clear at each end of the tab bar (the badges at its right).
    static func draw(_ progress: LibraryProgress, viewport: Size, reserving: Double = 0, _ painter: OverlayPainter) {
        let text = progress.text
        let frame = frame(textWidth: painter.width(text, textSize), viewport: viewport, reserving: reserving)
        painter.fill(frame, OverlayPainter.Palette.panel, alpha: OverlayPainter.Palette.panelAlpha, radius: height / 2)
        painter.text(
            painter.truncate(text, width: frame.width - 2 * padding, size: textSize),
            at: Point(x: frame.minX + padding, y: frame.minY + 4),
            size: textSize, color: OverlayPainter.Palette.text)
        let whole = barFrame(in: frame)
        painter.fill(whole, track)
        painter.fill(
            Rect(
                x: whole.minX, y: whole.minY, width: (whole.width * progress.fraction).rounded(), height: whole.height),
            bar)
    }
}
