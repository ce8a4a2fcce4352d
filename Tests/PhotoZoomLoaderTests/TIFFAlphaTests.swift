import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import PhotoZoomUntrusted
import XCTest

@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface

/// A TIFF's alpha, associated (premultiplied) or not, at 8 and 16 bits, held to ImageMagick's
/// straight colours: libtiff's RGBA reading hands back every alpha premultiplied.
final class TIFFAlphaTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try MagickReference.folder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func testAlphaOfEitherKindAndDepthIsShownStraight() throws {
        for kind in ["associated", "unassociated"] {
            for depth in [8, 16] {
                let url = folder.appendingPathComponent("\(kind)-\(depth).tif")
                try MagickReference.convert([
                    "-size", "16x8", "gradient:rgba(255,40,0,0.1)-rgba(0,90,255,0.95)", "-depth", "\(depth)",
                    "-define", "tiff:alpha=\(kind)", url.path,
                ])
                let decoded = ScaledDecoder.decode(
                    try Data(contentsOf: url), to: .fitting(PixelBox(width: 1000, height: 1000)), named: "alpha.tif")
                try MagickReference.assertMatches(
                    decoded.map(\.pixels), url, minimumPSNR: 40, "\(depth)-bit \(kind) alpha")
            }
        }
    }
}
