import PhotoZoomCore
import PhotoZoomLibrary

/// Where a session's photos get their pixels as it draws: the window's stream, decoded ahead and
/// never waited for, or a replay's photos, each frame's decoded before it is drawn.
protocol SessionPictures: AnyObject {
    var textures: PhotoTextures { get }
    /// Before `items` of a window `window` points large are drawn at `scale` pixels a point:
    /// what a source that waits decodes now.
    func prepare(_ items: [DrawItem], window: Size, scale: Double)
}

extension PhotoStream: SessionPictures where Textures == PhotoTextures {
    /// Nothing: what the stream has is drawn, the rest in stand-ins until it arrives.
    func prepare(_ items: [DrawItem], window: Size, scale: Double) {}
}

extension OnDemandScene: SessionPictures {
    func prepare(_ items: [DrawItem], window: Size, scale: Double) {
        decodeMissing(items, page: page(window, scale), scale: scale)
    }
}
