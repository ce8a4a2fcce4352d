import CSDL2

/// Small stretched copies kept from one frame to the next, for SDL's software renderer: a
/// grid cell is a thumbnail's crop stretched to the cell, the same stretch every frame while
/// the grid rests or scrolls, or a photo flies over it. Stretched once into a texture of the
/// cell's size, it is then a straight copy, a tenth of the cost, and the same pixels.
final class StretchedCopies {
    /// What is stretched to what. `tag` tells a texture from a later one SDL made at the same
    /// address once the first was destroyed.
    private struct Key: Hashable {
        let texture: UInt
        let tag: Int
        let x, y, w, h: Int32
        let width, height: Int32
    }

    /// The largest share of the canvas a kept copy covers: cells, not a photo in flight, whose
    /// stretch changes every frame; together they cover the canvas about once.
    static let largestShare = 1.0 / 16

    private let renderer: OpaquePointer
    private var kept: [Key: OpaquePointer] = [:]
    /// Stretches drawn this frame, and the last one; a copy is kept while drawn every frame.
    private var drawn: Set<Key> = [], drawnBefore: Set<Key> = []
    private var nextTag = 1

    init(renderer: OpaquePointer) { self.renderer = renderer }

    deinit { kept.values.forEach { SDL_DestroyTexture($0) } }

    /// Lets go of the copies the last frame did not draw.
    func beginFrame() {
        for (key, copy) in kept where !drawn.contains(key) {
            SDL_DestroyTexture(copy)
            kept[key] = nil
        }
        drawnBefore = drawn
        drawn = []
    }

    /// The texels `source` of `texture` stretched to `width`×`height`, when the last frame drew
    /// the same stretch too (made now if need be); nil the first time, which is drawn directly.
    func copy(of texture: OpaquePointer, source: SDL_Rect, width: Int32, height: Int32) -> OpaquePointer? {
        var tag = Int(bitPattern: SDL_GetTextureUserData(texture))
        if tag == 0 {
            tag = nextTag
            nextTag += 1
            SDL_SetTextureUserData(texture, UnsafeMutableRawPointer(bitPattern: tag))
        }
        let key = Key(
            texture: UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(texture))), tag: tag,
            x: source.x, y: source.y, w: source.w, h: source.h, width: width, height: height)
        drawn.insert(key)
        if let copy = kept[key] { return copy }
        guard drawnBefore.contains(key), let copy = stretch(texture, source: source, width: width, height: height)
        else { return nil }
        kept[key] = copy
        return copy
    }

    private func stretch(_ texture: OpaquePointer, source: SDL_Rect, width: Int32, height: Int32) -> OpaquePointer? {
        var format: UInt32 = 0
        SDL_QueryTexture(texture, &format, nil, nil, nil)
        guard let copy = SDL_CreateTexture(renderer, format, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), width, height)
        else { return nil }
        let target = SDL_GetRenderTarget(renderer)
        guard SDL_SetRenderTarget(renderer, copy) == 0 else {
            SDL_DestroyTexture(copy)
            return nil
        }
        // Every texel as it is, alpha too: the copy is drawn as its texture would have been.
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        SDL_SetTextureAlphaMod(texture, 255)
        var from = source
        SDL_RenderCopy(renderer, texture, &from, nil)
        SDL_SetRenderTarget(renderer, target)
        return copy
    }
}
