import CSDL2
import PhotoZoomCore

/// Puts a replay's pictures smaller into a larger one, for the GIF and the contact sheet.
enum PictureScaler {
    /// Draws `picture` into `rect` of `target` (both RGBA32), stretched to fill it. Going down
    /// by more than half, the picture is first halved (each pixel the mean of four) until it is
    /// less than twice the size, so lines and text thin out instead of breaking into dots as one
    /// linear stretch from far larger would leave them.
    static func draw(
        _ picture: UnsafeMutablePointer<SDL_Surface>, into target: UnsafeMutablePointer<SDL_Surface>, at rect: SDL_Rect
    ) throws {
        var rect = rect
        if picture.pointee.w == rect.w, picture.pointee.h == rect.h {
            // SDL_BlitSurface is a macro for SDL_UpperBlit.
            guard SDL_UpperBlit(picture, nil, target, &rect) == 0 else { throw SDLError("cannot copy a picture") }
            return
        }
        var source = picture
        var halves: [UnsafeMutablePointer<SDL_Surface>] = []
        defer { halves.forEach { SDL_FreeSurface($0) } }
        while source.pointee.w >= 2 * rect.w, source.pointee.h >= 2 * rect.h {
            let half = try surface(width: Int(source.pointee.w + 1) / 2, height: Int(source.pointee.h + 1) / 2)
            halves.append(half)
            guard SDL_SoftStretchLinear(source, nil, half, nil) == 0 else { throw SDLError("cannot halve a picture") }
            source = half
        }
        guard SDL_SoftStretchLinear(source, nil, target, &rect) == 0 else { throw SDLError("cannot scale a picture") }
    }

    /// A new RGBA32 surface that is copied, never blended.
    static func surface(width: Int, height: Int) throws -> UnsafeMutablePointer<SDL_Surface> {
        guard
            let surface = SDL_CreateRGBSurfaceWithFormat(
                0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_RGBA32.rawValue)
        else {
            throw SDLError("cannot create a \(width)x\(height) surface")
        }
        SDL_SetSurfaceBlendMode(surface, SDL_BLENDMODE_NONE)
        return surface
    }

    static func fill(_ surface: UnsafeMutablePointer<SDL_Surface>, _ color: Color) {
        SDL_FillRect(surface, nil, SDL_MapRGBA(surface.pointee.format, color.r, color.g, color.b, 255))
    }

    /// `width`×`height` pixels scaled by `scale`, in whole pixels, at least one each way.
    static func scaled(width: Int, height: Int, by scale: Double) -> (width: Int, height: Int) {
        (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}
