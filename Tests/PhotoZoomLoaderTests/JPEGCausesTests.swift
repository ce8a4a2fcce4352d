import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface
@testable import PhotoZoomUntrusted

/// JPEGs and WebPs that PhotoZoom once left as placeholders though their reference decoders
/// show them, each made here and held to that decoder's pixels of the same bytes (djpeg from
/// libjpeg-turbo-progs, dwebp from webp).
final class JPEGCausesTests: XCTestCase {
    typealias Pixels = MagickReference.Pixels
    var folder: URL!

    override func setUpWithError() throws { folder = try MagickReference.folder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A 96×64 seeded plasma ImageMagick writes as `name` with `options`.
    func plasma(_ name: String, _ options: [String]) throws -> Data {
        try MagickReference.convert(
            ["-seed", "7", "-size", "96x64", "plasma:"] + options + [folder.appendingPathComponent(name).path])
    }

    /// What `tool` (djpeg or dwebp, with `options`) decodes `bytes` to, warnings and all.
    func reference(_ tool: String, _ bytes: Data, _ name: String, _ options: [String] = []) throws -> Pixels {
        let input = folder.appendingPathComponent(name)
        let output = folder.appendingPathComponent(name + ".ppm")
        try bytes.write(to: input)
        let arguments =
            tool == "djpeg"
            ? ["djpeg", "-pnm", "-outfile", output.path, input.path]
            : [
                "dwebp", "-ppm", input.path, "-o", output.path,
            ] + options
        let outcome = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), arguments, environment: ProcessInfo.processInfo.environment,
            timeout: 60)
        // djpeg says 2 where it warned and still wrote the picture.
        guard outcome.exitedNormally, [0, 2].contains(outcome.status) else {
            throw MagickReference.Failed(description: "\(tool) \(name): \(outcome.stderr)")
        }
        return try MagickReference.read(output)
    }

    /// PhotoZoom's pixels of `bytes` at their full size, or fitting `box`.
    func ours(_ bytes: Data, fitting box: PixelBox = PixelBox(width: 96, height: 64)) throws -> Pixels {
        MagickReference.pixels(try ScaledDecoder.decode(bytes, to: .fitting(box)).get().pixels)
    }

    /// The rows `from` up to `to` of `pixels`.
    func rows(_ pixels: Pixels, _ from: Int, _ to: Int) -> Pixels {
        Pixels(
            width: pixels.width, height: to - from,
            colours: Array(pixels.colours[(from * pixels.width)..<(to * pixels.width)]))
    }

    /// How many rows of `pixels` arrived: those above the last rows that are all mid grey.
    func arrivedRows(_ pixels: Pixels) -> Int {
        var height = pixels.height
        while height > 0, rows(pixels, height - 1, height).colours.allSatisfy({ $0 == PNGDecoder.missing }) {
            height -= 1
        }
        return height
    }

    /// A download cut short at 60 %: djpeg shows the rows that arrived and the rest mid grey
    /// (a baseline file), or every row at the quality of the scans that arrived (a progressive
    /// one); so does PhotoZoom. One cut before any of its image data is still an error.
    func testATruncatedJPEGShowsTheRowsThatArrived() throws {
        for (name, options) in [("baseline.jpg", ["-quality", "90"]), ("progressive.jpg", ["-interlace", "JPEG"])] {
            let whole = try plasma(name, options)
            let cut = whole.prefix(whole.count * 6 / 10)
            let ours = try ours(cut)
            let theirs = try reference("djpeg", cut, "cut-" + name)
            XCTAssertEqual([ours.width, ours.height], [96, 64], name)
            XCTAssertGreaterThanOrEqual(MagickReference.psnr(ours, theirs), 40, name)
            let arrived = arrivedRows(ours)
            XCTAssertGreaterThanOrEqual(arrived, 16, "\(name): rows arrived")
            if name == "baseline.jpg" {
                XCTAssertLessThan(arrived, 64, "\(name): the rest is mid grey")
                // The last row of 16 that arrived may have grey blocks at its end.
                let complete = (arrived - 1) / 16 * 16
                let full = try reference("djpeg", whole, name)
                XCTAssertGreaterThanOrEqual(
                    MagickReference.psnr(rows(ours, 0, complete), rows(full, 0, complete)), 40, name)
            }
        }
        let whole = try plasma("header-only.jpg", [])
        let scan = try XCTUnwrap(whole.firstRange(of: Data([0xFF, 0xDA]))).lowerBound
        let header = whole.prefix(scan + 2 + (Int(whole[scan + 2]) << 8 | Int(whole[scan + 3])))
        guard case .failure(let failure) = ScaledDecoder.decode(header, to: .fitting(PixelBox(width: 96, height: 64)))
        else { return XCTFail("a JPEG with no image data decoded") }
        XCTAssertEqual(failure.description, "libjpeg-turbo: Premature end of JPEG file")
    }

    /// `jpeg` with `stray` bytes put before each of its segments with `markers`, as Photoshop
    /// leaves them between segments.
    func withStrayBytes(_ jpeg: Data, before markers: [UInt8], _ stray: [UInt8] = [0x00, 0x17, 0xFF, 0x00]) throws
        -> Data
    {
        var out = jpeg
        for marker in markers {
            let at = try XCTUnwrap(out.firstRange(of: Data([0xFF, marker])), "no marker \(marker)").lowerBound
            out.insert(contentsOf: stray, at: at)
        }
        return out
    }

    /// An APP1 EXIF segment whose only tag is orientation `orientation`.
    func exifSegment(orientation: UInt8) -> Data {
        let tiff: [UInt8] = [
            0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, orientation, 0, 0, 0, 0, 0, 0, 0,
        ]
        let body = Array("Exif".utf8) + [0, 0] + tiff
        return Data([0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body)
    }

    /// Stray bytes between segments (libjpeg-turbo: "Corrupt JPEG data: 4 extraneous bytes
    /// before marker"): djpeg skips them and shows the photo, and so does PhotoZoom, its header
    /// check, EXIF orientation and colour profile read past them as libjpeg-turbo reads.
    func testStrayBytesBetweenSegmentsAreSkippedAsDjpegSkipsThem() throws {
        let plain = try plasma("plain.jpg", ["-quality", "90"])
        let stray = try withStrayBytes(plain, before: [0xDB, 0xC4, 0xDA])
        var header = HeaderBytes(head: stray)
        XCTAssertEqual(JPEGHeader.dimensions(&header)?.width, 96, "the header check")
        XCTAssertEqual(try ours(stray), try reference("djpeg", stray, "stray.jpg"))

        // After ImageMagick's JFIF segment: a JPEG starts with a marker right after its start.
        let tables = try XCTUnwrap(plain.firstRange(of: Data([0xFF, 0xDB]))).lowerBound
        let profile = ColourReference.withProfile(Data([0xFF, 0xD8]), TestProfiles.displayP3).dropFirst(2)
        let tagged = plain.prefix(tables) + exifSegment(orientation: 6) + profile + plain.suffix(from: tables)
        let turned = try withStrayBytes(tagged, before: [0xE1, 0xE2, 0xDB])
        XCTAssertEqual(PhotoExif(bytes: turned).orientation, .right, "EXIF past stray bytes")
        XCTAssertEqual(ICCProfile.inJPEG(turned)?.bytes, TestProfiles.displayP3, "the profile past stray bytes")
        let upright = try ScaledDecoder.decode(turned, to: .fitting(PixelBox(width: 64, height: 96))).get()
        XCTAssertEqual([upright.pixels.width, upright.pixels.height], [64, 96], "turned by its EXIF")
    }

    /// A lossy and a lossless WebP cut short at 60 %: PhotoZoom shows the rows libwebp's
    /// incremental decoder made of what arrived, as dwebp decodes them from the whole file, and
    /// the rest mid grey, at full size and scaled by libwebp to half. One cut inside its header
    /// is still an error.
    func testATruncatedWebPShowsTheRowsThatArrived() throws {
        let source = folder.appendingPathComponent("plasma.png")
        try MagickReference.convert(["-seed", "7", "-size", "96x64", "plasma:", source.path])
        for encoding in [["-q", "90"], ["-lossless"]] {
            let output = folder.appendingPathComponent("plasma.webp")
            let encoded = try ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["cwebp", "-quiet"] + encoding + [source.path, "-o", output.path],
                environment: ProcessInfo.processInfo.environment, timeout: 60)
            XCTAssertEqual(encoded.status, 0, encoded.stderr)
            let whole = try Data(contentsOf: output)
            let cut = whole.prefix(whole.count * 6 / 10)
            for (box, options) in [
                (PixelBox(width: 96, height: 64), []), (PixelBox(width: 48, height: 32), ["-scale", "48", "32"]),
            ] {
                let ours = try ours(cut, fitting: box)
                let named = "\(encoding) at \(box)"
                XCTAssertEqual([ours.width, ours.height], [box.width, box.height], named)
                let arrived = arrivedRows(ours)
                XCTAssertGreaterThanOrEqual(arrived, box.height / 4, "\(named): rows arrived")
                XCTAssertLessThan(arrived, box.height, "\(named): the rest is mid grey")
                let theirs = try reference("dwebp", whole, "whole.webp", options)
                XCTAssertGreaterThanOrEqual(
                    MagickReference.psnr(rows(ours, 0, arrived), rows(theirs, 0, arrived)), 40, named)
            }
            guard
                case .failure(let failure) = ScaledDecoder.decode(
                    whole.prefix(40), to: .fitting(PixelBox(width: 96, height: 64)))
            else {
                return XCTFail("\(encoding): a WebP cut inside its header decoded")
            }
            XCTAssertTrue(failure.description.hasPrefix("libwebp"), failure.description)
        }
    }
}
