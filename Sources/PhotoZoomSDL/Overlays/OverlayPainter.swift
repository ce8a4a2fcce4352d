import CSDL2
import Foundation
import PhotoZoomCore
import PhotoZoomLibrary

/// The few things the overlays draw — panels, outlines, lines of text, curves — in points,
/// turned into whole pixels by the screen's scale as SceneRenderer does, so every overlay is
/// as crisp on a 2× screen as on a 1× one. Holds the text renderer and a small cache of
/// wrapped text, since the same error message is wrapped again every frame it stays up.
final class OverlayPainter {
    /// The overlays' colours, in one place so the panels agree with each other.
    enum Palette {
        static let panel = Color(r: 20, g: 20, b: 24)
        static let panelAlpha = 0.9
        static let text = Color.white
        static let secondary = Color(r: 168, g: 168, b: 178)
        static let keycap = Color(r: 64, g: 64, b: 74)
        static let plotFill = Color(r: 255, g: 255, b: 255, a: 18)
        static let dim = Color(r: 0, g: 0, b: 0)
        static let dimAlpha = 0.5
        static let error = Color(r: 235, g: 72, b: 72)
        static let errorTitle = Color(r: 255, g: 150, b: 140)
        static let errorPanel = Color(r: 40, g: 14, b: 16)
        static let warning = Color(r: 240, g: 180, b: 60)
        static let newCurve = Color(r: 64, g: 156, b: 255)
        static let oldCurve = Color(r: 150, g: 150, b: 160)
        static let target = Color(r: 90, g: 190, b: 110)
    }

    let renderer: OpaquePointer
    private let text: TextRenderer
    /// Pixels per point for this frame.
    private(set) var scale = 1.0
    /// Multiplies every alpha drawn: how a toast fades out as one piece.
    var opacity = 1.0

    private struct WrapKey: Hashable {
        let text: String
        let width: Double
        let pointSize: Double
        let scale: Double
    }
    private var wrapped: [WrapKey: [String]] = [:]

    init(renderer: OpaquePointer, log: @escaping (String) -> Void) {
        self.renderer = renderer
        text = TextRenderer(renderer: renderer, fontPath: PhotoFolder.assetPath("fonts/DejaVuSans.ttf"), log: log)
    }

