import PhotoZoomCore

/// What copying a picture's rows found of its pixels: whether every one is opaque, and their
/// mean colour (each channel rounded).
public struct PixelSummary: Equatable, Sendable {
    public let isOpaque: Bool
    public let average: Color
}

/// Copying rows of 8-bit RGBA pixels out of a decoder's or a file's memory into a picture's,
/// laid out as the renderer takes them, and summing them on the way: one pass for all of it,
/// where the window converted and looked again, and the decoder summed the pixels apart.
public enum PixelRows {
    /// The sums of pixels copied so far, for a picture copied a few rows at a time.
    public struct Sums {
        var opaque = true
        var r: UInt64 = 0
        var g: UInt64 = 0
        var b: UInt64 = 0
        var a: UInt64 = 0
        var pixels: UInt64 = 0

        public init() {}

        /// Whether every pixel is opaque, and their mean colour.
        public var summary: PixelSummary {
            let count = max(1, pixels)
            func mean(_ sum: UInt64) -> UInt8 { UInt8((sum + count / 2) / count) }
            return PixelSummary(isOpaque: opaque, average: Color(r: mean(r), g: mean(g), b: mean(b), a: mean(a)))
        }
    }

    /// Copies `height` rows of `width` RGBA pixels, each row `pitch` bytes after the one before
    /// in `from`, to `out`'s packed rows, laid out as `layout`.
    public static func copy(
        from: UnsafeRawPointer, pitch: Int, width: Int, height: Int, into out: UnsafeMutableRawPointer,
        as layout: PixelLayout
    ) -> PixelSummary {
        var sums = Sums()
        copy(from: from, pitch: pitch, width: width, height: height, into: out, as: layout, adding: &sums)
        return sums.summary
    }

    /// Copies as `copy(from:pitch:width:height:into:as:)` does, adding the pixels to `sums`.
    public static func copy(
        from: UnsafeRawPointer, pitch: Int, width: Int, height: Int, into out: UnsafeMutableRawPointer,
        as layout: PixelLayout, adding sums: inout Sums
    ) {
        var r = sums.r
        var g = sums.g
        var b = sums.b
        var a = sums.a
        for y in 0..<height {
            // Rows of a file need not be aligned to four bytes, so each pixel is loaded unaligned.
            let row = from + y * pitch
            let to = (out + y * width * 4).assumingMemoryBound(to: UInt32.self)
            var alpha: UInt32 = 0xFF00_0000
            for x in 0..<width {
                // RGBA32's bytes are R, G, B, A and ARGB8888's B, G, R, A on a little-endian machine.
                let pixel = UInt32(littleEndian: row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self))
                alpha &= pixel
                r &+= UInt64(pixel & 0xFF)
                g &+= UInt64((pixel >> 8) & 0xFF)
                b &+= UInt64((pixel >> 16) & 0xFF)
                a &+= UInt64(pixel >> 24)
                to[x] =
                    (layout == .rgba ? pixel : pixel & 0xFF00_FF00 | (pixel & 0xFF) << 16 | (pixel >> 16) & 0xFF)
                    .littleEndian
            }
            if alpha & 0xFF00_0000 != 0xFF00_0000 { sums.opaque = false }
        }
        sums.r = r
        sums.g = g
        sums.b = b
        sums.a = a
        sums.pixels += UInt64(max(0, width * height))
    }
}
