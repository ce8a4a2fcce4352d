import Foundation
import PhotoZoomCore
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// Truevision TGA, in pure Swift: colour-mapped (types 1 and 9), true-colour (2 and 10) and
/// grey (3 and 11) pixels, raw or in run-length packets that may cross rows, stored from any
/// corner. The header (`TGALayout`) is checked field by field first: TGA has no signature, so
/// nonsense that was taken for one is refused there.
enum TGADecoder {
    static func decode(_ data: Data, maximumPixels: Int) -> Result<PixelBuffer, DecodeFailure> {
        data.withUnsafeBytes { bytes in
            Result { () throws(DecodeFailure) -> PixelBuffer in
                let layout = try TGALayout.read(bytes)
                let (width, height) = (layout.width, layout.height)
                let total = width * height
                let bytesPerPixel = layout.pixelFormat.bytesPerPixel
                if !layout.runLengths, bytes.count - layout.pixelStart < total * bytesPerPixel {
                    let rowBytes = width * bytesPerPixel
                    throw endsInside(row: (bytes.count - layout.pixelStart) / rowBytes, height)
                }
                guard total <= maximumPixels else {
                    throw .overLimits(
                        "it is \(width)×\(height) pixels, more than the "
                            + "\(TuningFile.number(Double(maximumPixels) / 1e6)) megapixels a photo may have "
                            + "(library.maximumMegapixels)")
                }
                let pixels = try PixelBuffer.make(width: width, height: height).get()
                var cursor = Cursor(layout, pixels)
                var at = layout.pixelStart
                while cursor.placed < total {
                    var repeats = 1
                    var literals = 1
                    if layout.runLengths {
                        guard at < bytes.count else { throw endsInside(row: cursor.placed / width, height) }
                        let packet = Int(bytes[at])
                        at += 1
                        if packet & 0x80 != 0 { repeats = (packet & 0x7F) + 1 } else { literals = packet + 1 }
                    }
                    for _ in 0..<min(literals, total - cursor.placed) {
                        guard at + bytesPerPixel <= bytes.count else {
                            throw endsInside(row: cursor.placed / width, height)
                        }
                        let colour = layout.colour(bytes, at)
                        at += bytesPerPixel
                        for _ in 0..<min(repeats, total - cursor.placed) { cursor.put(colour) }
                    }
                }
                return pixels
            }
        }
    }

    /// `row` counts stored rows before the one the file ends in.
    private static func endsInside(row: Int, _ height: Int) -> DecodeFailure {
        .corrupt("the file ends inside row \(row + 1) of \(height)")
    }

    /// Where the next stored pixel goes: rows from the bottom unless the descriptor says top,
    /// each from the left unless it says right.
    private struct Cursor {
        let layout: TGALayout
        let pixels: PixelBuffer
        private(set) var placed = 0
        private var column = 0
        private var row = 0
        private var target: UnsafeMutablePointer<UInt8>

        init(_ layout: TGALayout, _ pixels: PixelBuffer) {
            self.layout = layout
            self.pixels = pixels
            target = pixels.bytes
            target = start(ofRow: 0)
        }

        private func start(ofRow row: Int) -> UnsafeMutablePointer<UInt8> {
            pixels.bytes + (layout.topDown ? row : layout.height - 1 - row) * pixels.pitch
                + (layout.rightToLeft ? (layout.width - 1) * 4 : 0)
        }

        mutating func put(_ colour: RGBA) {
            (target[0], target[1], target[2], target[3]) = (colour.r, colour.g, colour.b, colour.a)
            placed += 1
            column += 1
            if column < layout.width {
                target += layout.rightToLeft ? -4 : 4
            } else if placed < layout.width * layout.height {
                column = 0
                row += 1
                target = start(ofRow: row)
            }
        }
    }
}
