import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore
@testable import PhotoZoomLibrary
@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface
@testable import PhotoZoomUntrusted

/// A hostile ICC profile, in every container that carries one other than JPEG's
/// (`ColourManagementTests` has JPEG's): a PNG's `iCCP`, a TIFF's ICC profile tag and a HEIC's
/// `colr` of type `prof`. Decoded by a real loader, each photo is shown as if it had no profile,
/// or refused with one line: never a crash, a stall or memory without bound.
final class HostileProfileTests: XCTestCase {
    typealias B = GateBytes
    typealias H = HEIFBytes
    var folder: URL!

    override func setUpWithError() throws { folder = try HEIFReference.folder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Display P3's profile that says it is 100 MB, followed by `padding` zero bytes.
    static func claimingHundredMB(padding: Int) -> [UInt8] {
        var bytes = [UInt8](TestProfiles.displayP3) + [UInt8](repeating: 0, count: padding)
        bytes.replaceSubrange(0..<4, with: B.be32(100 << 20))
        return bytes
    }

    /// Display P3's profile whose tag table says it has a million tags.
    static let millionTags: [UInt8] = {
        var bytes = [UInt8](TestProfiles.displayP3)
        bytes.replaceSubrange(128..<132, with: B.be32(1_000_000))
        return bytes
    }()

    /// More than any profile PhotoZoom reads (`ICCProfile.largestBytes`), within every container's bounds.
    static let beyondTheBound = ICCProfile.largestBytes + (1 << 20)

    /// `raw` as a zlib stream of stored blocks, as a PNG's `iCCP` holds a profile.
    static func zlibStored(_ raw: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var at = 0
        repeat {
            let length = min(65535, raw.count - at)
            out += [at + length == raw.count ? 1 : 0] + B.le16(length) + B.le16(~length & 0xFFFF)
            out += raw[at..<at + length]
            at += length
        } while at < raw.count
        var (a, b) = (1, 0)
        for byte in raw {
            a = (a + Int(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + B.be32(b << 16 | a)
    }

    /// The loader's answer for `bytes` named `name`, whole.
    func decoded(_ bytes: [UInt8], _ name: String) -> Result<ScaledImage, DecodeFailure> {
        LoaderPool.shared.decode(
            Data(bytes), name: name, to: .fitting(PixelBox(width: 4000, height: 4000)), orientation: .up,
            expected: nil, limits: LibraryLimits())
    }

    /// `hostile` is shown as `plain` is (its pixels the same, byte for byte), or refused in one line.
    func assertUnconvertedOrRefused(_ hostile: [UInt8], _ plain: [UInt8], _ name: String, _ what: String) throws {
        let asItIs = HEIFReference.pixels(try decoded(plain, name).get().pixels)
        switch decoded(hostile, name) {
        case .success(let image):
            let shown = HEIFReference.pixels(image.pixels)
            XCTAssertEqual([shown.width, shown.height], [asItIs.width, asItIs.height], "\(name), \(what)")
            XCTAssertTrue(shown.bytes == asItIs.bytes, "\(name) with \(what) is shown as if it had no profile")
        case .failure(let failure):
            XCTAssertFalse(failure.description.isEmpty, "\(name), \(what)")
            XCTAssertFalse(failure.description.contains(where: \.isNewline), "\(name), \(what): \(failure)")
            XCTAssertFalse(failure.endedLoader, "\(name) with \(what) ended its loader: \(failure)")
        }
    }

    func testAHostileProfileInAPNGIsIgnoredOrRefused() throws {
        let png = folder.appendingPathComponent("plain.png")
        try HEIFReference.drawing(png, width: 96, height: 64)
        let plain = [UInt8](try Data(contentsOf: png))
        let afterHeader = B.pngSignature.count + 25
        for (what, profile) in [
            ("a profile claiming 100 MB", Self.claimingHundredMB(padding: Self.beyondTheBound)),
            ("a million tags", Self.millionTags),
        ] {
            let iccp = B.pngChunk("iCCP", B.ascii("icc") + [0, 0] + Self.zlibStored(profile))
            let hostile = Array(plain[..<afterHeader]) + iccp + plain[afterHeader...]
            try assertUnconvertedOrRefused(hostile, plain, "hostile.png", what)
        }
    }

    func testAHostileProfileInATIFFIsIgnoredOrRefused() throws {
        let png = folder.appendingPathComponent("plain.png")
        try HEIFReference.drawing(png, width: 96, height: 64)
        let tiff = folder.appendingPathComponent("plain.tif")
        try HEIFReference.run("convert", [png.path, "-compress", "none", tiff.path])
        let plain = [UInt8](try Data(contentsOf: tiff))
        // ImageMagick writes the profile it is given as the tag's bytes: one claiming 100 MB
        // as it is, and Display P3 whose tag count is then made a million in place (ImageMagick
        // would not take that one).
        let big = folder.appendingPathComponent("big.icc")
        try Data(Self.claimingHundredMB(padding: Self.beyondTheBound)).write(to: big)
        let p3 = folder.appendingPathComponent("p3.icc")
        try TestProfiles.displayP3.write(to: p3)
        for (what, profile, edit) in [
            ("a profile claiming 100 MB", big, false), ("a million tags", p3, true),
        ] {
            let tagged = folder.appendingPathComponent("tagged.tif")
            try HEIFReference.run("convert", [png.path, "-compress", "none", "-profile", profile.path, tagged.path])
            var hostile = [UInt8](try Data(contentsOf: tagged))
            // Display P3's header after its size, up to its `acsp` signature: where the tag's bytes start.
            let header = Data(
                TestProfiles.displayP3[TestProfiles.displayP3.startIndex + 4..<TestProfiles.displayP3.startIndex + 40])
            let found = try XCTUnwrap(Data(hostile).range(of: header), "\(what): the profile is in the TIFF")
            let at = found.lowerBound - 4
            if edit { hostile.replaceSubrange(at + 128..<at + 132, with: B.be32(1_000_000)) }
            try assertUnconvertedOrRefused(hostile, plain, "hostile.tif", what)
        }
    }

    func testAHostileProfileInAHEICIsIgnoredOrRefused() throws {
        let png = folder.appendingPathComponent("plain.png")
        try HEIFReference.drawing(png, width: 96, height: 64)
        let coded = try XCTUnwrap(
            H.coded(try HEIFReference.encode(png, to: folder.appendingPathComponent("plain.heic"))))
        func file(_ profile: [UInt8]?) -> [UInt8] {
            let colr = profile.map { [H.box("colr", B.ascii("prof") + $0)] } ?? []
            return H.file(
                items: [
                    H.Item(
                        id: 1, type: "hvc1", properties: [coded.configuration, H.ispe(96, 64)] + colr,
                        data: coded.data)
                ], primary: 1)
        }
        // A `meta` box holds at most 1 MiB (`HEIFHeader`): a profile within it, and one past it.
        for (what, profile) in [
            ("a profile claiming 100 MB", Self.claimingHundredMB(padding: 1_000_000)),
            ("a profile claiming 100 MB, past meta's bound", Self.claimingHundredMB(padding: Self.beyondTheBound)),
            ("a million tags", Self.millionTags),
        ] {
            try assertUnconvertedOrRefused(file(profile), file(nil), "hostile.heic", what)
        }
    }
}
