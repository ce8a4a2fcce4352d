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

/// A photo over the pixel limit (`library.maximumMegapixels`) is still shown where its format
/// lets it be decoded small: a lossy WebP by libwebp's scaled decode, a TIFF from its
/// reduced-resolution copy. A lossless WebP and a TIFF without such a copy are refused by their
/// headers, with the limit to raise named. Each is decoded by a loader, as the window does.
final class ScaledOverCapTests: XCTestCase {
    var folder: URL!
    /// 1600×1200 is 1.9 megapixels: over this limit.
    let oneMegapixel = LibraryLimits(maximumMegapixels: 1)
    let colour: [UInt8] = [0x30, 0x80, 0xC0]

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-overcap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A 1600×1200 photo of one colour, written by ImageMagick to `output` + its path (a format
    /// prefix such as `PTIF:`, or nothing) with `options`.
    func write(_ name: String, _ options: [String], _ output: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        let made = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/convert"),
            ["-size", "1600x1200", "xc:#3080c0"] + options + [output + url.path],
            environment: ProcessInfo.processInfo.environment, timeout: 60)
        XCTAssertEqual(made.status, 0, made.stderr)
        return url
    }

    func decode(_ url: URL) -> Result<ScaledImage, DecodeFailure> {
        PhotoGate.open(url, limits: oneMegapixel).flatMap {
            LoaderPool.shared.decode(
                $0, name: url.lastPathComponent, to: .fitting(PixelBox(width: 256, height: 256)), limits: oneMegapixel)
        }
    }

    func assertShown(_ url: URL, file: StaticString = #filePath, line: UInt = #line) {
        switch decode(url) {
        case .success(let image):
            XCTAssertEqual(
                [Int(image.pixels.width), Int(image.pixels.height)], [256, 192], url.lastPathComponent,
                file: file, line: line)
            XCTAssertEqual(
                image.originalSize, PixelBox(width: 1600, height: 1200), "the whole photo's size", file: file,
                line: line)
            let mean = image.averageColor
            let error = zip([mean.r, mean.g, mean.b], colour).map { abs(Int($0) - Int($1)) }.max()!
            XCTAssertLessThanOrEqual(error, 4, "\(url.lastPathComponent): \(mean)", file: file, line: line)
        case .failure(let error):
            XCTFail("\(url.lastPathComponent): \(error)", file: file, line: line)
        }
    }

    func assertRefused(_ url: URL, file: StaticString = #filePath, line: UInt = #line) {
        guard case .failure(let error) = decode(url) else {
            return XCTFail("\(url.lastPathComponent) was decoded whole", file: file, line: line)
        }
        XCTAssertTrue(
            error.description.hasSuffix("a photo may have 1 (library.maximumMegapixels)"), error.description,
            file: file, line: line)
        XCTAssertTrue(error.isOverLimits, file: file, line: line)
    }

    func testALossyWebPOverTheLimitIsDecodedAtTheSizeShown() throws {
        let lossy = try write("lossy.webp", ["-quality", "80"], "")
        assertShown(lossy)
        // Extended (VP8X, half transparent) and lossy within: the same.
        let extended = try write(
            "extended.webp",
            ["-alpha", "set", "-channel", "A", "-evaluate", "set", "50%", "+channel", "-quality", "80"], "")
        let head = try Data(contentsOf: extended).prefix(16)
        XCTAssertEqual(String(decoding: head[12..<16], as: UTF8.self), "VP8X")
        assertShown(extended)
        // Lossless keeps every pixel while it decodes: refused.
        assertRefused(try write("lossless.webp", ["-define", "webp:lossless=true"], ""))
    }

    func testATIFFOverTheLimitIsDecodedFromItsReducedResolutionCopy() throws {
        // ImageMagick's pyramid marks its levels as pages (NewSubfileType 2); a pyramid made for
        // viewers marks them reduced-resolution copies (1), as they are made so here.
        let pyramid = try write("pyramid.tif", ["-compress", "zip"], "PTIF:")
        var bytes = [UInt8](try Data(contentsOf: pyramid))
        let levels = try XCTUnwrap(Self.markReducedResolution(&bytes))
        XCTAssertGreaterThanOrEqual(levels, 3)
        try Data(bytes).write(to: pyramid)
        let claimed = try XCTUnwrap(PhotoHeader.dimensions(of: Data(bytes)))
        XCTAssertEqual(claimed.reducedResolutions.map { [$0.width, $0.height] }.prefix(2), [[800, 600], [400, 300]])
        assertShown(pyramid)
        // The same pages, not marked as copies, and a plain TIFF: refused.
        assertRefused(try write("pages.tif", ["-compress", "zip"], "PTIF:"))
        assertRefused(try write("plain.tif", ["-compress", "zip"], ""))
    }

    /// Marks every directory after a little-endian TIFF's first as a reduced-resolution copy
    /// (NewSubfileType 1); how many were marked, nil if one has no such tag.
    static func markReducedResolution(_ bytes: inout [UInt8]) -> Int? {
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        guard bytes.count > 8, bytes[0] == 0x49 else { return nil }
        var next = u32(4)
        var index = 0
        var marked = 0
        while next != 0, next + 2 <= bytes.count {
            let entries = u16(next)
            if index > 0 {
                guard let entry = (0..<entries).map({ next + 2 + 12 * $0 }).first(where: { u16($0) == 254 }) else {
                    return nil
                }
                bytes[entry + 8] = 1
                bytes[entry + 9] = 0
                bytes[entry + 10] = 0
                bytes[entry + 11] = 0
                marked += 1
            }
            next = u32(next + 2 + 12 * entries)
            index += 1
        }
        return marked
    }
}
