import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface
@testable import PhotoZoomUntrusted

/// A photo's embedded profile is applied: its colours on screen are what lcms2's own `transicc`
/// makes of them for sRGB, within ΔE2000 1, where shown as if sRGB they are several ΔE off.
/// A broken or hostile profile is ignored: the photo is shown as it is, never refused.
final class ColourManagementTests: XCTestCase {
    typealias RGB = ColourReference.RGB

    /// Colours inside sRGB's gamut from each profile, far enough from sRGB's own reading of the
    /// same numbers to tell.
    let colours = [RGB(r: 200, g: 80, b: 60), RGB(r: 90, g: 150, b: 200), RGB(r: 210, g: 190, b: 90)]

    func testADisplayP3JPEGShowsTheColoursLcms2MakesOfIt() throws {
        try assertConverted(profile: TestProfiles.displayP3, "Display P3")
    }

    func testAnAdobeRGBJPEGShowsTheColoursLcms2MakesOfIt() throws {
        try assertConverted(profile: TestProfiles.adobeRGB, "Adobe RGB")
    }

    func testAProfileSplitOverManySegmentsIsPutTogether() throws {
        try assertConverted(profile: TestProfiles.displayP3, chunk: 100, "in 100-byte segments")
    }

    /// A lossless PNG, TIFF and WebP carrying Display P3, as ImageMagick writes them (iCCP, the
    /// ICC profile tag, the ICCP chunk): their stored colours are the patches', exactly.
    func testPNGTIFFAndWebPProfilesAreApplied() throws {
        let folder = try MagickReference.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try ColourReference.jpeg(colours, profile: nil, in: folder)
        let icc = folder.appendingPathComponent("p3.icc")
        try TestProfiles.displayP3.write(to: icc)
        let reference = try ColourReference.transicc(colours, from: TestProfiles.displayP3, in: folder)
        for (format, options) in [
            ("png", []), ("tiff", ["-compress", "none"]), ("webp", ["-define", "webp:lossless=true"]),
        ] {
            let file = folder.appendingPathComponent("p3.\(format)")
            let bytes = try MagickReference.convert(
                [folder.appendingPathComponent("patches.ppm").path] + options + ["-profile", icc.path, file.path])
            let shown = try patches(ScaledDecoder.decode(bytes, to: fullSize, named: file.lastPathComponent).get())
            for (index, (ours, theirs)) in zip(shown, reference).enumerated() {
                XCTAssertLessThanOrEqual(
                    ColourReference.deltaE(ours, theirs), 1,
                    "\(format) patch \(index): ours \(ours), transicc's \(theirs)")
            }
        }
    }

