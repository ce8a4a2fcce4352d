import CSDL2
import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore
@testable import PhotoZoomLibrary
@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface
@testable import PhotoZoomSDL
@testable import PhotoZoomUntrusted

/// Photos larger than the library's limits (`library.maximumMegapixels`): a JPEG that
/// libjpeg-turbo can decode at a fraction of its size within the limit is decoded so, never
/// whole; anything else is refused by its header, with a line naming the limit to raise, and
/// no thumbnail cache records that as the file's fault.
final class OversizedPhotoTests: XCTestCase {
    /// 2000×1500, three megapixels, in four coloured quarters.
    static let width = 2000, height = 1500
    static let colours: [[UInt8]] = [[200, 30, 30], [30, 200, 30], [30, 30, 200], [220, 220, 40]]
    static let oneMegapixel = LibraryLimits(maximumMegapixels: 1)

    func photo(progressive: Bool = false) throws -> Data {
        Data(
            try ExifJPEG.encode(
                rgb: ExifJPEG.quarters(Self.colours, width: Self.width, height: Self.height), width: Self.width,
                height: Self.height,
                progressive: progressive))
    }

    func pixel(_ picture: PixelBuffer, _ x: Int, _ y: Int) -> [UInt8] {
        let pixel = picture[x, y]
        return [pixel.r, pixel.g, pixel.b]
    }

    func testABaselineJPEGOverTheLimitIsDecodedAtAScaleWithinIt() throws {
        let data = try photo()
        XCTAssertEqual(PhotoHeader.frameMarker(data), 0xC0)
        let probe = try PhotoProbe.probe(
            head: data.prefix(PhotoProbe.headBytes), fileBytes: data.count, modified: 0, limits: Self.oneMegapixel
        ).get()
        XCTAssertEqual(probe.uprightSize, PixelBox(width: 2000, height: 1500), "sized by its header, not refused")
        // Asked for the whole photo, it is decoded at half size: the largest scale within one megapixel.
        let image = try ScaledDecoder.decode(
            data, to: .fitting(PixelBox(width: 2000, height: 1500)), limits: Self.oneMegapixel
        ).get()
        XCTAssertEqual(
            PixelBox(width: image.pixels.width, height: image.pixels.height), PixelBox(width: 1000, height: 750))
        XCTAssertEqual(image.originalSize, PixelBox(width: 2000, height: 1500))
        for (i, at) in [(250, 180), (750, 180), (250, 560), (750, 560)].enumerated() {
            let error = zip(pixel(image.pixels, at.0, at.1), Self.colours[i]).map { abs(Int($0) - Int($1)) }.max()!
            XCTAssertLessThanOrEqual(error, 3, "quarter \(i)")
        }
        // A small target is unaffected by the limit.
        let thumb = try ScaledDecoder.decode(
            data, to: .fitting(PixelBox(width: 256, height: 256)), limits: Self.oneMegapixel
        ).get()
        XCTAssertEqual(thumb.pixels.width, 256)
    }

    func testAProgressiveJPEGOverTheLimitIsRefusedByItsHeader() throws {
        let data = try photo(progressive: true)
        XCTAssertEqual(PhotoHeader.frameMarker(data), 0xC2)
        let said = "its header claims 2000×1500 pixels, 3 megapixels; a photo may have 1 (library.maximumMegapixels)"
        guard
            case .failure(let refused) = PhotoProbe.probe(
                head: data, fileBytes: data.count, modified: 0, limits: Self.oneMegapixel)
        else {
            return XCTFail("a progressive JPEG keeps every coefficient of the whole image: it is refused")
        }
        XCTAssertEqual(refused.description, said)
        XCTAssertTrue(refused.isOverLimits)
        guard
            case .failure(let decoding) = ScaledDecoder.decode(
                data, to: .fitting(PixelBox(width: 256, height: 256)), limits: Self.oneMegapixel)
        else {
            return XCTFail("refused by the decoder too")
        }
        XCTAssertEqual(decoding.description, said)
        // Within the default limits it is a photo.
        XCTAssertNoThrow(
            try ScaledDecoder.decode(data, to: .fitting(PixelBox(width: 256, height: 256))).get())
    }

    /// Even an eighth of each side is over the limit: refused.
    func testAJPEGTooLargeEvenAtAnEighthIsRefused() throws {
        // Noise, so the file is large enough to hold what it will claim.
        var random = try SeededGenerator(fixedSeed: 0x5EED)
        let noise = (0..<Self.width * Self.height * 3).map { _ in UInt8.random(in: 0...255, using: &random) }
        var data = Data(try ExifJPEG.encode(rgb: noise, width: Self.width, height: Self.height))
        // SOF0's height and width follow its marker, length and precision: claim 9000×8000.
        let at = data.firstRange(of: Data([0xFF, 0xC0]))!.lowerBound + 5
        data.replaceSubrange(at..<at + 4, with: [0x1F, 0x40, 0x23, 0x28])
        guard
            case .failure(let refused) = PhotoProbe.probe(
                head: data, fileBytes: data.count, modified: 0, limits: Self.oneMegapixel)
        else {
            return XCTFail("9000×8000 at an eighth is over a megapixel")
        }
        XCTAssertEqual(
            refused.description,
            "its header claims 9000×8000 pixels, 72 megapixels; a photo may have 1 (library.maximumMegapixels)")
    }

    /// A claim no file of its size could hold is refused before anything is allocated for it,
    /// whatever the limits.
    func testAClaimMoreThanTheFileCouldHoldIsRefused() throws {
        var data = try photo()
        let at = data.firstRange(of: Data([0xFF, 0xC0]))!.lowerBound + 5
        data.replaceSubrange(at..<at + 4, with: [0x75, 0x30, 0x75, 0x30])
        guard
            case .failure(let refused) = ScaledDecoder.decode(
                data, to: .fitting(PixelBox(width: 256, height: 256)), limits: LibraryLimits(maximumMegapixels: 2000))
        else {
            return XCTFail("30000×30000 in \(data.count) bytes")
        }
        XCTAssertEqual(
            refused.description, "its header claims 30000×30000 pixels, more than its \(data.count) bytes could hold")
        XCTAssertTrue(refused.isRemembered, "the file's fault: no limit would let it decode")
    }

    /// A photo over the limits is no fault of the file's: the thumbnail cache records no
    /// failure, so a run with higher limits makes its thumbnail.
    func testTheThumbnailCacheRecordsNoFailureForAPhotoOverTheLimits() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-oversized-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("big.jpg")
        try photo(progressive: true).write(to: file)
        let root = folder.appendingPathComponent("thumbnails")
        let strict = ThumbnailCache(
            root: root, program: "photozoom", version: "test", limits: Self.oneMegapixel, log: { _ in })
        guard case .failure = strict.make(file, size: .normal) else { return XCTFail("over the limits") }
        XCTAssertNil(strict.recordedFailure(of: file))
        let roomy = ThumbnailCache(root: root, program: "photozoom", version: "test", log: { _ in })
        let made = try roomy.make(file, size: .normal).get()
        XCTAssertNotNil(roomy.read(file, size: .normal))
    }
}
