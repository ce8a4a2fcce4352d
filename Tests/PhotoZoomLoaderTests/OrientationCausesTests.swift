import Foundation
import PhotoZoomCore
import PhotoZoomLibrary
import PhotoZoomTestSupport
import PhotoZoomUntrusted
import XCTest

@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface

/// Every way a photo's header says how it turns upright, held to ImageMagick's `-auto-orient`:
/// the pixels a loader decodes (`ScaledDecoder`) and the upright size the library lays the
/// grid out by (`PhotoProbe`). The reference for each orientation is the same stored pixels in
/// a TIFF ImageMagick writes with that Orientation tag.
final class OrientationCausesTests: XCTestCase {
    private var folder: URL!
    /// A 6×4 picture no turn or mirror leaves the same.
    private var stored: URL!

    override func setUpWithError() throws {
        folder = try MagickReference.folder()
        stored = folder.appendingPathComponent("stored.png")
        try MagickReference.convert([
            "-size", "6x4", "gradient:red-blue", "-fill", "lime", "-draw", "point 0,0", "-depth", "8", stored.path,
        ])
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// ImageMagick's names for orientations 1 to 8.
    private static let magickNames = [
        "TopLeft", "TopRight", "BottomRight", "BottomLeft", "LeftTop", "RightTop", "RightBottom", "LeftBottom",
    ]

    /// The stored picture in a TIFF tagged `orientation`, as ImageMagick writes it.
    private func taggedTIFF(_ orientation: ExifOrientation) throws -> URL {
        let url = folder.appendingPathComponent("tagged-\(orientation.rawValue).tif")
        try MagickReference.convert([stored.path, "-orient", Self.magickNames[orientation.rawValue - 1], url.path])
        return url
    }

    /// An EXIF TIFF structure holding only IFD0's orientation, little-endian.
    private static func exif(_ orientation: ExifOrientation) -> [UInt8] {
        let turn = UInt8(orientation.rawValue)
        return Array("II*".utf8) + [0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, turn, 0, 0, 0, 0, 0, 0, 0]
    }

    private static func littleEndian(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(value >> (8 * $0) & 0xFF) }
    }

    /// `data` decoded as a loader decodes it and its file probed as the library probes it, held
    /// to `reference`'s pixels (`minimumPSNR`) and upright size.
    private func assertUpright(
        _ data: Data, named name: String, as reference: URL, minimumPSNR: Double = .infinity, _ message: String,
        line: UInt = #line
    ) throws {
        let decoded = ScaledDecoder.decode(data, to: .fitting(PixelBox(width: 1000, height: 1000)), named: name)
        try MagickReference.assertMatches(
            decoded.map(\.pixels), reference, minimumPSNR: minimumPSNR, message, line: line)
        let expected = try MagickReference.read(reference)
        let file = folder.appendingPathComponent(name)
        try data.write(to: file)
        let probe = try PhotoProbe.probe(file).get()
        XCTAssertEqual(
            probe.uprightSize, PixelBox(width: expected.width, height: expected.height), "\(message): the probe's size",
            line: line)
    }

    /// Bytes of a chunk no decoder knows, put before the EXIF so it lies past the first bytes
    /// the library reads of a file (`PhotoProbe.headBytes`), as it does in a large photo.
    private static let padding = PhotoProbe.headBytes

    /// An extended WebP (a `VP8X` header) whose `EXIF` chunk, after the image, says how it
    /// turns: libwebp ignores it, so a phone's sideways WebP was shown sideways.
    func testAWebPTurnsAsItsEXIFChunkSays() throws {
        let lossless = folder.appendingPathComponent("plain.webp")
        let plain = [UInt8](try MagickReference.convert([stored.path, "-define", "webp:lossless=true", lossless.path]))
        XCTAssertEqual(Array(plain[12..<16]), Array("VP8L".utf8))
        for orientation in ExifOrientation.allCases {
            // A writer that copied a JPEG's segment whole keeps its "Exif\0\0".
            let exif = (orientation == .left ? Array("Exif".utf8) + [0, 0] : []) + Self.exif(orientation)
            let body =
                Array("WEBPVP8X".utf8) + Self.littleEndian(10, 4) + [0x08, 0, 0, 0] + Self.littleEndian(5, 3)
                + Self.littleEndian(3, 3) + plain[12...] + Array("PADD".utf8) + Self.littleEndian(Self.padding, 4)
                + [UInt8](repeating: 0, count: Self.padding) + Array("EXIF".utf8) + Self.littleEndian(exif.count, 4)
                + exif
            let webP = Data(Array("RIFF".utf8) + Self.littleEndian(body.count, 4) + body)
            try assertUpright(
                webP, named: "turned.webp", as: try taggedTIFF(orientation), "a WebP turned \(orientation.rawValue)")
        }
    }