    /// An iPhone's HEIC carries Display P3 as an ICC profile (`colr` of type `prof`): heif-enc
    /// writes one from a PNG's iCCP. Its stored colours are what heif-convert decodes of it.
    func testAHEICsProfileIsApplied() throws {
        let folder = try MagickReference.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try ColourReference.jpeg(colours, profile: nil, in: folder)
        let icc = folder.appendingPathComponent("p3.icc")
        try TestProfiles.displayP3.write(to: icc)
        let png = folder.appendingPathComponent("p3.png")
        try MagickReference.convert([folder.appendingPathComponent("patches.ppm").path, "-profile", icc.path, png.path])
        let heic = folder.appendingPathComponent("p3.heic")
        let encoded = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["heif-enc", "-q", "100", "-p", "chroma=444", "-o", heic.path, png.path],
            environment: ProcessInfo.processInfo.environment, timeout: 120)
        XCTAssertEqual(encoded.status, 0, encoded.stderr)
        let stored = folder.appendingPathComponent("stored.png")
        let converted = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["heif-convert", heic.path, stored.path],
            environment: ProcessInfo.processInfo.environment, timeout: 120)
        XCTAssertEqual(converted.status, 0, converted.stderr)
        let storedPixels = try MagickReference.read(stored)
        let storedColours = (0..<colours.count).map { patch -> RGB in
            let at =
                (ColourReference.patchSide / 2) * storedPixels.width + patch * ColourReference.patchSide
                + ColourReference.patchSide / 2
            let colour = storedPixels.colours[at]
            return RGB(r: Int(colour.r), g: Int(colour.g), b: Int(colour.b))
        }
        let shown = try patches(
            ScaledDecoder.decode(try Data(contentsOf: heic), to: fullSize, named: "p3.heic").get())
        let reference = try ColourReference.transicc(storedColours, from: TestProfiles.displayP3, in: folder)
        for (index, (ours, theirs)) in zip(shown, reference).enumerated() {
            XCTAssertLessThanOrEqual(
                ColourReference.deltaE(ours, theirs), 1, "HEIC patch \(index): ours \(ours), transicc's \(theirs)")
        }
    }

    /// A grey JPEG and a grey PNG carrying a grey profile of gamma 1.0 (linear light, far from
    /// sRGB's curve), as ImageMagick writes them: their greys are what transicc makes of them.
    func testAGreyProfileIsApplied() throws {
        let folder = try MagickReference.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let levels = [30, 60, 128, 200]
        let profile = ColourReference.greyProfile(gamma: 1)
        let icc = folder.appendingPathComponent("linear-grey.icc")
        try profile.write(to: icc)
        let source = try ColourReference.greyPatches(levels, in: folder)
        let reference = try ColourReference.transicc(grey: levels, from: profile, in: folder)
        for (format, options) in [("jpg", ["-quality", "100"]), ("png", [])] {
            let file = folder.appendingPathComponent("grey.\(format)")
            let bytes = try MagickReference.convert([source.path] + options + ["-profile", icc.path, file.path])
            let shown = try patches(ScaledDecoder.decode(bytes, to: fullSize, named: file.lastPathComponent).get())
            for (index, (ours, theirs)) in zip(shown, reference).enumerated() {
                XCTAssertLessThanOrEqual(
                    ColourReference.deltaE(ours, theirs), 1,
                    "\(format) patch \(index) (\(levels[index])): ours \(ours), transicc's \(theirs)")
            }
        }
        let unconverted =
            zip(levels, reference).map {
                ColourReference.deltaE(RGB(r: $0, g: $0, b: $0), $1)
            }.max() ?? 0
        XCTAssertGreaterThan(unconverted, 3, "shown as if sRGB, the greys would be off")
    }

    /// A PNG with no iCCP is read through what its gAMA and cHRM say: a gAMA of 1.0 alone
    /// changes the tone curve only, a gAMA of 1/1.8 with Display P3's cHRM both; transicc's
    /// reading through a profile of the same numbers (`TestProfiles`) is the reference. An
    /// sRGB chunk overrides both, and ImageMagick's gAMA of 1/2.2 with sRGB's cHRM is sRGB:
    /// those are shown as stored.
    func testAPNGsGammaAndChromaticitiesAreApplied() throws {
        let folder = try MagickReference.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func fixed(_ value: Double) -> [UInt8] { HandMadePNG.bigEndian(UInt32((value * 100_000).rounded())) }
        let p3 = [0.3127, 0.3290, 0.680, 0.320, 0.265, 0.690, 0.150, 0.060]
        let sRGB = [0.3127, 0.3290, 0.64, 0.33, 0.30, 0.60, 0.15, 0.06]
        let linear = HandMadePNG.chunk("gAMA", fixed(1))
        let chromaticities = HandMadePNG.chunk("cHRM", p3.flatMap(fixed))
        let srgbChunk = HandMadePNG.chunk("sRGB", [0])
        let linearSRGB = TestProfiles.profile(red: (0.64, 0.33), green: (0.30, 0.60), blue: (0.15, 0.06), gamma: 1)
        let p3Gamma = TestProfiles.profile(red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060), gamma: 1.8)
        let cases: [(String, [[UInt8]], Data?)] = [
            ("gAMA 1.0 alone", [linear], linearSRGB),
            ("gAMA 1/1.8 and Display P3's cHRM", [HandMadePNG.chunk("gAMA", fixed(1 / 1.8)), chromaticities], p3Gamma),
            ("sRGB over gAMA 1.0 and Display P3's cHRM", [srgbChunk, linear, chromaticities], nil),
            (
                "ImageMagick's sRGB gAMA and cHRM",
                [HandMadePNG.chunk("gAMA", [0, 0, 0xB1, 0x8F]), HandMadePNG.chunk("cHRM", sRGB.flatMap(fixed))], nil
            ),
        ]
        let side = ColourReference.patchSide
        let row = colours.flatMap { colour in
            (0..<side).flatMap { _ in [UInt8(colour.r), UInt8(colour.g), UInt8(colour.b)] }
        }
        for (what, chunks, profile) in cases {
            let png = HandMadePNG(
                width: side * colours.count, height: side, depth: 8, colourType: 2,
                rows: Array(repeating: row, count: side), chunks: chunks)
            let shown = try patches(ScaledDecoder.decode(png.data, to: fullSize, named: "chunks.png").get())
            let reference = try profile.map { try ColourReference.transicc(colours, from: $0, in: folder) } ?? colours
            for (index, (ours, theirs)) in zip(shown, reference).enumerated() {
                XCTAssertLessThanOrEqual(
                    ColourReference.deltaE(ours, theirs), 1, "\(what) patch \(index): ours \(ours), reference \(theirs)"
                )
            }
            if profile != nil {
                let unconverted = zip(colours, reference).map { ColourReference.deltaE($0, $1) }.max() ?? 0
                XCTAssertGreaterThan(unconverted, 3, "\(what): shown as stored, the colours would be off")
            }
        }
    }

    /// An AVIF's or HEIC's `nclx` naming Display P3's primaries and sRGB's curve converts as
    /// Display P3's ICC profile does.
    func testAnNCLXOfDisplayP3ConvertsAsItsProfileDoes() throws {
        let folder = try MagickReference.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = try XCTUnwrap(ColourConversion.profile(primaries: 12, transfer: 13))
        XCTAssertNil(ColourConversion.profile(primaries: 1, transfer: 13), "sRGB's own primaries need nothing")
        XCTAssertNil(ColourConversion.profile(primaries: 9, transfer: 16), "PQ is tone mapped, not profiled")
        let pixels = try PixelBuffer.make(width: colours.count, height: 1).get()
        for (index, colour) in colours.enumerated() {
            pixels.bytes[index * 4] = UInt8(colour.r)
            pixels.bytes[index * 4 + 1] = UInt8(colour.g)
            pixels.bytes[index * 4 + 2] = UInt8(colour.b)
            pixels.bytes[index * 4 + 3] = 255
        }
        XCTAssertTrue(ColourConversion.toSRGB(pixels, from: profile))
        let reference = try ColourReference.transicc(colours, from: TestProfiles.displayP3, in: folder)
        for (index, theirs) in reference.enumerated() {
            let ours = RGB(
                r: Int(pixels.bytes[index * 4]), g: Int(pixels.bytes[index * 4 + 1]),
                b: Int(pixels.bytes[index * 4 + 2]))
            XCTAssertLessThanOrEqual(
                ColourReference.deltaE(ours, theirs), 1, "patch \(index): ours \(ours), transicc's \(theirs)")
        }
    }

    func testABrokenOrHostileProfileLeavesThePhotoAsItIs() throws {
        let folder = try MagickReference.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = try ColourReference.jpeg(colours, profile: nil, in: folder)
        let asItIs = try patches(ScaledDecoder.decode(plain, to: fullSize).get())
        let good = TestProfiles.displayP3
        func changed(_ edit: (inout [UInt8]) -> Void) -> Data {
            var bytes = [UInt8](good)
            edit(&bytes)
            return Data(bytes)
        }
        func put(_ value: Int, at offset: Int, in bytes: inout [UInt8]) {
            for i in 0..<4 { bytes[offset + i] = UInt8((value >> (24 - 8 * i)) & 0xFF) }
        }
        let hostile: [String: Data] = [
            "a size it does not have": changed { put(100 << 20, at: 0, in: &$0) },
            "a million tags": changed { put(1_000_000, at: 128, in: &$0) },
            "a tag past its end": changed { put(good.count, at: 132 + 4, in: &$0) },
            "no signature": changed { $0[36] = 0x41 },
            "colours of Lab": changed { $0.replaceSubrange(16..<20, with: Array("Lab ".utf8)) },
            "tags of garbage": changed { bytes in
                for i in 132 + 12 * 9..<bytes.count { bytes[i] = UInt8(truncatingIfNeeded: i &* 151) }
            },
        ]
        for (what, profile) in hostile.sorted(by: { $0.key < $1.key }) {
            let photo = ColourReference.withProfile(plain, profile)
            let shown = try patches(ScaledDecoder.decode(photo, to: fullSize).get())
            XCTAssertEqual(shown, asItIs, "a profile with \(what) is ignored")
        }
        // Half of a profile in two segments, or a segment numbered twice.
        let halves = ColourReference.withProfile(plain, good, chunk: good.count / 2 + 1)
        let withoutSecond = try XCTUnwrap(removingSegment(2, of: halves))
        XCTAssertNil(ICCProfile.inJPEG(withoutSecond), "one of two segments is no profile")
        XCTAssertEqual(try patches(ScaledDecoder.decode(withoutSecond, to: fullSize).get()), asItIs)
        XCTAssertNotNil(ICCProfile.inJPEG(halves))
    }

    func testAProfileLargerThanAnyRealOneIsNotRead() {
        var huge = [UInt8](TestProfiles.displayP3)
        huge += [UInt8](repeating: 0, count: ICCProfile.largestBytes)
        let size = huge.count
        for i in 0..<4 { huge[i] = UInt8((size >> (24 - 8 * i)) & 0xFF) }
        XCTAssertNil(ICCProfile(Data(huge)))
        XCTAssertNotNil(ICCProfile(TestProfiles.displayP3))
    }

    // MARK: - Helpers

    private let fullSize = ScaledSize.fitting(PixelBox(width: 4096, height: 4096))

    private func assertConverted(profile: Data, chunk: Int = 65_519, _ what: String) throws {
        let folder = try MagickReference.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = try ColourReference.jpeg(colours, profile: nil, in: folder)
        let tagged = ColourReference.withProfile(plain, profile, chunk: chunk)
        let stored = try patches(ScaledDecoder.decode(plain, to: fullSize).get())
        let shown = try patches(ScaledDecoder.decode(tagged, to: fullSize).get())
        let reference = try ColourReference.transicc(stored, from: profile, in: folder)
        for (index, (ours, theirs)) in zip(shown, reference).enumerated() {
            XCTAssertLessThanOrEqual(
                ColourReference.deltaE(ours, theirs), 1, "\(what) patch \(index): ours \(ours), transicc's \(theirs)")
        }
        let unconverted = zip(stored, reference).map { ColourReference.deltaE($0, $1) }.max() ?? 0
        XCTAssertGreaterThan(unconverted, 3, "\(what): shown as if sRGB, the colours would be off")
    }

    /// The colour at the middle of each patch.
    private func patches(_ decoded: UprightPixels) -> [RGB] {
        let pixels = decoded.pixels
        return (0..<pixels.width / ColourReference.patchSide).map { patch in
            let x = patch * ColourReference.patchSide + ColourReference.patchSide / 2
            let at = (ColourReference.patchSide / 2) * pixels.pitch + x * 4
            return RGB(r: Int(pixels.bytes[at]), g: Int(pixels.bytes[at + 1]), b: Int(pixels.bytes[at + 2]))
        }
    }

    /// `jpeg` without its APP2 profile segment numbered `sequence`.
    private func removingSegment(_ sequence: UInt8, of jpeg: Data) -> Data? {
        var bytes = [UInt8](jpeg)
        var i = 2
        while i + 18 <= bytes.count, bytes[i] == 0xFF, bytes[i + 1] != 0xDA {
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if bytes[i + 1] == 0xE2, bytes[i + 4 + 12] == sequence {
                bytes.removeSubrange(i..<(i + 2 + length))
                return Data(bytes)
            }
            i += 2 + length
        }
        return nil
    }
}