    /// Starts a frame's overlays at `scale` pixels per point, blending over the scene.
    func begin(scale: Double) {
        self.scale = scale
        opacity = 1
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    /// `rect` in whole pixels: panels on pixel boundaries have crisp edges.
    func pixels(_ rect: Rect) -> Rect {
        let x0 = (rect.minX * scale).rounded()
        let y0 = (rect.minY * scale).rounded()
        let x1 = (rect.maxX * scale).rounded()
        let y1 = (rect.maxY * scale).rounded()
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    func setColor(_ c: Color, alpha: Double = 1) {
        let a = (Double(c.a) * alpha * opacity).rounded()
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, UInt8(min(max(a, 0), 255)))
    }

    /// A filled rect with corners rounded by `radius` points. Drawn as disjoint pixel rows, so
    /// a translucent panel blends once everywhere (overlapping rects would show seams).
    func fill(_ rect: Rect, _ color: Color, alpha: Double = 1, radius: Double = 0) {
        let p = pixels(rect)
        guard p.width > 0, p.height > 0 else { return }
        setColor(color, alpha: alpha)
        let r = Int(min(radius * scale, p.width / 2, p.height / 2).rounded())
        var rows: [SDL_FRect] = []
        rows.reserveCapacity(2 * r + 1)
        for i in 0..<r {
            let dy = Double(r - i) - 0.5
            let inset = (Double(r) - (Double(r * r) - dy * dy).squareRoot()).rounded()
            let w = Float(p.width - 2 * inset)
            rows.append(SDL_FRect(x: Float(p.minX + inset), y: Float(p.minY) + Float(i), w: w, h: 1))
            rows.append(SDL_FRect(x: Float(p.minX + inset), y: Float(p.maxY) - Float(i) - 1, w: w, h: 1))
        }
        rows.append(
            SDL_FRect(
                x: Float(p.minX), y: Float(p.minY) + Float(r), w: Float(p.width), h: Float(p.height) - Float(2 * r)))
        SDL_RenderFillRectsF(renderer, rows, Int32(rows.count))
    }

    /// The outline of `rect` with rounded corners, `width` points thick inward. Meant for
    /// opaque colours (where a line's ends meet, a translucent one would blend twice).
    func stroke(_ rect: Rect, _ color: Color, width: Double, radius: Double) {
        let p = pixels(rect)
        setColor(color)
        let thickness = max(Int((width * scale).rounded()), 1)
        for i in 0..<thickness {
            let inset = Double(i)
            let box = Rect(
                x: p.minX + inset, y: p.minY + inset, width: p.width - 2 * inset - 1, height: p.height - 2 * inset - 1)
            guard box.width > 0, box.height > 0 else { return }
            let r = max(min(radius * scale - inset, box.width / 2, box.height / 2), 0)
            var points: [SDL_FPoint] = []
            // Each corner a quarter circle of a few segments, clockwise from the top-left.
            let corners = [
                (box.minX + r, box.minY + r, Double.pi), (box.maxX - r, box.minY + r, 1.5 * Double.pi),
                (box.maxX - r, box.maxY - r, 0), (box.minX + r, box.maxY - r, 0.5 * Double.pi),
            ]
            for (cx, cy, start) in corners {
                for step in 0...4 {
                    let a = start + Double(step) / 4 * Double.pi / 2
                    points.append(
                        SDL_FPoint(x: Float((cx + r * cos(a)).rounded()), y: Float((cy + r * sin(a)).rounded())))
                }
            }
            points.append(points[0])
            SDL_RenderDrawLinesF(renderer, points, Int32(points.count))
        }
    }

    /// Height of a line of text at `pointSize`, in points.
    static func lineHeight(_ pointSize: Double) -> Double { (pointSize * 1.35).rounded() }
    func lineHeight(_ pointSize: Double) -> Double { Self.lineHeight(pointSize) }

    /// Width of `string` at `pointSize`, in points. Without a font, a guess that keeps the
    /// layout sane (nothing is drawn then anyway).
    func width(_ string: String, _ pointSize: Double) -> Double {
        if let w = text.width(of: string, pointSize: pointSize, scale: scale) { return w / scale }
        return Double(string.count) * pointSize * 0.6
    }

    /// One line of text whose line box has its top-left at `origin` (points).
    func text(_ string: String, at origin: Point, size: Double, color: Color, alpha: Double = 1) {
        let box = pixels(Rect(x: origin.x, y: origin.y, width: 1, height: lineHeight(size)))
        text.draw(
            string, style: TextStyle(pointSize: size, color: color, leading: true), in: box, scale: scale,
            alpha: alpha * opacity)
    }

    /// `string` cut to fit `width` points, ending in "…" when it had to be cut.
    func truncate(_ string: String, width: Double, size: Double) -> String {
        guard self.width(string, size) > width else { return string }
        let characters = Array(string)
        var lo = 0
        var hi = characters.count
        // The longest prefix that fits with the ellipsis: binary search, the width grows with length.
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if self.width(String(characters[..<mid]) + "…", size) <= width { lo = mid } else { hi = mid - 1 }
        }
        return String(characters[..<lo]) + "…"
    }

    /// `string` broken into lines no wider than `width` points: at spaces where it can, inside
    /// a word only when one word alone is too wide (a long file path).
    func wrap(_ string: String, width: Double, size: Double) -> [String] {
        let key = WrapKey(text: string, width: width, pointSize: size, scale: scale)
        if let hit = wrapped[key] { return hit }
        func fits(_ s: String) -> Bool { self.width(s, size) <= width }
        var lines: [String] = []
        for paragraph in string.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if fits(candidate) {
                    line = candidate
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                var rest = Array(word)
                while rest.count > 1, !fits(String(rest)) {
                    // The longest piece that fits, and at least one character.
                    var lo = 1
                    var hi = rest.count - 1
                    while lo < hi {
                        let mid = (lo + hi + 1) / 2
                        if fits(String(rest[..<mid])) { lo = mid } else { hi = mid - 1 }
                    }
                    lines.append(String(rest[..<lo]))
                    rest.removeFirst(lo)
                }
                line = String(rest)
            }
            lines.append(line)
        }
        if wrapped.count > 128 { wrapped.removeAll() }
        wrapped[key] = lines
        return lines
    }

    /// Axes over `rect` (points), for curves drawn with `curve`.
    func axes(_ rect: Rect, duration: Double, low: Double, high: Double) -> PlotAxes {
        PlotAxes(rect: pixels(rect), duration: duration, low: low, high: high)
    }

    /// Pixels thick a plotted curve is: a point and a half, at least one pixel.
    var curveThickness: Int { max(Int((1.5 * scale).rounded()), 1) }

    func curve(_ samples: [(t: Double, value: Double)], on axes: PlotAxes, _ color: Color) {
        setColor(color)
        axes.drawCurve(samples, thickness: curveThickness, renderer: renderer)
    }

    func level(_ value: Double, on axes: PlotAxes, _ color: Color, alpha: Double = 1) {
        setColor(color, alpha: alpha)
        axes.drawLevel(value, renderer: renderer)
    }
}

extension Rect {
    /// Shrunk by `d` points on every side (grown when `d` is negative).
    func inset(by d: Double) -> Rect { Rect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d) }
}