    /// A TIFF's Orientation tag, each of the 8: libtiff only flips, so 5 to 8 (which turn a
    /// quarter) came out flipped but not turned.
    func testATIFFTurnsAsItsOrientationTagSays() throws {
        for orientation in ExifOrientation.allCases {
            let tiff = try taggedTIFF(orientation)
            try assertUpright(
                try Data(contentsOf: tiff), named: "turned.tif", as: tiff, "a TIFF turned \(orientation.rawValue)")
        }
    }

    /// A PNG's `eXIf` chunk (after IHDR, before the image data), which libpng leaves to its
    /// caller.
    func testAPNGTurnsAsItsEXIfChunkSays() throws {
        let png = [UInt8](try Data(contentsOf: stored))
        let afterHeader = HandMadePNG.signature.count + 25
        for orientation in ExifOrientation.allCases {
            let turned = Data(
                png[..<afterHeader] + HandMadePNG.chunk("prVt", [UInt8](repeating: 0, count: Self.padding))
                    + HandMadePNG.chunk("eXIf", Self.exif(orientation)) + png[afterHeader...])
            try assertUpright(
                turned, named: "turned.png", as: try taggedTIFF(orientation), "a PNG turned \(orientation.rawValue)")
        }
    }

    /// An uncompressed iTXt chunk of XMP whose `rdf:Description` says `orientation` as an
    /// attribute, or as an element.
    private static func xmp(_ orientation: ExifOrientation, asElement: Bool) -> [UInt8] {
        let turn = orientation.rawValue
        let description =
            asElement
            ? "<rdf:Description rdf:about=\"\">\n  <tiff:Orientation>\(turn)</tiff:Orientation>\n</rdf:Description>"
            : "<rdf:Description rdf:about=\"\" tiff:Orientation = '\(turn)'/>"
        let packet = """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
             xmlns:tiff="http://ns.adobe.com/tiff/1.0/">\(description)</rdf:RDF></x:xmpmeta>
            <?xpacket end="w"?>
            """
        return Array("XML:com.adobe.xmp".utf8) + [0, 0, 0, 0, 0] + Array(packet.utf8)
    }

    /// A PNG's XMP (`tiff:Orientation` in an iTXt chunk before the image data), as an attribute
    /// and as an element, past the first bytes read: turned as ImageMagick turns it. An `eXIf`
    /// chunk says more than XMP where both are there.
    func testAPNGTurnsAsItsXMPSays() throws {
        let png = [UInt8](try Data(contentsOf: stored))
        let afterHeader = HandMadePNG.signature.count + 25
        let padding = HandMadePNG.chunk("prVt", [UInt8](repeating: 0, count: Self.padding))
        for orientation in ExifOrientation.allCases {
            for asElement in [false, true] {
                let turned = Data(
                    png[..<afterHeader] + padding
                        + HandMadePNG.chunk("iTXt", Self.xmp(orientation, asElement: asElement))
                        + png[afterHeader...])
                try assertUpright(
                    turned, named: "xmp.png", as: try taggedTIFF(orientation),
                    "a PNG whose XMP turns it \(orientation.rawValue)\(asElement ? " as an element" : "")")
            }
        }
        let both = Data(
            png[..<afterHeader] + HandMadePNG.chunk("iTXt", Self.xmp(.left, asElement: false))
                + HandMadePNG.chunk("eXIf", Self.exif(.right)) + png[afterHeader...])
        try assertUpright(both, named: "both.png", as: try taggedTIFF(.right), "eXIf over XMP")
    }

    /// An `eXIf` chunk after the image data is not read, as browsers read none there and the
    /// PNG specification (third edition) puts it before: the PNG shows as stored.
    func testAnEXIfChunkAfterTheImageDataIsNotRead() throws {
        let png = [UInt8](try Data(contentsOf: stored))
        let end = png.count - 12
        let late = Data(png[..<end] + HandMadePNG.chunk("eXIf", Self.exif(.right)) + png[end...])
        try assertUpright(late, named: "late.png", as: try taggedTIFF(.up), "eXIf after IDAT")
    }
}
