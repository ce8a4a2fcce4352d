import CPNG
import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore
@testable import PhotoZoomLibrary
@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface
@testable import PhotoZoomUntrusted

/// Every file inside the limits decodes in a real loader at the default limits (its memory
/// among them), and one just past a limit is refused with that limit's name: the limits agree
/// with each other, as docs/libraries.md's table says.
final class LimitsEdgeTests: XCTestCase {
    var folder: URL!
    /// The defaults but the time: a debug build shrinks a 100-megapixel photo slowly, and time is
    /// not what these tests are about.
    let limits = LibraryLimits(loaderSeconds: 600)

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-edge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        LoaderPool.shared.stopIdle()
        try? FileManager.default.removeItem(at: folder)
    }

    /// An RGB PNG of `width`×`height` in `colour`, written a row at a time: the first row as it
    /// is, each after it filtered "up" (all zeros), so zlib's run-length strategy packs the whole
    /// image in a few hundred kilobytes without the test ever holding its pixels.
    /// `padding` bytes of a private ancillary chunk come before the image data, in chunks of a
    /// MiB, which a decoder skips: the file is as large as wanted without more pixels.
    func solidPNG(_ name: String, width: Int, height: Int, colour: [UInt8], padding: Int = 0) throws -> URL {
        var stream = z_stream()
        XCTAssertEqual(
            deflateInit2_(
                &stream, Z_BEST_SPEED, Z_DEFLATED, 15, 9, Z_RLE, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)),
            Z_OK)
        defer { deflateEnd(&stream) }
        var packed: [UInt8] = []
        var out = [UInt8](repeating: 0, count: 1 << 20)
        func deflate(_ row: [UInt8], _ flush: Int32) {
            var row = row
            row.withUnsafeMutableBufferPointer { input in
                stream.next_in = input.baseAddress
                stream.avail_in = uInt(input.count)
                repeat {
                    out.withUnsafeMutableBufferPointer { output in
                        stream.next_out = output.baseAddress
                        stream.avail_out = uInt(output.count)
                        _ = CPNG.deflate(&stream, flush)
                        packed += output.prefix(output.count - Int(stream.avail_out))
                    }
                } while stream.avail_out == 0 || (flush == Z_FINISH && stream.avail_in > 0)
            }
        }
        deflate([0] + (0..<width).flatMap { _ in colour }, Z_NO_FLUSH)
        let up = [2] + [UInt8](repeating: 0, count: width * 3)
        for _ in 1..<height { deflate(up, Z_NO_FLUSH) }
        deflate([], Z_FINISH)
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return HandMadePNGBytes.bigEndian(body.count) + typed
                + HandMadePNGBytes.bigEndian(Int(crc32(0, typed, uInt(typed.count))))
        }
        let header =
            HandMadePNGBytes.bigEndian(width) + HandMadePNGBytes.bigEndian(height) + [8, 2, 0, 0, 0]
        let url = folder.appendingPathComponent(name)
        FileManager.default.createFile(atPath: url.path, contents: nil)
        let file = try FileHandle(forWritingTo: url)
        defer { try? file.close() }
        try file.write(contentsOf: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header))
        let pad = Data(chunk("pzPd", [UInt8](repeating: 0, count: (1 << 20) - 12)))
        for _ in 0..<padding / pad.count { try file.write(contentsOf: pad) }
        try file.write(contentsOf: chunk("IDAT", packed) + chunk("IEND", []))
        return url
    }

    func decode(_ url: URL) -> Result<ScaledImage, DecodeFailure> {
        PhotoGate.open(url, limits: limits).flatMap {
            LoaderPool.shared.decode(
                $0, name: url.lastPathComponent, to: .fitting(PixelBox(width: 256, height: 256)), limits: limits)
        }
    }

    func testAPNGJustUnderThePixelLimitDecodesAndOneJustOverIsRefused() throws {
        let colour: [UInt8] = [200, 120, 40]
        // 9990² is 99.8 megapixels: under the default 100.
        let under = try solidPNG("under.png", width: 9990, height: 9990, colour: colour)
        switch decode(under) {
        case .success(let image):
            XCTAssertEqual(image.originalSize, PixelBox(width: 9990, height: 9990))
            XCTAssertEqual([image.pixels.width, image.pixels.height], [256, 256])
            let mean = image.averageColor
            XCTAssertEqual([mean.r, mean.g, mean.b], colour)
        case .failure(let error):
            XCTFail("a 99.8-megapixel PNG within the limits: \(error)")
        }
        // 10001×10000 is 100.01.
        let over = try solidPNG("over.png", width: 10001, height: 10000, colour: colour)
        guard case .failure(let refused) = decode(over) else { return XCTFail("decoded past the pixel limit") }
        XCTAssertEqual(
            refused.description,
            "its header claims 10001×10000 pixels, 100 megapixels; a photo may have 100 (library.maximumMegapixels)")
        XCTAssertTrue(refused.isOverLimits)
    }

    /// The largest file and the most pixels at once: a decode holds both.
    func testAPNGAtBothTheFileAndThePixelLimitDecodes() throws {
        let colour: [UInt8] = [40, 90, 200]
        let both = try solidPNG(
            "both.png", width: 9990, height: 9990, colour: colour, padding: limits.maximumFileBytes - (2 << 20))
        switch decode(both) {
        case .success(let image):
            XCTAssertEqual([image.averageColor.r, image.averageColor.g, image.averageColor.b], colour)
        case .failure(let error): XCTFail("a PNG within both limits: \(error)")
        }
        // A byte more than the file limit is refused by its size, unread.
        let handle = try FileHandle(forWritingTo: both)
        try handle.truncate(atOffset: UInt64(limits.maximumFileBytes + 1))
        try handle.close()
        guard case .failure(let refused) = decode(both) else { return XCTFail("read past the file limit") }
        XCTAssertEqual(refused.description, "it is 256.0 MiB; a photo may be 256 MiB (library.maximumFileMiB)")
    }

    /// A GIF of millions of frames just under the file limit: only its first frame is read, and
    /// nothing is kept of the rest. The last frame claims 30000² pixels, which nothing that
    /// reads past the first frame would let through.
    func testAGIFOfMillionsOfFramesShowsItsFirstFrame() throws {
        // A 2×2 screen with a two-colour table, and one frame of 2×2 red after a graphic control
        // extension: 23 bytes a frame, repeated to a MiB short of the file limit.
        let head: [UInt8] = Array("GIF89a".utf8) + [2, 0, 2, 0, 0x80, 0, 0, 255, 0, 0, 0, 0, 255]
        let frame: [UInt8] =
            [0x21, 0xF9, 4, 0, 10, 0, 0, 0] + [0x2C, 0, 0, 0, 0, 2, 0, 2, 0, 0] + [2, 2, 0x84, 0x51, 0]
        let frames = (limits.maximumFileBytes - (1 << 20)) / frame.count
        let url = folder.appendingPathComponent("many.gif")
        FileManager.default.createFile(atPath: url.path, contents: nil)
        let file = try FileHandle(forWritingTo: url)
        try file.write(contentsOf: head)
        let block = Data([UInt8]((0..<100_000).flatMap { _ in frame }))
        for _ in 0..<frames / 100_000 { try file.write(contentsOf: block) }
        try file.write(contentsOf: [0x2C, 0, 0, 0, 0, 0x30, 0x75, 0x30, 0x75, 0, 2, 2, 0x84, 0x51, 0, 0x3B])
        try file.close()
        switch decode(url) {
        case .success(let image):
            XCTAssertEqual(image.originalSize, PixelBox(width: 2, height: 2))
            XCTAssertEqual([image.averageColor.r, image.averageColor.g, image.averageColor.b], [255, 0, 0])
        case .failure(let error): XCTFail("a GIF of \(frames) frames: \(error)")
        }
    }
}

/// Big-endian fields as PNG writes them.
enum HandMadePNGBytes {
    static func bigEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(value >> (24 - 8 * $0) & 0xFF) } }
}
