/// Applies photo sizes read after the library opened. A size for a photo outside the library
/// (a recording made on another folder) is ignored; an unchanged one changes nothing.
enum PhotoSizeSystem {
    /// Returns the photos whose size or placeholder changed this tick.
    static func run(photos: inout [PhotoInfo], input: [InputEvent]) -> [Int] {
        var sizes: [PhotoSize] = []
        for case .photoSize(let size) in input { sizes.append(size) }
        // Only a tick that brings sizes touches the library: any other access through `photos`
        // here cost a copy of it, and the library's digest again.
        guard !sizes.isEmpty else { return [] }
        var changed: [Int] = []
        for size in sizes where photos.indices.contains(size.photo) {
            let old = photos[size.photo]
            guard old.pixelSize != size.pixelSize || old.isPlaceholder != size.isPlaceholder else { continue }
            photos[size.photo] = PhotoInfo(name: old.name, pixelSize: size.pixelSize, isPlaceholder: size.isPlaceholder)
            changed.append(size.photo)
        }
        return changed
    }
}
