import CSDL2
import Foundation
import PhotoZoomLoader
import PhotoZoomUntrusted

/// The SDL surfaces the window's side keeps pictures in once a loader has sent them.
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
}
