import CGif

/// Part of a picture in at most 256 colours, for one GIF frame.
struct IndexedImage {
    var width: Int
    var height: Int
    /// One palette index a pixel, top row first.
    var indices: [UInt8]
    /// A power of two long, 2 to 256, as a GIF colour table must be.
    var colors: [GifColorType]
}

/// Reduces a picture's colours with giflib's median cut, then improves its palette, without
/// dithering: dither noise changes from frame to frame, which costs the frame-to-frame savings
/// and flickers, and the replay's flat fills need none.
///
/// giflib makes each colour the plain mean of the 5-bit cells in its box (white comes out 248)
/// and gives a pixel its box's colour, not the nearest. So each colour becomes the mean of its
/// pixels, every pixel then takes the nearest colour, and the means are taken again: about half
/// the error, for a few percent more bytes.
enum GifQuantizer {
    /// The `width`×`height` block at (`x`, `y`) of RGBA pixels whose rows are `pitch` bytes apart.
    static func quantize(_ pixels: UnsafePointer<UInt8>, pitch: Int, x: Int, y: Int, width: Int, height: Int) throws
        -> IndexedImage
    {
        let count = width * height
        var red = [UInt8](repeating: 0, count: count)
        var green = red
        var blue = red
        red.withUnsafeMutableBufferPointer { r in
            green.withUnsafeMutableBufferPointer { g in
                blue.withUnsafeMutableBufferPointer { b in
                    for row in 0..<height {
                        let source = pixels + (y + row) * pitch + x * 4
                        let start = row * width
                        for column in 0..<width {
                            let p = source + column * 4
                            r[start + column] = p[0]
                            g[start + column] = p[1]
                            b[start + column] = p[2]
                        }
                    }
                }
            }
        }
        var size: Int32 = 256
        var colors = [GifColorType](repeating: GifColorType(), count: 256)
        var indices = [UInt8](repeating: 0, count: count)
        guard GifQuantizeBuffer(UInt32(width), UInt32(height), &size, &red, &green, &blue, &indices, &colors) == GIF_OK
        else {
            throw GifError(message: "giflib could not reduce a \(width)x\(height) frame to 256 colours (out of memory)")
        }
        refine(&colors, indices: indices, red: red, green: green, blue: blue)
        remap(&indices, to: colors, count: Int(size), red: red, green: green, blue: blue)
        refine(&colors, indices: indices, red: red, green: green, blue: blue)
        // The table's length is a power of two, at least 2; the entries past `size` are unused.
        var length = 2
        while length < Int(size) { length *= 2 }
        return IndexedImage(width: width, height: height, indices: indices, colors: Array(colors.prefix(length)))
    }

    /// Gives every pixel the nearest of the first `count` colours, looked up once for each
    /// 5-bit cell (from its centre): a search per pixel would cost `count` comparisons each.
    private static func remap(
        _ indices: inout [UInt8], to colors: [GifColorType], count: Int, red: [UInt8], green: [UInt8], blue: [UInt8]
    ) {
        // Plain loops over buffers: the debug build the tests run is many times slower otherwise.
        let palette = colors.prefix(count).map { (Int($0.Red), Int($0.Green), Int($0.Blue)) }
        var nearest = [Int16](repeating: -1, count: 1 << 15)
        palette.withUnsafeBufferPointer { palette in
            nearest.withUnsafeMutableBufferPointer { nearest in
                indices.withUnsafeMutableBufferPointer { indices in
                    for i in 0..<indices.count {
                        let cell = Int(red[i] >> 3) << 10 | Int(green[i] >> 3) << 5 | Int(blue[i] >> 3)
                        if nearest[cell] < 0 {
                            let r = Int(red[i] | 4)
                            let g = Int(green[i] | 4)
                            let b = Int(blue[i] | 4)
                            var best = 0
                            var bestDistance = Int.max
                            for k in 0..<palette.count {
                                let dr = palette[k].0 - r
                                let dg = palette[k].1 - g
                                let db = palette[k].2 - b
                                let distance = dr * dr + dg * dg + db * db
                                if distance < bestDistance {
                                    bestDistance = distance
                                    best = k
                                }
                            }
                            nearest[cell] = Int16(best)
                        }
                        indices[i] = UInt8(nearest[cell])
                    }
                }
            }
        }
    }

    /// Sets every used colour to the mean of the pixels that map to it.
    private static func refine(
        _ colors: inout [GifColorType], indices: [UInt8], red: [UInt8], green: [UInt8], blue: [UInt8]
    ) {
        var sums = [Int](repeating: 0, count: 256 * 4)
        sums.withUnsafeMutableBufferPointer { s in
            for i in indices.indices {
                let k = Int(indices[i]) * 4
                s[k] += Int(red[i])
                s[k + 1] += Int(green[i])
                s[k + 2] += Int(blue[i])
                s[k + 3] += 1
            }
        }
        for i in 0..<256 where sums[i * 4 + 3] > 0 {
            let n = sums[i * 4 + 3]
            func mean(_ sum: Int) -> UInt8 { UInt8((sum + n / 2) / n) }
            colors[i] = GifColorType(Red: mean(sums[i * 4]), Green: mean(sums[i * 4 + 1]), Blue: mean(sums[i * 4 + 2]))
        }
    }
}

/// giflib refused: out of memory, or a write failed.
struct GifError: Error, CustomStringConvertible {
    let description: String
    init(message: String) { description = message }
    /// What giflib's error `code` means, after `what` failed.
    init(_ what: String, code: Int32) { description = "\(what): \(String(cString: GifErrorString(code)))" }
}
