import CSDL2

/// A failure reported by SDL, with SDL's own explanation attached.
public struct SDLError: Error, CustomStringConvertible {
    public let description: String
    /// `what` failed; SDL_GetError() says why.
    init(_ what: String) { description = "\(what): \(String(cString: SDL_GetError()))" }
    /// A failure found before SDL was asked.
    init(message: String) { description = message }
}
