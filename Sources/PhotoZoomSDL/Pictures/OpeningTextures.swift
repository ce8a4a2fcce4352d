import Foundation
import PhotoZoomCore
import PhotoZoomLibrary
import PhotoZoomLoaderInterface

/// The textures of the pictures a folder's opening reads, made on the window's thread as each
/// one is read, while the rest still are: the window's thread waits for the read anyway, and
/// once it is over has only the last few to make. Handed to the window's sessions
/// (`WindowSessions`), whose photo stream keeps them.
public final class OpeningTextures {
    let textures: PhotoTextures
    /// The layout the renderer draws from without converting.
    private let layout: PixelLayout

    /// Textures of `surface`'s renderer, within `limits`' texture budget.
    public init(surface: DrawingSurface, limits: LibraryLimits) {
        textures = PhotoTextures(renderer: surface.renderer, budgetBytes: limits.textureBudgetBytes)
        layout = RendererTextures(surface.renderer).layout
    }

    /// Makes the textures of the pictures `reading` read since the last call, waiting at most
    /// `seconds` for one; whether the read is over, and every picture it read has its texture.
    public func make(from reading: OpeningRead, waiting seconds: TimeInterval) -> Bool {
        let (arrived, isRead) = reading.arrivals(waiting: seconds)
        let now = DispatchTime.now().uptimeNanoseconds
        for arrival in arrived {
            textures.insert(
                arrival.photo, arrival.picture.target, arrival.picture.pixels.converted(to: layout), arrived: now)
        }
        return isRead
    }
}
