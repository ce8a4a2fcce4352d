import CSDL2
import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomLibrary
@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface
@testable import PhotoZoomSDL
@testable import PhotoZoomUntrusted

/// A WebP's size is read from its first chunk before any pixel is decoded, like a JPEG's or a
/// PNG's: SDL_image decodes a WebP whole, so a claim over the limits must be refused first.
final class WebPHeaderTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-webp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A 33×17 WebP written by ImageMagick (`scripts/setup.sh --test` installs it) with `options`.
    func webP(_ name: String, _ colour: String, _ options: [String] = []) throws -> Data {
        let url = folder.appendingPathComponent(name)
        let made = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/convert"), ["-size", "33x17", "xc:\(colour)"] + options + [url.path],
            environment: ProcessInfo.processInfo.environment, timeout: 60)
        XCTAssertEqual(made.status, 0, made.stderr)
        return try Data(contentsOf: url)
    }

    func testEachKindOfWebPIsSizedByItsHeader() throws {
        for (name, data) in [
            ("lossy", try webP("lossy.webp", "red")),
            ("lossless", try webP("lossless.webp", "red", ["-define", "webp:lossless=true"])),
            ("extended", try webP("alpha.webp", "rgba(255,0,0,0.5)")),
        ] {
            let kind = String(decoding: data[12..<16], as: UTF8.self)
            XCTAssertEqual(
                PhotoHeader.dimensions(of: data).map { [$0.width, $0.height] }, [33, 17], "\(name) (\(kind))")
            let decoded = try ScaledDecoder.decode(data, to: .fitting(PixelBox(width: 64, height: 64))).get()
            XCTAssertEqual([decoded.pixels.width, decoded.pixels.height], [33, 17], name)
        }
    }

    /// An extended WebP's header claiming 16384×16384, with nothing after it: refused by its
    /// claim, never handed to SDL_image, which would allocate a gigabyte for it.
    func testAWebPClaimingTooManyPixelsIsRefusedByItsHeader() throws {
        var bytes = Array("RIFF".utf8) + [22, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0]
        bytes += [0xFF, 0x3F, 0x00, 0xFF, 0x3F, 0x00]
        let data = Data(bytes)
        guard case .failure(let refused) = PhotoProbe.probe(head: data, fileBytes: data.count, modified: 0) else {
            return XCTFail("a 30-byte file claiming 16384×16384 was taken")
        }
        XCTAssertEqual(
            refused.description,
            "its header claims 16384×16384 pixels, 268 megapixels; a photo may have 100 (library.maximumMegapixels)")
    }
}
