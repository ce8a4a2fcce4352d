import CSDL2
import PhotoZoomCore
import PhotoZoomLoaderInterface

/// What a frame draws, in order: each draw item as steps, without the steps that later opaque
/// ones hide entirely — the grid under the pager's black, the cells under a photo in flight —
/// and whether any of the background is left to show.
struct DrawPlan {
    private(set) var steps: [DrawStep] = []
    /// Some pixel is painted by no opaque step: the canvas must be cleared first.
    private(set) var showsBackground = true

    /// Opaque steps smaller than this share of the canvas are not checked as hiding others: a
    /// cell hides no other cell, and checking every step against every cell of a zoomed-out
    /// grid would cost more than it saves.
    static let occluderShare = 1.0 / 16

    /// `canvas`: the renderer's output in pixels. `exactCrops`: the renderer draws textured
    /// triangles with their sub-texel coordinates, smoothly; SDL's software renderer cuts them
    /// to whole texels and fills them texel by nearest texel, many times slower than a copy.
    init(items: [DrawItem], scale: Double, canvas: PixelBox, exactCrops: Bool, photos: PhotoPixelSource) {
        // Every photo's pixels are asked for, hidden or not: asking counts as a use, which
        // keeps the grid's thumbnails from eviction while the pager covers them.
        let all = items.flatMap {
            Self.steps(for: $0, scale: scale, canvas: canvas, exactCrops: exactCrops, photos: photos)
        }
        let bounds = PixelRect(minX: 0, minY: 0, maxX: canvas.width, maxY: canvas.height)
        var occluders: [PixelRect] = []
        var kept: [DrawStep] = []
        for step in all.reversed() {
            if let reach = step.reach?.clamped(to: bounds),
                reach.isEmpty || occluders.contains(where: { $0.contains(reach) })
            {
                continue
            }
            if let cover = step.cover?.clamped(to: bounds),
                Double(cover.area) >= Double(bounds.area) * Self.occluderShare
            {
                occluders.append(cover)
            }
            kept.append(step)
        }
        steps = kept.reversed()
        showsBackground = !occluders.contains { $0.contains(bounds) }
    }

    private static func steps(
        for item: DrawItem, scale: Double, canvas: PixelBox, exactCrops: Bool, photos: PhotoPixelSource
    ) -> [DrawStep] {
        let frame = item.frame.scaled(by: scale)
        switch item.content {
        case .photo(let index):
            switch photos.drawable(for: index, pixelWidth: frame.width / max(item.crop.width, 1e-9)) {
            case .texture(let texture, let alpha, let over, let opaque):
                let shown = item.alpha * alpha
                let photo = copy(
                    texture, frame: frame, crop: item.crop, alpha: shown, blended: !(opaque && shown >= 1),
                    exactCrops: exactCrops,
                    canvas: canvas)
                return alpha < 1 ? [.fill(frame, over, alpha: item.alpha), photo] : [photo]
            case .waiting(let color):
                return [.fill(frame, color, alpha: item.alpha)]
            case .broken:
                return [.placeholder(frame, alpha: item.alpha)]
            }
        case .fill(let color):
            return [.fill(frame, color, alpha: item.alpha)]
        case .text(let string, let style):
            return [.text(string, style, frame: frame, alpha: item.alpha)]
        }
    }

