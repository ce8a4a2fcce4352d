// libFuzzer's entry point for the loader's decoders, run as a loader runs them: the gate, then
// libjpeg-turbo, libwebp, libtiff, libpng, giflib, libheif or the Swift decoders (BMP, TGA, QOI,
// PNM, PCX), then PictureScaling shrinking and turning the pixels upright (ScaledDecoder.decode).
// scripts/fuzz-decoders.sh compiles it into a module of those files named as SwiftPM's (so it
// sees their internal names) with -sanitize=fuzzer,address. Not part of any SwiftPM target. A
// broken property is a trap, which libFuzzer keeps as a crash; a decoder that allocates past the
// pixel limit shows as an out-of-memory.

import Foundation
import PhotoZoomCore
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// What a decoded picture is asked for at: a pager's page and a grid cell, not square, so a
/// cover is larger than its box on one side.
private let sizes: [ScaledSize] = [
    .fitting(PixelBox(width: 64, height: 64)), .covering(PixelBox(width: 40, height: 24)),
]
/// 4 megapixels, so a decode's pixels stay at 16 MB and the few copies scaling makes of them
/// within -malloc_limit_mb; a claim over it is refused, or a JPEG or lossy WebP decoded smaller.
private let limits = LibraryLimits(maximumMegapixels: 4)

/// The input's first byte names the file after a kind (its index in `ImageKind.allCases`, which
/// the script's seeds are prefixed with), so a TGA, which only its name tells, is reached; the
/// rest is the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func decoderFuzzTarget(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let kinds = ImageKind.allCases
    let name = "photo." + kinds[Int(start[0]) % kinds.count].rawValue
    let data = Data(bytes: start + 1, count: count - 1)
    func broken(_ what: String) -> Never {
        fatalError(
            "\(what)\n--- input named \(name), \(data.count) bytes (the first 512 in hex) ---\n\(hex(data.prefix(512)))"
        )
    }
    for size in sizes {
        let what = "decode(named: \(name), to: \(size))"
        switch ScaledDecoder.decode(data, to: size, named: name, limits: limits) {
        case .success(let upright):
            check(upright, size, what, broken)
        case .failure(let failure):
            let message = failure.description
            if message.isEmpty
                || message.unicodeScalars.contains(where: {
                    ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].contains($0)
                })
            {
                broken("\(what) failed with a message that is empty or not one line: \(message.debugDescription)")
            }
        }
    }
    return 0
}

/// A decoded picture no larger than asked for, within the pixel limit, and its buffer as large
/// as its sides say: it is copied out whole, as the loader copies it, so AddressSanitizer sees
/// one too short.
private func check(_ upright: UprightPixels, _ size: ScaledSize, _ what: String, _ broken: (String) -> Never) {
    let pixels = upright.pixels
    let original = upright.originalSize
    if original.width < 1 || original.height < 1 { broken("\(what) says the photo is \(original)") }
    if pixels.width < 1 || pixels.height < 1 { broken("\(what) made \(pixels.width)×\(pixels.height) pixels") }
    let asked = size.pixels(for: original)
    if pixels.width > asked.width || pixels.height > asked.height {
        broken("\(what) made \(pixels.size) of a \(original) photo, for which \(asked) is asked")
    }
    if case .fitting(let box) = size, pixels.width > box.width || pixels.height > box.height {
        broken("\(what) made \(pixels.size), which does not fit")
    }
    if pixels.width * pixels.height > limits.maximumPixels {
        broken("\(what) made \(pixels.size), over \(limits.maximumPixels) pixels")
    }
    if pixels.layout != .rgba || pixels.pitch != pixels.width * 4 || pixels.count != pixels.width * pixels.height * 4 {
        broken("\(what) made \(pixels.size) in \(pixels.layout), \(pixels.pitch) bytes a row, \(pixels.count) in all")
    }
    if usableSize(pixels.bytes) < pixels.count {
        broken("\(what) made \(pixels.size) in \(usableSize(pixels.bytes)) bytes")
    }
    _ = pixels.copy()
}

/// How many bytes an allocation holds: under AddressSanitizer, exactly as many as were asked
/// for. Glibc's module does not import malloc.h.
@_silgen_name("malloc_usable_size")
private func usableSize(_ pointer: UnsafeMutableRawPointer) -> Int

private func hex(_ bytes: Data) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
}
