import CSDL2
import Foundation

/// Photos of one flat colour each (`GridZoomRenderTests.colour`), written as PNGs named
/// p000.png, p001.png, … so a render read back by its pixels tells which photo is where.
enum FlatColourPhotos {
    /// Writes `count` photos `width`×`height` into `folder`; whether every one was written.
    @discardableResult
    static func write(_ count: Int, width: Int32, height: Int32, into folder: URL) -> Bool {
        for i in 0..<count {
            guard let surface = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_RGBA32.rawValue)
            else {
                return false
            }
            defer { SDL_FreeSurface(surface) }
            let c = GridZoomRenderTests.colour(i)
            SDL_FillRect(surface, nil, SDL_MapRGBA(surface.pointee.format, c.r, c.g, c.b, 255))
            guard IMG_SavePNG(surface, folder.appendingPathComponent(String(format: "p%03d.png", i)).path) == 0 else {
                return false
            }
        }
        return true
    }
}
