import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore
@testable import PhotoZoomLibrary
@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface
@testable import PhotoZoomUntrusted

/// A placeholder's reason is its own file's: broken files of different formats decoded one
/// after another by the same loader each fail in their own decoder's words, never in the words
/// of the file before (SDL_image's last error, read without being cleared, once called a TIFF
/// an "Unsupported TGA format").
final class FailureReasonTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws { folder = try HEIFReference.folder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// ImageMagick's 48×32 plasma as `name`, with `options`, its bytes then changed by `breaking`.
    func broken(_ name: String, _ options: [String] = [], _ breaking: (inout [UInt8]) -> Void) throws
        -> LoaderPool
        .Bytes
    {
        let url = folder.appendingPathComponent(name)
        try HEIFReference.run("convert", ["-seed", "3", "-size", "48x32", "plasma:"] + options + [url.path])
        var bytes = [UInt8](try Data(contentsOf: url))
        breaking(&bytes)
        return LoaderPool.Bytes(
            bytes: Data(bytes), name: name, size: .fitting(PixelBox(width: 64, height: 64)), orientation: .up)
    }

    /// The offset of the first `type` chunk's body in a PNG.
    func chunk(_ type: String, in png: [UInt8]) -> Int? {
        var at = 8
        while at + 8 <= png.count {
            let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            if png[at + 4..<at + 8].elementsEqual(type.utf8) { return at + 8 }
            at += 12 + length
        }
        return nil
    }

    /// A 2×2 TIFF of 12-bit RGB samples (read strip by strip, not by libtiff's RGBA reading)
    /// whose strip lies past the file's end.
    static let stripPastTheEnd: LoaderPool.Bytes = {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }
        // Tag, type (3 short, 4 long), count, value: the sample sizes at 8.
        let entries: [(Int, Int, Int, Int)] = [
            (256, 3, 1, 2), (257, 3, 1, 2), (258, 3, 3, 12), (259, 3, 1, 1), (262, 3, 1, 2), (273, 4, 1, 5000),
            (277, 3, 1, 3), (278, 3, 1, 2), (279, 4, 1, 18),
        ]
        let ifd =
            le16(entries.count)
            + entries.flatMap { tag, type, count, value in
                le16(tag) + le16(type) + le32(count)
                    + (tag == 258 ? le32(8) : type == 3 ? le16(value) + le16(0) : le32(value))
            } + le32(0)
        let head: [UInt8] = Array("II".utf8) + [42, 0] + le32(26)
        let bytes = head + [12, 0, 12, 0, 12, 0] + [UInt8](repeating: 0x5A, count: 12) + ifd
        return LoaderPool.Bytes(
            bytes: Data(bytes), name: "broken.tiff", size: .fitting(PixelBox(width: 64, height: 64)), orientation: .up)
    }()

    func testEachBrokenFileFailsInItsOwnWordsAfterAnotherFormatFailed() throws {
        // Each file, and the words its own decoder's failure starts with.
        let files: [(LoaderPool.Bytes, String)] = [
            // Run-length coded pixels that stop halfway.
            (try broken("broken.tga", ["-compress", "RLE"]) { $0 = Array($0.prefix($0.count / 2)) }, "the file ends"),
            (Self.stripPastTheEnd, "libtiff"),
            // An image descriptor with half of its coded rows after it.
            (try broken("broken.gif", []) { $0 = Array($0.prefix(800)) + [0x3B] }, "failed to read from given file"),
            // A CRC that does not match its IDAT.
            (
                try broken("broken.png", ["-define", "png:exclude-chunks=date,time"]) { bytes in
                    guard let idat = self.chunk("IDAT", in: bytes) else { return }
                    bytes[idat + 2] ^= 0xFF
                }, "IDAT: CRC error"
            ),
        ]
        for order in [files, files.reversed()] {
            let results = LoaderPool.shared.decode(order.map(\.0), expected: nil, limits: LibraryLimits())
            XCTAssertEqual(results.count, order.count)
            var before: [String] = []
            for ((file, own), result) in zip(order, results) {
                guard case .failure(let failure) = result else {
                    XCTFail("\(file.name) decoded")
                    continue
                }
                let reason = failure.description
                XCTAssertTrue(reason.contains(own), "\(file.name) fails in its own words (\(own)): \(reason)")
                for earlier in before {
                    XCTAssertFalse(reason.contains(earlier), "\(file.name) fails in an earlier file's words: \(reason)")
                }
                before.append(own)
            }
        }
    }
}
