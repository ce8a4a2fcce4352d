import CSDL2
import PhotoZoomCore

/// Draws the developer overlays over whatever the scene drew this frame: call it after
/// `SceneRenderer.draw` and before presenting. Owns no state about what to show — that is
/// `OverlayContent`, built by the loop — only the text cache and the drawing helpers.
///
/// Where each overlay goes, so none covers the interaction needlessly: the status badge and the
/// recording dot at the right of the bar the window shows (the tab bar under the grid, which has
/// no top bar and fills the window above it with cells; the top bar over a photo), a tuning error or warning across the top below the top bar, the debug panel down the
/// left side below that, the reload toast at the bottom above the tab bar, a big folder's
/// progress in the tab bar, and the help, when asked for, centred over everything.
public final class OverlayRenderer {
    private let painter: OverlayPainter

    /// Below the pager's top bar (at its default height), where the top panels start.
    static let topInset = Tuning().topBarHeight + 8
    static let badgeMargin = 8.0, badgeHeight = 22.0, badgeTextSize = 12.0

    /// Must run on the thread that owns `renderer`, like SceneRenderer. `log` hears once if
    /// the font cannot be opened (the overlays then draw without text).
    public init(renderer: OpaquePointer, log: @escaping (String) -> Void = { _ in }) {
        painter = OverlayPainter(renderer: renderer, log: log)
    }

    /// Draws `content` over a window of `viewport` points at `scale` pixels per point. Empty
    /// content draws nothing and touches no renderer state.
    public func draw(_ content: OverlayContent, viewport: Size, scale: Double) {
        guard !content.isEmpty, !viewport.isEmpty, scale > 0, scale.isFinite else { return }
        painter.begin(scale: scale)
        var top = Self.topInset
        if !content.errors.isEmpty {
            top = ErrorPanel.draw(content.errors, top: top, viewport: viewport, painter).maxY + 8
        }
        if !content.warnings.isEmpty {
            top = ErrorPanel.draw(content.warnings, as: .warning, top: top, viewport: viewport, painter).maxY + 8
        }
        if let debug = content.debug { DebugPanel.draw(debug, top: top, viewport: viewport, painter) }
        let bar = Self.bar(viewport, inTabBar: content.badgesInTabBar)
        var right = viewport.width - Self.badgeMargin
        if content.recording { right = drawRecordingDot(right: right, bar: bar) - 6 }
        if let status = content.status, !status.isEmpty { right = drawBadge(status, right: right, bar: bar) }
        // The progress pill shares the tab bar: it keeps clear of the badges, centred still.
        let reserved =
            content.badgesInTabBar && right < viewport.width - Self.badgeMargin ? viewport.width - right + 8 : 0
        if let library = content.library {
            LibraryProgressPill.draw(library, viewport: viewport, reserving: reserved, painter)
        }
        if let toast = content.toast, toast.isVisible { ToastPanel.draw(toast, viewport: viewport, painter) }
        if content.help { HelpOverlay.draw(viewport: viewport, painter) }
    }

    /// The band the badges are centred in: the tab bar at the bottom, or the top bar.
    static func bar(_ viewport: Size, inTabBar: Bool) -> (top: Double, height: Double) {
        let tuning = Tuning()
        return inTabBar ? (viewport.height - tuning.tabBarHeight, tuning.tabBarHeight) : (0, tuning.topBarHeight)
    }

    /// The status badge's frame for `text`: right-aligned in the top bar, vertically centred in it.
    func badgeFrame(_ text: String, viewport: Size) -> Rect {
        badgeFrame(text, right: viewport.width - Self.badgeMargin, bar: Self.bar(viewport, inTabBar: false))
    }

    private func badgeFrame(_ text: String, right: Double, bar: (top: Double, height: Double)) -> Rect {
        let w = (painter.width(text, Self.badgeTextSize) + 16).rounded(.up)
        let y = (bar.top + (bar.height - Self.badgeHeight) / 2).rounded()
        return Rect(x: right - w, y: y, width: w, height: Self.badgeHeight)
    }

    static let recordingRed = Color(r: 230, g: 40, b: 40)

    /// The recording dot, its right edge at `right`; returns its left edge.
    private func drawRecordingDot(right: Double, bar: (top: Double, height: Double)) -> Double {
        let d = Self.badgeHeight - 8
        let frame = Rect(x: right - d, y: (bar.top + (bar.height - d) / 2).rounded(), width: d, height: d)
        painter.fill(frame, Self.recordingRed, radius: d / 2)
        return frame.minX
    }

    /// Draws the badge, its right edge at `right`; returns its left edge.
    @discardableResult
    private func drawBadge(_ text: String, right: Double, bar: (top: Double, height: Double)) -> Double {
        let frame = badgeFrame(text, right: right, bar: bar)
        painter.fill(
            frame, OverlayPainter.Palette.panel, alpha: OverlayPainter.Palette.panelAlpha, radius: Self.badgeHeight / 2)
        let textTop = frame.minY + ((frame.height - painter.lineHeight(Self.badgeTextSize)) / 2).rounded()
        painter.text(
            text, at: Point(x: frame.minX + 8, y: textTop), size: Self.badgeTextSize, color: OverlayPainter.Palette.text
        )
        return frame.minX
    }
}
