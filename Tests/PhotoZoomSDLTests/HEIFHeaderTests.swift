import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore
@testable import PhotoZoomLibrary
@testable import PhotoZoomUntrusted

/// HEIF files (HEIC and AVIF) told apart by their `ftyp` brands, whatever they are named, and
/// their primary image sized from their boxes: as libheif's own encoder writes them, turned,
/// mirrored and tiled as phones write them, and hostile.
final class HEIFHeaderTests: XCTestCase {
    typealias H = HEIFBytes
    typealias B = GateBytes

    func primary(_ bytes: [UInt8], _ kind: ImageKind = .heic) -> Result<HEIFHeader.Primary, DecodeFailure> {
        var header = HeaderBytes(head: Data(bytes))
        return HEIFHeader.primary(kind, &header)
    }

    /// What heif-enc writes, HEVC and AV1, 8 and 10 bits: sized from `ispe`, upright as stored.
    func testLibheifsOwnFilesAreSizedFromTheirBoxes() throws {
        let folder = try HEIFReference.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("drawing.png")
        try HEIFReference.drawing(png, width: 300, height: 200)
        let deep = folder.appendingPathComponent("deep.png")
        try HEIFReference.drawing(deep, width: 300, height: 200, depth: 16)
        let files: [(String, URL, [String], ImageKind, String)] = [
            ("photo.heic", png, [], .heic, "hvc1"), ("photo.avif", png, [], .avif, "av01"),
            ("thumbnailed.heic", png, ["-t", "64"], .heic, "hvc1"), ("deep.heic", deep, ["-b", "10"], .heic, "hvc1"),
        ]
        for (name, source, options, kind, type) in files {
            let bytes = try HEIFReference.encode(source, to: folder.appendingPathComponent(name), options)
            XCTAssertEqual(
                try primary(bytes, kind).get(), HEIFHeader.Primary(type: type, stored: .init(width: 300, height: 200)),
                name)
            let claimed = try PhotoGate.check(Data(bytes), named: name).get()
            XCTAssertEqual([claimed.width, claimed.height, claimed.decodedPixels], [300, 200, 60000], name)
            XCTAssertEqual(claimed.kind, kind, name)
        }
    }

    /// `irot` turns the size (its odd quarter turns swap the sides); `imir` leaves it. The probe
    /// gives the turned size with no EXIF orientation of its own: libheif turns it once.
    func testARotationSwapsTheSidesAndAMirrorDoesNot() throws {
        for (turns, mirror, upright) in [
            (0, false, [300, 200]), (1, false, [200, 300]), (2, true, [300, 200]), (3, true, [200, 300]),
        ] {
            let extra = [H.irot(turns)] + (mirror ? [H.imir(0)] : [])
            let bytes = H.single(width: 300, height: 200, extra)
            let found = try primary(bytes).get()
            XCTAssertEqual([found.upright.width, found.upright.height], upright, "\(turns) turns")
            XCTAssertEqual(found.quarterTurns, turns)
            XCTAssertEqual(found.mirrored, mirror)
            let probe = try PhotoProbe.probe(head: Data(bytes), fileBytes: bytes.count, modified: 0).get()
            XCTAssertEqual([probe.uprightSize.width, probe.uprightSize.height], upright, "\(turns) turns")
            XCTAssertEqual(probe.orientation, .up)
        }
    }

    /// A phone's grid: its size is the grid's own `ispe`, and its tiles are counted and sized.
    func testAGridIsSizedByItsOwnBoxAndItsTilesCounted() throws {
        let found = try primary(H.grid(tiles: 192, width: 8064, height: 6048)).get()
        XCTAssertEqual(found.type, "grid")
        XCTAssertEqual(found.stored, .init(width: 8064, height: 6048))
        XCTAssertEqual(found.tiles, 192)
        XCTAssertEqual(found.largestTile, .init(width: 512, height: 512))
    }

    /// The `meta` box may follow the pixels (`mdat` first): the probe, having read only a head,
    /// reads it through the file's descriptor.
    func testAMetaBoxPastTheHeadIsReadThroughTheDescriptor() throws {
        let whole = H.single(width: 4032, height: 3024, [H.irot(1)])
        let ftypLength = Int(whole[3])
        let pixels = H.box("mdat", [UInt8](repeating: 0x5A, count: 300_000))
        let moved = Array(whole[..<ftypLength]) + pixels + Array(whole[ftypLength...])
        let folder = try HEIFReference.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("late.heic")
        try Data(moved).write(to: file)
        let probe = try PhotoProbe.probe(file).get()
        XCTAssertEqual([probe.uprightSize.width, probe.uprightSize.height], [3024, 4032])
    }

