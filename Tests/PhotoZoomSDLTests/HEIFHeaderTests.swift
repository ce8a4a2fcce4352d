import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore
@testable import PhotoZoomUntrusted

/// HEIF files (HEIC and AVIF) told apart by their `ftyp` brands, whatever they are named.
final class HEIFHeaderTests: XCTestCase {
    typealias H = HEIFBytes

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
        let outside = Data(H.ftyp("isom", ["mp42"]) + H.box("free", GateBytes.ascii("heic")))
        XCTAssertEqual(
            ImageKind.identify(outside, named: "clip.heic"),
            .failure(
                .refused("it is a video or another ISO media file (brand 'isom'), not a photo")))
    }
}
