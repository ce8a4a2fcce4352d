import CSDL2
import Foundation
import PhotoZoomCore

/// Runs a `PhotoJob` on a decoding thread: a header read, or a photo decoded upright and
/// scaled to fit its target. Never shares state with another thread's job.
enum PhotoPixelDecoder {
    static func run(_ job: PhotoJob, file: URL) -> PhotoJobResult {
        switch job.kind {
        case .probe: return .probed(PhotoProbe.probe(file))
        case let .pixels(target): return .decoded(decode(file, fitting: target.box))
        }
    }

    static func decode(_ file: URL, fitting box: PixelSize) -> Result<DecodedPixels, SDLError> {
        let probe: PhotoProbe
        switch PhotoProbe.probe(file) {
        case let .success(p): probe = p
        case let .failure(error): return .failure(error)
        }
        guard let data = FileManager.default.contents(atPath: file.path) else { return .failure(SDLError(message: "it cannot be read")) }
        let ink = probe.isCMYK ? PhotoHeader.dimensions(of: data) : nil
        guard let upright = PhotoDecoder.decodeUpright(data, ink: ink) else {
            return .failure(probe.isCMYK ? SDLError(message: "its CMYK pixels do not decode") : SDLError("SDL_image"))
        }
        let whole = PixelSize(width: Int(upright.pointee.w), height: Int(upright.pointee.h))
        guard let fitted = fit(upright, in: box) else { return .failure(SDLError("SDL_SoftStretchLinear")) }
        let pixels = OwnedSurface(fitted)
        return .success(DecodedPixels(pixels: pixels, uprightSize: whole, average: average(of: fitted), probe: probe))
    }

    /// `surface` scaled down to fit `box` (never up), halved while still twice too large so each
    /// step averages whole 2×2 blocks, then stretched the rest of the way. Takes `surface`.
    static func fit(_ surface: UnsafeMutablePointer<SDL_Surface>, in box: PixelSize) -> UnsafeMutablePointer<SDL_Surface>? {
        var current = surface
        let w = Double(surface.pointee.w), h = Double(surface.pointee.h)
        let scale = min(Double(box.width) / w, Double(box.height) / h, 1)
        let target = PixelSize(width: max(1, Int((w * scale).rounded())), height: max(1, Int((h * scale).rounded())))
        while Int(current.pointee.w) >= target.width * 2, Int(current.pointee.h) >= target.height * 2 {
            guard let half = PhotoDecoder.halve(current) else { SDL_FreeSurface(current); return nil }
            SDL_FreeSurface(current)
            current = half
        }
        guard Int(current.pointee.w) != target.width || Int(current.pointee.h) != target.height else { return current }
        defer { SDL_FreeSurface(current) }
        guard let out = SDL_CreateRGBSurfaceWithFormat(0, Int32(target.width), Int32(target.height), 32, SDL_PIXELFORMAT_RGBA32.rawValue) else { return nil }
        guard SDL_SoftStretchLinear(current, nil, out, nil) == 0 else { SDL_FreeSurface(out); return nil }
        return out
    }

    /// The mean of an RGBA32 surface's pixels, transparent ones counting as what they cover.
    static func average(of surface: UnsafeMutablePointer<SDL_Surface>) -> Color {
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        guard w > 0, h > 0 else { return SceneRenderer.waitingFill }
        let bytes = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        var r = 0, g = 0, b = 0
        for y in 0..<h {
            let row = bytes + y * pitch
            for x in 0..<w {
                r += Int(row[x * 4]); g += Int(row[x * 4 + 1]); b += Int(row[x * 4 + 2])
            }
        }
        let n = w * h
        return Color(r: UInt8(r / n), g: UInt8(g / n), b: UInt8(b / n))
    }
}
