import CSDL2
import Foundation
import PhotoZoomCore
import PhotoZoomSDL
import XCTest

/// A mean colour in 0…255 per channel.
struct RGB: CustomStringConvertible {
    var r, g, b: Double

    init(r: Double, g: Double, b: Double) {
        self.r = r
        self.g = g
        self.b = b
    }
    init(_ c: Color) { self.init(r: Double(c.r), g: Double(c.g), b: Double(c.b)) }

    /// The largest difference of any one channel, in 8-bit levels.
    func distance(to o: RGB) -> Double { max(abs(r - o.r), abs(g - o.g), abs(b - o.b)) }

    var description: String { String(format: "(%.1f, %.1f, %.1f)", r, g, b) }
}

/// A photo decoded by the test itself, straight through SDL_image to RGBA32, independent of
/// the app's decoding: no EXIF handling, no scaling. The reference the renders are checked against.
struct ReferenceImage {
    let width: Int
    let height: Int
    /// Tightly packed RGBA, top row first.
    let pixels: [UInt8]

    init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Decodes `path` with IMG_Load and converts it to SDL_PIXELFORMAT_RGBA32.
    init(contentsOf path: String) throws {
        guard let loaded = IMG_Load(path) else {
            throw NSError(
                domain: "ReferenceImage", code: 1,
                userInfo: [NSLocalizedDescriptionKey: "IMG_Load \(path): \(String(cString: SDL_GetError()))"])
        }
        defer { SDL_FreeSurface(loaded) }
        guard let rgba = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else {
            throw NSError(
                domain: "ReferenceImage", code: 2, userInfo: [NSLocalizedDescriptionKey: "cannot convert \(path)"])
        }
        defer { SDL_FreeSurface(rgba) }
        let w = Int(rgba.pointee.w)
        let h = Int(rgba.pointee.h)
        let pitch = Int(rgba.pointee.pitch)
        let src = rgba.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for row in 0..<h {
            for i in 0..<(w * 4) { out[row * w * 4 + i] = src[row * pitch + i] }
        }
        self.init(width: w, height: h, pixels: out)
    }

    /// Rotated a quarter turn clockwise (what EXIF orientation 6 asks for).
    func rotatedClockwise() -> ReferenceImage {
        let w = height
        let h = width
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                // The top-left of the result is the bottom-left of the source.
                let sx = y
                let sy = height - 1 - x
                for c in 0..<4 { out[(y * w + x) * 4 + c] = pixels[(sy * width + sx) * 4 + c] }
            }
        }
        return ReferenceImage(width: w, height: h, pixels: out)
    }

    /// Mean colour of the pixels whose centres lie inside `region` (in this image's pixels).
    func mean(of region: Rect) -> RGB {
        let x0 = max(0, Int((region.minX - 0.5).rounded(.up)))
        let x1 = min(width - 1, Int((region.maxX - 0.5).rounded(.down)))
        let y0 = max(0, Int((region.minY - 0.5).rounded(.up)))
        let y1 = min(height - 1, Int((region.maxY - 0.5).rounded(.down)))
        precondition(x0 <= x1 && y0 <= y1, "empty region \(region)")
        var r = 0.0
        var g = 0.0
        var b = 0.0
        for y in y0...y1 {
            for x in x0...x1 {
                let i = (y * width + x) * 4
                r += Double(pixels[i])
                g += Double(pixels[i + 1])
                b += Double(pixels[i + 2])
            }
        }
        let n = Double((x1 - x0 + 1) * (y1 - y0 + 1))
        return RGB(r: r / n, g: g / n, b: b / n)
    }

    /// Mean colour of the part of the photo that a grid cell shows in `cellRegion`, a region of
    /// the cell in unit coordinates (0…1 across the cell), with the centred aspect-fill crop
    /// every cell uses: the shorter side fills the cell.
    func mean(ofCellRegion cellRegion: Rect) -> RGB {
        let side = Double(min(width, height))
        let x0 = (Double(width) - side) / 2
        let y0 = (Double(height) - side) / 2
        return mean(
            of: Rect(
                x: x0 + cellRegion.minX * side, y: y0 + cellRegion.minY * side,
                width: cellRegion.width * side, height: cellRegion.height * side))
    }
}

extension HeadlessCanvas {
    /// Mean colour of a `side`×`side` pixel patch centred on the pixel that contains `point`
    /// (in pixels).
    func patchMean(centredAt point: Point, side: Int) -> RGB {
        let cx = Int(point.x.rounded(.down))
        let cy = Int(point.y.rounded(.down))
        let half = side / 2
        var r = 0.0
        var g = 0.0
        var b = 0.0
        for y in (cy - half)..<(cy - half + side) {
            for x in (cx - half)..<(cx - half + side) {
                let p = pixel(x: x, y: y)
                r += Double(p.r)
                g += Double(p.g)
                b += Double(p.b)
            }
        }
        let n = Double(side * side)
        return RGB(r: r / n, g: g / n, b: b / n)
    }

    /// The region, in unit coordinates of `frame` (pixels), that `patchMean(centredAt:side:)`
    /// covers: so the reference can be averaged over exactly the same part of the photo.
    func patchRegion(centredAt point: Point, side: Int, in frame: Rect) -> Rect {
        let cx = Int(point.x.rounded(.down))
        let cy = Int(point.y.rounded(.down))
        let half = side / 2
        let px = Double(cx - half)
        let py = Double(cy - half)
        return Rect(
            x: (px - frame.minX) / frame.width, y: (py - frame.minY) / frame.height,
            width: Double(side) / frame.width, height: Double(side) / frame.height)
    }

    /// Every pixel of the `w`×`h` block whose top-left is (x, y), RGB only, row by row.
    func block(x: Int, y: Int, w: Int, h: Int) -> [[RGB]] {
        (y..<(y + h)).map { row in
            (x..<(x + w)).map { col in
                let p = pixel(x: col, y: row)
                return RGB(r: Double(p.r), g: Double(p.g), b: Double(p.b))
            }
        }
    }
}
