import CSDL2
import Foundation
import PhotoZoomCore
import PhotoZoomUntrusted

/// What the scaled decoder does to RGBA32 surfaces once they are decoded: shrink them well and
/// turn them upright. Each function leaves its input to the caller.
enum SurfacePixels {
    /// A surface of `width`×`height` in `format` (RGBA32 unless said), or why not.
    static func make(_ size: PixelBox, format: UInt32 = SDL_PIXELFORMAT_RGBA32.rawValue) -> Result<
        UnsafeMutablePointer<SDL_Surface>, DecodeFailure
    > {
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(size.width), Int32(size.height), 32, format) else {
            return .failure(DecodeFailure.sdl("a \(size) surface"))
        }
        return .success(surface)
    }

    /// `surface` shrunk to `size` without aliasing: halved (each pixel the mean of a 2×2 block)
    /// while half is still no smaller than `size`, then one bilinear step, which is faithful for
    /// a ratio under 2 (bilinear alone over a larger one skips pixels and shimmers).
    static func downscaled(_ surface: UnsafeMutablePointer<SDL_Surface>, to size: PixelBox) -> Result<
        UnsafeMutablePointer<SDL_Surface>, DecodeFailure
    > {
        var current = surface
        defer { if current != surface { SDL_FreeSurface(current) } }
        while Int(current.pointee.w) / 2 >= size.width, Int(current.pointee.h) / 2 >= size.height {
            switch stretched(
                current, to: PixelBox(width: Int(current.pointee.w) / 2, height: Int(current.pointee.h) / 2))
            {
            case .success(let half):
                if current != surface { SDL_FreeSurface(current) }
                current = half
            case .failure(let error): return .failure(error)
            }
        }
        return stretched(current, to: size)
    }

    /// A copy of `surface` stretched bilinearly to `size` (a plain copy at its own size).
    private static func stretched(_ surface: UnsafeMutablePointer<SDL_Surface>, to size: PixelBox) -> Result<
        UnsafeMutablePointer<SDL_Surface>, DecodeFailure
    > {
        if size.width == Int(surface.pointee.w), size.height == Int(surface.pointee.h) {
            guard let copy = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else {
                return .failure(DecodeFailure.sdl("copying a surface"))
            }
            return .success(copy)
        }
        return make(size).flatMap { out in
            guard SDL_SoftStretchLinear(surface, nil, out, nil) == 0 else {
                SDL_FreeSurface(out)
                return .failure(DecodeFailure.sdl("scaling to \(size)"))
            }
            return .success(out)
        }
    }

    /// A copy of `surface` turned as `orientation` says, so it shows upright.
    static func upright(_ surface: UnsafeMutablePointer<SDL_Surface>, _ orientation: ExifOrientation) -> Result<
        UnsafeMutablePointer<SDL_Surface>, DecodeFailure
    > {
        let w = Int(surface.pointee.w)
        let h = Int(surface.pointee.h)
        let turned = orientation.displaySize(width: w, height: h)
        return make(PixelBox(width: turned.width, height: turned.height)).map { out in
            orientation.reorient(
                from: surface.pointee.pixels, pitch: Int(surface.pointee.pitch), width: w, height: h,
                into: out.pointee.pixels, pitch: Int(out.pointee.pitch))
            return out
        }
    }
}
