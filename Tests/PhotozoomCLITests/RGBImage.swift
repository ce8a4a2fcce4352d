import CSDL2
import Foundation

/// An image read back by the test itself: tightly packed RGB, top row first.
struct RGBImage: Equatable {
    var width: Int
    var height: Int
    var pixels: [UInt8]

    init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Decodes `path` (PNG) with SDL_image, independent of how photozoom wrote it.
    init(png path: String) throws {
        guard let loaded = IMG_Load(path) else {
            throw DecodeError("IMG_Load \(path): \(String(cString: SDL_GetError()))")
        }
        defer { SDL_FreeSurface(loaded) }
        guard let rgb = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGB24.rawValue, 0) else {
            throw DecodeError("cannot convert \(path)")
        }
        defer { SDL_FreeSurface(rgb) }
        let w = Int(rgb.pointee.w)
        let h = Int(rgb.pointee.h)
        let pitch = Int(rgb.pointee.pitch)
        let source = rgb.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        var pixels = [UInt8](repeating: 0, count: w * h * 3)
        for row in 0..<h { for i in 0..<(w * 3) { pixels[row * w * 3 + i] = source[row * pitch + i] } }
        self.init(width: w, height: h, pixels: pixels)
    }

    func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(pixels[((y * width + x) * 3)..<((y * width + x) * 3 + 3)]) }

    /// The `w`×`h` part whose top-left is (x, y).
    func cropped(x: Int, y: Int, w: Int, h: Int) -> RGBImage {
        var out: [UInt8] = []
        out.reserveCapacity(w * h * 3)
        for row in y..<(y + h) { out += pixels[((row * width + x) * 3)..<((row * width + x + w) * 3)] }
        return RGBImage(width: w, height: h, pixels: out)
    }

    /// The mean of |a − b| over every channel of every pixel, in 8-bit levels.
    func meanAbsoluteDifference(to other: RGBImage) -> Double {
        precondition(
            width == other.width && height == other.height, "\(width)x\(height) against \(other.width)x\(other.height)")
        var sum = 0
        for i in pixels.indices { sum += abs(Int(pixels[i]) - Int(other.pixels[i])) }
        return Double(sum) / Double(pixels.count)
    }

    /// The mean colour of each cell of an `n`×`n` grid laid over the image, cell by cell: what
    /// a picture and a smaller copy of it share whatever filter made the copy.
    func gridMeans(_ n: Int) -> [Double] {
        var means: [Double] = []
        for cy in 0..<n {
            for cx in 0..<n {
                let x0 = cx * width / n
                let x1 = (cx + 1) * width / n
                let y0 = cy * height / n
                let y1 = (cy + 1) * height / n
                var sum = [0, 0, 0]
                for y in y0..<y1 {
                    for x in x0..<x1 { for c in 0..<3 { sum[c] += Int(pixels[(y * width + x) * 3 + c]) } }
                }
                means += sum.map { Double($0) / Double((x1 - x0) * (y1 - y0)) }
            }
        }
        return means
    }
}

struct DecodeError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
