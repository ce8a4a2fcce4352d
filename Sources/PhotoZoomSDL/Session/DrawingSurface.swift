import CSDL2
import PhotoZoomCore

/// What a session draws into: a window, or a headless canvas standing in for one (the bench,
/// tests). Sizes in points; the renderer draws in pixels.
public protocol DrawingSurface: AnyObject {
    var renderer: OpaquePointer { get }
    var sizeInPoints: Size { get }
    var pixelScale: Double { get }
    /// The pixel format drawn into, where the renderer has no window to ask it of (a canvas);
    /// nil for a window, whose renderer knows.
    var canvasFormat: UInt32? { get }
    /// The window a bug report describes; nil for a canvas, which has no system around it to
    /// report on, so that F6 over it does nothing.
    var reportedWindow: AppWindow? { get }
}

extension DrawingSurface {
    /// What has been drawn since the last present, read back from the renderer (call it
    /// before presenting, after which a window's buffer is undefined).
    public func readPixels() throws -> Screenshot {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        let shot = try Screenshot(width: Int(w), height: Int(h))
        let surface = shot.surface.pointee
        guard SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_RGBA32.rawValue, surface.pixels, surface.pitch) == 0
        else {
            throw SDLError("cannot read the window's pixels")
        }
        return shot
    }
}

extension AppWindow: DrawingSurface {
    public var canvasFormat: UInt32? { nil }
    public var reportedWindow: AppWindow? { self }
}

extension HeadlessCanvas: DrawingSurface {
    public var sizeInPoints: Size { Size(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale) }
    public var pixelScale: Double { scale }
    public var canvasFormat: UInt32? { format }
    public var reportedWindow: AppWindow? { nil }
}
