import CGif
import Foundation
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// A GIF's first image through giflib's record reader, shown on its logical screen over
/// transparent, as a browser shows it before it animates: a frame smaller than the screen at
/// its offset, the rest clear. Nothing after the first image is read, so a GIF of ten million
/// frames costs its first. The last graphic control extension before the image gives its
/// transparent index; an index past its colour table (local, else global) is transparent too.
///
/// A first frame wider or taller than the screen becomes the canvas, at the top left, as
/// Firefox and Chrome do (ImageMagick cuts it to the screen); one that only reaches past it from
/// its offset is cut at the screen's edge, as all three do. A file cut short inside the image
/// shows the rows that arrived; one that ends before its first row is corrupt.
enum GIFDecoder {
    /// The file's bytes, read by giflib through `read`.
    private final class Input {
        let bytes: UnsafeRawBufferPointer
        var at = 0

        init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        /// Up to `count` bytes into `out`: fewer where the file ends, which giflib takes for an error.
        func read(_ out: UnsafeMutablePointer<GifByteType>, _ count: Int) -> Int {
            let taken = max(0, min(count, bytes.count - at))
            if taken > 0 { UnsafeMutableRawPointer(out).copyMemory(from: bytes.baseAddress! + at, byteCount: taken) }
            at += taken
            return taken
        }
    }

    /// The rows of an interlaced image, in the order they are stored: every eighth from row 0,
    /// every eighth from row 4, every fourth from row 2, every second from row 1.
    static func storedRows(height: Int, interlaced: Bool) -> [Int] {
        guard interlaced else { return Array(0..<height) }
        return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in
            Array(stride(from: start, to: height, by: step))
        }
    }

    static func decode(_ data: Data, maximumPixels: Int) -> Result<PixelBuffer, DecodeFailure> {
        data.withUnsafeBytes { bytes in
            let input = Input(bytes)
            return withExtendedLifetime(input) {
                var error: Int32 = 0
                let opened = DGifOpen(
                    Unmanaged.passUnretained(input).toOpaque(),
                    { gif, out, count in
                        guard let gif, let out, count > 0 else { return 0 }
                        return Int32(
                            Unmanaged<Input>.fromOpaque(gif.pointee.UserData).takeUnretainedValue().read(
                                out, Int(count)))
                    }, &error)
                guard let gif = opened else { return .failure(.corrupt("its header is broken: \(describe(error))")) }
                defer { DGifCloseFile(gif, nil) }
                return firstImage(gif, maximumPixels: maximumPixels)
            }
        }
    }

    /// Reads the records up to the first image descriptor, keeping the transparent index the
    /// last graphic control extension gives, then the image.
    private static func firstImage(_ gif: UnsafeMutablePointer<GifFileType>, maximumPixels: Int) -> Result<
        PixelBuffer, DecodeFailure
    > {
        var transparent: Int?
        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) == GIF_OK else {
                return .failure(.corrupt("it ends or breaks before its first image: \(describe(gif.pointee.Error))"))
            }
            switch record {
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else {
                    return .failure(.corrupt("its first image's descriptor is broken: \(describe(gif.pointee.Error))"))
                }
                return image(gif, transparent: transparent, maximumPixels: maximumPixels)
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &block) == GIF_OK else {
                    return .failure(.corrupt("an extension before its first image is broken"))
                }
                // Length 4, then flags (bit 0: a transparent index is given), delay, the index.
                if code == GRAPHICS_EXT_FUNC_CODE, let control = block, control[0] >= 4 {
                    transparent = control[1] & 1 == 1 ? Int(control[4]) : nil
                }
                while block != nil {
                    guard DGifGetExtensionNext(gif, &block) == GIF_OK else {
                        return .failure(.corrupt("an extension before its first image is broken"))
                    }
                }
            default:
                return .failure(.corrupt("it has no image"))
            }
        }
    }

    /// The image whose descriptor was just read, decoded onto its canvas.
    private static func image(_ gif: UnsafeMutablePointer<GifFileType>, transparent: Int?, maximumPixels: Int)
        -> Result<PixelBuffer, DecodeFailure>
    {
        let frame = gif.pointee.Image
        let width = Int(frame.Width)
        let height = Int(frame.Height)
        guard width > 0, height > 0 else { return .failure(.corrupt("its first image is \(width)×\(height) pixels")) }
        var canvas = (width: Int(gif.pointee.SWidth), height: Int(gif.pointee.SHeight))
        var (left, top) = (Int(frame.Left), Int(frame.Top))
        if width > canvas.width || height > canvas.height {
            canvas = (width, height)
            (left, top) = (0, 0)
        }
        // Sides are 16-bit: the product cannot overflow.
        guard canvas.width * canvas.height <= maximumPixels else {
            return .failure(
                .overLimits(
                    "it is \(canvas.width)×\(canvas.height) pixels, more than the \(maximumPixels) a photo may have (library.maximumMegapixels)"
                ))
        }
        let palette = colours(frame.ColorMap ?? gif.pointee.SColorMap, transparent: transparent)
        return PixelBuffer.make(width: canvas.width, height: canvas.height).flatMap { pixels in
            var line = [GifPixelType](repeating: 0, count: width)
            let shown = max(0, min(width, canvas.width - left))
            var rows = 0
            for y in storedRows(height: height, interlaced: frame.Interlace) {
                guard DGifGetLine(gif, &line, Int32(width)) == GIF_OK else { break }
                rows += 1
                guard top + y < canvas.height else { continue }
                let row = pixels.bytes + (top + y) * pixels.pitch + left * 4
                palette.withUnsafeBufferPointer { colour in
                    for x in 0..<shown { (row + x * 4).update(from: colour.baseAddress! + Int(line[x]) * 4, count: 4) }
                }
            }
            guard rows > 0 else {
                return .failure(.corrupt("its first row is cut short or broken: \(describe(gif.pointee.Error))"))
            }
            return .success(pixels)
        }
    }

    /// The colour of each of the 256 indices, four bytes each: the table's, transparent for
    /// `transparent` and for those past the table (or every one, with no table).
    private static func colours(_ table: UnsafeMutablePointer<ColorMapObject>?, transparent: Int?) -> [UInt8] {
        var colours = [UInt8](repeating: 0, count: 256 * 4)
        if let table, let entries = table.pointee.Colors {
            for index in 0..<min(256, max(0, Int(table.pointee.ColorCount))) {
                let entry = entries[index]
                colours.replaceSubrange(index * 4..<index * 4 + 4, with: [entry.Red, entry.Green, entry.Blue, 255])
            }
        }
        if let transparent { colours.replaceSubrange(transparent * 4..<transparent * 4 + 4, with: [0, 0, 0, 0]) }
        return colours
    }

    private static func describe(_ error: Int32) -> String {
        GifErrorString(error).map { String(cString: $0).lowercased() } ?? "giflib error \(error)"
    }
}
