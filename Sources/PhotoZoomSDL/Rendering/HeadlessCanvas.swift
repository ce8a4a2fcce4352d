import CSDL2
import PhotoZoomCore

/// Headless rendering: the same scene and renderer as the window, drawn by SDL's software
/// renderer into a surface. Needs no display and no video driver.
public final class HeadlessCanvas {
    public let surface: UnsafeMutablePointer<SDL_Surface>
    public let renderer: OpaquePointer
    public let scale: Double

    /// The most pixels a canvas may have: the largest window (16384 points a side) at 1x, 1 GiB
    /// of RGBA. SDL's software renderer crashes drawing into 4 GiB; points per side alone do
    /// not bound this, since a scale multiplies both sides.
    static let maximumSide = 16384
    static let maximumPixels = maximumSide * maximumSide

    /// The pixel format of a window's surface under SDL's software renderer (X11 and the
    /// offscreen driver alike): a canvas standing in for the window draws through the same
    /// blitters, whose fast paths need the texture and the target to share a format.
    public static let windowFormat = SDL_PIXELFORMAT_RGB888.rawValue

    /// `format`: the surface's pixel format; RGBA by default, as the images written from it.
    public init(size: Size, scale: Double = 1, format: UInt32 = SDL_PIXELFORMAT_RGBA32.rawValue) throws {
        let width = (size.width * scale).rounded()
        let height = (size.height * scale).rounded()
        guard width >= 1, height >= 1 else { throw SDLError(message: "a canvas of \(width)x\(height) pixels is empty") }
        guard width * height <= Double(Self.maximumPixels) else {
            throw SDLError(
                message: "a \(Self.whole(width))x\(Self.whole(height))-pixel image is too large: "
                    + "the most is \(Self.maximumPixels) pixels (\(Self.maximumSide)x\(Self.maximumSide))")
        }
        let w = Int32(width)
        let h = Int32(height)
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, format) else {
            throw SDLError("cannot create a \(w)x\(h) surface")
        }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
            SDL_FreeSurface(surface)
            throw SDLError("cannot create the software renderer")
        }
        self.surface = surface
        self.renderer = renderer
        self.scale = scale
    }

    /// A whole number of pixels as digits (no ".0"), however large the request.
    private static func whole(_ pixels: Double) -> String { pixels < 1e15 ? String(Int(pixels)) : "\(pixels)" }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }

    /// The pixel at (x, y) in pixels, as RGBA.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let p = surface.pointee.pixels.advanced(by: y * Int(surface.pointee.pitch) + x * 4).assumingMemoryBound(
            to: UInt32.self)
        var r: UInt8 = 0
        var g: UInt8 = 0
        var b: UInt8 = 0
        var a: UInt8 = 0
        SDL_GetRGBA(p.pointee, surface.pointee.format, &r, &g, &b, &a)
        return (r, g, b, a)
    }

    /// The surface's pixel format.
    public var format: UInt32 { surface.pointee.format.pointee.format }
    public var pixelWidth: Int { Int(surface.pointee.w) }
    public var pixelHeight: Int { Int(surface.pointee.h) }
}
