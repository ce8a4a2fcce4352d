import CSDL2
import PhotoZoomUntrusted

/// A failure reported by SDL, with SDL's own explanation attached.
public struct SDLError: Error, CustomStringConvertible {
    public let description: String
    /// The photo is larger than the library's limits allow, which a person may raise: not a
    /// fault of the file's, so no thumbnail cache records it as one.
    public internal(set) var isOverLimits = false
    /// A loader crashed, ran past its time or answered falsely while decoding it, and was ended:
    /// of several decoded together, any may be at fault.
    var endedLoader = false
    /// `what` failed; SDL_GetError() says why.
    init(_ what: String) { description = "\(what): \(String(cString: SDL_GetError()))" }
    /// A failure found before SDL was asked.
    init(message: String, isOverLimits: Bool = false) {
        description = message
        self.isOverLimits = isOverLimits
    }
}

extension DecodeFailure {
    /// SDL (or SDL_image) failed while decoding: `what` failed, SDL_GetError() says why.
    static func sdl(_ what: String) -> DecodeFailure { .corrupt(SDLError(what).description) }
}
