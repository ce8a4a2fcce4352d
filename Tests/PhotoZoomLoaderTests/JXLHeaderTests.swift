import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore
@testable import PhotoZoomUntrusted

/// JPEG XL files told by their bytes, bare codestream or container, and sized and turned from
/// their size header before libjxl sees them: as cjxl writes them and as built bit by bit.
final class JXLHeaderTests: XCTestCase {
    typealias J = JXLBytes

    func header(_ bytes: [UInt8]) -> Result<JXLHeader.Header, DecodeFailure> {
        var header = HeaderBytes(head: Data(bytes))
        return JXLHeader.header(&header)
    }

    /// cjxl's own files: a bare codestream (its width coded as a ratio of its height), a
    /// container holding a `jxlc` box with an orientation taken from the PNG's EXIF, and a
    /// recompressed JPEG, whose codestream starts in a `jxlp` box of a few bytes.
    func testCjxlsOwnFilesAreSizedAndTurnedFromTheirHeader() throws {
        let folder = try MagickReference.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("drawing.png")
        try JXLReference.drawing(png, width: 300, height: 200)
        let turned = folder.appendingPathComponent("turned.png")
        try Data(JXLReference.withOrientation(6, [UInt8](try Data(contentsOf: png)))).write(to: turned)
        let jpeg = folder.appendingPathComponent("drawing.jpg")
        try MagickReference.convert([png.path, "-quality", "90", jpeg.path])
        let odd = folder.appendingPathComponent("odd.png")
        try JXLReference.drawing(odd, width: 301, height: 199)
        for (name, source, options, expected) in [
            ("bare.jxl", png, ["-d", "1"], JXLHeader.Header(width: 300, height: 200, orientation: .up)),
            ("turned.jxl", turned, ["-d", "0"], JXLHeader.Header(width: 300, height: 200, orientation: .right)),
            ("jpeg.jxl", jpeg, [], JXLHeader.Header(width: 300, height: 200, orientation: .up)),
            ("odd.jxl", odd, ["-d", "0"], JXLHeader.Header(width: 301, height: 199, orientation: .up)),
        ] {
            let bytes = try JXLReference.encode(source, to: folder.appendingPathComponent(name), options)
            XCTAssertEqual(try header(bytes).get(), expected, name)
            XCTAssertEqual(try ImageKind.identify(Data(bytes), named: "photo.png").get(), .jxl, name)
            let claimed = try PhotoGate.check(Data(bytes), named: name).get()
            XCTAssertEqual([claimed.width, claimed.height], [expected.width, expected.height], name)
            XCTAssertEqual(claimed.orientation, expected.orientation, name)
        }
    }

    /// A size header built bit by bit: every side coding, every orientation, bare and in a
    /// container whole or split a byte a box.
    func testEverySideCodingAndContainerIsRead() throws {
        for (width, height, orientation) in [
            (1, 1, 1), (512, 513, 2), (8192, 8193, 5), (40000, 25000, 8), (3, 262_145, 7),
        ] {
            let bare = J.codestream(width: width, height: height, orientation: orientation)
            let expected = JXLHeader.Header(
                width: width, height: height, orientation: ExifOrientation(rawValue: orientation)!)
            for (form, bytes) in [
                ("bare", bare), ("jxlc", J.container(bare)), ("jxlp", J.container(bare, split: 1)),
            ] {
                XCTAssertEqual(try header(bytes).get(), expected, "\(width)×\(height) \(form)")
            }
        }
    }

    /// A claim of 10⁹ pixels is refused by the megapixel limit, bare or contained, and a broken
    /// container or a header cut short is refused in one line naming what is wrong.
    func testHostileHeadersAreRefusedInOneLine() {
        let huge = J.codestream(width: 40000, height: 25000)
        for bytes in [huge, J.container(huge), J.container(huge, split: 3)] {
            XCTAssertEqual(
                PhotoGate.check(Data(bytes), named: "huge.jxl").failureDescription,
                "its header claims 40000×25000 pixels, 1000 megapixels; a photo may have 100 (library.maximumMegapixels)"
            )
        }
        let container = J.container(huge)
        let cases: [([UInt8], String)] = [
            (Array(huge.prefix(4)), "its JPEG XL file ends inside its size header"),
            (Array(container.prefix(40)), "its JPEG XL box 'Exif' claims 16 bytes, past the end of the file"),
            (Array(container.prefix(12)), "its JPEG XL file has no codestream (no 'jxlc' or 'jxlp' box)"),
            (
                Array(container.prefix(12)) + J.box("jxlp", [0, 0]),
                "its JPEG XL box 'jxlp' is too short for its index"
            ),
            (
                Array(container.prefix(12)) + J.box("jxlc", [0xFF, 0xD8, 0, 0]),
                "its JPEG XL codestream does not start with its signature (FF 0A)"
            ),
            (
                J.codestream(width: 2_000_000, height: 8),
                "its JPEG XL header claims 2000000×8 pixels, more than 1048576 on a side"
            ),
        ]
        for (bytes, reason) in cases {
            XCTAssertEqual(PhotoGate.check(Data(bytes), named: "x.jxl").failureDescription, reason)
        }
    }
}

extension Result where Failure == DecodeFailure {
    fileprivate var failureDescription: String? {
        if case .failure(let failure) = self { return failure.description }
        return nil
    }
}
