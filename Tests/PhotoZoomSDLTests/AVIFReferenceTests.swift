import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore
@testable import PhotoZoomLibrary
@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface

/// AVIF as libavif writes it (`avifenc`, from `libavif-bin`), decoded by a real loader (libheif
/// and dav1d inside its sandbox), held to libavif's own `avifdec`: another encoder than the
/// heif-enc whose files HEIFDecoderTests hold to heif-convert, and another reference decoder.
final class AVIFReferenceTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws { folder = try HEIFReference.folder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// 8-bit, 10-bit (from a 16-bit drawing) and 8-bit with alpha (a band 40 % opaque):
    /// whole, each is avifdec's pixels within 1 of 255 on average and 40 dB.
    func testAvifencsFilesAreDecodedAsAvifdecDecodesThem() throws {
        for (name, depth, alpha) in [("eight.avif", 8, false), ("ten.avif", 10, false), ("alpha.avif", 8, true)] {
            let png = folder.appendingPathComponent("\(name).png")
            try HEIFReference.drawing(png, width: 300, height: 200, depth: depth > 8 ? 16 : 8)
            if alpha {
                try HEIFReference.run(
                    "convert",
                    [
                        png.path, "-alpha", "set", "-region", "300x66+0+0", "-channel", "A", "-evaluate", "set", "40%",
                        "+channel", "+region", "PNG32:" + png.path,
                    ])
            }
            let avif = folder.appendingPathComponent(name)
            try HEIFReference.run(
                "avifenc", ["--jobs", "1", "--depth", "\(depth)", "--min", "8", "--max", "8", png.path, avif.path])
            let reference = folder.appendingPathComponent("\(name).reference.png")
            try HEIFReference.run("avifdec", ["--jobs", "1", avif.path, reference.path])
            let theirs = try read(reference)
            switch LoaderPool.shared.decode(
                try Data(contentsOf: avif), name: name, to: .fitting(PixelBox(width: 4000, height: 4000)),
                orientation: .up, expected: nil, limits: LibraryLimits())
            {
            case .success(let image):
                HEIFReference.assertMatches(HEIFReference.pixels(image.pixels), theirs, name)
            case .failure(let error): XCTFail("\(name) does not decode: \(error)")
            }
        }
    }

    /// avifdec's PNG as ImageMagick reads it back at 8 bits.
    private func read(_ png: URL) throws -> HEIFReference.Pixels {
        let raw = png.appendingPathExtension("rgba")
        let sides = try HEIFReference.run("convert", [png.path, "-depth", "8", "-print", "%w %h", "rgba:" + raw.path])
            .split(separator: " ").compactMap { Int($0) }
        let bytes = [UInt8](try Data(contentsOf: raw))
        guard sides.count == 2, bytes.count == sides[0] * sides[1] * 4 else {
            throw HEIFReference.Failed(description: "convert did not read avifdec's \(png.lastPathComponent)")
        }
        return HEIFReference.Pixels(width: sides[0], height: sides[1], bytes: bytes)
    }
}
