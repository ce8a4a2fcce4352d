import CSDL2
import PhotoZoomCore

/// Photos decoded before drawing, each a chain of textures halving in size: what a headless
/// render (a snapshot, a replay's frames) draws from, every photo there from the first frame.
final class MippedPhotos: PhotoPixelSource {
    struct Level { let texture: OpaquePointer; let width: Double }

    /// Per photo, its levels, largest first; empty for a placeholder.
    private var levels: [[Level]]

    /// Makes the textures on the thread that owns `renderer`, taking (and freeing) the pixels.
    init(renderer: OpaquePointer, photos: [DecodedPhoto]) {
        levels = photos.map { photo in
            precondition(photo.info.isPlaceholder || !photo.levels.isEmpty, "\(photo.info.name)'s pixels already went to another renderer")
            return photo.takeLevels().compactMap { surface in
                defer { SDL_FreeSurface(surface) }
                guard let tex = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
                SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
                SDL_SetTextureScaleMode(tex, SDL_ScaleModeLinear)
                return Level(texture: tex, width: Double(surface.pointee.w))
            }
        }
    }

    deinit { levels.joined().forEach { SDL_DestroyTexture($0.texture) } }

    /// The smallest level at least as wide as it will be drawn, so nothing is magnified that a
    /// larger level could have shown.
    func drawable(for photo: Int, pixelWidth: Double) -> PhotoDrawable {
        guard levels.indices.contains(photo), let largest = levels[photo].first else { return .broken }
        let level = levels[photo].last { $0.width >= pixelWidth } ?? largest
        return .texture(level.texture, alpha: 1, over: SceneRenderer.waitingFill, opaque: false)
    }
}