    /// The unit `crop` of `texture` onto `frame`. A rectangle copy is many times cheaper than a
    /// textured triangle pair, so the crop is rounded to whole texels wherever that moves no
    /// edge by half a pixel on screen (a cell at rest, a page, a flight drawn from the page's
    /// pixels), and everywhere on a renderer whose triangles are cut to whole texels anyway.
    /// There (SDL's software renderer), a stretched copy is also cut to `canvas` (pixels) first.
    static func copy(
        _ texture: OpaquePointer, frame: Rect, crop: Rect, alpha: Double, blended: Bool, exactCrops: Bool,
        canvas: PixelBox
    ) -> DrawStep {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_QueryTexture(texture, nil, nil, &w, &h)
        let source = Rect(
            x: crop.minX * Double(w), y: crop.minY * Double(h), width: crop.width * Double(w),
            height: crop.height * Double(h))
        let kx = frame.width / max(source.width, 1e-9)
        let ky = frame.height / max(source.height, 1e-9)
        func off(_ v: Double, _ k: Double) -> Double { abs(v - v.rounded()) * k }
        let aligned = max(off(source.minX, kx), off(source.maxX, kx), off(source.minY, ky), off(source.maxY, ky)) < 0.5
        guard aligned || !exactCrops else {
            return .triangles(texture, frame: frame, crop: crop, alpha: alpha, blended: blended)
        }
        let x = source.minX.rounded()
        let y = source.minY.rounded()
        let texels = Rect(
            x: x, y: y, width: max(source.maxX.rounded() - x, 1), height: max(source.maxY.rounded() - y, 1))
        // Within a pixel of its texels' own size (a page at rest: 1067 texels shown 1066.7
        // wide), a copy is drawn at that size: not resampled, so not blurred, for a change of
        // size no one can see, and a straight copy costs a tenth of a stretch.
        if abs(frame.width - texels.width) < 1, abs(frame.height - texels.height) < 1 {
            return .copy(
                texture, source: sdlRect(texels),
                destination: Rect(x: frame.minX, y: frame.minY, width: texels.width, height: texels.height),
                alpha: alpha, blended: blended)
        }
        guard !exactCrops else {
            return .copy(texture, source: sdlRect(texels), destination: frame, alpha: alpha, blended: blended)
        }
        // SDL's software renderer stretches a copy that runs past the canvas whole into a
        // scratch surface and copies that in (the end of a flight, a page zoomed in: the
        // window's pixels many times over). Only the texels that show are stretched here.
        let xs = visible(texels.minX, texels.maxX, onto: frame.minX, frame.maxX, within: Double(canvas.width))
        let ys = visible(texels.minY, texels.maxY, onto: frame.minY, frame.maxY, within: Double(canvas.height))
        return .copy(
            texture,
            source: sdlRect(
                Rect(
                    x: xs.texels.0, y: ys.texels.0, width: xs.texels.1 - xs.texels.0, height: ys.texels.1 - ys.texels.0)
            ),
            destination: Rect(
                x: xs.pixels.0, y: ys.pixels.0, width: xs.pixels.1 - xs.pixels.0, height: ys.pixels.1 - ys.pixels.0),
            alpha: alpha, blended: blended)
    }

    /// One axis of a copy of whole texels `t0..<t1` stretched onto pixels `p0..<p1`: the texels
    /// that show within `0..<limit`, and the pixels they go to. Texels smaller than two pixels
    /// are rounded and stretched onto exactly the pixels that show (an edge moves by under a
    /// pixel); larger ones are taken whole and keep their place, a part of the outermost
    /// running past the edge (a zoomed page pans smoothly, not a texel at a time).
    private static func visible(_ t0: Double, _ t1: Double, onto p0: Double, _ p1: Double, within limit: Double)
        -> (texels: (Double, Double), pixels: (Double, Double))
    {
        let v0 = max(p0, 0)
        let v1 = min(p1, limit)
        guard p0 < 0 || p1 > limit, v1 > v0 else { return ((t0, t1), (p0, p1)) }
        let k = (p1 - p0) / (t1 - t0)
        let from = t0 + (v0 - p0) / k
        let to = t0 + (v1 - p0) / k
        if k < 2 {
            let a = from.rounded()
            let b = max(to.rounded(), a + 1)
            return ((a, b), (v0, v1))
        }
        let a = max(from.rounded(.down), t0)
        let b = min(max(to.rounded(.up), a + 1), t1)
        return ((a, b), (p0 + (a - t0) * k, p0 + (b - t0) * k))
    }

    private static func sdlRect(_ r: Rect) -> SDL_Rect {
        SDL_Rect(x: Int32(r.minX), y: Int32(r.minY), w: Int32(r.width), h: Int32(r.height))
    }
}
