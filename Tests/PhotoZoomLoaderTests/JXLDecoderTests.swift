import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore
@testable import PhotoZoomLibrary
@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface
@testable import PhotoZoomUntrusted

/// JPEG XL decoded by a real loader (libjxl inside its sandbox, on its one thread), held to
/// libjxl's own `djxl`: lossy and lossless, 8- and 16-bit, with alpha, turned, Display P3; and
/// damaged files refused, never a crash or a stall.
final class JXLDecoderTests: XCTestCase {
    typealias RGB = ColourReference.RGB
    var folder: URL!

    override func setUpWithError() throws { folder = try MagickReference.folder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func decodeInALoader(
        _ bytes: [UInt8], _ name: String, orientation: ExifOrientation = .up, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> ScaledImage {
        switch LoaderPool.shared.decode(
            Data(bytes), name: name, to: .fitting(PixelBox(width: 4000, height: 4000)), orientation: orientation,
            expected: nil, limits: LibraryLimits())
        {
        case .success(let image): return image
        case .failure(let error):
            XCTFail("\(name) does not decode: \(error)", file: file, line: line)
            throw error
        }
    }

    /// A drawing of `width`×`height` encoded by cjxl as `name`, with `options`.
    func encoded(
        _ name: String, width: Int = 300, height: Int = 200, depth: Int = 8, alpha: Bool = false,
        orientation: UInt8? = nil, _ options: [String]
    ) throws -> [UInt8] {
        let png = folder.appendingPathComponent("\(name).png")
        try JXLReference.drawing(png, width: width, height: height, depth: depth, alpha: alpha)
        if let orientation {
            try Data(JXLReference.withOrientation(orientation, [UInt8](try Data(contentsOf: png)))).write(to: png)
        }
        return try JXLReference.encode(png, to: folder.appendingPathComponent(name), options)
    }

    /// Whole, each file is djxl's pixels: lossy (XYB) and lossless, 8 and 16 bits (brought down
    /// to 8), with alpha (unpremultiplied), an odd size, a JPEG recompressed, and one turned
    /// by its header (orientation 6), which the loader turns once whatever EXIF orientation the
    /// window sends.
    func testJXLFilesAreDecodedAsDjxlDecodesThem() throws {
        let jpeg = folder.appendingPathComponent("source.jpg")
        try JXLReference.drawing(folder.appendingPathComponent("source.png"), width: 300, height: 200)
        try MagickReference.convert([folder.appendingPathComponent("source.png").path, "-quality", "90", jpeg.path])
        let files: [(String, [UInt8])] = [
            ("lossy.jxl", try encoded("lossy.jxl", ["-d", "1"])),
            ("lossless.jxl", try encoded("lossless.jxl", ["-d", "0"])),
            ("deep-lossless.jxl", try encoded("deep-lossless.jxl", depth: 16, ["-d", "0"])),
            ("deep-lossy.jxl", try encoded("deep-lossy.jxl", depth: 16, ["-d", "1"])),
            ("alpha-lossless.jxl", try encoded("alpha-lossless.jxl", alpha: true, ["-d", "0"])),
            ("alpha-lossy.jxl", try encoded("alpha-lossy.jxl", alpha: true, ["-d", "1"])),
            ("odd.jxl", try encoded("odd.jxl", width: 301, height: 199, ["-d", "1"])),
            ("turned.jxl", try encoded("turned.jxl", orientation: 6, ["-d", "0"])),
            ("jpeg.jxl", try JXLReference.encode(jpeg, to: folder.appendingPathComponent("jpeg.jxl"))),
        ]
        for (name, bytes) in files {
            let reference = try JXLReference.decoded(folder.appendingPathComponent(name))
            for orientation in name == "turned.jxl" ? [ExifOrientation.up, .left] : [.up] {
                let image = try decodeInALoader(bytes, name, orientation: orientation)
                JXLReference.assertMatches(image.pixels, reference, "\(name), \(orientation)")
                XCTAssertEqual(image.originalSize, PixelBox(width: reference.width, height: reference.height), name)
            }
        }
        XCTAssertEqual(try JXLReference.decoded(folder.appendingPathComponent("turned.jxl")).width, 200)
    }

    /// A Display P3 picture (a PNG with the profile in its iCCP, as ImageMagick writes it) coded
    /// lossless and lossy: its colours on screen are what lcms2's `transicc` makes of the stored
    /// ones for sRGB, within ΔE2000 1, where shown as if sRGB they are several ΔE off.
    func testADisplayP3JXLShowsTheColoursLcms2MakesOfIt() throws {
        let colours = [RGB(r: 200, g: 80, b: 60), RGB(r: 90, g: 150, b: 200), RGB(r: 210, g: 190, b: 90)]
        _ = try ColourReference.jpeg(colours, profile: nil, in: folder)
        let icc = folder.appendingPathComponent("p3.icc")
        try TestProfiles.displayP3.write(to: icc)
        let png = folder.appendingPathComponent("p3.png")
        try MagickReference.convert([
            folder.appendingPathComponent("patches.ppm").path, "-profile", icc.path, "-define",
            "png:exclude-chunks=gAMA,cHRM", png.path,
        ])
        let reference = try ColourReference.transicc(colours, from: TestProfiles.displayP3, in: folder)
        let unconverted = zip(colours, reference).map { ColourReference.deltaE($0, $1) }.max() ?? 0
        XCTAssertGreaterThan(unconverted, 3, "shown as if sRGB, the colours would be off")
        for (name, options) in [("p3-lossless.jxl", ["-d", "0"]), ("p3-lossy.jxl", ["-d", "0.5"])] {
            let bytes = try JXLReference.encode(png, to: folder.appendingPathComponent(name), options)
            let shown = patches(try decodeInALoader(bytes, name).pixels)
            for (index, (ours, theirs)) in zip(shown, reference).enumerated() {
                XCTAssertLessThanOrEqual(
                    ColourReference.deltaE(ours, theirs), 1,
                    "\(name) patch \(index): ours \(ours), transicc's \(theirs)")
            }
        }
    }

    /// A file cut short (a download that stopped) fails with one line; so does one whose size
    /// header says other than libjxl reads, were the two ever to differ.
    func testAFileCutShortFailsWithOneLine() throws {
        let whole = try encoded("cut.jxl", ["-d", "1"])
        for keep in [whole.count - 40, whole.count / 2, 24] {
            guard
                case .failure(let failure) = LoaderPool.shared.decode(
                    Data(whole.prefix(keep)), name: "cut.jxl", to: .fitting(PixelBox(width: 64, height: 64)),
                    orientation: .up, expected: nil, limits: LibraryLimits())
            else {
                XCTFail("cut to \(keep) bytes, it decoded")
                continue
            }
            XCTAssertTrue(failure.description.hasPrefix("libjxl"), "cut to \(keep) bytes: \(failure)")
            XCTAssertFalse(failure.description.contains(where: \.isNewline), "\(failure.description.debugDescription)")
        }
    }

    /// cjxl's files damaged as a download or a crafted file would be, from a fixed seed, decoded
    /// in this process (so a crash would end the test run): each decodes within the limits or
    /// fails with one line.
    func testDamagedFilesDecodeWithinTheLimitsOrFailInOneLine() throws {
        let seeds = [
            try encoded("m-lossy.jxl", width: 48, height: 40, ["-d", "1"]),
            try encoded("m-lossless.jxl", width: 48, height: 40, alpha: true, ["-d", "0"]),
            try encoded("m-turned.jxl", width: 48, height: 40, orientation: 8, ["-d", "0"]),
        ]
        var random = try SeededGenerator(fixedSeed: 0x3A_17)
        var limits = LibraryLimits()
        limits.maximumMegapixels = 0.004096
        for round in 0..<600 {
            let bytes = HostileMutations.mutate(seeds[round % seeds.count], using: &random)
            switch ScaledDecoder.decode(
                Data(bytes), to: .fitting(PixelBox(width: 64, height: 64)), named: "x.jxl", limits: limits)
            {
            case .success(let upright):
                XCTAssertLessThanOrEqual(upright.pixels.width * upright.pixels.height, 4096, "round \(round)")
            case .failure(let failure):
                XCTAssertFalse(failure.description.contains(where: \.isNewline), "round \(round): \(failure)")
            }
        }
    }

    /// The colour at the middle of each patch.
    private func patches(_ pixels: PixelBuffer) -> [RGB] {
        (0..<pixels.width / ColourReference.patchSide).map { patch in
            let x = patch * ColourReference.patchSide + ColourReference.patchSide / 2
            let at = (ColourReference.patchSide / 2) * pixels.pitch + x * 4
            return RGB(r: Int(pixels.bytes[at]), g: Int(pixels.bytes[at + 1]), b: Int(pixels.bytes[at + 2]))
        }
    }
}
