import Foundation
import PhotoZoomCore
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// Windows and OS/2 bitmaps, in pure Swift: palette indices of 1, 2, 4 and 8 bits, uncompressed
/// or run-length coded (`BMPRunLengths`), and 16-, 24- and 32-bit pixels split by their
/// channels' masks (`BMPChannels`). The header is read and checked first (`BMPHeader`), and
/// the rows' bytes are all counted before the pixels are allocated.
enum BMPDecoder {
    static func decode(_ data: Data, maximumPixels: Int) -> Result<PixelBuffer, DecodeFailure> {
        data.withUnsafeBytes { bytes in
            Result { () throws(DecodeFailure) -> PixelBuffer in
                let header = try BMPHeader.read(bytes)
                if header.coding == .uncompressed { try checkRowsAreThere(bytes, header) }
                let (pixelCount, overflow) = header.width.multipliedReportingOverflow(by: header.height)
                guard !overflow, pixelCount <= maximumPixels else {
                    throw .overLimits(
                        "it is \(header.width)×\(header.height) pixels, more than the "
                            + "\(TuningFile.number(Double(maximumPixels) / 1e6)) megapixels a photo may have "
                            + "(library.maximumMegapixels)")
                }
                let pixels = try PixelBuffer.make(width: header.width, height: header.height).get()
                switch header.coding {
                case .uncompressed: decodeRows(bytes, header, into: pixels)
                case .runLengths(let bitsPerIndex):
                    BMPRunLengths.decode(bytes, header, bitsPerIndex: bitsPerIndex, into: pixels)
                }
                return pixels
            }
        }
    }

    /// Bytes from one stored row to the next: whole 32-bit words.
    private static func stride(_ header: BMPHeader) -> Int { (header.width * header.bitsPerPixel + 31) / 32 * 4 }

    /// Every row's pixels must be in the file; the last row's padding may be missing.
    private static func checkRowsAreThere(_ b: UnsafeRawBufferPointer, _ header: BMPHeader) throws(DecodeFailure) {
        let stride = stride(header)
        let (rows, overflow) = stride.multipliedReportingOverflow(by: header.height - 1)
        let available = b.count - header.pixelStart
        guard overflow || rows > available - (header.width * header.bitsPerPixel + 7) / 8 else { return }
        throw .corrupt("the file ends inside row \(available / stride + 1) of \(header.height)")
    }

    private static func decodeRows(_ b: UnsafeRawBufferPointer, _ header: BMPHeader, into pixels: PixelBuffer) {
        let stride = stride(header)
        let bits = header.bitsPerPixel
        for row in 0..<header.height {
            let source = header.pixelStart + row * stride
            var target = pixels.bytes + (header.topDown ? row : header.height - 1 - row) * pixels.pitch
            if bits <= 8 {
                let perByte = 8 / bits
                let indexMask = (1 << bits) - 1
                for x in 0..<header.width {
                    let byte = Int(b[source + x / perByte])
                    target.store(header.colour(index: byte >> (8 - bits * (x % perByte + 1)) & indexMask))
                    target += 4
                }
            } else {
                let bytesPerPixel = bits / 8
                for x in 0..<header.width {
                    let at = source + x * bytesPerPixel
                    var value: UInt32 = 0
                    for k in 0..<bytesPerPixel { value |= UInt32(b[at + k]) << (8 * k) }
                    target.store(header.channels.colour(value))
                    target += 4
                }
            }
        }
    }
}

extension UnsafeMutablePointer<UInt8> {
    /// Writes `colour`'s four bytes here, R first.
    fileprivate func store(_ colour: RGBA) {
        self[0] = colour.r
        self[1] = colour.g
        self[2] = colour.b
        self[3] = colour.a
    }
}
