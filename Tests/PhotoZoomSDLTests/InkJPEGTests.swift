import CSDL2
import CTurboJPEG
import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomLibrary
@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface
@testable import PhotoZoomSDL

/// JPEGs of ink show the colours of their RGB originals: a CMYK one from ImageMagick and a
/// YCCK one libjpeg-turbo makes here, both with Adobe's marker, as print tools write them.
final class InkJPEGTests: XCTestCase {
    let original = PackagePaths.root.appendingPathComponent("assets/photos/astronaut.jpg")

    /// The mean colour and the mean per-channel difference from the original, of `file` decoded.
    func compare(_ file: URL) throws -> (mean: RGB, difference: Double) {
        let reference = try ReferenceImage(contentsOf: original.path)
        // A page the photo's own size, as a window that large decodes it.
        let decoded = try PhotoPixelDecoder.decode(
            file, .page(width: 512, height: 512), cache: nil, layout: .rgba
        ).get()
        XCTAssertEqual(decoded.uprightSize, PixelBox(width: 512, height: 512))
        XCTAssertEqual(decoded.pixels.size, PixelBox(width: 512, height: 512))
        let pixels = decoded.pixels.bytes
        var total = 0.0
        var r = 0.0
        var g = 0.0
        var b = 0.0
        for y in stride(from: 0, to: 512, by: 3) {
            for x in stride(from: 0, to: 512, by: 3) {
                let p = pixels + y * decoded.pixels.pitch + x * 4
                let i = (y * 512 + x) * 4
                r += Double(p[0])
                g += Double(p[1])
                b += Double(p[2])
                total +=
                    (abs(Double(p[0]) - Double(reference.pixels[i]))
                        + abs(Double(p[1]) - Double(reference.pixels[i + 1]))
                        + abs(Double(p[2]) - Double(reference.pixels[i + 2]))) / 3
            }
        }
        let n = Double(171 * 171)
        return (RGB(r: r / n, g: g / n, b: b / n), total / n)
    }

    func testACMYKJPEGShowsItsColours() throws {
        let (mean, difference) = try compare(PackagePaths.fixtures.appendingPathComponent("photos/astronaut-cmyk.jpg"))
        XCTAssertLessThan(mean.distance(to: RGB(r: 143, g: 106, b: 96)), 4, "the astronaut's mean colour, not \(mean)")
        XCTAssertLessThan(difference, 6, "each pixel near the original's")
    }

    func testAYCCKJPEGShowsItsColours() throws {
        // The original as Adobe's inverted ink (255 is none, no black), compressed as YCCK.
        let reference = try ReferenceImage(contentsOf: original.path)
        var ink = [UInt8](repeating: 255, count: 512 * 512 * 4)
        for i in 0..<(512 * 512) { for c in 0..<3 { ink[i * 4 + c] = reference.pixels[i * 4 + c] } }
        let handle = try XCTUnwrap(tjInitCompress())
        defer { tjDestroy(handle) }
        var jpeg: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        XCTAssertEqual(
            tjCompress2(
                handle, ink, 512, 512 * 4, 512, Int32(TJPF_CMYK.rawValue), &jpeg, &size, Int32(TJSAMP_444.rawValue), 92,
                0), 0)
        defer { tjFree(jpeg) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pz-ycck-\(UUID().uuidString).jpg")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(bytes: jpeg!, count: Int(size)).write(to: file)
        let (mean, difference) = try compare(file)
        XCTAssertLessThan(mean.distance(to: RGB(r: 143, g: 106, b: 96)), 4, "the astronaut's mean colour, not \(mean)")
        XCTAssertLessThan(difference, 6, "each pixel near the original's")
    }
}
