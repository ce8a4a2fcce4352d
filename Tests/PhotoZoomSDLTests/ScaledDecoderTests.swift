import CSDL2
import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomLibrary
@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface
@testable import PhotoZoomSDL
@testable import PhotoZoomUntrusted

/// Photos decoded at the size they are shown at: upright, the size asked for, the colours of
/// the original, fine detail averaged rather than aliased, and a broken file an error.
final class ScaledDecoderTests: XCTestCase {
    let photos = PackagePaths.root.appendingPathComponent("assets/photos")

    func decode(_ data: Data, _ size: ScaledSize, file: StaticString = #filePath, line: UInt = #line) throws
        -> UprightPixels
    {
        switch ScaledDecoder.decode(data, to: size) {
        case .success(let image): return image
        case .failure(let error):
            XCTFail("does not decode: \(error)", file: file, line: line)
            throw error
        }
    }

    /// `data` decoded by a loader, as the window has it: with the mean colour the loader found.
    func decodeInALoader(_ data: Data, _ size: ScaledSize, file: StaticString = #filePath, line: UInt = #line) throws
        -> ScaledImage
    {
        switch LoaderPool.shared.decode(
            data, name: "photo", to: size, orientation: PhotoExif(bytes: data).orientation, expected: nil,
            limits: LibraryLimits())
        {
        case .success(let image): return image
        case .failure(let error):
            XCTFail("does not decode: \(error)", file: file, line: line)
            throw error
        }
    }

    func bytes(_ name: String) throws -> Data { try Data(contentsOf: photos.appendingPathComponent(name)) }

    /// Tightly packed bytes of a picture, in its layout.
    func pixels(of image: UprightPixels) -> ReferenceImage { pixels(of: image.pixels) }
    func pixels(of image: ScaledImage) -> ReferenceImage { pixels(of: image.pixels) }

    func pixels(of picture: PixelBuffer) -> ReferenceImage {
        ReferenceImage(
            width: picture.width, height: picture.height,
            pixels: Array(UnsafeBufferPointer(start: picture.bytes, count: picture.count)))
    }

    /// The mean over all channels of the absolute difference of two images of one size.
    func meanDifference(_ a: ReferenceImage, _ b: ReferenceImage) -> Double {
        zip(a.pixels, b.pixels).reduce(0.0) { $0 + abs(Double($1.0) - Double($1.1)) } / Double(a.pixels.count)
    }

    func testFittingAndCoveringSizesKeepTheAspectAndNeverEnlarge() throws {
        let coffee = try bytes("coffee.jpg")  // 600×400
        let cases: [(ScaledSize, PixelBox)] = [
            (.fitting(PixelBox(width: 256, height: 256)), PixelBox(width: 256, height: 171)),
            (.fitting(PixelBox(width: 1000, height: 100)), PixelBox(width: 150, height: 100)),
            (.covering(PixelBox(width: 128, height: 128)), PixelBox(width: 192, height: 128)),
            (.fitting(PixelBox(width: 2000, height: 2000)), PixelBox(width: 600, height: 400)),
            (.covering(PixelBox(width: 700, height: 700)), PixelBox(width: 600, height: 400)),
        ]
        for (size, expected) in cases {
            let image = try decode(coffee, size)
            XCTAssertEqual(PixelBox(width: image.pixels.width, height: image.pixels.height), expected, "\(size)")
            XCTAssertEqual(image.originalSize, PixelBox(width: 600, height: 400))
        }
    }

    /// libjpeg-turbo is asked only for the scales it decodes quickly (a whole, a half, a quarter,
    /// an eighth) and the rest of the way is a shrink: its 7/8 costs twice the whole.
    func testAJPEGIsDecodedAtAQuickScaleAndShrunkTheRestOfTheWay() throws {
        let cases: [(PixelBox, PixelBox, PixelBox)] = [
            (PixelBox(width: 160, height: 120), PixelBox(width: 140, height: 105), PixelBox(width: 160, height: 120)),
            (
                PixelBox(width: 4032, height: 3024), PixelBox(width: 1067, height: 800),
                PixelBox(width: 2016, height: 1512)
            ),
            (
                PixelBox(width: 4032, height: 3024), PixelBox(width: 2560, height: 1920),
                PixelBox(width: 4032, height: 3024)
            ),
            (
                PixelBox(width: 4032, height: 3024), PixelBox(width: 1008, height: 756),
                PixelBox(width: 1008, height: 756)
            ),
            (PixelBox(width: 4032, height: 3024), PixelBox(width: 256, height: 192), PixelBox(width: 504, height: 378)),
            (PixelBox(width: 600, height: 400), PixelBox(width: 210, height: 140), PixelBox(width: 300, height: 200)),
        ]
        for (photo, target, decoded) in cases {
            XCTAssertEqual(ScaledDecoder.scaledSize(of: photo, covering: target), decoded, "\(photo) for \(target)")
        }
        // Decoded that way (coffee.jpg, 600×400, at a half), it still comes out at the size asked for.
        let coffee = try bytes("coffee.jpg")
        let image = try decode(coffee, .covering(PixelBox(width: 140, height: 140)))
        XCTAssertEqual(
            PixelBox(width: image.pixels.width, height: image.pixels.height), PixelBox(width: 210, height: 140))
    }

    /// A portrait stored sideways (EXIF orientation 6) is upright, and the size asked for is in
    /// upright pixels: it looks like the same photo stored upright, shrunk the same way.
    func testASidewaysPhotoComesBackUprightAtTheUprightSize() throws {
        let rotated = try decode(try bytes("chelsea-exif-rotated.jpg"), .fitting(PixelBox(width: 128, height: 128)))
        let upright = try decode(try bytes("chelsea-cat.jpg"), .fitting(PixelBox(width: 128, height: 128)))
        XCTAssertEqual(rotated.originalSize, PixelBox(width: 451, height: 300), "stored 300×451, upright 451×300")
        XCTAssertEqual(rotated.pixels.width, 128)
        XCTAssertEqual(rotated.pixels.height, 85)
        XCTAssertLessThan(meanDifference(pixels(of: rotated), pixels(of: upright)), 6, "the same cat, the same way up")
    }

    /// The scaled decode looks like the whole photo shrunk by averaging: each pixel of a 64-pixel
    /// decode against the mean of the 8×8 block of the full-size decode it covers.
    func testAShrunkJPEGMatchesTheFullPhotoAveraged() throws {
        let reference = try ReferenceImage(contentsOf: photos.appendingPathComponent("astronaut.jpg").path)
        let small = pixels(of: try decode(try bytes("astronaut.jpg"), .fitting(PixelBox(width: 64, height: 64))))
        XCTAssertEqual(small.width, 64)
        var averaged = [UInt8](repeating: 255, count: 64 * 64 * 4)
        for y in 0..<64 {
            for x in 0..<64 {
                for c in 0..<3 {
                    var sum = 0
                    for dy in 0..<8 {
                        for dx in 0..<8 { sum += Int(reference.pixels[((y * 8 + dy) * 512 + x * 8 + dx) * 4 + c]) }
                    }
                    averaged[(y * 64 + x) * 4 + c] = UInt8(sum / 64)
                }
            }
        }
        XCTAssertLessThan(meanDifference(small, ReferenceImage(width: 64, height: 64, pixels: averaged)), 4)
    }

    /// One-pixel stripes shrunk about eleven times are an even grey: bilinear scaling in one step
    /// would blend two neighbouring columns at each pixel and show stripes of its own.
    func testFineDetailIsAveragedNotAliased() throws {
        let width = 1000
        let height = 600
        guard
            let stripes = SDL_CreateRGBSurfaceWithFormat(
                0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_RGBA32.rawValue)
        else { throw XCTSkip("no surface") }
        defer { SDL_FreeSurface(stripes) }
        let p = stripes.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        for y in 0..<height {
            for x in 0..<width {
                let v: UInt8 = x % 2 == 0 ? 0 : 255
                for c in 0..<3 { p[y * Int(stripes.pointee.pitch) + x * 4 + c] = v }
                p[y * Int(stripes.pointee.pitch) + x * 4 + 3] = 255
            }
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pz-stripes-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        XCTAssertEqual(IMG_SavePNG(stripes, file.path), 0)
        let image = try decodeInALoader(try Data(contentsOf: file), .fitting(PixelBox(width: 90, height: 90)))
        let grey = pixels(of: image)
        XCTAssertEqual(grey.width, 90)
        XCTAssertEqual(grey.height, 54)
        let reds = stride(from: 0, to: grey.pixels.count, by: 4).map { Int(grey.pixels[$0]) }
        XCTAssertLessThanOrEqual(reds.max()! - reds.min()!, 24, "an even grey, from \(reds.min()!) to \(reds.max()!)")
        XCTAssertEqual(Double(image.averageColor.r), 127.5, accuracy: 8)
    }

    /// A CMYK JPEG shrunk keeps its true colours, and the mean colour handed back is the mean of
    /// the pixels handed back.
    func testACMYKJPEGKeepsItsColoursAndTheMeanColourIsThePixelsMean() throws {
        let data = try Data(contentsOf: PackagePaths.fixtures.appendingPathComponent("photos/astronaut-cmyk.jpg"))
        let image = try decodeInALoader(data, .covering(PixelBox(width: 100, height: 100)))
        XCTAssertEqual(image.pixels.width, 100)
        let decoded = pixels(of: image)
        var sums = [Int](repeating: 0, count: 3)
        for i in stride(from: 0, to: decoded.pixels.count, by: 4) {
            for c in 0..<3 { sums[c] += Int(decoded.pixels[i + c]) }
        }
        let n = Double(decoded.width * decoded.height)
        let mean = RGB(r: Double(sums[0]) / n, g: Double(sums[1]) / n, b: Double(sums[2]) / n)
        XCTAssertLessThan(mean.distance(to: RGB(image.averageColor)), 1, "\(image.averageColor) against \(mean)")
        XCTAssertLessThan(mean.distance(to: RGB(r: 143, g: 106, b: 96)), 4, "the astronaut's colours, not ink: \(mean)")
        XCTAssertEqual(image.averageColor.a, 255)
        // The window's textures want ARGB8888: the mean stays the photo's, not its bytes' order.
        let argb = try LoaderPool.shared.decode(
            data, name: "photo", to: .covering(PixelBox(width: 100, height: 100)), orientation: .up, expected: nil,
            limits: LibraryLimits(), format: .argb
        ).get()
        XCTAssertEqual(argb.averageColor, image.averageColor)
    }

    /// A JPEG cut short before any of its image data is an error saying what libjpeg-turbo
    /// said, not a photo all grey (one cut later shows its rows: JPEGCausesTests).
    func testAJPEGWithNoImageDataIsAnErrorInLibjpegTurbosWords() throws {
        let whole = try bytes("coffee.jpg")
        let scan = try XCTUnwrap(whole.firstRange(of: Data([0xFF, 0xDA]))).lowerBound
        let result = ScaledDecoder.decode(
            whole.prefix(scan + 2 + (Int(whole[scan + 2]) << 8 | Int(whole[scan + 3]))),
            to: .fitting(PixelBox(width: 128, height: 128)))
        guard case .failure(let error) = result else { return XCTFail("a JPEG with no image data decoded") }
        XCTAssertEqual(error.description, "libjpeg-turbo: Premature end of JPEG file")
        guard
            case .failure(let garbage) = ScaledDecoder.decode(
                Data("not a photo".utf8), to: .fitting(PixelBox(width: 128, height: 128)))
        else {
            return XCTFail("text decoded as a photo")
        }
        XCTAssertEqual(
            garbage.description, "it is not an image this build reads",
            "told by its bytes, before any decoder sees them")
    }
}