    /// Boxes that lie or say too much: each refused with one line naming what is wrong.
    func testHostileBoxesAreRefusedWithAReason() {
        var lying = H.single(width: 300, height: 200)
        let iinf = (0..<lying.count - 4).first { lying[$0..<$0 + 4].elementsEqual(B.ascii("iinf")) }!
        lying.replaceSubrange(iinf - 4..<iinf, with: B.be32(1 << 20))
        var ipma = H.single(width: 300, height: 200)
        let entries = (0..<ipma.count - 4).first { ipma[$0..<$0 + 4].elementsEqual(B.ascii("ipma")) }! + 8
        ipma.replaceSubrange(entries..<entries + 4, with: B.be32(1_000_000_000))
        var past = H.single(width: 300, height: 200)
        past.replaceSubrange(Int(past[3])..<Int(past[3]) + 4, with: B.be32(1 << 30))
        // A type that is not text is named in hex: a refusal is one line (found by scripts/fuzz-images.sh).
        var unprintable = H.single(width: 300, height: 200)
        let hdlr = (0..<unprintable.count - 4).first { unprintable[$0..<$0 + 4].elementsEqual(B.ascii("hdlr")) }!
        unprintable.replaceSubrange(hdlr - 4..<hdlr + 4, with: B.be32(1 << 30) + [0x3E, 0x0A, 0x3C, 0x73])
        let noPrimary = H.file(items: [H.Item(id: 1, type: "hvc1", properties: [H.ispe(3, 2)])], primary: 7)
        let cases: [(String, [UInt8], String)] = [
            ("lying", lying, "its HEIC box 'iinf' claims 1048576 bytes where its 'meta' has"),
            ("entries", ipma, "its HEIC box 'ipma' claims 1000000000 entries, more than its"),
            ("past the end", past, "its HEIC box 'meta' claims 1073741824 bytes, past the end of the file"),
            (
                "tiles", H.grid(tiles: 10_000, tile: (64, 64), width: 6400, height: 6400),
                "its HEIC grid has 10000 tiles; at most 1024 are read"
            ),
            (
                "huge tile", H.grid(tiles: 1, tile: (8192, 8192), width: 8192, height: 8192),
                "its HEIC grid has a tile of 8192×8192 pixels; a tile may have at most 4096×4096"
            ),
            ("unprintable", unprintable, "its HEIC box '0x3e0a3c73' claims 1073741824 bytes where its 'meta' has"),
            ("no primary", noPrimary, "its HEIC primary image 7 is not among its items"),
            (
                "jpeg", H.single("jpeg", width: 3, height: 2),
                "its HEIC primary image is of type 'jpeg', which libheif does not decode"
            ),
            (
                "no ispe", H.file(items: [H.Item(id: 1, type: "hvc1")], primary: 1),
                "its HEIC primary image has no size (no 'ispe' property)"
            ),
            ("no meta", H.ftyp("heic") + H.box("mdat", [1, 2, 3]), "its HEIC file ends before its 'meta' box"),
        ]
        for (name, bytes, reason) in cases {
            guard case .failure(let refusal) = primary(bytes) else {
                XCTFail("\(name) was read")
                continue
            }
            XCTAssertTrue(refusal.description.hasPrefix(reason), "\(name): \(refusal)")
            // The gate says the same line, so a decoder never sees it.
            guard case .failure(let gate) = PhotoGate.check(Data(bytes), named: "\(name).heic") else {
                XCTFail("\(name) passed the gate")
                continue
            }
            XCTAssertEqual(gate.description, refusal.description, name)
        }
    }

    func testHEIFFilesAreToldByTheirMajorOrCompatibleBrands() {
        let cases: [([UInt8], ImageKind)] = [
            (H.ftyp("heic", ["mif1", "heic"]), .heic),
            (H.ftyp("heix"), .heic),
            (H.ftyp("mif1", ["heic"]), .heic),
            (H.ftyp("msf1", ["hevc"]), .heic),
            (H.ftyp("mif1", ["miaf"]), .heic),
            (H.ftyp("avif", ["mif1", "miaf"]), .avif),
            (H.ftyp("mif1", ["miaf", "avif"]), .avif),
            (H.ftyp("avis", ["msf1"]), .avif),
        ]
        for (bytes, kind) in cases {
            let head = Data(bytes + [UInt8](repeating: 0, count: 16))
            XCTAssertEqual(try ImageKind.identify(head, named: "photo.jpg").get(), kind, "\(bytes)")
        }
    }

    /// A movie is an ISO media file too (a Live Photo's `.mov` beside its HEIC): named by its
    /// brand and refused, as is a brand listed past the box's own length.
    func testAMovieOrABrandPastTheBoxIsNotAPhoto() {
        let movie = Data(H.ftyp("qt  ", ["qt  "]) + [UInt8](repeating: 0, count: 16))
        XCTAssertEqual(
            ImageKind.identify(movie, named: "IMG_0001.heic"),
            .failure(
                .refused("it is a video or another ISO media file (brand 'qt  '), not a photo")))
        // A brand that is not text is named in hex: a refusal is one line (found by scripts/fuzz-images.sh).
        let unprintable = Data(H.box("ftyp", [0x50, 0x34, 0x0A, 0x68] + [UInt8](repeating: 0, count: 8)))
        XCTAssertEqual(
            ImageKind.identify(unprintable, named: "x.heic"),
            .failure(.refused("it is a video or another ISO media file (brand '0x50340a68'), not a photo")))
        let outside = Data(H.ftyp("isom", ["mp42"]) + H.box("free", GateBytes.ascii("heic")))
        XCTAssertEqual(
            ImageKind.identify(outside, named: "clip.heic"),
            .failure(
                .refused("it is a video or another ISO media file (brand 'isom'), not a photo")))
    }
}
