import CSDL2

/// The window's pixels as drawn, read back for a bug report.
public final class Screenshot {
    let surface: UnsafeMutablePointer<SDL_Surface>

    init(width: Int, height: Int) throws {
        guard width > 0, height > 0,
            let surface = SDL_CreateRGBSurfaceWithFormat(
                0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_RGBA32.rawValue)
        else {
            throw SDLError("cannot hold a \(width)x\(height) screenshot")
        }
        self.surface = surface
    }

    deinit { SDL_FreeSurface(surface) }

    public var width: Int { Int(surface.pointee.w) }
    public var height: Int { Int(surface.pointee.h) }

    /// Writes it as the image `path`'s extension names; never over an existing file.
    public func save(to path: String) throws {
        try HeadlessCanvas.save(surface, to: path, overwrite: false, replaceFlag: nil)
    }
}
